// The softmax cross-entropy kernels, after TensorFlow's CPU kernels (sparse_xent_op.h, xent_op.h):
// per row of logits, shifted = logits - max(logits), sum = sum(exp(shifted)),
//   sparse: loss = log(sum) - shifted[label],            backprop = exp(shifted) / sum - (j == label)
//   dense:  loss = sum(labels * (log(sum) - shifted)),    backprop = exp(shifted) / sum - labels
// (dense: a label of 0 beside a logit of -inf gives NaN, as TensorFlow's 0 * inf does)
// in the logits' precision (float for the 16-bit floats, rounded once at the end, as varrt's
// other half-type kernels do). exp and log are the C library's, which may differ from Eigen's
// vectorised ones in the last bit.
#pragma once

#include <cstdint>

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

// float, double, half, bfloat16: the T of TensorFlow's softmax ops.
bool softmax_supported(DType dtype);
// TensorFlow's label check: false when a label is outside [0, depth), with the value its message
// names in `bad` (the smallest label when one is negative, else the largest).
bool labels_in_range(const Tensor& labels, int64_t depth, int64_t* bad);
// features [batch, depth], labels [batch] (int32 or int64, in range); loss [batch], backprop like features.
void sparse_softmax_xent(const Tensor& features, const Tensor& labels, const Tensor& loss, const Tensor& backprop);
// features and labels [batch, depth] of one dtype; loss [batch], backprop like features.
void softmax_xent(const Tensor& features, const Tensor& labels, const Tensor& loss, const Tensor& backprop);

}  // namespace kernels
}  // namespace varrt
