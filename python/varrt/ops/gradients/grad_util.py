"""What gradient functions share: undoing broadcasting (TensorFlow's BroadcastGradientArgs
followed by a sum and a reshape) and reading a reduction's axes."""
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, math_ops, reduction_ops


def dense(grad):
    """A gradient as a Tensor: IndexedSlices (from a gather further on) become dense, as
    TensorFlow's gradient functions make them by passing them to ops."""
    return convert_to_tensor(grad) if type(grad) is IndexedSlices else grad


def static_shape(t):
    """A tensor's shape as gradients use it: the static shape (None for a dimension a graph
    learns only when it runs), or the value's shape eagerly."""
    if getattr(type(t), "_is_symbolic", False):
        s = t.shape
        if s.rank is not None and not s.is_fully_defined():
            return tuple(s.as_list())
    return t._shape_tuple


def shape_or_tensor(t):
    """`t`'s shape for reshaping a gradient back to it: a list of ints when its static shape is
    fully known, else its Shape (a graph computes it when it runs, as TensorFlow's gradients do)."""
    s = t.shape
    if s.is_fully_defined():
        return s.as_list()
    return array_ops.shape(t)


def dims(t):
    """`t`'s dimensions as gradients compute with them: ints where its static shape knows them,
    else int32 scalars sliced from its Shape, which a graph computes when it runs (TensorFlow's
    gradients read array_ops.shape(x) likewise). Fully known shapes give plain ints: no op."""
    s = static_shape(t)
    if None not in s:
        return list(s)
    shape = array_ops.shape(t)
    return [shape[i] if d is None else d for i, d in enumerate(s)]


def known(ds):
    """Whether every dimension in `ds` (from dims()) is an int."""
    return all(type(d) is int for d in ds)


def shape_value(ds):
    """Dimensions from dims() as a shape argument: a list of ints when all are known, else a
    vector (Pack) of them computed when the graph runs."""
    return list(ds) if known(ds) else array_ops.stack([d for d in ds])


def num_elements(ds):
    """The product of dimensions from dims(): an int, or a scalar computed when the graph runs."""
    n = 1
    for d in ds:
        n = n * d if type(n) is int and type(d) is int else math_ops.multiply(n, d)
    return n


def set_static_shape(t, shape):
    """Gives a graph tensor computed from shape tensors the static shape the gradient knows it
    has (TensorFlow's gradients call set_shape so); eager tensors are left as they are."""
    if getattr(type(t), "_is_symbolic", False):
        t.set_shape(shape)
    return t


def unbroadcast(grad, shape):
    """`grad` (of a broadcast result) summed down to `shape`, an input's static shape (None
    for a dimension known only when a graph runs: never a broadcast one, as in TensorFlow's
    usual batch dimensions)."""
    shape = tuple(shape)
    grad = dense(grad)
    if None in shape:
        gshape = grad._shape_tuple
        lead = len(gshape) - len(shape)
        inner = [lead + i for i, d in enumerate(shape) if d == 1 and gshape[lead + i] != 1]
        if inner:
            grad = reduction_ops.reduce_sum(grad, inner, keepdims=True)
        if lead:
            grad = reduction_ops.reduce_sum(grad, list(range(lead)))
        return grad
    gshape = grad._shape_tuple
    if gshape == shape:
        return grad
    if not shape:
        return reduction_ops.reduce_sum(grad)  # to a scalar: one reduction over everything
    lead = len(gshape) - len(shape)
    axes = list(range(lead))
    for i, d in enumerate(shape):
        if d == 1 and gshape[lead + i] != 1:
            axes.append(lead + i)
    if axes:
        grad = reduction_ops.reduce_sum(grad, axes, keepdims=True)
    return array_ops.reshape(grad, shape) if lead else grad


def binary_grads(op, gx, gy):
    """The gradients of a broadcasting binary op's inputs from `gx(grad)`/`gy(grad)`, reduced to
    the inputs' shapes; None (and not computed) for an input no requested gradient needs."""
    x, y = op.inputs
    skip = op.skip_input_indices
    return (None if 0 in skip else unbroadcast(gx(), static_shape(x)),
            None if 1 in skip else unbroadcast(gy(), static_shape(y)))


def reduction_axes(op, rank):
    """The axes a reduction op reduced (all of them when the op recorded none), non-negative, sorted."""
    try:
        axes = op.get_attr("reduction_indices")
    except ValueError:
        axes = None
    if axes is None:
        return list(range(rank))
    if isinstance(axes, int):
        axes = (axes,)
    return sorted({a % rank if rank else 0 for a in axes})


def keep_dims(op):
    try:
        return bool(op.get_attr("keep_dims"))
    except ValueError:
        return False


def reduced_shape(input_shape, axes):
    """The input's shape with the reduced axes set to 1 (the keep_dims shape)."""
    return [1 if i in axes else d for i, d in enumerate(input_shape)]


def conj(t):
    """The complex conjugate of `t` (a Conj op); real tensors as they are (TensorFlow's math_ops.conj)."""
    from varrt.ops.math_ops import conj as tf_conj  # math_ops imports this module's users
    return tf_conj(t)


def invert_permutation(perm):
    """The permutation undoing `perm` (a list of non-negative ints)."""
    inverse = [0] * len(perm)
    for i, p in enumerate(perm):
        inverse[p] = i
    return inverse


# Ids of the zeros the tape hands a gradient function for outputs nothing used, so it can skip
# the work they would multiply away (TensorFlow marks them `_is_zeros_tensor`). Forgotten after
# each backward pass.
_zero_ids = set()


def mark_zeros(t):
    _zero_ids.add(t._id)
    return t


def is_zeros(t):
    """Whether `t` is the zeros gradient of an op output nothing used."""
    return t._id in _zero_ids


def forget_zeros():
    _zero_ids.clear()
