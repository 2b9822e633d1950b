// The neural-network ops with core kernels: the activations (Relu, ReluGrad, Relu6, LeakyRelu,
// Sigmoid, Tanh and their *Grad, Elu, Selu, Softplus, Softsign and their *Grad), Softmax and LogSoftmax, BiasAdd and BiasAddGrad, and the cross-entropies
// (SoftmaxCrossEntropyWithLogits, SparseSoftmaxCrossEntropyWithLogits), through the dispatch, with TensorFlow's kernel checks and messages (`name`: the op's name for
// the " name: " part, null for none). Callers check the dtypes against the op table first
// (TensorFlow's attr errors); a dtype without a kernel here is an internal error.
#pragma once

#include <utility>

#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

PlacedTensor Relu(const PlacedTensor& features);
PlacedTensor Relu6(const PlacedTensor& features);
// Attribute "alpha" (a real).
PlacedTensor LeakyRelu(const PlacedTensor& features, double alpha);
PlacedTensor Sigmoid(const PlacedTensor& x);
PlacedTensor Tanh(const PlacedTensor& x);
PlacedTensor Elu(const PlacedTensor& features);
PlacedTensor Selu(const PlacedTensor& features);
PlacedTensor Softplus(const PlacedTensor& features);
PlacedTensor Softsign(const PlacedTensor& features);
// Along the last dimension (rank >= 1: a scalar is TensorFlow's Aborted "Input dims must be <= 5 and >=1").
PlacedTensor Softmax(const PlacedTensor& logits, const char* name);
PlacedTensor LogSoftmax(const PlacedTensor& logits, const char* name);
// Attribute "nchw" (TensorFlow's data_format "NCHW": the bias goes along dimension 1 of rank > 2).
PlacedTensor BiasAdd(const PlacedTensor& value, const PlacedTensor& bias, bool nchw, const char* name);
PlacedTensor BiasAddGrad(const PlacedTensor& out_backprop, bool nchw);
// gradients * (features > 0); TensorFlow's gradient of Relu passes Relu's output as `features`.
PlacedTensor ReluGrad(const PlacedTensor& gradients, const PlacedTensor& features, const char* name);
// ReluGrad and then the Sum of its result over axis 0 (a Dense layer's bias gradient), as varrt's
// graph-internal _FusedReluGradSum (a name of its own: no op of the table, nothing records or calls
// it but a graph's fusion, ops/graph_fusion_matmul.cc): both results from one pass
// (kernels/relu_grad_sum.h), the bits of the two ops. float32 and float64, 2-D operands of one
// shape with at least two rows and two columns; the sum is [n], or [1, n] with `keep_dims`.
std::pair<PlacedTensor, PlacedTensor> FusedReluGradSum(const PlacedTensor& gradients, const PlacedTensor& features,
                                                       bool keep_dims);
// SigmoidGrad and TanhGrad (kernels/activation_grads.h) of Sigmoid's or Tanh's output `y`: the
// output has y's shape; dy needs as many elements (TensorFlow's cwise check).
PlacedTensor SigmoidGrad(const PlacedTensor& y, const PlacedTensor& dy, const char* name);
PlacedTensor TanhGrad(const PlacedTensor& y, const PlacedTensor& dy, const char* name);
// EluGrad at Elu's `outputs` (kernels/activation_grads.h); shapes must be equal (ReluGrad's check).
PlacedTensor EluGrad(const PlacedTensor& gradients, const PlacedTensor& outputs, const char* name);
PlacedTensor SeluGrad(const PlacedTensor& gradients, const PlacedTensor& outputs, const char* name);
PlacedTensor SoftplusGrad(const PlacedTensor& gradients, const PlacedTensor& features, const char* name);
PlacedTensor SoftsignGrad(const PlacedTensor& gradients, const PlacedTensor& features, const char* name);
// (loss, backprop) of logits `features` and probability `labels`, broadcast to one 2-D shape.
std::pair<PlacedTensor, PlacedTensor> SoftmaxCrossEntropyWithLogits(const PlacedTensor& features,
                                                                    const PlacedTensor& labels, const char* name);
// (loss, backprop) of logits `features` [batch, classes] and int32/int64 `labels` [batch].
std::pair<PlacedTensor, PlacedTensor> SparseSoftmaxCrossEntropyWithLogits(const PlacedTensor& features,
                                                                          const PlacedTensor& labels,
                                                                          const char* name);

}  // namespace ops
}  // namespace varrt
