"""The cross product of 3-element vectors (TensorFlow's Cross, tf.linalg.cross), batched over
the leading dimensions, with its CPU kernel's checks and texts."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from varrt.base import errors
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, matching, run, shape_text, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


@op_def_lib.implements("Cross")
def cross(a, b, name=None) -> Tensor:
    """a x b over the last dimension (of size 3); both of one shape."""
    (x, y), dtype = matching("Cross", [a, b], name)
    end = suffix(name, a, b)
    check_dtype("Cross", dtype, name, end)

    def kernel(x, y):
        if x.shape != y.shape:
            raise kernel_error("Cross", f"Both inputs must be of same shape: {shape_text(x.shape)} vs. "
                                        f"{shape_text(y.shape)}", name, end=end)
        if x.ndim < 1:
            raise kernel_error("Cross", f"Input must be at least 1D{shape_text(x.shape)}", name, end=end)
        if x.shape[-1] != 3:
            raise kernel_error("Cross", "Cross-products are only defined for 3-element vectors.", name, end=end,
                               cls=errors.FailedPreconditionError)
        # In the inputs' dtype, integers wrapping as TensorFlow's do.
        with np.errstate(over="ignore"):
            return np.stack([x[..., 1] * y[..., 2] - x[..., 2] * y[..., 1],
                             x[..., 2] * y[..., 0] - x[..., 0] * y[..., 2],
                             x[..., 0] * y[..., 1] - x[..., 1] * y[..., 0]], axis=-1)
    return run("Cross", kernel, (x, y), dtype, name=name)
