"""tf.unravel_index (UnravelIndex): flat indices into a shape as one coordinate row per
dimension."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, default_typed, kernel_error, matching, run, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


@op_def_lib.implements("UnravelIndex")
def unravel_index(indices, dims, name=None) -> Tensor:
    """The coordinates of each flat index of `indices` in an array of shape `dims`: [len(dims)]
    for a scalar index, [len(dims), N] for N of them (tf.unravel_index)."""
    (i, d), dtype = matching("UnravelIndex", default_typed([indices, dims]), name)
    end = suffix(name, indices, dims)
    check_dtype("UnravelIndex", dtype, name, end)

    def kernel(i, d):
        if d.ndim != 1:
            raise kernel_error("UnravelIndex", f"The dims input must be a 1-D tensor, got shape "
                                               f"[{','.join(str(s) for s in d.shape)}]", name, end=end)
        if i.ndim > 1:
            raise kernel_error("UnravelIndex", "The indices can only be scalar or vector, got "
                                               f"\"[{','.join(str(s) for s in i.shape)}]\"", name, end=end)
        if np.any(d <= 0) if d.size else False:
            raise kernel_error("UnravelIndex", "dims must contain positive integers", name, end=end)
        total = int(np.prod(d))
        if np.any((i < 0) | (i >= total)):
            raise kernel_error("UnravelIndex", "index is out of bound as with dims", name, end=end)
        return np.stack(np.unravel_index(i, tuple(int(x) for x in d))).astype(i.dtype)
    return run("UnravelIndex", kernel, (i, d), dtype, name=name)
