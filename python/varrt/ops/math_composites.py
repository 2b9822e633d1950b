"""tf.math's functions that TensorFlow writes over other ops in Python (math_ops.py,
special_math_ops.py, check_ops.py, nn_impl.py), written over the same ops: lbeta, erfcinv,
reciprocal_no_nan, multiply_no_nan, polyval, accumulate_n, is_non_decreasing,
is_strictly_increasing, imag and angle."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, index_ops, math_ops, reduction_ops, special_math_ops
from varrt.ops.op_util import check_dtype


def lbeta(x, name=None) -> Tensor:
    """log(|Beta(x)|) over the last dimension: the sum of lgamma(x) less lgamma of the sum
    (-inf for an empty last dimension)."""
    x = convert_to_tensor(x)
    log_prod_gamma_x = reduction_ops.reduce_sum(special_math_ops.lgamma(x), axis=[-1])
    sum_x = reduction_ops.reduce_sum(x, axis=[-1])
    return math_ops.subtract(log_prod_gamma_x, special_math_ops.lgamma(sum_x))


def erfcinv(x, name=None) -> Tensor:
    """The inverse of erfc on (0, 2): -ndtri(x / 2) / sqrt(2), as TensorFlow composes it."""
    x = convert_to_tensor(x)
    return -special_math_ops.ndtri(0.5 * x) * np.sqrt(0.5)


def reciprocal_no_nan(x, name=None) -> Tensor:
    """1 / x, and 0 where x is 0 (DivNoNan of a one)."""
    x = convert_to_tensor(x)
    check_dtype("DivNoNan", x.dtype, name)
    one = convert_to_tensor(1, dtype=x.dtype)
    return math_ops.divide_no_nan(one, x)


def multiply_no_nan(x, y, name=None) -> Tensor:
    """x * y, and 0 where y is 0 even if x is inf or nan; `y` takes x's dtype."""
    x = convert_to_tensor(x, name="x")
    y = convert_to_tensor(y, dtype=x.dtype, name="y")
    if x.dtype != y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}")
    return special_math_ops.mul_no_nan(x, y, name)


def polyval(coeffs, x, name=None) -> Tensor:
    """coeffs[0] * x**(n-1) + ... + coeffs[n-1] by Horner's rule; zeros like x for no coeffs."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type {type(coeffs)}.")
    x = convert_to_tensor(x)
    if len(coeffs) < 1:
        return array_ops.zeros_like(x, name=name)
    coeffs = [convert_to_tensor(c) for c in coeffs]
    p = coeffs[0]
    for c in coeffs[1:]:
        p = c + p * x
    return p


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None) -> Tensor:
    """The element-wise sum of tensors of one dtype and shape (AddN, as TensorFlow 2 runs it)."""
    def input_error():
        return ValueError("inputs must be a list of at least one Tensor with the same dtype and shape")
    if not inputs or not isinstance(inputs, (list, tuple)):
        raise input_error()
    inputs = [convert_to_tensor(t) for t in inputs]
    if not all(t.dtype == inputs[0].dtype for t in inputs):
        raise input_error()
    if tensor_dtype is not None and tensor_dtype != inputs[0].dtype:
        raise TypeError(f"The `tensor_dtype` argument is {tensor_dtype}, but `input` is of type {inputs[0].dtype}. "
                        "These must be equal. Try casting the input to the desired type.")
    if len(inputs) == 1:
        return inputs[0] if name is None else array_ops.identity(inputs[0], name=name)
    return math_ops.add_n(inputs, name=name)


def _monotonic(x, compare):
    """compare(x[i + 1], x[i]) over x in row-major order, all of them (True under two elements)."""
    x = array_ops.reshape(x, [-1])
    if not x.dtype.is_numeric:
        raise TypeError("Expected x to be numeric, instead found: %s" % (x,))
    return reduction_ops.reduce_all(compare(x[1:], x[:-1]))


def is_non_decreasing(x, name=None) -> Tensor:
    """Whether x[i] <= x[i + 1] throughout x, in row-major order (a bool scalar)."""
    return _monotonic(x, math_ops.greater_equal)


def is_strictly_increasing(x, name=None) -> Tensor:
    """Whether x[i] < x[i + 1] throughout x, in row-major order (a bool scalar)."""
    return _monotonic(x, math_ops.greater)


def imag(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The imaginary part of a complex tensor (Imag, in its real dtype); zeros like a real one."""
    t = convert_to_tensor(input)
    if t.dtype.is_complex:
        return math_ops.complex_imag(t, name=name)
    return array_ops.zeros_like(t)


def angle(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The argument of each element of a complex tensor (Angle, in its real dtype); for a real
    tensor pi where it is negative and 0 elsewhere."""
    t = convert_to_tensor(input)
    if t.dtype.is_complex:
        return math_ops.complex_angle(t, name=name)
    return index_ops.where(math_ops.less(t, 0), np.pi * array_ops.ones_like(t), array_ops.zeros_like(t))
