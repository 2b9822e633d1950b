// OwnedHandle: a handle whose owner destroys the resource when it goes away, as
// TensorFlow's EagerResourceDeleter does for eager variables. A Python Variable (and the
// "UnreadVariable" results of its assigns) share one OwnedHandle, so DestroyResourceOp
// runs (and is logged) exactly once, when the last of them is collected.
#pragma once

#include "varrt/resource/resource_mgr.h"
#include "varrt/ops/variable_ops.h"

namespace varrt {

class OwnedHandle {
 public:
  OwnedHandle(ResourceHandle handle, bool destroy_on_release)
      : handle_(std::move(handle)), destroy_(destroy_on_release) {}
  OwnedHandle(const OwnedHandle&) = delete;
  OwnedHandle& operator=(const OwnedHandle&) = delete;
  ~OwnedHandle() {
    if (!destroy_) return;
    try {
      ops::DestroyResourceOp(handle_);
    } catch (...) {
      // Destruction must not throw (it may run during interpreter shutdown).
    }
  }
  const ResourceHandle& handle() const { return handle_; }
  bool destroys_on_release() const { return destroy_; }

 private:
  ResourceHandle handle_;
  bool destroy_;
};

}  // namespace varrt
