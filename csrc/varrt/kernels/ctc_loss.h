// The CTC loss of TensorFlow's CTCLoss CPU kernel (core/util/ctc/ctc_loss_calculator.h): per batch
// entry, the softmax of its logits, the forward and backward variables in log space, the negative
// log likelihood of its label sequence and the gradient with respect to the logits (Graves's
// thesis, Eq 7.9, 7.15, 7.26, 7.28), with the blank the last class. As TensorFlow does, the
// log-sum-exp and the gradient's exp are the float functions (log1pf, expf) in double too.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

struct CtcLossOptions {
  bool preprocess_collapse_repeated = false;
  bool ctc_merge_repeated = true;
  bool ignore_longer_outputs_than_inputs = false;
};

// inputs [max_time, batch, classes] (float or double), labels[b] the label values of entry b,
// seq_len [batch]; fills loss [batch] and gradient (inputs' shape, zero past each sequence).
// Returns TensorFlow's InvalidArgument message for a bad length or label, else "".
std::string ctc_loss(const Tensor& inputs, const std::vector<std::vector<int>>& labels, const int32_t* seq_len,
                     const CtcLossOptions& options, const Tensor& loss, const Tensor& gradient);

}  // namespace kernels
}  // namespace varrt
