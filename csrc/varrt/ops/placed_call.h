// An op over placed inputs through the dispatch, for the ops whose C++ entry takes PlacedTensors
// (array_ops.h, nn_ops.h): inputs living elsewhere are moved to the op's device, the kernel fills
// `outputs`, and the op's device comes back for the results.
#pragma once

#include <utility>

#include "varrt/device/device_copy.h"
#include "varrt/ops/dispatch.h"

namespace varrt {
namespace ops {

template <int N, class Kernel>
const Device* run_placed(const char* op, const PlacedTensor (&in)[N], const OpAttr* attrs, int num_attrs,
                         Tensor* outputs, int num_outputs, Kernel&& kernel) {
  Tensor inputs[N];
  const Device* devices[N];
  for (int i = 0; i < N; ++i) {
    inputs[i] = in[i].tensor;
    devices[i] = in[i].device;
  }
  OpCall call(op, inputs, N);
  call.input_devices = devices;
  call.attrs = attrs;
  call.num_attrs = num_attrs;
  call.outputs = outputs;
  call.num_outputs = num_outputs;
  auto k = std::forward<Kernel>(kernel);  // the dispatch keeps a pointer to a kernel object
  Dispatch::run(call, std::move(k));
  return call.device;
}

}  // namespace ops
}  // namespace varrt
