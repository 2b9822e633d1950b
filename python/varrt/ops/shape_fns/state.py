"""Shape functions of the variable, graph and checkpoint ops (TensorFlow's
resource_variable_ops.cc, array_ops.cc's Const and Placeholder, io_ops.cc, string_ops.cc)."""
import numpy as np

from varrt.ops.shape_fns.array import gather_nd_dims
from varrt.ops.shape_fns.common import (SCALAR, ShapeError, UNKNOWN, concat, merge, shape_out, subshape,
                                        with_rank, with_rank_at_least)
from varrt.ops.shape_fns.context import as_dims


def read_variable(ctx):
    """ReadVariableOp: the variable's shape."""
    return shape_out(ctx.resource(0))


def resource_gather(ctx):
    """ResourceGather: the variable's batch dims, indices' dims, the variable's remaining dims."""
    var, indices = ctx.resource(0), ctx.shape("indices")
    batch_dims = ctx.attr("batch_dims", 0)
    if batch_dims < 0:
        raise ShapeError(f"batch_dims is negative ({batch_dims})")
    with_rank_at_least(var, batch_dims + 1)
    with_rank_at_least(indices, batch_dims)
    return shape_out(concat(subshape(var, 0, batch_dims), subshape(indices, batch_dims),
                            subshape(var, batch_dims + 1)))


def resource_gather_nd(ctx):
    return gather_nd_dims(ctx.resource(0), ctx.shape("indices"))


def placeholder(ctx):
    """Placeholder: its shape attribute (unknown when not given)."""
    return shape_out(as_dims(ctx.attr("shape")))


def const(ctx):
    """Const: its value's shape."""
    return shape_out(list(np.shape(ctx.attr("value"))))


def string_format(ctx):
    """StringFormat: a scalar string, with one input per placeholder in the template."""
    if ctx.attr("template") is None and ctx.attr("summarize") is not None:
        # tf.strings.format's node: the core's attributes hold no strings, so it carries summarize
        # but not its template, whose placeholders the wrapper counted (TensorFlow's Python does too).
        return SCALAR
    template, mark = ctx.attr("template", "%s"), ctx.attr("placeholder", "%s")
    wanted = len(template.split(mark)) - 1
    if wanted != len(ctx.input_shapes):
        raise ShapeError(f"num placeholders in template and num inputs must match: {wanted} vs. "
                         f"{len(ctx.input_shapes)}")
    return SCALAR


def restore_v2(ctx):
    """RestoreV2: one output per dtype, each the shape its shape-and-slice spec gives."""
    with_rank(ctx.shape("prefix"), 0)
    merge(with_rank(ctx.shape("tensor_names"), 1), with_rank(ctx.shape("shape_and_slices"), 1))
    specs = ctx.const("shape_and_slices")
    if specs is None:
        return [UNKNOWN] * ctx.num_outputs
    specs = [s.decode() if isinstance(s, bytes) else str(s) for s in specs.reshape(-1).tolist()]
    if len(specs) != ctx.num_outputs:
        raise ShapeError("The number of shape_and_slice doesn't match tensor outputs.")
    return [shape_out(_sliced_shape(s)) for s in specs]


def _sliced_shape(spec):
    """The shape a "dim0 dim1 ... slice" spec restores ("4 5 0,2:-" -> [2, 5]); unknown for ""."""
    if not spec:
        return None
    parts = spec.split(" ")
    full = [int(d) for d in parts[:-1]]
    out = []
    for d, extent in zip(full, parts[-1].split(":")):
        out.append(d if extent == "-" else int(extent.split(",")[1]))
    return out


