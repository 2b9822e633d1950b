"""tf.saturate_cast: a cast whose out-of-range values clamp to the target dtype's limits, with
TensorFlow's limits (the largest value of the input dtype that does not exceed the target's,
found through NumPy's promotion as TensorFlow finds it), written over ClipByValue and Cast."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import builtins
from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes, tf_logging
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import math_ops

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _limits(in_dtype, out_dtype):
    """The clamp bounds, in the input dtype (TensorFlow's saturate_cast arithmetic)."""
    np_dtype = in_dtype.as_numpy_dtype
    try:
        promoted_type = np.promote_types(np_dtype, out_dtype.as_numpy_dtype)
    except TypeError:
        promoted_type = float
    low = np_dtype(np.maximum(in_dtype.min, out_dtype.min))
    pair = np.array([low, out_dtype.min], dtype=promoted_type)
    if pair[0] < pair[1]:
        low = np.nextafter(low, np_dtype(0), dtype=np_dtype)
    high = np_dtype(np.minimum(float(in_dtype.max), float(out_dtype.max)))
    pair = np.array([high, out_dtype.max], dtype=promoted_type)
    if pair[0] > pair[1]:
        high = np.nextafter(high, np_dtype(0), dtype=np_dtype)
    return low, high


def saturate_cast(value, dtype, name=None) -> Tensor:
    """`value` cast to `dtype`, values beyond `dtype`'s range clamped to its limits (tf.saturate_cast)."""
    value = convert_to_tensor(value)
    dtype = dtypes.as_dtype(dtype)
    in_dtype = value.dtype
    if in_dtype.is_complex:
        if dtype.is_complex:
            real_in, real_out = in_dtype.real_dtype, dtype.real_dtype
            if real_in.min < real_out.min or real_in.max > real_out.max:
                value = math_ops.clip_by_value(
                    value, convert_to_tensor(builtins.complex(real_out.min, real_out.min), dtype=in_dtype),
                    convert_to_tensor(builtins.complex(real_out.max, real_out.max), dtype=in_dtype))
            return math_ops.cast(value, dtype)
        value = math_ops.real(value)
        tf_logging.get_logger().warning("Casting complex to real discards imaginary part.")
        in_dtype = in_dtype.real_dtype
    low, high = _limits(in_dtype, dtype.real_dtype)
    value = math_ops.clip_by_value(value, convert_to_tensor(low, dtype=in_dtype), convert_to_tensor(high, dtype=in_dtype))
    return math_ops.cast(value, dtype)
