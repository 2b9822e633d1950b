"""The gradients of ResizeBilinear, ResizeNearestNeighbor and RGBToHSV, as TensorFlow's
image_grad.py defines them: ResizeBilinearGrad and ResizeNearestNeighborGrad with the op's
attributes, RGBToHSV's written over other ops. The gradient ops have no gradients in
TensorFlow, and HSVToRGB is not differentiable there."""
from varrt.ops import array_ops, image_ops, math_ops
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


def _custom_reciprocal(x):
    """TensorFlow's _CustomReciprocal: 1 / x, 0 where x is 0."""
    return math_ops.divide_no_nan(math_ops.cast(1.0, x.dtype), x)


@RegisterGradient("RGBToHSV")
def _rgb_to_hsv_grad(op, grad):
    """TensorFlow's _RGBToHSVGrad: the derivatives of value, saturation and hue with respect to
    each of red, green and blue, by which channel is the largest and the smallest (its case
    analysis and arithmetic order kept)."""
    reds, greens, blues = op.inputs[0][..., 0], op.inputs[0][..., 1], op.inputs[0][..., 2]
    saturation, value = op.outputs[0][..., 1], op.outputs[0][..., 2]
    dtype = op.inputs[0].dtype
    cast, rec, square = math_ops.cast, _custom_reciprocal, math_ops.square

    red_biggest = cast((reds >= blues) & (reds >= greens), dtype)
    green_biggest = cast((greens > reds) & (greens >= blues), dtype)
    blue_biggest = cast((blues > reds) & (blues > greens), dtype)
    red_smallest = cast((reds < blues) & (reds < greens), dtype)
    green_smallest = cast((greens <= reds) & (greens < blues), dtype)
    blue_smallest = cast((blues <= reds) & (blues <= greens), dtype)

    dv_dr, dv_dg, dv_db = red_biggest, green_biggest, blue_biggest

    ds_dr = cast(reds > 0, dtype) * math_ops.add(
        red_biggest * math_ops.add(green_smallest * greens, blue_smallest * blues) * rec(square(reds)),
        red_smallest * -1 * rec((green_biggest * greens) + (blue_biggest * blues)))
    ds_dg = cast(greens > 0, dtype) * math_ops.add(
        green_biggest * math_ops.add(red_smallest * reds, blue_smallest * blues) * rec(square(greens)),
        green_smallest * -1 * rec((red_biggest * reds) + (blue_biggest * blues)))
    ds_db = cast(blues > 0, dtype) * math_ops.add(
        blue_biggest * math_ops.add(green_smallest * greens, red_smallest * reds) * rec(square(blues)),
        blue_smallest * -1 * rec((green_biggest * greens) + (red_biggest * reds)))

    dh_dr_1 = 60 * (cast(reds > 0, dtype) * red_biggest * -1 * (greens - blues) * rec(square(saturation))
                    * rec(square(value)))
    dh_dr_2 = 60 * (cast(greens > 0, dtype) * green_biggest * red_smallest * (blues - greens)
                    * rec(square(reds - greens)))
    dh_dr_3 = 60 * (cast(greens > 0, dtype) * green_biggest * blue_smallest * -1 * rec(greens - blues))
    dh_dr_4 = 60 * (cast(blues > 0, dtype) * blue_biggest * red_smallest * (blues - greens)
                    * rec(square(blues - reds)))
    dh_dr_5 = 60 * (cast(blues > 0, dtype) * blue_biggest * green_smallest * rec(blues - greens))
    dh_dr = (dh_dr_1 + dh_dr_2 + dh_dr_3 + dh_dr_4 + dh_dr_5) / 360

    dh_dg_1 = 60 * (cast(greens > 0, dtype) * green_biggest * -1 * (blues - reds) * rec(square(saturation))
                    * rec(square(value)))
    dh_dg_2 = 60 * (cast(reds > 0, dtype) * red_biggest * green_smallest * (reds - blues)
                    * rec(square(reds - greens)))
    dh_dg_3 = 60 * (cast(reds > 0, dtype) * red_biggest * blue_smallest * rec(reds - blues))
    dh_dg_4 = 60 * (cast(blues > 0, dtype) * blue_biggest * green_smallest * (reds - blues)
                    * rec(square(blues - greens)))
    dh_dg_5 = 60 * (cast(blues > 0, dtype) * blue_biggest * red_smallest * -1 * rec(blues - reds))
    dh_dg = (dh_dg_1 + dh_dg_2 + dh_dg_3 + dh_dg_4 + dh_dg_5) / 360

    dh_db_1 = 60 * (cast(blues > 0, dtype) * blue_biggest * -1 * (reds - greens) * rec(square(saturation))
                    * rec(square(value)))
    dh_db_2 = 60 * (cast(reds > 0, dtype) * red_biggest * blue_smallest * (greens - reds)
                    * rec(square(reds - blues)))
    dh_db_3 = 60 * (cast(reds > 0, dtype) * red_biggest * green_smallest * -1 * rec(reds - greens))
    dh_db_4 = 60 * (cast(greens > 0, dtype) * green_biggest * blue_smallest * (greens - reds)
                    * rec(square(greens - blues)))
    dh_db_5 = 60 * (cast(greens > 0, dtype) * green_biggest * red_smallest * rec(greens - reds))
    dh_db = (dh_db_1 + dh_db_2 + dh_db_3 + dh_db_4 + dh_db_5) / 360

    dv_drgb = array_ops.stack([grad[..., 2] * dv_dr, grad[..., 2] * dv_dg, grad[..., 2] * dv_db], axis=-1)
    ds_drgb = array_ops.stack([grad[..., 1] * ds_dr, grad[..., 1] * ds_dg, grad[..., 1] * ds_db], axis=-1)
    dh_drgb = array_ops.stack([grad[..., 0] * dh_dr, grad[..., 0] * dh_dg, grad[..., 0] * dh_db], axis=-1)
    return math_ops.add(math_ops.add(dv_drgb, ds_drgb), dh_drgb)
