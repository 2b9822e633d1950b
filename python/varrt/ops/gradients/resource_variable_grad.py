"""Gradients of the variable reads (TensorFlow's resource_variable_ops): a read's gradient goes
to the variable, a gather's as IndexedSlices of the rows it read."""
from varrt.base import dtypes
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import constant
from varrt.ops import array_ops
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient


@RegisterGradient("ReadVariableOp")
def _read_grad(op, grad):
    return grad


@RegisterGradient("ResourceGather")
def _gather_grad(op, grad):
    variable, indices = op.inputs[0], op.inputs[1]
    params_shape = list(variable.shape)
    size = indices.shape.num_elements()
    if size is None:  # ids counted only when a graph runs (TensorFlow's _GatherGrad reads Size always)
        size = array_ops.expand_dims(array_ops.size(indices), 0)
        values = array_ops.reshape(grad, array_ops.concat([size, constant(params_shape[1:], dtypes.int32)], 0))
        values.set_shape([None] + params_shape[1:])  # what TensorFlow's shape inference reads from the concat
        return IndexedSlices(values, array_ops.reshape(indices, size), constant(params_shape, dtypes.int32)), None
    values = array_ops.reshape(grad, [size] + params_shape[1:])
    return (IndexedSlices(values, array_ops.reshape(indices, [size]), constant(params_shape, dtypes.int32)), None)


NotDifferentiable("VarIsInitializedOp")  # TensorFlow's declaration (a bool about the variable)
