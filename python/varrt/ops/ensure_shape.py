"""tf.ensure_shape (EnsureShape): its input, checked against a shape with unknown dimensions
allowed; in a graph the static shape becomes the more specific of the two."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

from varrt.framework.tensor_shape import TensorShape
from varrt.ops import op_def_lib
from varrt.ops.op_util import kernel_error, operand, run, shape_text, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _shape_text(shape):
    return "<unknown>" if shape.rank is None else "[" + ",".join("?" if d is None else str(d) for d in shape.as_list()) + "]"


@op_def_lib.implements("EnsureShape")
def _raw_ensure_shape(input, shape, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    return ensure_shape(input, shape, name)


def ensure_shape(x, shape, name=None) -> Tensor:
    """`x` itself when its shape is compatible with `shape` (None dimensions match any size),
    else InvalidArgumentError (tf.ensure_shape)."""
    shape = TensorShape(shape)
    a, dtype = operand(x)
    end = suffix(name, x)

    def kernel(a):
        if not shape.is_compatible_with(TensorShape(list(a.shape))):
            raise kernel_error("EnsureShape", f"Shape of tensor input {shape_text(a.shape)} is not compatible with "
                                              f"expected shape {_shape_text(shape)}.", name, end=end)
        return a
    dims = None if shape.rank is None else tuple(-1 if d is None else d for d in shape.as_list())
    return run("EnsureShape", kernel, (a,), dtype, attrs=None if dims is None else {"shape": dims}, name=name)
