"""Shape functions of the parsing ops, the file ops and SparseToDense (TensorFlow's
core/ops/parsing_ops.cc, io_ops.cc, sparse_ops.cc)."""
from varrt.base import dtypes
from varrt.ops.shape_fns.common import (UNKNOWN, as_list, dim_from_scalar, shape_from_tensor, shape_out, with_rank,
                                        with_rank_at_most)
from varrt.ops.shape_fns.context import ShapeError


def dense_shapes_attr(shapes):
    """ParseExampleV2's `dense_shapes` (a list of shapes, -1 an unknown dimension) as a node holds
    it: an op's attributes hold flat int lists, so each shape is its rank followed by its dims."""
    flat = []
    for dims in shapes:
        flat += [len(dims)] + [int(d) for d in dims]
    return tuple(flat)


def _dense_shapes(flat):
    if flat and not isinstance(flat[0], int):  # TensorFlow's form: a list of shapes
        return [[None if d == -1 else d for d in dims] for dims in flat]
    shapes, i = [], 0
    while i < len(flat):
        rank = flat[i]
        shapes.append([None if d == -1 else d for d in flat[i + 1:i + 1 + rank]])
        i += 1 + rank
    return shapes


def parse_example_v2(ctx):
    """ParseExampleV2: per sparse feature indices [?, rank + 1], values [?] and shape [rank + 1];
    per dense feature the input's shape followed by its shape (a sequence feature's leading -1 an
    unknown dimension); `serialized` is a scalar (one Example) or a vector."""
    serialized = with_rank_at_most(ctx.shape("serialized"), 1)
    num_sparse = ctx.attr("num_sparse", 0)
    dense = _dense_shapes(ctx.attr("dense_shapes", ()))
    if serialized is None:
        return [UNKNOWN] * ctx.num_outputs
    rank = len(serialized)
    out = [shape_out([None, rank + 1])] * num_sparse + [shape_out([None])] * num_sparse
    out += [shape_out([rank + 1])] * num_sparse
    out += [shape_out(list(serialized) + dims) for dims in dense]
    return out


def sparse_to_dense(ctx):
    """SparseToDense: the shape `output_shape` holds."""
    with_rank_at_most(ctx.shape("sparse_indices"), 2)
    with_rank(ctx.shape("output_shape"), 1)
    return [shape_out(shape_from_tensor(ctx, "output_shape"))]


def read_file(ctx):
    """ReadFile: a scalar, from a scalar file name."""
    with_rank(ctx.shape("filename"), 0)
    return [shape_out([])]


def decode_csv(ctx):
    """DecodeCSV: every output has the records' shape; each default is a scalar or a vector."""
    for dims in ctx.shape("record_defaults") or []:
        with_rank_at_most(dims, 1)
    records = ctx.shape("records")
    return [shape_out(records)] * ctx.num_outputs


def decode_raw(ctx):
    """DecodeRaw: the input's shape and a last dimension the data decides."""
    x = as_list(ctx.input_shapes[0])
    return shape_out(None if x is None else x + [None])


def decode_padded_raw(ctx):
    """DecodePaddedRaw: the input's shape and fixed_length / the type's size (evenly divisible)."""
    length = dim_from_scalar(ctx, "fixed_length")
    size = dtypes.as_dtype(ctx.attr("out_type")).size
    if length is not None and length % size:
        raise ShapeError(f"Dimension size must be evenly divisible by {size} but is {length}")
    x = as_list(ctx.input_shapes[0])
    return shape_out(None if x is None else x + [None if length is None else length // size])
