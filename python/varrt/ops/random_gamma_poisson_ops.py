"""tf.random.gamma and poisson and their stateless forms: RandomGamma, RandomPoissonV2,
StatelessRandomGammaV3 and StatelessRandomPoisson with TensorFlow's kernels
(random_rejection.py), composed as TensorFlow's Python composes them (gamma: alpha broadcast
against beta, the sample divided by beta and kept above the dtype's smallest normal).

The stateful ops append the parameter's shape to `shape`; the stateless ones take the whole
output shape, which must end with the parameter's."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, math_ops
from varrt.ops import random_rejection as rejection
from varrt.ops.op_util import check_dtype, kernel_error, operand, run
from varrt.ops.random_ops import _dims_now, _from_key_counter, _kernel_generator, _stateless_rng
from varrt.ops.stateless_random_ops import _seed_generator

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

_RESERVED_PER_OUTPUT = 256
_PYTHON_RATE_DTYPE = dtypes.float64  # RandomPoissonV2's wrapper converts Python rates (ints too) to its default R


def _cast(values, dtype):
    """static_cast<T>(double): half goes through float, as Eigen's half(double) does."""
    if dtype == dtypes.float16:
        return values.astype(np.float32).astype(np.float16)
    return values.astype(dtype.as_numpy_dtype)


def _highest(dtype):
    """Eigen::NumTraits<U>::highest() as a double (a Poisson count above it is redrawn)."""
    info = np.finfo if dtype.is_floating else np.iinfo
    return float(info(dtype.as_numpy_dtype).max)


def _shape_input(shape):
    return operand(convert_to_tensor(shape, dtypes.int32) if not hasattr(shape, "dtype") else shape)[0]


def _broadcast_alpha(alpha, beta):
    """alpha broadcast against beta's shape (TensorFlow: BroadcastTo of BroadcastArgs of the two
    shapes); a graph's shapes known only when it runs take tf.shape of alpha + 0 * beta's zeros."""
    if alpha.shape.is_fully_defined() and beta.shape.is_fully_defined():
        shape = np.broadcast_shapes(tuple(alpha.shape.as_list()), tuple(beta.shape.as_list()))
        return array_ops.broadcast_to(alpha, list(shape))
    return array_ops.broadcast_to(alpha, array_ops.shape(alpha + array_ops.zeros_like(beta)))


def _gamma_result(rnd, alpha, beta):
    tiny = np.finfo(alpha.dtype.as_numpy_dtype).tiny
    return math_ops.maximum(convert_to_tensor(tiny, alpha.dtype), rnd / beta)


