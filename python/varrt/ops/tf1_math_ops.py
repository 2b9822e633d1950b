"""TensorFlow 1's signatures of math functions (tf.compat.v1): the reductions with `keep_dims` and
`reduction_indices`, `count_nonzero`, `argmax`/`argmin` with `dimension`, `arg_max`/`arg_min`, `div`
(Python 2's division) and the `to_*` casts, each over the TensorFlow 2 function it wraps."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import math_ops, reduction_ops


def _renamed_argument(new_name, new_value, old_name, old_value):
    """TensorFlow's rule for a renamed argument: either name, not both."""
    if old_value is not None:
        if new_value is not None:
            raise ValueError(f"Cannot specify both '{old_name}' and '{new_name}'.")
        return old_value
    return new_value


def _v1_reduction(v2):
    def reduction(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
        axis = _renamed_argument("axis", axis, "reduction_indices", reduction_indices)
        keepdims = _renamed_argument("keepdims", keepdims, "keep_dims", keep_dims)
        return v2(input_tensor, axis=axis, keepdims=bool(keepdims), name=name)
    reduction.__name__ = reduction.__qualname__ = v2.__name__
    reduction.__doc__ = (f"tf.compat.v1.{v2.__name__}: {v2.__name__} with TensorFlow 1's `reduction_indices` and "
                         "`keep_dims` (either name of each argument, not both).")
    return reduction


reduce_sum = _v1_reduction(reduction_ops.reduce_sum)
reduce_mean = _v1_reduction(reduction_ops.reduce_mean)
reduce_max = _v1_reduction(reduction_ops.reduce_max)
reduce_min = _v1_reduction(reduction_ops.reduce_min)
reduce_prod = _v1_reduction(reduction_ops.reduce_prod)
reduce_all = _v1_reduction(reduction_ops.reduce_all)
reduce_any = _v1_reduction(reduction_ops.reduce_any)
reduce_logsumexp = _v1_reduction(reduction_ops.reduce_logsumexp)


def count_nonzero(input_tensor=None, axis=None, keepdims=None, dtype=dtypes.int64, name=None,
                  reduction_indices=None, keep_dims=None, input=None) -> Tensor:  # noqa: A002
    """tf.compat.v1.count_nonzero: the number of nonzero elements (TensorFlow 1's argument names)."""
    input_tensor = _renamed_argument("input", input, "input_tensor", input_tensor)
    axis = _renamed_argument("axis", axis, "reduction_indices", reduction_indices)
    keepdims = _renamed_argument("keepdims", keepdims, "keep_dims", keep_dims)
    return reduction_ops.count_nonzero(input_tensor, axis, bool(keepdims), dtype, name)


def argmax(input, axis=None, name=None, dimension=None, output_type=dtypes.int64) -> Tensor:  # noqa: A002
    """tf.compat.v1.argmax: argmax with TensorFlow 1's `dimension` (axis 0 by default)."""
    axis = _renamed_argument("axis", axis, "dimension", dimension)
    return reduction_ops.argmax(input, 0 if axis is None else axis, output_type, name)


def argmin(input, axis=None, name=None, dimension=None, output_type=dtypes.int64) -> Tensor:  # noqa: A002
    """tf.compat.v1.argmin: argmin with TensorFlow 1's `dimension` (axis 0 by default)."""
    axis = _renamed_argument("axis", axis, "dimension", dimension)
    return reduction_ops.argmin(input, 0 if axis is None else axis, output_type, name)


def arg_max(input, dimension, output_type=dtypes.int64, name=None) -> Tensor:  # noqa: A002
    """tf.compat.v1.arg_max: the index of the largest value along `dimension` (ArgMax)."""
    return reduction_ops.argmax(input, dimension, output_type, name)


def arg_min(input, dimension, output_type=dtypes.int64, name=None) -> Tensor:  # noqa: A002
    """tf.compat.v1.arg_min: the index of the smallest value along `dimension` (ArgMin)."""
    return reduction_ops.argmin(input, dimension, output_type, name)


def div(x, y, name=None) -> Tensor:
    """x / y with Python 2's division: RealDiv for floating and complex dtypes, FloorDiv for integers.

    Raises:
        TypeError: If `x` and `y` have different dtypes.
    """
    x = convert_to_tensor(x)
    try:
        y = convert_to_tensor(y, dtype=x.dtype)
    except ValueError as e:  # TensorFlow converts it under the name "y", which its error names
        raise ValueError(f"y: {e}") from None
    if x.dtype != y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}.")
    if x.dtype.is_floating or x.dtype.is_complex:
        return math_ops.realdiv(x, y, name=name)
    return math_ops.floordiv(x, y, name=name)


def floor_div(x, y, name=None) -> Tensor:
    """tf.compat.v1.floor_div: x / y rounded toward negative infinity (the FloorDiv op)."""
    return math_ops.floordiv(x, y, name=name)


def _to(dtype, default_name):
    def to(x, name=default_name) -> Tensor:
        return math_ops.cast(x, dtype, name=name)
    to.__doc__ = f"tf.compat.v1.to_*: `x` cast to {dtype.name} (a Cast named {default_name!r})."
    return to


to_float = _to(dtypes.float32, "ToFloat")
to_double = _to(dtypes.float64, "ToDouble")
to_int32 = _to(dtypes.int32, "ToInt32")
to_int64 = _to(dtypes.int64, "ToInt64")
to_bfloat16 = _to(dtypes.bfloat16, "ToBFloat16")
to_complex64 = _to(dtypes.complex64, "ToComplex64")
to_complex128 = _to(dtypes.complex128, "ToComplex128")
for _name in ("to_float", "to_double", "to_int32", "to_int64", "to_bfloat16", "to_complex64", "to_complex128"):
    globals()[_name].__name__ = globals()[_name].__qualname__ = _name
