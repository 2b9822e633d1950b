"""The gradients of ResizeBilinear and ResizeNearestNeighbor, as TensorFlow's image_grad.py
defines them: ResizeBilinearGrad and ResizeNearestNeighborGrad with the op's attributes. The
gradient ops have no gradients in TensorFlow, and HSVToRGB is not differentiable there."""
from varrt.ops import array_ops, image_ops
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient


@RegisterGradient("ResizeBilinear")
def _resize_bilinear_grad(op, grad):
    return [image_ops.resize_bilinear_grad(grad, op.inputs[0], align_corners=op.get_attr("align_corners"),
                                           half_pixel_centers=op.get_attr("half_pixel_centers")), None]


@RegisterGradient("ResizeNearestNeighbor")
def _resize_nearest_neighbor_grad(op, grad):
    image = op.inputs[0]
    static = image.shape.as_list()[1:3]
    image_shape = static if None not in static else array_ops.shape(image)[1:3]
    return [image_ops.resize_nearest_neighbor_grad(grad, image_shape, align_corners=op.get_attr("align_corners"),
                                                   half_pixel_centers=op.get_attr("half_pixel_centers")), None]


NotDifferentiable("ResizeBilinearGrad")
NotDifferentiable("ResizeNearestNeighborGrad")
NotDifferentiable("HSVToRGB")  # as TensorFlow 2.21 registers it
