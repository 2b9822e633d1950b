"""The CTC loss (TensorFlow's python/ops/ctc_ops.py): the CTCLoss op, whose core kernel gives the
loss and its gradient in one pass (csrc/varrt/kernels/ctc_loss.h), tf.compat.v1.nn.ctc_loss over
it, and tf.nn.ctc_loss's (and tf.compat.v1.nn.ctc_loss_v2's) path for SparseTensor labels, which
moves the blank class last as TensorFlow's CPU path does (dense labels: graph/ctc_loss_dense.py). CTCLossV2 is cuDNN's: TensorFlow has no kernel for
it on a CPU, and neither does varrt."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections
from typing import TYPE_CHECKING

from varrt import _C
from varrt.base import dtypes, errors
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, index_ops, math_ops, op_def_lib
from varrt.ops.op_util import check_dtype, error_name, is_tensor_like, op_error, operand, run_core, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

# TensorFlow's generated wrapper returns its outputs as a namedtuple named after the op.
_CTCLossOutput = collections.namedtuple("CTCLoss", ["loss", "gradient"])


@op_def_lib.implements("CTCLoss")
def _raw_ctc_loss(inputs, labels_indices, labels_values, sequence_length, preprocess_collapse_repeated=False,
                  ctc_merge_repeated=True, ignore_longer_outputs_than_inputs=False, name=None):
    """(loss, gradient): the negative log likelihood of each entry's labels (the blank the last
    class) and its gradient with respect to `inputs`, in one op."""
    end = suffix(name, inputs, labels_indices, labels_values, sequence_length)
    # TensorFlow's fast path converts a NumPy `inputs` to T's default, float32 (float64 too).
    x, dtype = operand(inputs, dtypes.float32 if end is None and not is_tensor_like(inputs) else None)
    check_dtype("CTCLoss", dtype, name, end)
    indices, _ = operand(labels_indices, dtypes.int64)
    values, _ = operand(labels_values, dtypes.int32)
    lengths, _ = operand(sequence_length, dtypes.int32)
    return _CTCLossOutput(*run_core(_C.ctc_loss, name, x, indices, values, lengths, bool(preprocess_collapse_repeated),
                                    bool(ctc_merge_repeated), bool(ignore_longer_outputs_than_inputs),
                                    error_name(name, end)))


@op_def_lib.implements("CTCLossV2")
def _raw_ctc_loss_v2(inputs, labels_indices, labels_values, sequence_length, preprocess_collapse_repeated=False,
                     ctc_merge_repeated=True, ignore_longer_outputs_than_inputs=False, name=None):
    """cuDNN's CTC loss: TensorFlow registers it for GPUs only, so on a CPU it is TensorFlow's
    NotFoundError."""
    node = (f"CTCLossV2[ctc_merge_repeated={str(bool(ctc_merge_repeated)).lower()}, "
            f"ignore_longer_outputs_than_inputs={str(bool(ignore_longer_outputs_than_inputs)).lower()}, "
            f"preprocess_collapse_repeated={str(bool(preprocess_collapse_repeated)).lower()}]")
    raise op_error("CTCLossV2", f"Could not find device for node: {{{{node CTCLossV2}}}} = {node}\n"
                                "All kernels registered for op CTCLossV2:\n  <no registered kernels>\n",
                   name, cls=errors.NotFoundError,
                   end=suffix(name, inputs, labels_indices, labels_values, sequence_length))


def ctc_loss(labels, inputs=None, sequence_length=None, preprocess_collapse_repeated=False,
             ctc_merge_repeated=True, ignore_longer_outputs_than_inputs=False, time_major=True,
             logits=None) -> Tensor:
    """tf.compat.v1.nn.ctc_loss: the CTC loss [batch] of SparseTensor `labels` (the blank the last
    class) given `inputs` ([max_time, batch, classes], or batch-major with time_major=False) and
    each entry's `sequence_length`.

    Raises:
        TypeError: If `labels` is not a SparseTensor.
    """
    if not isinstance(labels, SparseTensor):
        raise TypeError("Expected argument `labels` to be a SparseTensor. "
                        f"Received labels={labels} of type: {type(labels).__name__}")
    if logits is not None and inputs is not None:
        raise ValueError("Cannot specify both 'inputs' and 'logits'.")
    inputs = convert_to_tensor(inputs if logits is None else logits)
    if not time_major:
        inputs = array_ops.transpose(inputs, [1, 0, 2])
    orig_dtype = inputs.dtype
    if orig_dtype in (dtypes.float16, dtypes.bfloat16):  # TensorFlow's kernel is float and double only
        inputs = math_ops.cast(inputs, dtypes.float32)
    loss, _ = _raw_ctc_loss(inputs, labels.indices, labels.values, sequence_length,
                            preprocess_collapse_repeated=preprocess_collapse_repeated,
                            ctc_merge_repeated=ctc_merge_repeated,
                            ignore_longer_outputs_than_inputs=ignore_longer_outputs_than_inputs)
    if orig_dtype in (dtypes.float16, dtypes.bfloat16):
        loss = math_ops.cast(loss, orig_dtype)
    return loss


def _blank_last(labels, logits, blank_index):
    """The logits with class `blank_index` moved last and the labels renumbered to match, as
    TensorFlow's _ctc_loss_op_standard and ctc_loss_v2 do (a copy even when it is last already)."""
    logits = array_ops.concat([logits[:, :, :blank_index], logits[:, :, blank_index + 1:],
                               logits[:, :, blank_index:blank_index + 1]], axis=2)
    values = index_ops.where(math_ops.less(labels.values, blank_index), labels.values,
                              math_ops.subtract(labels.values, 1))
    return SparseTensor(labels.indices, values, labels.dense_shape), logits


def _num_classes(logits):
    dim = logits.shape[2] if len(logits.shape) == 3 else None
    return dim if dim is not None else array_ops.shape(logits)[2]


def ctc_loss_v3_sparse(labels, logits, logit_length, logits_time_major, blank_index) -> Tensor:
    """tf.nn.ctc_loss of SparseTensor `labels`: the blank moved last, then the CTCLoss op.

    Raises:
        ValueError: If `blank_index` is None.
    """
    if blank_index is None:
        raise ValueError("Argument `blank_index` must be provided when `labels` is a `SparseTensor`.")
    logits = convert_to_tensor(logits)
    if blank_index < 0:
        blank_index += _num_classes(logits)
    labels, logits = _blank_last(labels, logits, blank_index)
    return ctc_loss(labels, logits, logit_length, time_major=logits_time_major)


def ctc_loss_v2_sparse(labels, logits, logit_length, logits_time_major, blank_index) -> Tensor:
    """tf.compat.v1.nn.ctc_loss_v2 of SparseTensor `labels`: logits copied only when the blank is
    not the last class already.

    Raises:
        ValueError: If `blank_index` is None.
    """
    if blank_index is None:
        raise ValueError("Argument `blank_index` must be provided when labels is a SparseTensor.")
    logits = convert_to_tensor(logits)
    classes = _num_classes(logits)
    if blank_index < 0:
        blank_index += classes
    if blank_index != classes - 1:
        labels, logits = _blank_last(labels, logits, blank_index)
    return ctc_loss(labels, logits, logit_length, time_major=logits_time_major)
