// The variable ops, named as TensorFlow names them. Each goes through Dispatch::run
// (placement, its log line, hooks, a remote task's forwarder) and runs its kernel under the Var's lock.
//
// Errors (varrt::Error): kInvalidArgument for wrong dtypes/shapes, kFailedPrecondition for
// reading an uninitialised or destroyed variable. A failed op leaves the variable unchanged.
#pragma once

#include <string>

#include "varrt/resource/resource_mgr.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace ops {

struct VarHandleAttrs {
  DType dtype = DType::kInvalid;
  PartialShape shape;          // declared shape; unknown dims accept any size
  std::string container;       // "" = ResourceMgr::kDefaultContainer
  std::string shared_name;     // "" = anonymous
  std::string debug_name;      // the Python-visible name, for messages
  const Device* device = nullptr;  // null = placed by the executor
};

// Creates (or, for a shared_name already registered, looks up) a variable resource.
// Looking up with a different dtype or declared shape is an InvalidArgument. `created`, when
// given, says whether this call made the resource (false: it found an existing one).
ResourceHandle VarHandleOp(const VarHandleAttrs& attrs, bool* created = nullptr);
// A handle to the variable registered under (container, shared_name) — VarHandleOp without
// creation, placed (and logged) on the variable's device. NotFound when none is registered
// (never created, or destroyed since), with TensorFlow's ResourceMgr message.
ResourceHandle LookupVarHandleOp(const std::string& container, const std::string& shared_name);

// Replaces the value. The dtype must equal the variable's; the shape must be compatible
// with the declared shape (else a kValue error with TensorFlow's Python-layer message). Reuses the current buffer when nobody else holds it and the
// size matches (no allocation); shares `value`'s buffer when that is owned and immutable.
void AssignVariableOp(const ResourceHandle& handle, const Tensor& value);
// value += delta / value -= delta; equal shapes, numeric dtypes. In place unless a reader
// holds the buffer, then into a new buffer (one pass, no separate copy).
void AssignAddVariableOp(const ResourceHandle& handle, const Tensor& delta);
void AssignSubVariableOp(const ResourceHandle& handle, const Tensor& delta);

// The current value, sharing the variable's buffer (copy-on-write keeps it unchanged).
Tensor ReadVariableOp(const ResourceHandle& handle);
bool VarIsInitializedOp(const ResourceHandle& handle);
// Unregisters and marks the variable destroyed. The memory goes when the last handle does.
void DestroyResourceOp(const ResourceHandle& handle);

// A host value becoming a tensor on the current device (dispatched: placed, logged, seen by
// hooks; the caller converts or borrows the value itself, for inputs consumed within the call).
const Device& EagerConstInPlace();

}  // namespace ops
}  // namespace varrt
