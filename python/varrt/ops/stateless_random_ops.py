"""TensorFlow's stateless random functions beyond the basic three (random_ops.py has
stateless_uniform, stateless_normal and stateless_truncated_normal): seeds split and folded
(composed over StatelessRandomUniformFullIntV2, as TensorFlow's Python composes them) and
categorical draws (StatelessMultinomial, which reads its seed itself). The values are a function
of the seed alone, TensorFlow's bit for bit."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops
from varrt.ops import random_distributions as distributions
from varrt.ops.op_util import check_dtype, int_list, kernel_error, operand, run
from varrt.ops.philox import from_stateless_seed
from varrt.ops.random_binomial import run_binomial
from varrt.ops.random_ops import stateless_uniform

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def split(seed, num=2, alg="auto_select") -> Tensor:
    """`num` new seeds ([num, 2], the seed's dtype) drawn from `seed`."""
    seed = convert_to_tensor(seed)
    return stateless_uniform(shape=[num, 2], seed=seed, dtype=seed.dtype, minval=None, maxval=None, alg=alg)


def fold_in(seed, data, alg="auto_select") -> Tensor:
    """A new seed from `seed` and an integer `data`: [a draw from seed, data] (data's dtype)."""
    data = convert_to_tensor(data)
    seed1 = stateless_uniform(shape=[], seed=seed, dtype=data.dtype, minval=None, maxval=None, alg=alg)
    return array_ops.stack([seed1, data])


_ACCEPTED_OUTPUT = (dtypes.int32, dtypes.int64)


def _seed_generator(op, seed):
    """The Philox generator a stateless kernel derives from its seed input (GenerateKey)."""
    seed = np.asarray(seed)
    if seed.shape != (2,):
        raise kernel_error(op, f"seed must have shape [2], not [{','.join(map(str, seed.shape))}]", end="")
    return from_stateless_seed(int(seed[0]), int(seed[1]))


def stateless_categorical(logits, num_samples, seed, dtype=dtypes.int64, name=None) -> Tensor:
    """`num_samples` class indices per row of `logits` ([batch, classes]) that depend only on
    `seed` (StatelessMultinomial: the Multinomial kernel on the seed's generator)."""
    logits = convert_to_tensor(logits)
    out_type = dtypes.as_dtype(dtype) if dtype else dtypes.int64
    if out_type not in _ACCEPTED_OUTPUT:
        raise ValueError(f"Argument `dtype` got invalid value {out_type}. Accepted dtypes are "
                         f"({', '.join(repr(d) for d in _ACCEPTED_OUTPUT)}).")
    a, logits_dtype = operand(logits)
    check_dtype("StatelessMultinomial", logits_dtype, name, end="")
    s, seed_dtype = operand(seed if hasattr(seed, "dtype") else convert_to_tensor(seed))
    check_dtype("StatelessMultinomial", seed_dtype, name, end="", attr="Tseed")
    draws = int_list(num_samples, "num_samples")[0]

    def kernel(x, seed_value):
        gen = _seed_generator("StatelessMultinomial", seed_value)
        if x.ndim != 2:
            raise kernel_error("StatelessMultinomial",
                               f"logits should be a matrix, got shape [{','.join(map(str, x.shape))}]", end="")
        if draws < 0:
            raise kernel_error("StatelessMultinomial", f"num_samples should be non-negative, got {draws}", end="")
        if x.shape[1] == 0:
            raise kernel_error("StatelessMultinomial", "num_classes should be positive, got 0", end="")
        return distributions.multinomial(gen, x, draws).astype(out_type.as_numpy_dtype)
    return run("StatelessMultinomial", kernel, (a, s), out_type, attrs={"num_samples": draws})


def stateless_binomial(shape, seed, counts, probs, output_dtype=dtypes.int32, name=None) -> Tensor:
    """Binomial(counts, probs) samples of `shape` (ending with the parameters' broadcast shape)
    that depend only on `seed` (StatelessRandomBinomial)."""
    s, seed_dtype = operand(seed if hasattr(seed, "dtype") else convert_to_tensor(seed))
    check_dtype("StatelessRandomBinomial", seed_dtype, name, attr="Tseed")
    return run_binomial("StatelessRandomBinomial", shape, counts, probs, output_dtype,
                        lambda extras, reserve: _seed_generator("StatelessRandomBinomial", extras[0]),
                        extra_inputs=(s,), end="", name=name)
