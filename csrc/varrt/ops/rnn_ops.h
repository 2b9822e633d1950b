// BlockLSTMV2 and BlockLSTMGradV2 (gates i, f, c, o), BlockLSTM and BlockLSTMGrad (i, c, f, o, a
// forget bias) through the dispatch, on kernels/block_lstm.h, with TensorFlow's kernel checks and
// texts (`name`: the op's name for the " name: " part, null for none). float32
// only: a half input raises UnimplementedError saying so. Callers check the dtypes against the op
// table first.
#pragma once

#include <array>

#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

// i, cs, f, o, ci, co, h of seq_len_max (an int64 scalar), x [time, batch, input], cs_prev,
// h_prev [batch, cell], w [input + cell, 4 cell], wci, wcf, wco [cell], b [4 cell].
std::array<PlacedTensor, 7> BlockLSTMV2(const PlacedTensor (&in)[9], double cell_clip, bool use_peephole,
                                        const char* name);
// x_grad, cs_prev_grad, h_prev_grad, w_grad, wci_grad, wcf_grad, wco_grad, b_grad of BlockLSTMV2's
// nine inputs, its seven outputs, cs_grad and h_grad.
// `x_grad_needed` false: x_grad is zeros, not computed (a graph node whose x_grad nothing reads,
// graph_fusion.h).
std::array<PlacedTensor, 8> BlockLSTMGradV2(const PlacedTensor (&in)[18], bool use_peephole, const char* name,
                                            bool x_grad_needed = true);
// The same with z's blocks ordered i, c, f, o and forget_bias added to the forget gate's.
std::array<PlacedTensor, 7> BlockLSTM(const PlacedTensor (&in)[9], double forget_bias, double cell_clip,
                                      bool use_peephole, const char* name);
std::array<PlacedTensor, 8> BlockLSTMGrad(const PlacedTensor (&in)[18], bool use_peephole, const char* name,
                                          bool x_grad_needed = true);

}  // namespace ops
}  // namespace varrt
