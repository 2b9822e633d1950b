"""Shape functions of the image ops (TensorFlow's core/ops/image_ops.cc): ResizeBilinear and its
gradient."""
from varrt.ops.shape_fns.common import shape_out, with_rank, with_value


def resize(ctx):
    """ResizeBilinear, ResizeNearestNeighbor and its gradient (ResizeShapeFn): [batch,
    new_height, new_width, channels] of input 0, the sizes from `size` when known while building."""
    images = with_rank(ctx.input_shapes[0], 4)
    size = with_rank(ctx.shape("size"), 1)
    with_value(size[0], 2)
    value = ctx.const("size")
    height, width = (None, None) if value is None else (int(value.reshape(-1)[0]), int(value.reshape(-1)[1]))
    return shape_out([images[0], height, width, images[3]])


def resize_grad(ctx):
    """ResizeBilinearGrad: original_image's shape, of rank 4 (grads' is the kernel's to check)."""
    return shape_out(with_rank(ctx.shape("original_image"), 4))


def projective_transform(ctx):
    """ImageProjectiveTransformV3: [batch, output height, output width, channels], the sizes
    from `output_shape` when known while building."""
    images = with_rank(ctx.shape("images"), 4)
    value = ctx.const("output_shape")
    height, width = (None, None) if value is None else (int(value.reshape(-1)[0]), int(value.reshape(-1)[1]))
    return shape_out([images[0], height, width, images[3]])
