"""`tf.summary.image` as TensorBoard 2.20's image plugin writes it
(tensorboard/plugins/image/summary_v2.py): a 1-D string tensor of the width, the height and a PNG
of each of the first `max_outputs` images, the pixels converted to uint8 as
tf.image.convert_image_dtype(saturate=True) converts them. Computed on the host from the images'
value (when the graph runs, in a tf.function)."""
import numpy as np

from varrt.base.errors import InvalidArgumentError
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.summary.plugin_metadata import summary_metadata
from varrt.summary.png import encode_png
from varrt.summary.write import summary_scope, write_value


def to_uint8(images):
    """tf.image.convert_image_dtype(images, tf.uint8, saturate=True) of a NumPy array: floats
    scaled by 255.5 in their own precision and clipped (the cast truncates), wider integers
    divided down by the ratio of the ranges, uint8 as it is."""
    if images.dtype == np.uint8:
        return images
    if images.dtype.kind == "f":
        scaled = images * images.dtype.type(255.5)
        return np.clip(scaled, 0, 255).astype(np.uint8)
    if images.dtype.kind in "iu":
        top = np.iinfo(images.dtype).max
        if top > 255:
            return np.clip(images // ((int(top) + 1) // 256), 0, 255).astype(np.uint8)
        return np.clip(images.astype(np.int64) * ((255 + 1) // (int(top) + 1)), 0, 255).astype(np.uint8)
    raise TypeError(f"tf.summary.image: images of dtype {images.dtype} cannot be converted to uint8")


def _encoded(images, max_outputs):
    shape = images.shape
    if shape[3] not in (1, 2, 3, 4):
        raise InvalidArgumentError(None, None, f"image must have 1, 2, 3, or 4 channels, got {shape[3]}")
    converted = to_uint8(images)[:max_outputs]
    return np.array([str(shape[2]).encode(), str(shape[1]).encode()] + [encode_png(im) for im in converted],
                    dtype=object)


def image(name, data, step=None, max_outputs=3, description=None) -> Tensor:
    """Write an image summary: the first `max_outputs` images of a batch, as PNGs.

    Args:
        name: A name for this summary. The summary tag used for TensorBoard will be this name
            prefixed by any active name scopes.
        data: A `Tensor` representing pixel data with shape `[k, h, w, c]`, where `k` is the number
            of images, `h` and `w` are the height and width of the images, and `c` is the number of
            channels, which should be 1, 2, 3, or 4 (grayscale, grayscale with alpha, RGB, RGBA).
            Floating point data will be clipped to the range [0,1].
        step: Explicit `int64`-castable monotonic step value for this summary. If omitted, this
            defaults to `tf.summary.experimental.get_step()`, which must not be None.
        max_outputs: Optional `int`. At most this many images will be emitted at each step. When
            more than `max_outputs` many images are provided, the first `max_outputs` many images
            will be used and the rest silently discarded.
        description: Optional long-form description for this summary, as a constant `str`.
            Markdown is supported. Defaults to empty.

    Returns:
        True on success, or false if no summary was emitted because no default summary writer was
        available.

    Raises:
        ValueError: if a default writer exists, but no step was provided and
            `tf.summary.experimental.get_step()` is None; if `data` is not of rank 4.
    """
    metadata = summary_metadata("images", description)
    limit = int(max_outputs.numpy()) if isinstance(max_outputs, Tensor) else int(max_outputs)
    with summary_scope(name, "image_summary", values=[data, max_outputs, step]) as (tag, _):
        def images():
            value = data if isinstance(data, Tensor) else convert_to_tensor(data)
            rank = value.shape.rank
            if rank is not None and rank != 4:
                raise ValueError(f"Tensor  must have rank 4.  Received rank {rank}, shape {value.shape}")
            if limit < 0:
                raise InvalidArgumentError(None, None, "\nCondition x >= 0 did not hold element-wise:\n"
                                                       f"x (shape=() dtype=int32) = \n{limit}")
            return value

        return write_value(tag, images, step=step, metadata=metadata, host_fn=lambda value: _encoded(value, limit))
