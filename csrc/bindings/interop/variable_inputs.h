// Adapting Python values into the tensors the variable ops take: a borrowed ndarray, a
// TensorData, a host value converted by interop/convert.h, and for tensors, Variables and
// other objects the Python layer's convert_to_tensor (registered from
// varrt/framework/tensor.py and variables.py), which owns the rules for tensors.
#pragma once

#include <pybind11/pybind11.h>

#include "interop/tensor.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace bind {

// Bytes above which an update runs without the GIL, so other Python threads progress.
constexpr size_t kReleaseGilBytes = 1 << 16;

// An update's input as a core tensor of `want` (logged as _EagerConst when converted).
Tensor update_input(pybind11::handle value, DType want);
// A Variable's initial value as a tensor on the current device (`dtype` kInvalid: inferred).
PyTensor initial_tensor(pybind11::handle value, DType dtype);

void bind_variable_inputs(pybind11::module_& m);

}  // namespace bind
}  // namespace varrt
