"""The shape algebra TensorFlow's shape functions are written in (InferenceContext's WithRank,
Merge, Subshape, ... and common_shape_fns), on dims lists (None: unknown) and None (unknown
rank), each raising ShapeError with TensorFlow's reason text; and the common rules."""
import numpy as np

from varrt.framework.tensor_shape import TensorShape
from varrt.ops.shape_fns.context import ShapeError

UNKNOWN = TensorShape(None)
SCALAR = TensorShape([])


def text(d):
    """A shape as TensorFlow's shape inference prints it: [2,?] or ?."""
    return "?" if d is None else "[" + ",".join("?" if x is None else str(x) for x in d) + "]"


def with_rank(d, rank):
    if d is None:
        return [None] * rank
    if len(d) != rank:
        raise ShapeError(f"Shape must be rank {rank} but is rank {len(d)}")
    return d


def with_rank_at_least(d, rank):
    if d is not None and len(d) < rank:
        raise ShapeError(f"Shape must be at least rank {rank} but is rank {len(d)}")
    return d


def with_rank_at_most(d, rank):
    if d is not None and len(d) > rank:
        raise ShapeError(f"Shape must be at most rank {rank} but is rank {len(d)}")
    return d


def with_value(dim, value):
    if dim is not None and dim != value:
        raise ShapeError(f"Dimension must be {value} but is {dim}")
    return value


def merge_dim(a, b):
    """Two dimensions that must agree: the known one, or ShapeError."""
    if a is None:
        return b
    if b is None or a == b:
        return a
    raise ShapeError(f"Dimensions must be equal, but are {a} and {b}")


def merge(a, b):
    """Two shapes that must agree (TensorFlow's Merge): their most specific common shape."""
    if a is None:
        return b
    if b is None:
        return a
    if len(a) != len(b):
        raise ShapeError(f"Shapes must be equal rank, but are {len(a)} and {len(b)}")
    out = []
    for i, (x, y) in enumerate(zip(a, b)):
        if x is not None and y is not None and x != y:
            raise ShapeError(f"Dimension {i} in both shapes must be equal, but are {x} and {y}. "
                             f"Shapes are {text(a)} and {text(b)}.")
        out.append(x if x is not None else y)
    return out


def merge_all(shapes):
    """Merges the last shape into each earlier one, last to first, as AddN and Pack do."""
    cur = shapes[-1]
    for i in range(len(shapes) - 2, -1, -1):
        try:
            cur = merge(shapes[i], cur)
        except ShapeError as e:
            raise ShapeError(f"{e}\n\tFrom merging shape {i} with other shapes.") from None
    return cur


def subshape(d, start, end=None):
    """d[start:end] with Python's negative indices; unknown for an unknown rank."""
    return None if d is None else d[start:end]


def concat(*parts):
    return None if any(p is None for p in parts) else [x for p in parts for x in p]


def multiply(a, b):
    if a == 0 or b == 0:
        return 0
    if a == 1:
        return b
    if b == 1:
        return a
    return None if a is None or b is None else a * b


def shape_out(d):
    return UNKNOWN if d is None else TensorShape(d)


def scalar_of(value):
    """The single value of a constant read as a scalar (TensorFlow reads element 0)."""
    return np.asarray(value).reshape(-1)[0].item()


def shape_from_tensor(ctx, name):
    """The shape an input holding a shape describes (TensorFlow's MakeShapeFromShapeTensor):
    its value's dims with -1 unknown when it is a constant, else what is known of its value
    (tf.shape of a partially known tensor), else as many unknown dims as it has elements, else
    an unknown rank."""
    rank1 = with_rank(ctx.shape(name), 1)
    value = ctx.const(name)
    if value is None:
        partial = ctx.partial_shape(name)
        if partial is not None:
            dims = with_rank(partial, rank1[0]) if rank1[0] is not None else partial
            ctx.read_as_shapes[name] = dims
            return dims
        return None if rank1[0] is None else [None] * rank1[0]
    dims = []
    for v in value.reshape(-1).tolist():
        if v < -1:
            raise ShapeError(f"Invalid value in tensor used for shape: {v}")
        dims.append(None if v == -1 else int(v))
    ctx.read_as_shapes[name] = dims
    return dims


def dim_from_scalar(ctx, name):
    """The dimension a scalar input gives (TensorFlow's MakeDimForScalarInput)."""
    value = ctx.const(name)
    if value is None:
        return None
    v = scalar_of(value)
    if v < 0:
        raise ShapeError(f"Dimension size, given by scalar input {ctx.input_index(name)}, must be non-negative "
                         f"but is {v}")
    return int(v)


def broadcast_dims(a, b, incompatible_shape_error=True):
    """The broadcast of two shapes (TensorFlow's BroadcastBinaryOpOutputShapeFnHelper). Without
    incompatible_shape_error (Equal, NotEqual) shapes that cannot broadcast give a scalar, and a
    dimension that might not give an unknown shape."""
    if a is None or b is None:
        return None
    n = max(len(a), len(b))
    a = [1] * (n - len(a)) + a
    b = [1] * (n - len(b)) + b
    out = []
    for x, y in zip(a, b):
        if x == 1:
            out.append(y)
        elif y == 1:
            out.append(x)
        elif x is not None and y is not None:
            if x != y:
                if not incompatible_shape_error:
                    return []
                raise ShapeError(f"Dimensions must be equal, but are {x} and {y}")
            out.append(x)
        elif x is None and y is None:
            out.append(None)
        elif not incompatible_shape_error:
            return None
        else:
            # One side unknown, the other known and not 1: it must be the known one.
            out.append(x if y is None else y)
    return out


# --- the common rules ---------------------------------------------------------------------

def unchanged(ctx):
    """The output has input 0's shape (TensorFlow's UnchangedShape)."""
    return ctx.input_shapes[0]


def scalar(ctx):
    return SCALAR


def unknown(ctx):
    return [UNKNOWN] * ctx.num_outputs


def no_outputs(ctx):
    return []


def string_join(ctx):
    """StringJoin: its inputs are scalars or of one shape, the output that shape (a scalar when
    all are scalars; inputs of unknown rank are left out of the merge, as TensorFlow's)."""
    if all(s.rank == 0 for s in ctx.input_shapes):
        return SCALAR
    out = None
    for s in ctx.input_shapes:
        if s.rank is not None and s.rank != 0:
            out = as_list(s) if out is None else merge(out, as_list(s))
    return shape_out(out)


def broadcast(ctx):
    """The broadcast of inputs 0 and 1 (TensorFlow's BroadcastBinaryOpOutputShapeFn)."""
    return shape_out(broadcast_dims(as_list(ctx.input_shapes[0]), as_list(ctx.input_shapes[1])))


def comparison(ctx):
    """Equal, NotEqual: a broadcast, or with incompatible_shape_error=False a scalar for shapes
    that cannot broadcast (the result is then False / True)."""
    ise = ctx.attr("incompatible_shape_error", True)
    return shape_out(broadcast_dims(as_list(ctx.input_shapes[0]), as_list(ctx.input_shapes[1]), bool(ise)))


def merge_both(ctx):
    """ReluGrad and kin: both inputs have one shape (TensorFlow's MergeBothInputsShapeFn)."""
    return shape_out(merge(as_list(ctx.input_shapes[0]), as_list(ctx.input_shapes[1])))


def as_list(shape):
    return None if shape.rank is None else shape.as_list()


def unchanged_at_least_rank_1(ctx):
    """Softmax, LogSoftmax: a vector or more, unchanged."""
    return shape_out(with_rank_at_least(as_list(ctx.input_shapes[0]), 1))
