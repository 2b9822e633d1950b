"""tf.boolean_mask, and `tensor[mask]`, which TensorFlow's slicing hands to it: written over
other ops as TensorFlow's array_ops.boolean_mask is (the masked dimensions reshaped into one,
Where on the flattened mask, then GatherV2), so a graph computes the sizes when it runs and a
tape differentiates it through GatherV2's gradient."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import array_ops, index_ops, reduction_ops
from varrt.ops.op_util import host_if_known, is_tensor_like, tensor_operand

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _constant_axis(axis):
    """The axis as an int when it is known now (TensorFlow's constant_value), else None."""
    if not is_tensor_like(axis):
        return int(axis)
    value = host_if_known(tensor_operand(axis)[0])
    return None if value is None else int(np.asarray(value).reshape(()))


def boolean_mask(tensor, mask, axis=None, name="boolean_mask") -> Tensor:
    """The elements (slices, for a mask of lower rank) of `tensor` where `mask` is True; the mask
    covers the dimensions from `axis` (default 0) on, which become one of the selected count."""
    tensor = convert_to_tensor(tensor)
    mask = convert_to_tensor(mask)
    shape_mask = mask.shape
    ndims_mask = shape_mask.rank
    shape_tensor = tensor.shape
    if ndims_mask == 0:
        raise ValueError("mask cannot be scalar.")
    if ndims_mask is None:
        raise ValueError("Number of mask dimensions must be specified, even if some dimensions are None.  E.g. "
                         "shape=[None] is ok, but shape=None is not.")
    axis = 0 if axis is None else axis
    axis_value = _constant_axis(axis)
    if axis_value is not None:
        axis = axis_value
        shape_tensor[axis:axis + ndims_mask].assert_is_compatible_with(shape_mask)
    dims = array_ops.shape(tensor)
    leading_size = reduction_ops.reduce_prod(dims[axis:axis + ndims_mask], [0])
    tensor = array_ops.reshape(tensor, array_ops.concat(
        [dims[:axis], array_ops.stack([leading_size]), dims[axis + ndims_mask:]], 0))
    if axis_value is not None and getattr(type(tensor), "_is_symbolic", False):
        first_dim = shape_tensor[axis:axis + ndims_mask].num_elements()
        tensor.set_shape(TensorShape(shape_tensor[:axis]).concatenate([first_dim])
                         .concatenate(shape_tensor[axis + ndims_mask:]))
    mask = array_ops.reshape(mask, [-1])
    indices = array_ops.squeeze(index_ops.where(mask), axis=[1])
    return index_ops.gather(tensor, indices, axis=axis)
