"""A whole LSTM sequence in one op under TensorFlow's names: BlockLSTMV2 (the input, forget, cell
and output gates of every step, their pre-activations' column blocks in that order) and its
gradient BlockLSTMGradV2, BlockLSTM (the blocks ordered input, cell, forget, output, and a forget
bias) and BlockLSTMGrad, run by the core's kernels (csrc/varrt/ops/rnn_ops.h) eagerly and as graph
nodes. Keras's LSTM layer runs its time loop as BlockLSTM when its configuration is that cell's
(layers/lstm.py).

float32 only here (TensorFlow's CPU kernels take half too: a half input raises
UnimplementedError saying so).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt import _C
from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, error_name, is_tensor_like, matching, operand, run_core, suffix

def _float_attr(attr, value):
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError(f"Expected float for argument '{attr}' not {value!r}.")
    return float(value)


def _bool_attr(attr, value):
    if not isinstance(value, bool):
        raise TypeError(f"Expected bool for argument '{attr}' not {value!r}.")
    return value


def _operands(op, seq_len_max, values, name, end):
    """seq_len_max as int64, the others in one dtype (T), checked against the record. TensorFlow's
    fast path checks T, the first tensor's dtype, before the others'."""
    seq, _ = operand(seq_len_max, dtypes.int64)
    first = next((v for v in values if is_tensor_like(v)), None)
    if first is not None:
        check_dtype(op, operand(first)[1], name, end)
    tensors, dtype = matching(op, values, name, first_index=1, end=end)
    check_dtype(op, dtype, name, end)
    return [seq] + tensors


@op_def_lib.implements("BlockLSTMV2")
def block_lstm_v2(seq_len_max, x, cs_prev, h_prev, w, wci, wcf, wco, b, cell_clip=0, use_peephole=False, name=None):
    """The BlockLSTMV2 op as tf.raw_ops takes it: (i, cs, f, o, ci, co, h), each [time, batch, cell]."""
    op = "BlockLSTMV2"
    end = suffix(name, seq_len_max, x, cs_prev, h_prev, w, wci, wcf, wco, b)
    inputs = _operands(op, seq_len_max, (x, cs_prev, h_prev, w, wci, wcf, wco, b), name, end)
    return run_core(_C.block_lstm_v2, name, inputs, _float_attr("cell_clip", cell_clip),
                    _bool_attr("use_peephole", use_peephole), error_name(name, end))


@op_def_lib.implements("BlockLSTMGradV2")
def block_lstm_grad_v2(seq_len_max, x, cs_prev, h_prev, w, wci, wcf, wco, b, i, cs, f, o, ci, co, h, cs_grad,
                       h_grad, use_peephole, name=None):
    """The gradients of BlockLSTMV2: (x_grad, cs_prev_grad, h_prev_grad, w_grad, wci_grad, wcf_grad,
    wco_grad, b_grad)."""
    op = "BlockLSTMGradV2"
    values = (x, cs_prev, h_prev, w, wci, wcf, wco, b, i, cs, f, o, ci, co, h, cs_grad, h_grad)
    end = suffix(name, seq_len_max, *values)
    inputs = _operands(op, seq_len_max, values, name, end)
    return run_core(_C.block_lstm_grad_v2, name, inputs, _bool_attr("use_peephole", use_peephole),
                    error_name(name, end))


@op_def_lib.implements("BlockLSTM")
def block_lstm(seq_len_max, x, cs_prev, h_prev, w, wci, wcf, wco, b, forget_bias=1, cell_clip=3, use_peephole=False,
               name=None):
    """The BlockLSTM op as tf.raw_ops takes it: (i, cs, f, o, ci, co, h), each [time, batch, cell]."""
    op = "BlockLSTM"
    end = suffix(name, seq_len_max, x, cs_prev, h_prev, w, wci, wcf, wco, b)
    inputs = _operands(op, seq_len_max, (x, cs_prev, h_prev, w, wci, wcf, wco, b), name, end)
    return run_core(_C.block_lstm, name, inputs, _float_attr("forget_bias", forget_bias),
                    _float_attr("cell_clip", cell_clip), _bool_attr("use_peephole", use_peephole),
                    error_name(name, end))


@op_def_lib.implements("BlockLSTMGrad")
def block_lstm_grad(seq_len_max, x, cs_prev, h_prev, w, wci, wcf, wco, b, i, cs, f, o, ci, co, h, cs_grad, h_grad,
                    use_peephole, name=None):
    """The gradients of BlockLSTM: (x_grad, cs_prev_grad, h_prev_grad, w_grad, wci_grad, wcf_grad,
    wco_grad, b_grad)."""
    op = "BlockLSTMGrad"
    values = (x, cs_prev, h_prev, w, wci, wcf, wco, b, i, cs, f, o, ci, co, h, cs_grad, h_grad)
    end = suffix(name, seq_len_max, *values)
    inputs = _operands(op, seq_len_max, values, name, end)
    return run_core(_C.block_lstm_grad, name, inputs, _bool_attr("use_peephole", use_peephole),
                    error_name(name, end))
