// A whole LSTM sequence over float32 buffers: TensorFlow's BlockLSTMV2 and BlockLSTMGradV2 (z's
// four column blocks in Keras's order: input, forget, cell, output) and BlockLSTM and
// BlockLSTMGrad (input, cell, forget, output, and a forget bias), the cell
//   z = x_t @ W + h_{t-1} @ U + b,  i = sigmoid(z_i [+ wci * cs_{t-1}]),
//   f = sigmoid(z_f + forget_bias [+ wcf * cs_{t-1}]),
//   ci = tanh(z_c),  cs_t = f * cs_{t-1} + i * ci (clipped to +-cell_clip when that is > 0),
//   o = sigmoid(z_o [+ wco * cs_t]),  co = tanh(cs_t),  h_t = o * co
// where w = [W; U] is [input + cell, 4 cell] (the bracketed peephole terms with use_peephole).
//
// Why it is one kernel: the products with W do not depend on the state, so they run as one
// product over every step (forward: x @ W; backward: dz @ W^T and x^T @ dz, and h^T @ dz for
// U), and the batch's rows are independent through the recurrence, so the per-step products
// with U and the gates run on the thread pool, each thread a block of rows for all steps, with
// no synchronisation between steps.
//
// The forward values are those of Keras's step (keras/src/layers/rnn/lstm.py, implementation 2)
// written as separate ops: (x_t @ W + h @ U) + b, TensorFlow's float32 sigmoid and tanh
// (kernels/tensorflow_float_activations.h, each gate as one [batch, cell] tensor), f * cs + i * ci,
// o * tanh(cs). The gradient's per-element arithmetic is that of those ops' gradients; its sums
// over steps and rows (the weights' and the bias's) are single products and sums, not one per step.
// The caller checks the shapes (ops/rnn_ops.cc).
#pragma once

#include <cstdint>

namespace varrt {
namespace kernels {

struct LstmGeometry {
  int64_t time = 0, batch = 0, input = 0, cell = 0;
  int64_t steps = 0;  // the steps run (seq_len_max, <= time); later steps' outputs are zeros
};

struct LstmParams {
  const float* w = nullptr;  // [input + cell, 4 cell]
  const float* wci = nullptr;
  const float* wcf = nullptr;
  const float* wco = nullptr;  // [cell] each
  const float* b = nullptr;    // [4 cell]
  bool use_peephole = false;
  bool icfo = false;         // z's blocks ordered input, cell, forget, output (BlockLSTM's); else i, f, c, o
  float forget_bias = 0.0f;  // BlockLSTM's; BlockLSTMV2 has none
};

// The forward pass: x [time, batch, input], cs_prev and h_prev [batch, cell]; i, cs, f, o, ci, co,
// h [time, batch, cell] written.
void block_lstm(const LstmGeometry& g, const LstmParams& p, float cell_clip, const float* x, const float* cs_prev,
                const float* h_prev, float* i, float* cs, float* f, float* o, float* ci, float* co, float* h);

// The gradients from the forward pass's outputs and the gradients of cs and h ([time, batch,
// cell]): x_grad [time, batch, input], cs_prev_grad and h_prev_grad [batch, cell], w_grad like w,
// wci_grad, wcf_grad, wco_grad [cell] (zeros without peephole), b_grad [4 cell].
struct LstmGradOutputs {
  float* x_grad = nullptr;
  float* cs_prev_grad = nullptr;
  float* h_prev_grad = nullptr;
  float* w_grad = nullptr;
  float* wci_grad = nullptr;
  float* wcf_grad = nullptr;
  float* wco_grad = nullptr;
  float* b_grad = nullptr;
  // False when nothing reads x_grad (a graph's node whose output 0 has no reader): x_grad is then
  // zeros, and its product (a sixth of the work) is not computed.
  bool x_grad_needed = true;
};
void block_lstm_grad(const LstmGeometry& g, const LstmParams& p, const float* x, const float* cs_prev,
                     const float* h_prev, const float* i, const float* cs, const float* f, const float* o,
                     const float* ci, const float* co, const float* h, const float* cs_grad, const float* h_grad,
                     const LstmGradOutputs& out);

}  // namespace kernels
}  // namespace varrt
