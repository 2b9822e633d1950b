"""The gradient of ResizeBilinear, as TensorFlow's image_grad.py defines it: ResizeBilinearGrad
with the op's attributes (none for the size). ResizeBilinearGrad has no gradient in TensorFlow."""
from varrt.ops import image_ops
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient


@RegisterGradient("ResizeBilinear")
def _resize_bilinear_grad(op, grad):
    return [image_ops.resize_bilinear_grad(grad, op.inputs[0], align_corners=op.get_attr("align_corners"),
                                           half_pixel_centers=op.get_attr("half_pixel_centers")), None]


NotDifferentiable("ResizeBilinearGrad")
