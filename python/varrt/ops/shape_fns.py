"""Shape functions: an op's output shapes from its inputs' static shapes (TensorFlow's
shape_inference and common_shapes). They run while a graph is built, where a dimension or a
rank may be unknown (None), and never see an argument's value: only values known while
building (constants, ShapeContext.input_value) may refine a result, as TensorFlow's shape
refiner evaluates constant subexpressions. A shape error raises ShapeError with TensorFlow's
reason ("Dimensions must be equal, but are 3 and 4"); the graph builder adds the node's text.
"""
from varrt.framework.tensor_shape import TensorShape

UNKNOWN = TensorShape(None)
SCALAR = TensorShape([])


class ShapeError(ValueError):
    """A shape function's refusal: TensorFlow's reason, before " for '{{node ...}}'"."""


class ShapeContext:
    """What a shape function may read: the op, its attributes, its inputs' static shapes and
    dtypes, and the values of inputs known while building (constants)."""

    __slots__ = ("op", "attrs", "input_shapes", "input_dtypes", "_values", "num_outputs", "resource_shapes")

    def __init__(self, op, attrs, input_shapes, input_dtypes, values, num_outputs):
        self.op = op
        self.attrs = attrs
        self.input_shapes = input_shapes
        self.input_dtypes = input_dtypes
        self._values = values  # callable i -> ndarray or None
        self.num_outputs = num_outputs
        self.resource_shapes = []  # the static shapes of the variables a resource op reads or writes

    def input_value(self, i):
        """Input i's value as an ndarray when it is known while building (a constant), else None."""
        return self._values(i)

    def attr(self, name, default=None):
        v = self.attrs.get(name)
        return default if v is None else v


def dims(shape):
    """A shape's dimensions as a list (None where unknown), or None for an unknown rank."""
    return None if shape.rank is None else shape.as_list()


def merge_dim(a, b, what="Dimensions must be equal"):
    """Two dimensions that must agree: the known one, or ShapeError."""
    if a is None:
        return b
    if b is None or a == b:
        return a
    raise ShapeError(f"{what}, but are {a} and {b}")


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


def broadcast(ctx):
    """The broadcast of inputs 0 and 1 (TensorFlow's BroadcastBinaryOpOutputShapeFn)."""
    return broadcast_shapes(ctx.input_shapes[0], ctx.input_shapes[1])


def broadcast_shapes(a, b):
    if a.rank is None or b.rank is None:
        return UNKNOWN
    da, db = a.as_list(), b.as_list()
    n = max(len(da), len(db))
    da = [1] * (n - len(da)) + da
    db = [1] * (n - len(db)) + db
    out = []
    for x, y in zip(da, db):
        if x == 1:
            out.append(y)
        elif y == 1:
            out.append(x)
        elif x is None or y is None:
            # One side unknown, the other known and not 1: the known one, as TensorFlow infers it.
            out.append(x if y is None else y)
        elif x == y:
            out.append(x)
        else:
            raise ShapeError(f"Dimensions must be equal, but are {x} and {y}")
    return TensorShape(out)


def matmul(ctx):
    """MatMul: [m, k] x [k, n] -> [m, n], transposes as the attrs say."""
    a, b = ctx.input_shapes[0], ctx.input_shapes[1]
    if a.rank is not None and a.rank != 2:
        raise ShapeError(f"Shape must be rank 2 but is rank {a.rank}")
    if b.rank is not None and b.rank != 2:
        raise ShapeError(f"Shape must be rank 2 but is rank {b.rank}")
    da = dims(a) or [None, None]
    db = dims(b) or [None, None]
    if ctx.attr("transpose_a"):
        da = da[::-1]
    if ctx.attr("transpose_b"):
        db = db[::-1]
    merge_dim(da[1], db[0])
    return TensorShape([da[0], db[1]])


def batch_matmul(ctx):
    """BatchMatMulV2: batch dimensions broadcast, the last two multiply (adj_x, adj_y)."""
    a, b = ctx.input_shapes[0], ctx.input_shapes[1]
    if a.rank is None or b.rank is None:
        return UNKNOWN
    if a.rank < 2:
        raise ShapeError(f"Shape must be at least rank 2 but is rank {a.rank}")
    if b.rank < 2:
        raise ShapeError(f"Shape must be at least rank 2 but is rank {b.rank}")
    da, db = a.as_list(), b.as_list()
    m, k = (da[-1], da[-2]) if ctx.attr("adj_x") else (da[-2], da[-1])
    k2, n = (db[-1], db[-2]) if ctx.attr("adj_y") else (db[-2], db[-1])
    merge_dim(k, k2)
    batch = broadcast_shapes(TensorShape(da[:-2]), TensorShape(db[:-2]))
    return TensorShape(batch.as_list() + [m, n])


def reduction(ctx):
    """Sum, Mean, Max, ...: the reduced axes (the attr reduction_indices) dropped, or kept as 1."""
    shape = ctx.input_shapes[0]
    axes = ctx.attr("reduction_indices")
    keep = bool(ctx.attr("keep_dims", False))
    if axes is None or shape.rank is None:
        return UNKNOWN
    d = shape.as_list()
    rank = len(d)
    chosen = set()
    for a in axes:
        if not -rank <= a < max(rank, 1):
            raise ShapeError(f"Invalid reduction dimension {a} for input with {rank} dimensions.")
        chosen.add(a % rank if rank else 0)
    if keep:
        return TensorShape([1 if i in chosen else x for i, x in enumerate(d)])
    return TensorShape([x for i, x in enumerate(d) if i not in chosen])


def all_inputs_merged(ctx):
    """AddN: every input has the same shape; their merge."""
    out = ctx.input_shapes[0]
    for s in ctx.input_shapes[1:]:
        if not out.is_compatible_with(s):
            raise ShapeError(f"Shapes must be equal rank, but are {out.rank} and {s.rank}"
                             if out.rank is not None and s.rank is not None and out.rank != s.rank
                             else f"Dimension 0 in both shapes must be equal, but are {out} and {s}")
        out = out.merge_with(s)
    return out
