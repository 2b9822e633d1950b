// CTCLoss through the dispatch (kernels/ctc_loss.h), with TensorFlow's CTCLossOp checks and messages
// (`name`: the op's name for the " name: " part, null for none). Callers check T (float, double)
// against the op table first.
#pragma once

#include <utility>

#include "varrt/device/device_copy.h"
#include "varrt/kernels/ctc_loss.h"

namespace varrt {
namespace ops {

// (loss [batch], gradient [max_time, batch, classes]) of `inputs` [max_time, batch, classes], the
// labels as a SparseTensor's int64 `labels_indices` [n, 2] and int32 `labels_values` [n], and
// int32 `sequence_length` [batch]; the blank is the last class.
std::pair<PlacedTensor, PlacedTensor> CTCLoss(const PlacedTensor& inputs, const PlacedTensor& labels_indices,
                                              const PlacedTensor& labels_values, const PlacedTensor& sequence_length,
                                              const kernels::CtcLossOptions& options, const char* name);

}  // namespace ops
}  // namespace varrt
