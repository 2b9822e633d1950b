"""tf.bitcast (Bitcast): a tensor's bytes read as another dtype, without copying; a wider target
dtype consumes the last dimension (which must be the size ratio), a narrower one adds it."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, run, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


@op_def_lib.implements("Bitcast")
def _raw_bitcast(input, type, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    return bitcast(input, type, name)


def bitcast(input, type, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """`input`'s bytes as a tensor of dtype `type` (tf.bitcast)."""
    a, dtype = operand(input)
    target = dtypes.as_dtype(type)
    end = suffix(name, input)
    check_dtype("Bitcast", dtype, name, end)
    check_dtype("Bitcast", target, name, end, attr="type")
    size_in, size_out = dtype.size, target.size
    np_out = target.as_numpy_dtype

    def kernel(a):
        if size_in < size_out:
            if a.ndim == 0 or a.shape[-1] != size_out // size_in:
                raise kernel_error("Bitcast", f"Cannot bitcast from {dtype._enum} to {target._enum}", name, end=end)
            return a.copy().view(np_out).reshape(a.shape[:-1])
        out = a.copy().view(np_out)
        return out.reshape(a.shape + (size_in // size_out,)) if size_in > size_out else out.reshape(a.shape)
    return run("Bitcast", kernel, (a,), target, attrs={"type": target._enum}, name=name)
