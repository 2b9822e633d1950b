"""The gradients of BlockLSTM and BlockLSTMV2, as TensorFlow's rnn_grad.py (_block_lstm_grad)
defines them: BlockLSTMGrad of the op's inputs and outputs and the gradients of its cs and h
outputs (those of i, f, o, ci and co do not enter). TensorFlow registers that one function for
both ops, so BlockLSTMV2's gradient runs BlockLSTMGrad too, which reads the gates' blocks in
BlockLSTM's order (input, cell, forget, output): varrt's does the same (Keras's layer runs
BlockLSTM, layers/lstm.py). An output no gradient reaches counts as zeros. The gradient ops have
no gradient (TensorFlow registers none)."""
from varrt.ops import array_ops, rnn_ops
from varrt.ops.gradients.registry import RegisterGradient


def _block_lstm_grad(op, *grads):
    seq_len_max, x, cs_prev, h_prev, w, wci, wcf, wco, b = op.inputs
    i, cs, f, o, ci, co, h = op.outputs
    cs_grad = grads[1] if grads[1] is not None else array_ops.zeros_like(cs)
    h_grad = grads[6] if grads[6] is not None else array_ops.zeros_like(h)
    x_grad, cs_prev_grad, h_prev_grad, w_grad, wci_grad, wcf_grad, wco_grad, b_grad = rnn_ops.block_lstm_grad(
        seq_len_max, x, cs_prev, h_prev, w, wci, wcf, wco, b, i, cs, f, o, ci, co, h, cs_grad, h_grad,
        use_peephole=bool(op.get_attr("use_peephole")))
    return None, x_grad, cs_prev_grad, h_prev_grad, w_grad, wci_grad, wcf_grad, wco_grad, b_grad


RegisterGradient("BlockLSTM")(_block_lstm_grad)
RegisterGradient("BlockLSTMV2")(_block_lstm_grad)
