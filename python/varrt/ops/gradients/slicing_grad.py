"""Gradients of slicing (TensorFlow's StridedSlice and StridedSliceGrad in array_grad.py).

varrt's StridedSlice carries TensorFlow's begin/end/strides inputs as attributes beside the
masks. Its gradient is StridedSliceGrad: zeros of the input's shape with the output's
gradient written into the sliced elements; that op's own gradient slices again.
"""
import numpy as np

from varrt import _C
from varrt.framework.tensor import Tensor
from varrt.ops.op_util import run
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import RegisterGradient

_MASKS = ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")


def _spec(op):
    """(begin, end, strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)."""
    lists = [list(op.get_attr(n)) for n in ("begin", "end", "strides")]
    return tuple(lists) + tuple(int(op.get_attr(m)) for m in _MASKS)


def _key(spec):
    """The NumPy index selecting what the spec selects (the spec was compiled from a Python
    index, whose clamping NumPy shares)."""
    begin, end, strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask = spec
    key = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        bit = 1 << i
        if ellipsis_mask & bit:
            key.append(Ellipsis)
        elif new_axis_mask & bit:
            key.append(None)
        elif shrink_axis_mask & bit:
            key.append(b)
        else:
            key.append(slice(None if begin_mask & bit else b, None if end_mask & bit else e, s))
    return tuple(key)


def strided_slice_grad(grad, input_shape, spec):
    """StridedSliceGrad: zeros of `input_shape` (a list of ints, or a shape tensor a graph computes
    when it runs) with `grad` in the elements the spec selects."""
    key = _key(spec)
    grad = grad_util.dense(grad)

    def kernel(g, out=None):
        out.fill(0)
        out[key] = g
    attrs = dict(zip(("begin", "end", "strides") + _MASKS, spec))
    if not isinstance(input_shape, (list, tuple)):
        # The input's Shape, known when the graph runs: the op's `shape` input, read by the kernel then.
        def sized_kernel(shape, g):
            out = np.zeros([int(d) for d in shape], dtype=g.dtype)
            kernel(g, out=out)
            return out
        return run("StridedSliceGrad", sized_kernel, (input_shape, grad), grad.dtype, attrs=attrs)
    attrs["shape"] = tuple(input_shape)
    return run("StridedSliceGrad", kernel, (grad,), grad.dtype, tuple(input_shape), attrs=attrs)


@RegisterGradient("StridedSlice")
def _strided_slice_grad(op, grad):
    return strided_slice_grad(grad, grad_util.shape_or_tensor(op.inputs[0]), _spec(op))


@RegisterGradient("StridedSliceGrad")
def _strided_slice_grad_grad(op, grad):
    return Tensor._wrap(_C.strided_slice(grad_util.dense(grad)._data, *_spec(op)))
