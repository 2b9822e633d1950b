// Internal, not installed: the bridge from the public varrt::Variable to the core's handle,
// for the C++ API's own sources, the C ABI and the Python bindings. The public header keeps
// the handle opaque so that it stands alone; code built with the core sees it here.
#pragma once

#include <memory>

#include "varrt/api/variable.h"
#include "varrt/ops/owned_handle.h"

namespace varrt {

struct VariableAccess {
  // The core handle; FailedPrecondition for an empty Variable.
  static const ResourceHandle& handle(const Variable& v);
  // The shared handle object (null for an empty Variable), e.g. for a Python Variable to hold.
  static const std::shared_ptr<OwnedHandle>& owned_handle(const Variable& v) { return v.handle_; }
  // A Variable sharing an existing handle object (e.g. a Python Variable's).
  static Variable wrap(std::shared_ptr<OwnedHandle> handle) { return Variable(std::move(handle)); }
  // A Variable over a core handle; `owns` = destroy the resource when the last copy goes.
  static Variable wrap(ResourceHandle handle, bool owns) {
    return Variable(std::make_shared<OwnedHandle>(std::move(handle), owns));
  }
};

}  // namespace varrt
