"""`tf.strings.split` (TensorFlow's string_split_v2, the StringSplitV2 op): each string split on
`sep` (or on runs of ASCII whitespace, leading and trailing whitespace dropped, when `sep` is
None or empty) at most `maxsplit` times, into a RaggedTensor with one more ragged dimension;
`tf.strings.bytes_split` (StringSplit with an empty delimiter): each string into its bytes."""
import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.ops.ragged import ragged_checks
from varrt.ops.ragged.ragged_tensor import RaggedTensor


def _pieces(strings, sep, maxsplit):
    """Each bytes string's pieces (Python's bytes.split has StringSplitV2's rules)."""
    return [s.split(sep, maxsplit) if sep else s.split(None, maxsplit) for s in strings]


def _split_flat(flat, sep, maxsplit, pieces_of=_pieces):
    """The 1-D string tensor `flat` split: a ragged_rank-1 RaggedTensor of its pieces."""
    pieces = pieces_of(ragged_checks.eager_numpy(flat, "input").tolist(), sep, maxsplit)
    lengths = np.array([len(p) for p in pieces], np.int64)
    values = np.empty(int(lengths.sum()), dtype=object)
    values[:] = [piece for p in pieces for piece in p]
    splits = np.concatenate([np.zeros(1, np.int64), np.cumsum(lengths)])
    return RaggedTensor._from_splits_array(constant(values, dtype=dtypes.string), splits, dtypes.int64)


def split(input, sep=None, maxsplit=-1, name=None) -> "RaggedTensor | Tensor":  # noqa: A002 - TensorFlow's names
    """Splits each string of `input` (a string Tensor or RaggedTensor) on `sep` (None: ASCII
    whitespace), at most `maxsplit` times (-1: no limit): a RaggedTensor with one more ragged
    dimension (a 1-D Tensor of the pieces for a scalar)."""
    if sep is not None:
        sep_value = convert_to_tensor(sep, dtype=dtypes.string).numpy()
        sep = sep_value if isinstance(sep_value, bytes) else sep_value.item()
    if isinstance(input, RaggedTensor):
        if input.dtype != dtypes.string:
            raise TypeError(f"Cannot convert {input!r} to EagerTensor of dtype string")
        return input.with_flat_values(split(input.flat_values, sep, maxsplit))
    tensor = convert_to_tensor(input, dtype=dtypes.string)
    rank = tensor.shape.rank
    if rank == 0:
        return split(tensor[None], sep, maxsplit).values
    if rank == 1:
        return _split_flat(tensor, sep, maxsplit)
    ragged = RaggedTensor.from_tensor(tensor, ragged_rank=rank - 1)
    return ragged.with_flat_values(_split_flat(ragged.flat_values, sep, maxsplit))


def _bytes(strings, sep, maxsplit):
    """Each bytes string's single bytes."""
    return [[s[i:i + 1] for i in range(len(s))] for s in strings]


def bytes_split(input, name=None) -> "RaggedTensor | Tensor":  # noqa: A002 - TensorFlow's names
    """Each string of `input` (a string Tensor or RaggedTensor) split into its bytes
    (tf.strings.bytes_split): a RaggedTensor with one more ragged dimension (a 1-D Tensor of the
    bytes for a scalar)."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(bytes_split(input.flat_values))
    # TensorFlow converts the input as it is, then its op the tensor to a string one (whose error
    # names the tensor).
    tensor = convert_to_tensor(convert_to_tensor(input), dtype=dtypes.string)
    rank = tensor.shape.rank
    if rank == 0:
        return bytes_split(tensor[None])[0]
    if rank == 1:
        return _split_flat(tensor, None, -1, _bytes)
    return bytes_split(RaggedTensor.from_tensor(tensor))
