"""Gradients of the gathers (TensorFlow's array_grad.py): GatherV2 along axis 0 gives
IndexedSlices of the rows it read, other axes and batch dimensions a dense UnsortedSegmentSum;
GatherNd and ResourceGatherNd scatter back (ScatterNd), or give IndexedSlices when each index
is one row. The scatters' own gradients are gathers (second derivatives; UnsortedSegmentSum's
is in segment_grad.py)."""
import numpy as np

from varrt.base import dtypes
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import constant
from varrt.ops import array_ops, index_ops, math_ops, scatter_ops, sequence_ops
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import RegisterGradient


@RegisterGradient("GatherV2")
def _gather_v2_grad(op, grad):
    """Sizes known only when a graph runs come from the params' Shape (grad_util.dims), as in
    TensorFlow's _GatherV2Grad; the static shapes known while building are kept on the results."""
    params, indices = op.inputs[0], op.inputs[1]
    p = grad_util.dims(params)
    idx_shape = grad_util.dims(indices)
    batch_dims = int(op.get_attr("batch_dims"))
    if batch_dims < 0:
        batch_dims += len(idx_shape)
    axis = int(op.get_attr("axis")) % len(p)
    grad = grad_util.dense(grad)
    if axis == 0 and batch_dims == 0:
        size = grad_util.num_elements(idx_shape)
        values = array_ops.reshape(grad, grad_util.shape_value([size] + p[1:]))
        grad_util.set_static_shape(values, [_static_size(indices)] + params.shape.as_list()[1:])
        dense_shape = constant(p, dtypes.int32) if grad_util.known(p) else array_ops.shape(params)
        return (IndexedSlices(values, array_ops.reshape(indices, grad_util.shape_value([size])), dense_shape), None)
    # The gradient as rows [batch..., index...] of the axis' slices, each added to its row of
    # params[batch..., axis] (the indices offset by their batch), then moved back into place.
    b = batch_dims
    batch = p[:b]
    nb = grad_util.num_elements(batch)
    m = grad_util.num_elements(idx_shape[b:])
    middle, inner = p[b:axis], p[axis + 1:]
    g = array_ops.reshape(grad, grad_util.shape_value(batch + middle + [m] + inner))
    k = len(middle)
    perm = list(range(b)) + [b + k] + [b + i for i in range(k)] + list(range(b + k + 1, b + k + 1 + len(inner)))
    rows = array_ops.reshape(array_ops.transpose(g, perm),
                             grad_util.shape_value([grad_util.num_elements([nb, m])] + middle + inner))
    # With ops, not on the host: inside a graph the indices are known only when it runs.
    if type(nb) is int and type(p[axis]) is int:
        offsets = constant((np.arange(nb, dtype=np.int64) * p[axis])[:, None])
    else:
        offsets = math_ops.multiply(math_ops.cast(array_ops.reshape(sequence_ops.range(nb), [-1, 1]), dtypes.int64),
                                    math_ops.cast(p[axis], dtypes.int64))
    ids = math_ops.add(math_ops.cast(array_ops.reshape(indices, grad_util.shape_value([nb, m])), dtypes.int64),
                       offsets)
    summed = scatter_ops.unsorted_segment_sum(rows, array_ops.reshape(ids, [-1]),
                                              grad_util.num_elements([nb, p[axis]]))
    back = array_ops.reshape(summed, grad_util.shape_value(batch + [p[axis]] + middle + inner))
    undo = list(range(b)) + [b + 1 + i for i in range(k)] + [b] + list(range(b + k + 1, b + k + 1 + len(inner)))
    return grad_util.set_static_shape(array_ops.transpose(back, undo), params.shape), None


def _static_size(t):
    """The number of elements of `t` when its static shape knows it, else None."""
    s = t.shape
    return s.num_elements() if s.is_fully_defined() else None


def _nd_grad(shape, indices, grad, batch_dims=0):
    """The gradient of a gather_nd from `shape` (a list of ints, or the params' Shape in a graph
    that learns it when it runs) at `indices`."""
    idx_shape = list(indices.shape)
    if batch_dims == 0 and len(idx_shape) == 2 and idx_shape[-1] == 1:
        dense_shape = constant(shape, dtypes.int32) if isinstance(shape, list) else shape
        return IndexedSlices(grad, array_ops.reshape(indices, [-1]), dense_shape)
    idx = indices
    if batch_dims:
        # Batch coordinates prepended to each index vector: a gather_nd without batch dimensions.
        # They depend on the indices' shape only; the indices join them with ops (a graph reads
        # the indices when it runs).
        if None in idx_shape:
            raise NotImplementedError("varrt differentiates gather_nd with batch_dims only for indices whose shape "
                                      "is known while the graph is built")
        dtype = indices.dtype.as_numpy_dtype
        coords = np.indices(idx_shape[:batch_dims], dtype=dtype)
        lead = [constant(np.ascontiguousarray(np.broadcast_to(c.reshape(c.shape + (1,) * (len(idx_shape) - batch_dims)),
                                                              tuple(idx_shape[:-1]) + (1,))))
                for c in coords]
        idx = array_ops.concat(lead + [indices], axis=-1)
    return scatter_ops.scatter_nd(idx, grad, shape)


@RegisterGradient("GatherNd")
def _gather_nd_grad(op, grad):
    params, indices = op.inputs[0], op.inputs[1]
    return _nd_grad(grad_util.shape_or_tensor(params), indices, grad, int(op.get_attr("batch_dims"))), None


@RegisterGradient("ResourceGatherNd")
def _resource_gather_nd_grad(op, grad):
    variable, indices = op.inputs[0], op.inputs[1]
    return _nd_grad(list(variable.shape), indices, grad), None


@RegisterGradient("ScatterNd")
def _scatter_nd_grad(op, grad):
    indices = op.inputs[0]
    # A shape known only when the graph runs is a third input (no gradient), as in TensorFlow.
    return (None, index_ops.gather_nd(grad, indices)) + (None,) * (len(op.inputs) - 2)


