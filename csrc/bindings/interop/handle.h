// The OwnedHandle a Python VarHandle (or Variable) instance holds.
#pragma once

#include <pybind11/pybind11.h>

#include "varrt/ops/owned_handle.h"

namespace varrt {
namespace bind {

// `self`'s handle. TypeError when `self` is no VarHandle; FailedPrecondition when its
// __init__ never ran (`Variable.__new__(Variable)`): pybind11 would hand out uninitialised
// memory as `const OwnedHandle&` for such an object, so bindings take py::handle and come here.
const OwnedHandle& handle_of(pybind11::handle self);

}  // namespace bind
}  // namespace varrt
