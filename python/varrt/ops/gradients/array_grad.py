"""Gradients of the array ops (TensorFlow's tensorflow/python/ops/array_grad.py). Where
TensorFlow's op takes a value as an input (Transpose's perm, ConcatV2's axis), varrt's op
carries it as an attribute of that name."""
import numpy as np

from varrt.ops import (array_ops, depth_space_ops, diag_ops, index_ops, linalg_ops, math_ops, numerics_ops,
                       reduction_ops, sequence_ops)
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient


@RegisterGradient("Identity")
def _identity_grad(op, grad):
    return grad


@RegisterGradient("IdentityN")
def _identity_n_grad(op, *grads):
    return grads


@RegisterGradient("Reshape")
def _reshape_grad(op, grad):
    return (array_ops.reshape(grad, grad_util.shape_or_tensor(op.inputs[0])),) + (None,) * (len(op.inputs) - 1)


def _to_input_shape(op, grad):
    """Reshape's gradient for the ops that only move size-1 dimensions (ExpandDims, Squeeze)."""
    return array_ops.reshape(grad, grad_util.shape_or_tensor(op.inputs[0]))


RegisterGradient("ExpandDims")(_to_input_shape)
RegisterGradient("Squeeze")(_to_input_shape)


@RegisterGradient("BroadcastTo")
def _broadcast_to_grad(op, grad):
    # A shape known only when a graph runs is the op's second input (no gradient), else an attribute.
    x = op.inputs[0]
    return (grad_util.unbroadcast(grad, grad_util.static_shape(x)),) + (None,) * (len(op.inputs) - 1)


@RegisterGradient("Fill")
def _fill_grad(op, grad):
    return reduction_ops.reduce_sum(grad)  # varrt's Fill has one input, the value (dims are an attribute)


def _inverse_perm(op):
    rank = len(op.inputs[0].shape)
    return grad_util.invert_permutation([p % rank if rank else 0 for p in op.get_attr("perm")])


@RegisterGradient("Transpose")
def _transpose_grad(op, grad):
    return array_ops.transpose(grad, _inverse_perm(op))


@RegisterGradient("ConjugateTranspose")
def _conjugate_transpose_grad(op, grad):
    return array_ops.transpose(grad, _inverse_perm(op), conjugate=True)


@RegisterGradient("ConcatV2")
def _concat_grad(op, grad):
    """The slices of the gradient along the concatenation axis, one per input (StridedSlices)."""
    try:
        op.get_attr("num")
    except ValueError:
        pass
    else:
        return _linspace_grad(op, grad)
    axis = op.get_attr("axis")
    grad = grad_util.dense(grad)
    rank = len(op.inputs[0].shape)
    axis %= rank
    sizes = [grad_util.dims(x)[axis] for x in op.inputs]
    if not grad_util.known(sizes):
        return _concat_grad_dynamic(op.inputs, grad, axis, sizes)
    grads = []
    start = 0
    for size in sizes:
        grads.append(grad[(slice(None),) * axis + (slice(start, start + size),)])
        start += size
    return grads


def _concat_grad_dynamic(inputs, grad, axis, sizes):
    """ConcatV2's gradient in a graph where some inputs' sizes along the axis are known only when
    it runs: each input's part gathered at a Range of positions computed then."""
    grads = []
    start = 0
    for x, size in zip(inputs, sizes):
        end = start + size if type(start) is int and type(size) is int else math_ops.add(start, size)
        part = index_ops.gather(grad, sequence_ops.range(start, end), axis=axis)
        grads.append(grad_util.set_static_shape(part, x.shape))
        start = end
    return grads


def _linspace_grad(op, grad):
    """linspace's last step (a ConcatV2 with `num`: start, stop and the step in, the values out).
    Value k is start + k/steps * (stop - start), so stop gets the gradient weighted by k/steps
    and start the rest; the step (from RealDiv) gets none, as it is accounted for here."""
    start, stop = op.inputs[0], op.inputs[1]
    axis, n = op.get_attr("axis"), op.get_attr("num")
    grad = grad_util.dense(grad)
    shape = [1] * len(grad.shape)
    shape[axis] = n
    weights = np.arange(n, dtype=np.float64) / max(n - 1, 1)
    weights = array_ops.reshape(math_ops.cast(weights, grad.dtype), shape)
    to_stop = reduction_ops.reduce_sum(math_ops.multiply(grad, weights), axis)
    to_start = math_ops.subtract(reduction_ops.reduce_sum(grad, axis), to_stop)
    return grad_util.unbroadcast(to_start, start.shape), grad_util.unbroadcast(to_stop, stop.shape), None


@RegisterGradient("Pack")
def _pack_grad(op, grad):
    return array_ops.unstack(grad, num=op.get_attr("N"), axis=op.get_attr("axis"))


