"""`pad_sequences` (keras/src/utils/sequence_utils.py; `tf.keras.utils.pad_sequences` and
`tf.keras.preprocessing.sequence.pad_sequences`): a list of sequences as one NumPy array of
`maxlen` steps, padded with `value` and truncated at the front ("pre") or back ("post")."""
import numpy as np


def _lengths_and_sample_shape(sequences):
    lengths, sample_shape, found = [], (), False
    for x in sequences:
        try:
            lengths.append(len(x))
            if not found and len(x):  # the first non-empty sequence gives the shape of a step
                sample_shape, found = np.asarray(x).shape[1:], True
        except TypeError as e:
            raise ValueError(f"`sequences` must be a list of iterables. Found non-iterable: {str(x)}") from e
    return lengths, sample_shape


def pad_sequences(sequences, maxlen=None, dtype="int32", padding="pre", truncating="pre", value=0.0):
    """Pads (and truncates) `sequences` to a NumPy array of shape `(len(sequences), maxlen, ...)`."""
    if not hasattr(sequences, "__len__"):
        raise ValueError("`sequences` must be iterable.")
    lengths, sample_shape = _lengths_and_sample_shape(sequences)
    if maxlen is None:
        maxlen = np.max(lengths)
    is_dtype_str = np.issubdtype(dtype, np.str_) or np.issubdtype(dtype, np.bytes_)
    if isinstance(value, str) and dtype is not object and not is_dtype_str:
        raise ValueError(f"`dtype` {dtype} is not compatible with `value`'s type: {type(value)}\n"
                         "You should set `dtype=object` for variable length strings.")
    x = np.full((len(sequences), maxlen) + sample_shape, value, dtype=dtype)
    for idx, s in enumerate(sequences):
        if not len(s):
            continue
        if truncating == "pre":
            trunc = s[-maxlen:]
        elif truncating == "post":
            trunc = s[:maxlen]
        else:
            raise ValueError(f'Truncating type "{truncating}" not understood')
        trunc = np.asarray(trunc, dtype=dtype)
        if trunc.shape[1:] != sample_shape:
            raise ValueError(f"Shape of sample {trunc.shape[1:]} of sequence at position {idx} is different from "
                             f"expected shape {sample_shape}")
        if padding == "post":
            x[idx, :len(trunc)] = trunc
        elif padding == "pre":
            x[idx, -len(trunc):] = trunc
        else:
            raise ValueError(f'Padding type "{padding}" not understood')
    return x
