"""Truncated normals with a mean, stddev and bounds per row: tf.random.stateless_parameterized_truncated_normal
(StatelessParameterizedTruncatedNormal) and tf.raw_ops.ParameterizedTruncatedNormal, on TensorFlow's
sampler (truncated_normal_bounds.py) with its kernels' checks and texts.

The stateless op broadcasts the four parameters together; the output shape ends with their
broadcast shape, the leading dimensions are the samples of each row, laid out sample-major. The
stateful op takes parameters of length 1 or shape[0], one row per leading index; with scalar
parameters it cuts the output into rows of 100 values.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops import truncated_normal_bounds as bounds
from varrt.ops.op_util import check_dtype, kernel_error, matching, operand, run, suffix
from varrt.ops.random_ops import _dims_now, seeded_kernel_generator
from varrt.ops.stateless_random_ops import _seed_generator

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

_STATELESS = "StatelessParameterizedTruncatedNormal"
_STATEFUL = "ParameterizedTruncatedNormal"
_ROW = 100  # kDesiredBatchSize: the stateful kernel's rows when every parameter is a scalar
_PARAMETERS = ("means", "stddevs", "minvals", "maxvals")


def _dims_text(shape):
    return "[" + ",".join(str(d) for d in shape) + "]"


def _sample(op, gen, params, rows, per_row, total, dtype, sample_major, end):
    try:
        return bounds.sample_rows(gen, params, rows, per_row, total, dtype.as_numpy_dtype, sample_major)
    except bounds.Refused as refused:
        raise kernel_error(op, refused.message, cls=refused.cls, end=end) from None


def _check_shape_input(op, shape, end):
    if shape.ndim != 1:
        raise kernel_error(op, f"Input shape should be a vector, got shape: {_dims_text(shape.shape)}", end=end)
    return _dims_now(shape, op, end=end)


def _stateless_kernel(dtype, end):
    """`end`: how its errors end (op_util.suffix: no " name: " when the arguments were not all tensors)."""
    def kernel(shape, seed, *params):
        gen = _seed_generator(_STATELESS, seed)
        try:
            batch = np.broadcast_shapes(*(p.shape for p in params))
        except ValueError:
            raise kernel_error(_STATELESS, "means, stddevs, minvals, maxvals must have compatible batch dimensions: "
                                           + " vs. ".join(_dims_text(p.shape) for p in params), end=end) from None
        dims = _check_shape_input(_STATELESS, shape, end)
        if len(dims) < len(batch) or tuple(dims[len(dims) - len(batch):]) != tuple(batch):
            raise kernel_error(_STATELESS, "Shape passed in must end with broadcasted shape.", end=end)
        rows = int(np.prod(batch, dtype=np.int64))
        total = int(np.prod(dims, dtype=np.int64))
        if total == 0:
            return np.zeros(dims, dtype.as_numpy_dtype)
        flat = [np.broadcast_to(p, batch).reshape(-1) for p in params]
        return _sample(_STATELESS, gen, flat, rows, total // rows, total, dtype, True, end).reshape(dims)
    return kernel


@op_def_lib.implements(_STATELESS)
def _stateless_op(shape, seed, means, stddevs, minvals, maxvals, name=None):
    end = suffix(name, shape, seed, means, stddevs, minvals, maxvals)
    shape_in, shape_dtype = operand(shape)
    seed_in, seed_dtype = operand(seed)
    params, dtype = matching(_STATELESS, [means, stddevs, minvals, maxvals], name, first_index=2, end=end)
    check_dtype(_STATELESS, shape_dtype, name, end, attr="S")
    check_dtype(_STATELESS, seed_dtype, name, end, attr="Tseed")
    check_dtype(_STATELESS, dtype, name, end, attr="dtype")
    return run(_STATELESS, _stateless_kernel(dtype, end), (shape_in, seed_in, *params), dtype, name=name)


def stateless_parameterized_truncated_normal(shape, seed, means=0.0, stddevs=1.0, minvals=-2.0, maxvals=2.0,
                                             name=None) -> Tensor:
    """Truncated normal values of `shape` that depend only on `seed`: each position of the
    parameters' broadcast shape (which `shape` ends with) has its own mean, stddev and bounds."""
    values = [convert_to_tensor(v) for v in (means, stddevs, minvals, maxvals)]
    shape = shape if hasattr(shape, "dtype") else convert_to_tensor(shape, dtypes.int32)
    return _stateless_op(shape=shape, seed=seed, means=values[0], stddevs=values[1],
                         minvals=values[2], maxvals=values[3], name=name)


def _stateful_kernel(dtype, rng, end):
    def kernel(shape, *params):
        dims = _check_shape_input(_STATEFUL, shape, end)
        if not dims:
            raise kernel_error(_STATEFUL, f"Shape tensor must not be empty, got Tensor<type: "
                                          f"{dtypes.as_dtype(shape.dtype).name} shape: [0] values: >", end=end)
        total = int(np.prod(dims, dtype=np.int64))
        rows, per_row = dims[0], total // dims[0] if dims[0] else 1
        for p, what in zip(params, _PARAMETERS):
            if p.ndim > 1:
                raise kernel_error(_STATEFUL, f"Input {what} should be a scalar or vector, got shape: "
                                              f"{_dims_text(p.shape)}", end=end)
        if all(p.size == 1 for p in params[:2]) and all(p.ndim == 0 for p in params[2:]):
            rows, per_row = -(-total // _ROW), _ROW  # one set of parameters: rows of 100
        else:
            for p, what in zip(params, _PARAMETERS):
                if p.ndim == 1 and p.shape[0] not in (1, rows):
                    raise kernel_error(_STATEFUL, f"Input {what} should have length 1 or shape[0], got shape: "
                                                  f"{_dims_text(p.shape)}", end=end)
        # ReserveSamples128, in the kernel's int32 arithmetic order.
        gen = rng.reserve_outputs(rows * 2 * bounds.MAX_ITERATIONS * (per_row + 3) // 4, 1)
        if total == 0:
            return np.zeros(dims, dtype.as_numpy_dtype)
        flat = [p.reshape(-1) for p in params]
        return _sample(_STATEFUL, gen, flat, rows, per_row, total, dtype, False, end).reshape(dims)
    return kernel


@op_def_lib.implements(_STATEFUL)
def _stateful_op(shape, means, stdevs, minvals, maxvals, seed=0, seed2=0, name=None):
    end = suffix(name, shape, means, stdevs, minvals, maxvals)
    shape_in, shape_dtype = operand(shape)
    params, dtype = matching(_STATEFUL, [means, stdevs, minvals, maxvals], name, first_index=1, end=end)
    check_dtype(_STATEFUL, shape_dtype, name, end, attr="T")
    # and whether a CPU kernel takes it (not bfloat16; TensorFlow's text then names no scope)
    check_dtype(_STATEFUL, dtype, name, end="", attrs={"T": dtypes.enum_name(shape_dtype)})
    rng = seeded_kernel_generator(_STATEFUL, dtype, int(seed), int(seed2))
    return run(_STATEFUL, _stateful_kernel(dtype, rng, end), (shape_in, *params), dtype, name=name)
