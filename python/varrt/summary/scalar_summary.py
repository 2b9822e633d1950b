"""`tf.summary.scalar` and `tf.summary.text`, as TensorBoard 2.20's scalar and text plugins
(tensorboard/plugins/{scalar,text}/summary_v2.py) write them."""
from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops.math_ops import cast
from varrt.summary.plugin_metadata import summary_metadata
from varrt.summary.write import summary_scope, write


def scalar(name, data, step=None, description=None) -> Tensor:
    """Write a scalar summary: `data` as a float32 scalar, for TensorBoard's scalars dashboard.

    Args:
        name: A name for this summary. The summary tag used for TensorBoard will be this name
            prefixed by any active name scopes.
        data: A real numeric scalar value, convertible to a `float32` Tensor.
        step: Explicit `int64`-castable monotonic step value for this summary. If omitted, this
            defaults to `tf.summary.experimental.get_step()`, which must not be None.
        description: Optional long-form description for this summary, as a constant `str`.
            Markdown is supported. Defaults to empty.

    Returns:
        True on success, or false if no summary was written because no default summary writer was
        available.

    Raises:
        ValueError: if a default writer exists, but no step was provided and
            `tf.summary.experimental.get_step()` is None; if `data` is not a scalar.
    """
    metadata = summary_metadata("scalars", description)
    with summary_scope(name, "scalar_summary", values=[data, step]) as (tag, _):
        data = data if isinstance(data, Tensor) else convert_to_tensor(data)
        if data.shape.rank is not None and data.shape.rank != 0:
            raise ValueError(f"Expected scalar shape, saw shape: {data.shape}.")
        return write(tag=tag, tensor=cast(data, dtypes.float32), step=step, metadata=metadata)


def text(name, data, step=None, description=None) -> Tensor:
    """Write a text summary: a string tensor of any shape, for TensorBoard's text dashboard
    (Markdown).

    Args:
        name: A name for this summary. The summary tag used for TensorBoard will be this name
            prefixed by any active name scopes.
        data: A UTF-8 string Tensor value.
        step: Explicit `int64`-castable monotonic step value for this summary. If omitted, this
            defaults to `tf.summary.experimental.get_step()`, which must not be None.
        description: Optional long-form description for this summary, as a constant `str`.
            Markdown is supported. Defaults to empty.

    Returns:
        True on success, or false if no summary was emitted because no default summary writer was
        available.

    Raises:
        ValueError: if a default writer exists, but no step was provided and
            `tf.summary.experimental.get_step()` is None.
        TypeError: if `data` is not a string tensor.
    """
    metadata = summary_metadata("text", description)
    with summary_scope(name, "text_summary", values=[data, step]) as (tag, _):
        data = data if isinstance(data, Tensor) else convert_to_tensor(data)
        if data.dtype != dtypes.string:
            raise TypeError(f"tensor must be of type {dtypes.string!r}; got {data.dtype!r}")
        return write(tag=tag, tensor=data, step=step, metadata=metadata)
