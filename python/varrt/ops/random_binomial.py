"""Binomial samples as TensorFlow's StatefulRandomBinomial (tf.random.Generator.binomial) and
StatelessRandomBinomial (tf.random.stateless_binomial) draw them: counts and probs broadcast
together, the output shape ending with their broadcast shape, each output from the sampler of
random_rejection.py. A Generator's state moves past num_batches * 2 * 100 * (samples + 3) / 4
outputs of 256 blocks (the kernel's reservation)."""
from __future__ import annotations

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import random_rejection as rejection
from varrt.ops.op_util import check_dtype, kernel_error, operand, run


def _parameters(counts, probs):
    """TensorFlow's conversions: probs with a float32 hint, counts with probs' dtype as hint."""
    probs = convert_to_tensor(probs, dtypes.float32 if isinstance(probs, (int, float, list, tuple)) else None)
    counts = convert_to_tensor(counts, probs.dtype if isinstance(counts, (int, float, list, tuple)) else None)
    return counts, probs


def run_binomial(op, shape, counts, probs, dtype, generator, extra_inputs=(), end=None, name=None):
    """Runs `op` with inputs (shape, *extra_inputs, counts, probs): `generator(extras, reserve)`
    gives the Philox state from the extra inputs' values and the kernel's reservation."""
    dtype = dtypes.as_dtype(dtype)
    counts, probs = _parameters(counts, probs)
    c, c_dtype = operand(counts)
    p, _ = operand(probs)
    check_dtype(op, c_dtype, name, end, attr="T")
    check_dtype(op, dtype, name, end, attr="dtype")
    s, _ = operand(convert_to_tensor(shape, dtypes.int32) if not hasattr(shape, "dtype") else shape)

    def kernel(dims, *rest):
        extras, count_values, prob_values = rest[:-2], rest[-2], rest[-1]
        try:
            batch_shape = np.broadcast_shapes(count_values.shape, prob_values.shape)
        except ValueError:
            raise kernel_error(op, "counts and probs must have compatible batch dimensions: "
                                   f"[{','.join(map(str, count_values.shape))}] vs. "
                                   f"[{','.join(map(str, prob_values.shape))}]", name, end=end) from None
        dims = tuple(int(d) for d in np.asarray(dims).reshape(-1))
        if len(dims) < len(batch_shape) or dims[len(dims) - len(batch_shape):] != batch_shape:
            raise kernel_error(op, "Shape passed in must end with broadcasted shape.", name, end=end)
        num_batches = int(np.prod(batch_shape, dtype=np.int64))
        samples = int(np.prod(dims[:len(dims) - len(batch_shape)], dtype=np.int64))
        gen = generator(extras, num_batches * 2 * 100 * (samples + 3) // 4)
        if samples * num_batches == 0:
            return np.zeros(dims, dtype.as_numpy_dtype)
        flat_counts = np.broadcast_to(count_values, batch_shape).reshape(-1)
        flat_probs = np.broadcast_to(prob_values, batch_shape).reshape(-1)
        values = rejection.binomial(gen, flat_counts, flat_probs, samples).reshape(dims)
        with np.errstate(invalid="ignore"):
            return values.astype(dtype.as_numpy_dtype)
    return run(op, kernel, (s,) + tuple(extra_inputs) + (c, p), dtype)
