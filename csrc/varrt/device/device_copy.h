// Tensors crossing devices. Each device has its own allocator, so a tensor lives on the
// device whose allocator owns its buffer. When an op placed on device B takes an input that
// lives on device A, the input is copied into B's memory first (what TensorFlow's eager
// runtime does for inputs on another device); the copy is not logged, as in TensorFlow.
//
// Where it happens: the core's own ops copy their inputs here (the variable update kernels
// via to_device, AssignVariableOp by writing into the variable's memory); ops given their
// inputs' devices (OpCall::input_devices: the Python layer's ops) get them moved by Dispatch::run.
// Identity, the op that is nothing but this copy, is an op like any other: ops/identity.h.
#pragma once

#include "varrt/device/device.h"
#include "varrt/core/tensor.h"

namespace varrt {

struct PlacedTensor {
  Tensor tensor;
  const Device* device = nullptr;
};

// `t` itself when it already lives on `dst` (or borrows host memory the caller keeps
// alive for the op), else a copy in `dst`'s memory.
Tensor to_device(const Tensor& t, const Device& dst);

}  // namespace varrt
