"""CTC decoding: tf.nn.ctc_greedy_decoder (the CTCGreedyDecoder op: per batch entry, the most
likely class at each time step, the first one of a tie, blanks dropped and repeats merged) and
tf.nn.collapse_repeated (written over other ops as TensorFlow's ctc_ops.py writes it)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections
from typing import TYPE_CHECKING

import numpy as np

from varrt import _C
from varrt.base import dtypes, errors
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, math_ops, op_def_lib, reduction_ops, scatter_ops, sequence_ops
from varrt.ops.boolean_mask import boolean_mask
from varrt.ops.op_util import check_dtype, kernel_error, operand, run_outputs

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

CTCGreedyDecoder = collections.namedtuple(
    "CTCGreedyDecoder", ["decoded_indices", "decoded_values", "decoded_shape", "log_probability"])


def _shape_text(shape):
    return "[" + ",".join(map(str, shape)) + "]"


@op_def_lib.implements("CTCGreedyDecoder")
def _raw_ctc_greedy_decoder(inputs, sequence_length, merge_repeated=False, blank_index=-1,
                            name=None) -> CTCGreedyDecoder:
    x, dtype = operand(inputs)
    check_dtype("CTCGreedyDecoder", dtype, name, attr="T")
    lengths, _ = operand(sequence_length, dtypes.int32)
    blank = int(blank_index)

    def kernel(logits, seq_len):
        if logits.ndim != 3:
            raise kernel_error("CTCGreedyDecoder", "inputs is not a 3-Tensor", name, end="")
        if seq_len.ndim != 1:
            raise kernel_error("CTCGreedyDecoder", "sequence_length is not a vector", name, end="")
        max_time, batch, classes = logits.shape
        if seq_len.shape[0] != batch:
            raise kernel_error("CTCGreedyDecoder", f"len(sequence_length) != batch_size.  len(sequence_length):  "
                                                   f"{seq_len.shape[0]} batch_size: {batch}", name, end="",
                               cls=errors.FailedPreconditionError)
        for b in range(batch):
            if not seq_len[b] <= max_time:
                raise kernel_error("CTCGreedyDecoder", f"sequence_length({b}) <= {max_time}", name, end="",
                                   cls=errors.FailedPreconditionError)
        blank_class = classes - 1 if blank < 0 else blank
        log_prob = np.zeros((batch, 1), logits.dtype)
        indices, values = [], []
        for b in range(batch):
            prev, decoded = -1, []
            for t in range(int(seq_len[b])):
                row = logits[t, b]
                best = int(np.argmax(row))
                log_prob[b, 0] += -row[best]
                if best != blank_class and not (merge_repeated and best == prev):
                    decoded.append(best)
                prev = best
            indices += [[b, i] for i in range(len(decoded))]
            values += decoded
        max_len = max((i + 1 for _, i in indices), default=0)
        as_tensor = lambda a: _C.borrowed_tensor(np.ascontiguousarray(a))  # noqa: E731
        return (as_tensor(np.array(indices, np.int64).reshape(-1, 2)), as_tensor(np.array(values, np.int64)),
                as_tensor(np.array([batch, max_len], np.int64)), log_prob)
    return CTCGreedyDecoder(*run_outputs("CTCGreedyDecoder", kernel, (x, lengths), dtype, 4,
                                         attrs={"merge_repeated": bool(merge_repeated), "blank_index": blank}))


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True, blank_index=None) -> tuple:
    """([decoded], log_probabilities): the best path of `inputs` ([max_time, batch, classes]
    logits) as a SparseTensor of class indices, and each entry's negative sum of its maxima."""
    decoded_ix, decoded_val, decoded_shape, log_probabilities = _raw_ctc_greedy_decoder(
        inputs, sequence_length, merge_repeated=merge_repeated, blank_index=-1 if blank_index is None else blank_index)
    return [SparseTensor(decoded_ix, decoded_val, decoded_shape)], log_probabilities


def _sequence_mask(lengths, maxlen):
    """tf.sequence_mask(lengths, maxlen): position < length, row by row."""
    maxlen = convert_to_tensor(maxlen)
    return math_ops.less(sequence_ops.range(maxlen), math_ops.cast(array_ops.expand_dims(lengths, -1), maxlen.dtype))


def _dim(tensor, i):
    """A static dimension if known, else tf.shape's (TensorFlow's _get_dim)."""
    value = tensor.shape[i]
    return value if value is not None else array_ops.shape(tensor)[i]


def collapse_repeated(labels, seq_length, name=None) -> tuple:
    """(labels with repeats merged, new lengths) for [batch, max_len] labels of `seq_length` each."""
    labels = convert_to_tensor(labels)
    seq_length = convert_to_tensor(seq_length)
    label_mask = array_ops.concat([array_ops.ones_like(labels[:, :1], dtypes.bool),
                                   math_ops.not_equal(labels[:, 1:], labels[:, :-1])], axis=1)
    maxlen = _dim(labels, 1)
    label_mask = math_ops.logical_and(label_mask, _sequence_mask(seq_length, maxlen))
    new_seq_len = reduction_ops.reduce_sum(math_ops.cast(label_mask, dtypes.int32), axis=1)
    new_maxlen = reduction_ops.reduce_max(new_seq_len)
    idx_mask = _sequence_mask(new_seq_len, new_maxlen)
    flat_labels = array_ops.reshape(labels, [-1])
    flat_label_mask = array_ops.reshape(label_mask, [-1])
    flat_idx_mask = array_ops.reshape(idx_mask, [-1])
    idx = sequence_ops.range(_dim(flat_idx_mask, 0))
    flat = scatter_ops.scatter_nd(indices=array_ops.expand_dims(boolean_mask(idx, flat_idx_mask), axis=1),
                                  updates=boolean_mask(flat_labels, flat_label_mask),
                                  shape=array_ops.shape(flat_idx_mask))
    batch_size = _dim(labels, 0)
    return array_ops.reshape(flat, array_ops.stack([batch_size, new_maxlen])), math_ops.cast(new_seq_len,
                                                                                          seq_length.dtype)
