"""`tf.summary.histogram` as TensorBoard 2.20's histogram plugin writes it
(tensorboard/plugins/histogram/summary_v2.py): the data's elements, as float64, counted into
`buckets` (30) equal-width buckets between their minimum and maximum, written as a [k, 3] float64
tensor of (left edge, right edge, count) rows. Computed on the host from the data's value (when
the graph runs, in a tf.function) with TensorBoard's arithmetic: the edges as tf.linspace makes
them, an element's bucket floor((x - min) / width) clamped to the last."""
import numpy as np

from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.summary.plugin_metadata import summary_metadata
from varrt.summary.write import summary_scope, write_value

DEFAULT_BUCKET_COUNT = 30


def buckets_of(data, bucket_count=DEFAULT_BUCKET_COUNT):
    """The [k, 3] float64 array of (left edge, right edge, count) rows of `data`'s elements:
    k = bucket_count, all zeros for no data, and for data of one value every edge that value and
    every count in the last bucket."""
    bucket_count = max(0, int(bucket_count))
    data = np.asarray(data).reshape(-1).astype(np.float64)
    if data.size == 0 or bucket_count <= 0:
        return np.zeros((bucket_count, 3), np.float64)
    low, high = data.min(), data.max()
    span = high - low
    if span == 0:
        counts = np.zeros(bucket_count, np.float64)
        counts[-1] = data.size
        edges = np.full(bucket_count, high)
        return np.stack([edges, edges, counts]).T.copy()
    width = span / np.float64(bucket_count)
    with np.errstate(invalid="ignore", divide="ignore"):
        quotients = np.floor((data - low) / width)
        # A NaN quotient (NaN data, infinite ranges) casts to int32's minimum in TensorFlow, which
        # one_hot counts nowhere.
        indices = quotients[np.isfinite(quotients)].astype(np.int32)
        counts = np.bincount(np.minimum(indices, bucket_count - 1), minlength=bucket_count).astype(np.float64)
        edges = low + width * np.arange(bucket_count + 1, dtype=np.float64)
    edges[0], edges[-1] = low, high  # tf.linspace: start + step * i, but the start and the stop as they are
    return np.stack([edges[:-1], edges[1:], counts]).T.copy()


def histogram(name, data, step=None, buckets=None, description=None) -> Tensor:
    """Write a histogram summary, for TensorBoard's Histograms and Distributions dashboards.

    The histogram is calculated over all the elements of the given `Tensor` without regard to its
    shape or rank.

    Args:
        name: A name for this summary. The summary tag used for TensorBoard will be this name
            prefixed by any active name scopes.
        data: A `Tensor` of any shape. The histogram is computed over its elements, which must be
            castable to `float64`.
        step: Explicit `int64`-castable monotonic step value for this summary. If omitted, this
            defaults to `tf.summary.experimental.get_step()`, which must not be None.
        buckets: Optional positive `int`. The output will have this many buckets, except in two
            edge cases. If there is no data, then there are no buckets. If there is data but all
            points have the same value, then all buckets' left and right endpoints are the same and
            only the last bucket has nonzero count. Defaults to 30 if not specified.
        description: Optional long-form description for this summary, as a constant `str`.
            Markdown is supported. Defaults to empty.

    Returns:
        True on success, or false if no summary was emitted because no default summary writer was
        available.

    Raises:
        ValueError: if a default writer exists, but no step was provided and
            `tf.summary.experimental.get_step()` is None.
    """
    metadata = summary_metadata("histograms", description)
    count = DEFAULT_BUCKET_COUNT if buckets is None else buckets
    if isinstance(count, Tensor):
        count = int(count.numpy())
    with summary_scope(name, "histogram_summary", values=[data, buckets, step]) as (tag, _):
        return write_value(tag, lambda: data if isinstance(data, Tensor) else convert_to_tensor(data), step=step,
                           metadata=metadata, host_fn=lambda value: buckets_of(value, count))
