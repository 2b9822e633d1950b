"""Image ops: bilinear resizing and its gradient, the colour adjustments and colour spaces, the projective transform.

One record per op, TensorFlow 2.21's registry entry (see ops/op_def_lib.py).
"""
from varrt.ops import shape_fns
from varrt.ops.op_def_lib import register

register('ResizeBilinear', 'images: T, size: int32 -> resized_images: float', 'T: {int8, uint8, int16, uint16, int32, int64, bfloat16, half, float, double, bfloat16}', 'align_corners: bool = false', 'half_pixel_centers: bool = false', shape=shape_fns.resize)
register('ResizeNearestNeighbor', 'images: T, size: int32 -> resized_images: T', 'T: {int8, uint8, int16, uint16, int32, int64, half, float, double, bfloat16}', 'align_corners: bool = false', 'half_pixel_centers: bool = false', shape=shape_fns.resize)
register('ResizeNearestNeighborGrad', 'grads: T, size: int32 -> output: T', 'T: {uint8, int8, int32, half, float, double, bfloat16}', 'align_corners: bool = false', 'half_pixel_centers: bool = false', shape=shape_fns.resize)
register('ResizeBilinearGrad', 'grads: float, original_image: T -> output: T', 'T: {float, bfloat16, half, double}', 'align_corners: bool = false', 'half_pixel_centers: bool = false', shape=shape_fns.resize_grad)
register('AdjustContrastv2', 'images: T, contrast_factor: float -> output: T', 'T: {half, float} = float', shape=shape_fns.unchanged)
register('AdjustSaturation', 'images: T, scale: float -> output: T', 'T: {half, float} = float', shape=shape_fns.unchanged)
register('AdjustHue', 'images: T, delta: float -> output: T', 'T: {half, float} = float', shape=shape_fns.unchanged)
register('RGBToHSV', 'images: T -> output: T', 'T: {half, bfloat16, float, double} = float', shape=shape_fns.unchanged)
register('HSVToRGB', 'images: T -> output: T', 'T: {half, bfloat16, float, double} = float', shape=shape_fns.unchanged)
register('ImageProjectiveTransformV3', 'images: dtype, transforms: float, output_shape: int32, fill_value: float -> transformed_images: dtype', 'dtype: {uint8, int32, int64, half, bfloat16, float, double}', 'interpolation: string', 'fill_mode: string = "CONSTANT"', shape=shape_fns.projective_transform)
