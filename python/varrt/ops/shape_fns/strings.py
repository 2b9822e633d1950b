"""The string ops' shape functions (TensorFlow's core/ops/string_ops.cc)."""
from varrt.ops.shape_fns.common import as_list, broadcast_dims, shape_out, text, with_rank
from varrt.framework.tensor_shape import TensorShape
from varrt.ops.shape_fns.context import ShapeError
from varrt.ops.shape_fns.math import unsorted_segment


def substr(ctx):
    """Substr: `pos` and `len` of one shape, the output the broadcast of `input` and `pos`."""
    pos, length = as_list(ctx.input_shapes[1]), as_list(ctx.input_shapes[2])
    if length is not None:
        with_rank(pos, len(length))  # a check: the loop and the broadcast read pos as it is
    for i in range(len(pos) if pos is not None else 0):
        # TensorFlow compares the dims' values, unknown (-1) included.
        if pos[i] != (length[i] if length is not None else None):
            raise ShapeError(f"pos and len shapes must match: {text(pos)} vs. {text(length)}")
    return shape_out(broadcast_dims(as_list(ctx.input_shapes[0]), pos))


def regex_replace(ctx):
    """RegexReplace: the input's shape; the pattern and the rewrite are scalars."""
    with_rank(as_list(ctx.input_shapes[1]), 0)
    with_rank(as_list(ctx.input_shapes[2]), 0)
    return ctx.input_shapes[0]


def regex_full_match(ctx):
    """RegexFullMatch: the input's shape; the pattern is a scalar."""
    with_rank(as_list(ctx.input_shapes[1]), 0)
    return ctx.input_shapes[0]


def unicode_decode(ctx):
    """UnicodeDecode(WithOffsets): row splits [input size + 1], then vectors of unknown length."""
    x = as_list(ctx.input_shapes[0])
    size = None
    if x is not None and None not in x:
        size = 1
        for d in x:
            size *= d
    return [TensorShape([None if size is None else size + 1])] + [TensorShape([None])] * (ctx.num_outputs - 1)


def unicode_encode(ctx):
    """UnicodeEncode: the values and the splits vectors, one string per row."""
    with_rank(as_list(ctx.input_shapes[0]), 1)
    splits = with_rank(as_list(ctx.input_shapes[1]), 1)
    if splits[0] is not None and splits[0] < 1:
        raise ShapeError(f"Negative dimension size caused by subtracting 1 from {splits[0]}")
    return TensorShape([None if splits[0] is None else splits[0] - 1])


def unsorted_segment_join(ctx):
    """UnsortedSegmentJoin: UnsortedSegmentSum's rule on its `inputs`."""
    return unsorted_segment(ctx, "inputs")
