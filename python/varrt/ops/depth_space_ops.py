"""Moving blocks of pixels between space and depth: DepthToSpace and SpaceToDepth, each the
other's inverse (and gradient). NHWC, TensorFlow's CPU layout: depth index (i * block + j) * C + c
of input pixel (h, w) is output pixel (h * block + i, w * block + j), channel c, for
depth_to_space; space_to_depth reads it backwards."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

from varrt.base import dtypes, errors
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, op_error, operand, run, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

_CPU_FORMAT = "NHWC"  # the only layout TensorFlow's CPU kernels take


def _checked(op, input, block_size, data_format, name):  # noqa: A002 - TensorFlow's names
    a, dtype = operand(input)
    end = suffix(name, input)
    check_dtype(op, dtype, name, end)
    block = int(block_size)
    if block < 2:
        raise op_error(op, f"Value for attr 'block_size' of {block} must be at least minimum 2\n\t; "
                           f"NodeDef: {{{{node {op}}}}}; {op_def_lib.get(op).summary()}", name, end=end)
    if data_format != _CPU_FORMAT:
        raise op_error(op, f"Could not find device for node: {{{{node {op}}}}} = {op}[T={dtypes.enum_name(dtype)}, "
                           f"block_size={block}, data_format=\"{data_format}\"]\nAll kernels registered for op {op}: "
                           "TensorFlow's CPU kernels take data_format NHWC only", name, cls=errors.NotFoundError,
                       end=end)
    return a, dtype, block, end


def _rank4(op, x, name, end):
    if x.ndim != 4:
        raise kernel_error(op, f"Input rank should be: 4 instead of: {x.ndim}", name, end=end)


@op_def_lib.implements("DepthToSpace")
def depth_to_space(input, block_size, data_format="NHWC", name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """Rearranges depth into blocks of space: [b, h, w, c * bs * bs] -> [b, h * bs, w * bs, c]."""
    a, dtype, bs, end = _checked("DepthToSpace", input, block_size, data_format, name)

    def kernel(x):
        _rank4("DepthToSpace", x, name, end)
        b, h, w, d = x.shape
        if d % (bs * bs):
            raise kernel_error("DepthToSpace", f"Input depth dimension {d} should be divisible by: {bs * bs}", name,
                               end=end)
        c = d // (bs * bs)
        return x.reshape(b, h, w, bs, bs, c).transpose(0, 1, 3, 2, 4, 5).reshape(b, h * bs, w * bs, c)
    return run("DepthToSpace", kernel, (a,), dtype, attrs={"block_size": bs})


@op_def_lib.implements("SpaceToDepth")
def space_to_depth(input, block_size, data_format="NHWC", name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """Rearranges blocks of space into depth: [b, h * bs, w * bs, c] -> [b, h, w, c * bs * bs]."""
    a, dtype, bs, end = _checked("SpaceToDepth", input, block_size, data_format, name)

    def kernel(x):
        _rank4("SpaceToDepth", x, name, end)
        b, hh, ww, c = x.shape
        if hh % bs or ww % bs:
            raise kernel_error("SpaceToDepth", f"Image width {ww} and height {hh} should be divisible by block_size: "
                                               f"{bs}", name, end=end)
        h, w = hh // bs, ww // bs
        return x.reshape(b, h, bs, w, bs, c).transpose(0, 1, 3, 2, 4, 5).reshape(b, h, w, bs * bs * c)
    return run("SpaceToDepth", kernel, (a,), dtype, attrs={"block_size": bs})
