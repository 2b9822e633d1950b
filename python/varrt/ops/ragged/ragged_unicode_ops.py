"""tf.strings' Unicode ops returning or taking ragged tensors (TensorFlow's ragged_string_ops.py):
`unicode_decode` (with offsets), `unicode_split` (with offsets) and `unicode_encode`, with
TensorFlow's ranks: a scalar's code points are a Tensor, a vector's a RaggedTensor with one more
ragged dimension, higher ranks ragged in every dimension but the last. The kernels, on flat
string vectors and rows of code points, are ops/unicode_ops.py's."""
import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant
from varrt.ops import array_ops
from varrt.ops.ragged.ragged_array_ops import expand_dims
from varrt.ops.ragged.ragged_tensor import RaggedTensor, convert_to_tensor_or_ragged
from varrt.ops.unicode_ops import unicode_decode_op, unicode_encode_op


def _unicode_decode(input, input_encoding, errors, replacement_char,  # noqa: A002 - TensorFlow's names
                    replace_control_characters, with_offsets):
    """TensorFlow's _unicode_decode: the flat strings decoded by the op, then given the input's
    ragged partitions."""
    input = convert_to_tensor_or_ragged(input)  # noqa: A001
    ndims = input.shape.rank
    if ndims is None:
        raise ValueError("Rank of `input` must be statically known.")
    if ndims > 1:
        if not isinstance(input, RaggedTensor):
            input = RaggedTensor.from_tensor(input, ragged_rank=ndims - 1)  # noqa: A001
        elif input.ragged_rank < ndims - 1:
            input = input.with_flat_values(RaggedTensor.from_tensor(  # noqa: A001
                input.flat_values, ragged_rank=ndims - input.ragged_rank - 1))
    flat = array_ops.reshape(input.flat_values if isinstance(input, RaggedTensor) else input, [-1])
    splits, points, offsets = unicode_decode_op(flat, input_encoding, errors, replacement_char,
                                                replace_control_characters, with_offsets)
    results = [points, offsets] if with_offsets else [points]
    if ndims > 0:
        results = [RaggedTensor._from_splits_array(r, splits.numpy(), dtypes.int64) for r in results]
        if ndims > 1:
            results = [input.with_flat_values(r) for r in results]
    return tuple(results) if with_offsets else results[0]


def unicode_decode(input, input_encoding, errors="replace", replacement_char=0xFFFD,  # noqa: A002
                   replace_control_characters=False, name=None) -> "RaggedTensor | Tensor":
    """The Unicode code points (int32) of each string of `input` decoded from `input_encoding`
    (tf.strings.unicode_decode): a Tensor for a scalar, a RaggedTensor with one more ragged
    dimension otherwise. Malformed input raises (errors="strict"), is dropped ("ignore") or
    becomes `replacement_char` ("replace"); C0 controls can be replaced too."""
    return _unicode_decode(input, input_encoding, errors, replacement_char, replace_control_characters,
                           False)


def unicode_decode_with_offsets(input, input_encoding, errors="replace", replacement_char=0xFFFD,  # noqa: A002
                                replace_control_characters=False,
                                name=None) -> "tuple[RaggedTensor | Tensor, RaggedTensor | Tensor]":
    """unicode_decode's code points and the byte offset (int64) where each character starts
    (tf.strings.unicode_decode_with_offsets)."""
    return _unicode_decode(input, input_encoding, errors, replacement_char, replace_control_characters,
                           True)


def unicode_split(input, input_encoding, errors="replace", replacement_char=0xFFFD,  # noqa: A002
                  name=None) -> "RaggedTensor | Tensor":
    """Each string of `input` split into its characters, each a string in `input_encoding`
    (tf.strings.unicode_split)."""
    points = _unicode_decode(input, input_encoding, errors, replacement_char, False, False)
    return unicode_encode(_expand_last(points), input_encoding, errors, replacement_char)


def unicode_split_with_offsets(input, input_encoding, errors="replace", replacement_char=0xFFFD,  # noqa: A002
                               name=None) -> "tuple[RaggedTensor | Tensor, RaggedTensor | Tensor]":
    """unicode_split's characters and the byte offset (int64) where each starts
    (tf.strings.unicode_split_with_offsets)."""
    points, offsets = _unicode_decode(input, input_encoding, errors, replacement_char, False, True)
    return unicode_encode(_expand_last(points), input_encoding, errors, replacement_char), offsets


def _expand_last(x):
    return expand_dims(x, -1) if isinstance(x, RaggedTensor) else array_ops.expand_dims(x, -1)


def unicode_encode(input, output_encoding, errors="replace", replacement_char=65533,  # noqa: A002
                   name=None) -> "Tensor | RaggedTensor":
    """Each row of code points of `input` (int32, rank >= 1, its last dimension the characters)
    as one string in `output_encoding` (tf.strings.unicode_encode): a result of one rank less."""
    input_tensor = convert_to_tensor_or_ragged(input)
    ndims = input_tensor.shape.rank
    if ndims is None:
        raise ValueError("Rank of input_tensor must be statically known.")
    if isinstance(input_tensor, RaggedTensor):
        if input_tensor.flat_values.shape.rank > 1:
            return input_tensor.with_flat_values(
                unicode_encode(input_tensor.flat_values, output_encoding, errors, replacement_char))
        if input_tensor.ragged_rank > 1:
            return input_tensor.with_values(
                unicode_encode(input_tensor.values, output_encoding, errors, replacement_char))
        return unicode_encode_op(input_tensor.values, input_tensor.row_splits, output_encoding, errors, replacement_char)
    if ndims == 2:
        return unicode_encode(RaggedTensor.from_tensor(input_tensor), output_encoding, errors, replacement_char)
    if ndims > 2:
        flat = array_ops.reshape(input_tensor, [-1, input_tensor.shape[-1]])
        return array_ops.reshape(unicode_encode(flat, output_encoding, errors, replacement_char),
                                 input_tensor.shape[:-1])
    if ndims == 0:
        raise ValueError("input_tensor's rank must be at least 1.")
    rows = RaggedTensor.from_row_splits(input_tensor, constant(np.array([0, input_tensor.shape[0]], np.int32)),
                                        validate=False)
    return array_ops.reshape(unicode_encode(rows, output_encoding, errors, replacement_char), [])
