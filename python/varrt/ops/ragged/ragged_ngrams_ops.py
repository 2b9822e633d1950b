"""`tf.strings.ngrams` (TensorFlow's ragged_string_ops.ngrams over the StringNGrams op): the
n-grams of each row of strings joined with `separator`, padded at both ends with `pad_values`
(`padding_width` of them, or width - 1), for each width in turn; a short row can give one n-gram
of all it has (`preserve_short_sequences`). The kernel is core/kernels/string_ngrams_op.cc's
loop, on the row splits of a ragged_rank-1 tensor."""
import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant
from varrt.ops import array_ops
from varrt.ops.ragged import ragged_checks
from varrt.ops.ragged.ragged_tensor import RaggedTensor, convert_to_tensor_or_ragged


def _as_bytes(s):
    return s.encode() if isinstance(s, str) else bytes(s)


def string_n_grams(data, splits, separator, widths, left_pad, right_pad, pad_width, preserve_short):
    """StringNGrams' kernel on host values: (ngrams, their row splits) of the rows
    data[splits[i]:splits[i + 1]] of byte strings (Keras's TextVectorization reads it too)."""
    def pad_of(width):
        return min(width - 1 if pad_width < 0 else pad_width, width - 1)

    def count(length, width):
        return max(0, length + 2 * pad_of(width) - width + 1)

    def grams(row, num, width):
        pad = pad_of(width)
        out = []
        for k in range(num):
            left = max(0, pad - k)
            right = max(0, pad - (num - (k + 1)))
            tokens = width - (left + right)
            start = 0 if left > 0 else k - pad
            out.append(separator.join([left_pad] * left + row[start:start + tokens] + [right_pad] * right))
        return out

    if not data:
        # The kernel returns no n-grams for no strings, padding or not (its splits all zeros).
        return [], [0] * len(splits)
    values, out_splits = [], [0]
    for i in range(len(splits) - 1):
        row = data[splits[i]:splits[i + 1]]
        made = []
        for width in widths:
            made += grams(row, count(len(row), width), width)
        if preserve_short and not made and row:
            # Padding is fixed here: a dynamic padding would have given every row an n-gram.
            made = grams(row, 1, len(row) + 2 * pad_width)
        values += made
        out_splits.append(len(values))
    return values, out_splits


def ngrams(data, ngram_width, separator=" ", pad_values=None, padding_width=None,
           preserve_short_sequences=False, name=None) -> "RaggedTensor | Tensor":
    """The n-grams of the strings along the last dimension of `data` (tf.strings.ngrams): a
    Tensor for a dense input, a RaggedTensor for a ragged one."""
    if pad_values is None:
        left_pad = right_pad = ""
    elif isinstance(pad_values, (list, tuple)):
        if not isinstance(pad_values[0], (bytes, str)) or not isinstance(pad_values[1], (bytes, str)):
            raise TypeError("pad_values must be a string, tuple of strings, or None.")
        left_pad, right_pad = pad_values[0], pad_values[1]
    else:
        if not isinstance(pad_values, (bytes, str)):
            raise TypeError("pad_values must be a string, tuple of strings, or None.")
        left_pad = right_pad = pad_values
    if padding_width is not None and padding_width < 1:
        raise ValueError("padding_width must be greater than 0.")
    if padding_width is not None and pad_values is None:
        raise ValueError("pad_values must be provided if padding_width is set.")

    data = convert_to_tensor_or_ragged(data, dtype=dtypes.string)
    dense_shape = None
    if isinstance(data, Tensor):
        if data.shape.rank is None:
            raise ValueError("Rank of data must be known.")
        if data.shape.rank == 0:
            raise ValueError("Data must have rank>0")
        if data.shape.rank == 1:
            rows = RaggedTensor.from_row_starts(data, constant(np.zeros(1, np.int64)), validate=False)
            return ngrams(rows, ngram_width, separator, pad_values, padding_width, preserve_short_sequences,
                          name)[0]
        dense_shape = list(data.shape[:-1]) + [-1]
        data = RaggedTensor.from_tensor(data, ragged_rank=data.shape.rank - 1)

    if data.ragged_rank > 1:
        output = data.with_values(ngrams(data.values, ngram_width, separator, pad_values, padding_width,
                                         preserve_short_sequences, name))
        return array_ops.reshape(output.flat_values, dense_shape) if dense_shape else output

    if pad_values is None:
        padding_width = 0
    if pad_values is not None and padding_width is None:
        padding_width = -1
    widths = list(ngram_width) if isinstance(ngram_width, (list, tuple)) else [ngram_width]
    for width in widths:
        if width < 1:
            raise ValueError(f"All ngram_widths must be greater than 0. Got {ngram_width}")

    values, splits = string_n_grams(ragged_checks.eager_numpy(data.flat_values, "data").tolist(),
                                     ragged_checks.eager_numpy(data.row_splits, "data_splits").tolist(),
                                     _as_bytes(separator), [int(w) for w in widths], _as_bytes(left_pad),
                                     _as_bytes(right_pad), int(padding_width), bool(preserve_short_sequences))
    flat = np.empty(len(values), dtype=object)
    flat[:] = values
    output = RaggedTensor._from_splits_array(constant(flat, dtype=dtypes.string), splits, data.row_splits.dtype)
    return array_ops.reshape(output.flat_values, dense_shape) if dense_shape else output
