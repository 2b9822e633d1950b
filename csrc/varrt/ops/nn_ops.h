// The neural-network ops with core kernels: Relu, ReluGrad and SparseSoftmaxCrossEntropyWithLogits,
// through the dispatch, with TensorFlow's kernel checks and messages (`name`: the op's name for
// the " name: " part, null for none). Callers check the dtypes against the op table first
// (TensorFlow's attr errors); a dtype without a kernel here is an internal error.
#pragma once

#include <utility>

#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

PlacedTensor Relu(const PlacedTensor& features);
// gradients * (features > 0); TensorFlow's gradient of Relu passes Relu's output as `features`.
PlacedTensor ReluGrad(const PlacedTensor& gradients, const PlacedTensor& features, const char* name);
// (loss, backprop) of logits `features` [batch, classes] and int32/int64 `labels` [batch].
std::pair<PlacedTensor, PlacedTensor> SparseSoftmaxCrossEntropyWithLogits(const PlacedTensor& features,
                                                                          const PlacedTensor& labels,
                                                                          const char* name);

}  // namespace ops
}  // namespace varrt
