"""`tf.experimental.numpy`'s arithmetic and element-wise functions, ported from TensorFlow's
numpy_ops/np_math_ops.py: inputs promoted to NumPy's result type, integers to the default float
for the transcendental functions."""
import numbers

import numpy as np

from varrt.base import dtypes, errors
from varrt.experimental.numpy import np_array_ops, np_utils
from varrt.framework.tensor import Tensor
from varrt.ops import array_ops, math_ops, nn_ops
from varrt.ops.array_composites import tensordot
from varrt.ops.linalg_ops import matmul as _tf_matmul


def _bin_op(tf_fun, a, b, promote=True):
    """tf_fun of `a` and `b` converted to their common NumPy result type."""
    if promote:
        a, b = np_array_ops._promote_dtype_binary(a, b)
    else:
        a = np_array_ops.array(a)
        b = np_array_ops.array(b)
    return tf_fun(a, b)


def add(x1, x2):
    """x1 + x2 (logical or for bools)."""
    def add_or_or(x1, x2):
        if x1.dtype == dtypes.bool:
            assert x2.dtype == dtypes.bool
            return math_ops.logical_or(x1, x2)
        return math_ops.add(x1, x2)

    return _bin_op(add_or_or, x1, x2)


def subtract(x1, x2):
    """x1 - x2."""
    return _bin_op(math_ops.subtract, x1, x2)


def multiply(x1, x2):
    """x1 * x2 (logical and for bools)."""
    def mul_or_and(x1, x2):
        if x1.dtype == dtypes.bool:
            assert x2.dtype == dtypes.bool
            return math_ops.logical_and(x1, x2)
        return math_ops.multiply(x1, x2)

    return _bin_op(mul_or_and, x1, x2)


def maximum(x1, x2):
    """The element-wise maximum (a Relu against a Python 0, as TensorFlow computes it)."""
    if (isinstance(x2, numbers.Real) and not isinstance(x2, bool) and x2 == 0 and isinstance(x1, Tensor)
            and x1.dtype != dtypes.bool):
        return nn_ops.relu(np_array_ops.asarray(x1))

    def max_or_or(x1, x2):
        if x1.dtype == dtypes.bool:
            assert x2.dtype == dtypes.bool
            return math_ops.logical_or(x1, x2)
        return math_ops.maximum(x1, x2)

    return _bin_op(max_or_or, x1, x2)


def minimum(x1, x2):
    """The element-wise minimum."""
    def min_or_and(x1, x2):
        if x1.dtype == dtypes.bool:
            assert x2.dtype == dtypes.bool
            return math_ops.logical_and(x1, x2)
        return math_ops.minimum(x1, x2)

    return _bin_op(min_or_and, x1, x2)


def matmul(x1, x2):
    """NumPy's matmul: vectors contract with the last (or second-to-last) axis; shape errors
    are ValueErrors."""
    def f(x1, x2):
        try:
            if x1.shape.rank == 2 and x2.shape.rank == 2:
                return _tf_matmul(x1, x2)
            if x2.shape.rank == 1:
                return tensordot(x1, x2, axes=1)
            if x1.shape.rank == 1:
                return tensordot(x1, x2, axes=[[0], [-2]])
            return _tf_matmul(x1, x2)
        except errors.InvalidArgumentError as err:
            raise ValueError(str(err)) from None

    return _bin_op(f, x1, x2)


def dot(a, b):
    """NumPy's dot: a product with a scalar, else a contraction of a's last axis with b's last
    (vector) or second-to-last axis."""
    def f(a, b):
        if a.shape.rank == 0 or b.shape.rank == 0:
            return a * b
        if b.shape.rank == 1:
            return tensordot(a, b, axes=[[-1], [-1]])
        return tensordot(a, b, axes=[[-1], [-2]])

    return _bin_op(f, a, b)


def _scalar(tf_fn, x, promote_to_float=False):
    """tf_fn of `x` as an array, integers and bools first cast to the default float when
    `promote_to_float`."""
    x = np_array_ops.asarray(x)
    if promote_to_float and not np.issubdtype(x.dtype.as_numpy_dtype, np.inexact):
        x = x.astype(np_utils.result_type(float))  # TensorFlow's call: a NumPy method, so it needs NumPy behaviour on
    return tf_fn(x)


def exp(x):
    """e to the power of each element."""
    return _scalar(math_ops.exp, x, True)


def log(x):
    """The natural logarithm of each element."""
    return _scalar(math_ops.log, x, True)


def tanh(x):
    """The hyperbolic tangent of each element."""
    return _scalar(math_ops.tanh, x, True)


def sqrt(x):
    """The square root of each element."""
    return _scalar(math_ops.sqrt, x, True)


def square(x):
    """Each element squared, in its own dtype."""
    return _scalar(math_ops.square, x)


def clip(a, a_min, a_max):
    """`a` limited to [a_min, a_max], in their common dtype.

    Raises:
      ValueError: if both a_min and a_max are None.
    """
    if a_min is None and a_max is None:
        raise ValueError("Not more than one of `a_min` and `a_max` may be `None`.")
    if a_min is None:
        return minimum(a, a_max)
    elif a_max is None:
        return maximum(a, a_min)
    a, a_min, a_max = np_array_ops._promote_dtype(a, a_min, a_max)
    shape = np.broadcast_shapes(tuple(a.shape.as_list()), tuple(a_min.shape.as_list()),
                                tuple(a_max.shape.as_list()))
    return math_ops.clip_by_value(array_ops.broadcast_to(a, shape), array_ops.broadcast_to(a_min, shape), array_ops.broadcast_to(a_max, shape))
