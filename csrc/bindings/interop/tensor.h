// PyTensor: what a Python varrt.Tensor holds — a core Tensor and the device it lives on.
#pragma once

#include "varrt/device/device.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace bind {

struct PyTensor {
  Tensor tensor;
  const Device* device = nullptr;
};

}  // namespace bind
}  // namespace varrt
