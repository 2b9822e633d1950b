"""`tf.summary.audio` as TensorBoard 2.20's audio plugin writes it
(tensorboard/plugins/audio/summary_v2.py): a [k, 2] string tensor, each row a WAV of one of the
first `max_outputs` clips and an empty label, with the plugin's content saying WAV. Computed on the
host from the clips' value (when the graph runs, in a tf.function)."""
import numpy as np

from varrt.base import dtypes
from varrt.base.errors import InvalidArgumentError
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.summary.plugin_metadata import summary_metadata
from varrt.summary.wav import encode_wav
from varrt.summary.write import summary_scope, write_value

_WAV_CONTENT = b"\x10\x0b"  # AudioPluginData(version=0, encoding=WAV), serialized


def audio(name, data, sample_rate, step=None, max_outputs=3, encoding=None, description=None) -> Tensor:
    """Write an audio summary.

    Args:
        name: A name for this summary. The summary tag used for TensorBoard will be this name
            prefixed by any active name scopes.
        data: A float32 `Tensor` representing audio data with shape `[k, t, c]`, where `k` is the
            number of audio clips, `t` is the number of frames, and `c` is the number of channels.
            Elements should be floating-point values in `[-1.0, 1.0]`.
        sample_rate: An `int` or rank-0 `int32` `Tensor` that represents the sample rate, in Hz.
            Must be positive.
        step: Explicit `int64`-castable monotonic step value for this summary. If omitted, this
            defaults to `tf.summary.experimental.get_step()`, which must not be None.
        max_outputs: Optional `int` or rank-0 integer `Tensor`. At most this many audio clips will
            be emitted at each step.
        encoding: Optional constant `str` for the desired encoding. Only "wav" is supported.
        description: Optional long-form description for this summary, as a constant `str`.
            Markdown is supported. Defaults to empty.

    Returns:
        True on success, or false if no summary was emitted because no default summary writer was
        available.

    Raises:
        ValueError: if a default writer exists, but no step was provided and
            `tf.summary.experimental.get_step()` is None; for an encoding other than "wav"; if
            `data` is not of rank 3.
    """
    if encoding is None:
        encoding = "wav"
    if encoding != "wav":
        raise ValueError("Unknown encoding: %r" % encoding)
    metadata = summary_metadata("audio", description, content=_WAV_CONTENT)
    rate = int(sample_rate.numpy()) if isinstance(sample_rate, Tensor) else int(sample_rate)
    limit = int(max_outputs.numpy()) if isinstance(max_outputs, Tensor) else int(max_outputs)
    with summary_scope(name, "audio_summary", values=[data, sample_rate, max_outputs, step]) as (tag, _):
        def clips():
            value = data if isinstance(data, Tensor) else convert_to_tensor(data)
            rank = value.shape.rank
            if rank is not None and rank != 3:
                raise ValueError(f"Tensor  must have rank 3.  Received rank {rank}, shape {value.shape}")
            if limit < 0:
                raise InvalidArgumentError(None, None, "\nCondition x >= 0 did not hold element-wise:\n"
                                                       f"x (shape=() dtype=int32) = \n{limit}")
            if value.dtype != dtypes.float32:
                raise InvalidArgumentError(None, None, "cannot compute EncodeWav as input #0(zero-based) was expected "
                                                       f"to be a float tensor but is a {dtypes.core_name(value.dtype)} tensor")
            return value

        def encoded(value):
            rows = [[encode_wav(clip, rate), b""] for clip in value[:limit]]
            return constant(np.array(rows, dtype=object).reshape(-1, 2), dtype=dtypes.string)

        return write_value(tag, clips, step=step, metadata=metadata, host_fn=encoded)
