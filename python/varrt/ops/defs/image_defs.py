"""Image ops: bilinear resizing and its gradient.

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('ResizeBilinear', 'images: T, size: int32 -> resized_images: float', 'T: {int8, uint8, int16, uint16, int32, int64, bfloat16, half, float, double, bfloat16}', 'align_corners: bool = false', 'half_pixel_centers: bool = false', shape=shape_fns.resize)
register('ResizeBilinearGrad', 'grads: float, original_image: T -> output: T', 'T: {float, bfloat16, half, double}', 'align_corners: bool = false', 'half_pixel_centers: bool = false', shape=shape_fns.resize_grad)