def gamma(shape, alpha, beta=None, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Gamma(alpha, beta) samples of shape `shape + broadcast(alpha, beta).shape` (beta is the
    inverse scale)."""
    dtype = dtypes.as_dtype(dtype)
    shape_in = _shape_input(shape)
    alpha = convert_to_tensor(alpha, dtype)
    beta = convert_to_tensor(beta if beta is not None else 1, dtype)
    alpha_broadcast = _broadcast_alpha(alpha, beta)
    a, _ = operand(alpha_broadcast)
    check_dtype("RandomGamma", dtype, name, attr="T")
    rng = _kernel_generator("RandomGamma", dtype, seed)

    def kernel(dims, alphas):
        dims = _dims_now(dims, "RandomGamma")
        samples = int(np.prod(dims, dtype=np.int64))
        out_shape = dims + alphas.shape
        if samples * alphas.size == 0:
            return np.zeros(out_shape, dtype.as_numpy_dtype)
        gen = rng.reserve_outputs(samples * alphas.size, _RESERVED_PER_OUTPUT)
        return _cast(rejection.gamma(gen, alphas, samples), dtype).reshape(out_shape)
    rnd = run("RandomGamma", kernel, (shape_in, a), dtype)
    return _gamma_result(rnd, alpha, beta)


def poisson(shape, lam, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Poisson(lam) samples of shape `shape + lam.shape`, of `dtype` (lam's Python values are
    float64, as the op's default)."""
    dtype = dtypes.as_dtype(dtype)
    shape_in = _shape_input(shape)
    rate, rate_dtype = operand(lam if hasattr(lam, "dtype") else convert_to_tensor(lam, _PYTHON_RATE_DTYPE))
    check_dtype("RandomPoissonV2", rate_dtype, name, attr="R")
    check_dtype("RandomPoissonV2", dtype, name, attr="dtype")
    rng = _kernel_generator("RandomPoissonV2", dtype, seed)

    def kernel(dims, rates):
        dims = _dims_now(dims, "RandomPoissonV2")
        samples = int(np.prod(dims, dtype=np.int64))
        out_shape = dims + rates.shape
        if samples == 0:
            return np.zeros(out_shape, dtype.as_numpy_dtype)
        gen = rng.reserve_outputs(samples * rates.size, _RESERVED_PER_OUTPUT)
        return _cast(rejection.poisson(gen, rates, samples, _highest(dtype)), dtype).reshape(out_shape)
    return run("RandomPoissonV2", kernel, (shape_in, rate), dtype)


def _samples_per_param(op, dims, params, end=None):
    """The stateless kernels' check: the output shape ends with the parameter's shape. `end`:
    how the error ends (StatelessRandomPoisson's, raised outside a name scope, names none)."""
    if len(dims) < params.ndim or tuple(dims[len(dims) - params.ndim:]) != params.shape:
        raise kernel_error(op, "Shape passed in must end with broadcasted shape.", end=end)
    if params.size == 0:
        raise kernel_error(op, f"Input {'alpha' if 'Gamma' in op else 'rate'} should have non-zero element count, "
                               "got: 0", end=end)
    return int(np.prod(dims, dtype=np.int64)) // params.size


def stateless_gamma(shape, seed, alpha, beta=None, dtype=dtypes.float32, name=None) -> Tensor:
    """Gamma(alpha, beta) samples of `shape` (ending with broadcast(alpha, beta).shape) that
    depend only on `seed`."""
    dtype = dtypes.as_dtype(dtype)
    shape_in = _shape_input(shape)
    alpha = convert_to_tensor(alpha, dtype)
    beta = convert_to_tensor(beta if beta is not None else 1, dtype)
    alpha_broadcast = _broadcast_alpha(alpha, beta)
    a, _ = operand(alpha_broadcast)
    check_dtype("StatelessRandomGammaV3", dtype, name, attr="dtype")
    key, counter, alg = _stateless_rng(seed).key_counter_alg()

    def kernel(dims, key_, counter_, alg_, alphas):
        dims = _dims_now(dims, "StatelessRandomGammaV3")
        if int(np.prod(dims, dtype=np.int64)) == 0:
            return np.zeros(dims, dtype.as_numpy_dtype)
        samples = _samples_per_param("StatelessRandomGammaV3", dims, alphas)
        gen = _from_key_counter(key_, counter_)
        return _cast(rejection.gamma(gen, alphas, samples), dtype).reshape(dims)
    rnd = run("StatelessRandomGammaV3", kernel, (shape_in, key, counter, alg, a), dtype)
    return _gamma_result(rnd, alpha, beta)


def stateless_poisson(shape, seed, lam, dtype=dtypes.int32, name=None) -> Tensor:
    """Poisson(lam) samples of `shape` (ending with lam's shape), of `dtype`, that depend only on `seed`."""
    dtype = dtypes.as_dtype(dtype)
    shape_in = _shape_input(shape)
    rate, rate_dtype = operand(lam if hasattr(lam, "dtype") else convert_to_tensor(lam))
    s, seed_dtype = operand(seed if hasattr(seed, "dtype") else convert_to_tensor(seed))
    check_dtype("StatelessRandomPoisson", rate_dtype, name, attr="Rtype")
    check_dtype("StatelessRandomPoisson", dtype, name, attr="dtype")
    check_dtype("StatelessRandomPoisson", seed_dtype, name, attr="Tseed")

    def kernel(dims, seed_value, rates):
        dims = _dims_now(dims, "StatelessRandomPoisson")
        gen = _seed_generator("StatelessRandomPoisson", seed_value)
        if int(np.prod(dims, dtype=np.int64)) == 0:
            return np.zeros(dims, dtype.as_numpy_dtype)
        samples = _samples_per_param("StatelessRandomPoisson", dims, rates, end="")
        return _cast(rejection.poisson(gen, rates, samples, _highest(dtype)), dtype).reshape(dims)
    return run("StatelessRandomPoisson", kernel, (shape_in, s, rate), dtype)
