"""tf.truncatediv and tf.truncatemod (TruncateDiv, TruncateMod): division rounded toward zero and
its remainder (the dividend's sign), C's `/` and `%` (fmod for floats). An integer division by
zero is TensorFlow's InternalError text, as its kernel reports it."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.base import errors
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, pair, quiet, run, slow

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _truncated(op, x, y, name, integer_kernel, float_kernel):
    xa, ya, dtype = pair(op, x, y, False, name)
    end = "" if slow(x, y) else None
    check_dtype(op, dtype, name, end)

    def kernel(a, b):
        if dtype.is_integer:
            if not np.all(b):
                raise kernel_error(op, "Unexpected error in binary operator (only integer div and mod should have "
                                       "errors)", name, end=end, cls=errors.InternalError)
            with quiet(all="ignore"):
                return integer_kernel(a, b)
        with quiet(all="ignore"):
            return float_kernel(a, b)
    return run(op, kernel, (xa, ya), dtype, name=name)


def _int_div(a, b):
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q).astype(np.result_type(a, b))


@op_def_lib.implements("TruncateDiv")
def truncatediv(x, y, name=None) -> Tensor:
    """x / y rounded toward zero (tf.truncatediv)."""
    return _truncated("TruncateDiv", x, y, name, _int_div, lambda a, b: np.trunc(a / b).astype(a.dtype))


@op_def_lib.implements("TruncateMod")
def truncatemod(x, y, name=None) -> Tensor:
    """The remainder of truncatediv, with the dividend's sign (tf.truncatemod)."""
    return _truncated("TruncateMod", x, y, name, np.fmod, np.fmod)
