"""The diagonal of a tensor of any even rank (TensorFlow's Diag and DiagPart: tf.linalg.tensor_diag,
tensor_diag_part): Diag of a [D1, ..., Dk] tensor is the [D1, ..., Dk, D1, ..., Dk] tensor holding
it where the index repeats, zeros elsewhere; DiagPart reads it back."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, run, shape_text, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


@op_def_lib.implements("Diag")
def tensor_diag(diagonal, name=None) -> Tensor:
    """A tensor of twice `diagonal`'s rank with `diagonal` on its diagonal."""
    a, dtype = operand(diagonal)
    end = suffix(name, diagonal)
    check_dtype("Diag", dtype, name, end)

    def kernel(a):
        if a.ndim < 1:
            raise kernel_error("Diag", f"Input must be at least rank 1, got {a.ndim}", name, end=end)
        out = np.zeros((a.size, a.size), a.dtype)
        out[np.arange(a.size), np.arange(a.size)] = a.reshape(-1)
        return out.reshape(a.shape + a.shape)
    return run("Diag", kernel, (a,), dtype, name=name)


@op_def_lib.implements("DiagPart")
def tensor_diag_part(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The diagonal of a tensor of even rank 2k whose dimension i equals dimension i + k."""
    a, dtype = operand(input)
    end = suffix(name, input)
    check_dtype("DiagPart", dtype, name, end)

    def kernel(a):
        if a.ndim % 2 or a.ndim == 0:
            # TensorFlow's text, with the spaces its source's line continuation leaves in it.
            raise kernel_error("DiagPart", "The rank of the tensor should be" + " " * 42 + "even and positive, got "
                                           f"shape {shape_text(a.shape)}", name, end=end)
        mid = a.ndim // 2
        for i in range(mid):
            if a.shape[i] != a.shape[i + mid]:
                raise kernel_error("DiagPart", f"Invalid shape {shape_text(a.shape)}: dimensions {i} and {i + mid} do "
                                               "not match.", name, end=end)
        size = int(np.prod(a.shape[:mid]))
        return a.reshape(size, size)[np.arange(size), np.arange(size)].reshape(a.shape[:mid])
    return run("DiagPart", kernel, (a,), dtype, name=name)