@RegisterGradient("Unpack")
def _unpack_grad(op, *grads):
    return array_ops.stack(grads, axis=op.get_attr("axis"))


@RegisterGradient("Tile")
def _tile_grad(op, grad):
    """Each input element's copies summed: the gradient seen as [m0, d0, m1, d1, ...], summed
    over the multiples' dimensions."""
    x = op.inputs[0]
    shape = grad_util.dims(x)
    multiples = op.get_attr("multiples")
    split = []
    for m, d in zip(multiples, shape):
        split += [m, d]
    if not split:
        return grad
    summed = reduction_ops.reduce_sum(array_ops.reshape(grad_util.dense(grad), grad_util.shape_value(split)),
                                      list(range(0, len(split), 2)))
    # A zero multiple leaves zeros of the input's shape.
    out = array_ops.reshape(summed, grad_util.shape_value(shape))
    return grad_util.set_static_shape(out, x.shape)


for _op in ("Assert", "StopGradient", "ZerosLike", "OnesLike", "Shape", "ShapeN", "Size", "Rank", "Const", "OneHot", "Where",
            "Range", "InvertPermutation"):
    NotDifferentiable(_op)


@RegisterGradient("MatrixBandPart")
def _matrix_band_part_grad(op, grad):
    """The gradient's same band: the zeroed elements had no effect."""
    return linalg_ops.band_part(grad_util.dense(grad), op.inputs[1], op.inputs[2]), None, None


@RegisterGradient("MatrixDiagV3")
def _matrix_diag_v3_grad(op, grad):
    """The gradient's same band of diagonals."""
    align = diag_ops.align_name(op.get_attr("align"))
    return (diag_ops.diag_part(grad_util.dense(grad), k=op.inputs[1], align=align),) + (None,) * 4


@RegisterGradient("MatrixDiagPartV3")
def _matrix_diag_part_v3_grad(op, grad):
    """The diagonals' gradient put back on the band, zeros elsewhere."""
    matrix_shape = op.inputs[0].shape[-2:]
    align = diag_ops.align_name(op.get_attr("align"))
    grad = grad_util.dense(grad)
    if matrix_shape.is_fully_defined():
        return diag_ops.diag(grad, k=op.inputs[1], num_rows=matrix_shape[0], num_cols=matrix_shape[1],
                             align=align), None, None
    return diag_ops.set_diag(array_ops.zeros_like(op.inputs[0]), grad, k=op.inputs[1], align=align), None, None


@RegisterGradient("MatrixSetDiagV3")
def _matrix_set_diag_v3_grad(op, grad):
    """The input's gradient with the band zeroed (it was overwritten), the diagonals' the band.
    TensorFlow computes the zeros' shape from the band when the diagonal's static shape is not
    fully known; zeros like the diagonal are the same."""
    align = diag_ops.align_name(op.get_attr("align"))
    grad = grad_util.dense(grad)
    diagonal = op.inputs[1]
    zeros = (array_ops.zeros(diagonal.shape.as_list(), dtype=grad.dtype) if diagonal.shape.is_fully_defined()
             else array_ops.zeros_like(diagonal))
    grad_input = diag_ops.set_diag(grad, zeros, k=op.inputs[2], align=align)
    grad_diag = diag_ops.diag_part(grad, k=op.inputs[2], align=align)
    return grad_input, grad_diag, None


@RegisterGradient("DepthToSpace")
def _depth_to_space_grad(op, grad):
    """SpaceToDepth of the gradient (TensorFlow's array_grad.py; NHWC, the only layout varrt runs)."""
    return depth_space_ops.space_to_depth(grad, op.get_attr("block_size"))


@RegisterGradient("SpaceToDepth")
def _space_to_depth_grad(op, grad):
    """DepthToSpace of the gradient (TensorFlow's array_grad.py)."""
    return depth_space_ops.depth_to_space(grad, op.get_attr("block_size"))


@RegisterGradient("CheckNumerics")
def _check_numerics_grad(op, grad):
    """The gradient, itself checked, with the forward op's message (TensorFlow's text: its
    get_attr gives the message as bytes, which it formats with %s, so "b'...'")."""
    return numerics_ops.check_numerics(
        grad, "Not a number (NaN) or infinity (Inf) values detected in gradient. %s" % numerics_ops.message_of(op).encode())


@RegisterGradient("CheckNumericsV2")
def _check_numerics_v2_grad(op, grad):
    """As CheckNumerics's, through CheckNumericsV2 (TensorFlow's array_grad.py)."""
    return numerics_ops.check_numerics_v2(
        grad, "Not a number (NaN) or infinity (Inf) values detected in gradient. %s" % numerics_ops.message_of(op).encode())
