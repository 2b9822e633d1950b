// Public C++ API: varrt::Variable, a handle to a variable resource (TensorFlow's resource
// variable) for C++ programs, with or without Python in the process.
//
//   varrt::Variable v = varrt::Variable::create(varrt::make_tensor({1.0f, 2.0f}));
//   v.assign_add(varrt::make_tensor({1.0f, 1.0f}));
//   v.scatter_add(varrt::make_tensor({1}), varrt::make_tensor({5.0f}));   // {2, 8}
//   varrt::Tensor t = v.read();                     // zero-copy, immutable
//   const float* p = varrt::typed_data<float>(t);   // {2, 8}
//
// Ownership. A Variable is a reference-counted handle: copies refer to the same resource.
// The handle returned by create() *owns* the resource: when its last copy is destroyed, the
// resource is destroyed (DestroyResourceOp: its name is unregistered, its value freed).
// Handles obtained with from_shared_name() *borrow*: they never destroy the resource, and
// once the owner has destroyed it, every operation on them throws FailedPrecondition
// ("Could not find variable ...") and is_initialized() returns false. destroy() destroys the
// resource at once, from any handle. Python Variables follow the same rule (see
// varrt.Variable.from_shared_name), so a variable is shared across C++, C and Python by
// creating it under a shared_name on one side and looking it up on the other.
//
// Values. read() returns a Tensor sharing the variable's buffer (no copy). Updates never
// change a Tensor already read: an update writes in place only when nobody else holds the
// buffer, otherwise it writes a new buffer (copy-on-write). So read tensors are immutable
// snapshots, valid as long as you keep them.
//
// Thread-safety. Every operation may be called from any thread, concurrently with any other
// on the same resource: reads take the variable's lock shared, updates exclusively, so each
// update is atomic (concurrent assign_add calls all count). A single Variable *object* is
// like a std::shared_ptr: copying or reading it concurrently is fine; reassigning the same
// object while another thread uses it is not.
//
// Errors. Failures throw varrt::Error (varrt/core/error.h) with TensorFlow's error code and
// message: InvalidArgument for a wrong dtype or shape (kind() == kValue for assigning an
// incompatible shape, as TensorFlow raises ValueError there), FailedPrecondition for a
// destroyed variable, NotFound for an unknown shared name, AlreadyExists for creating a
// shared name that is taken. A failed operation leaves the value unchanged.
//
// Placement. Every operation is placed on the variable's device and, with placement
// logging on (varrt/api/runtime.h), reported as "Executing op <Op> in device <device>".
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "varrt/core/dtype.h"
#include "varrt/core/shape.h"
#include "varrt/core/tensor.h"

namespace varrt {

// The core's handle object, shared by copies of a Variable (and with Python's Variable when
// both hold the same resource). Opaque here: this header stands alone without the core's
// internal headers, and the core's layout is not part of the API.
class OwnedHandle;

// How a scatter combines each update with the stored element. The values are the C ABI's
// (VARRT_SCATTER_UPDATE ... VARRT_SCATTER_MAX).
enum class ScatterOp : int32_t { kAssign = 0, kAdd = 1, kSub = 2, kMul = 3, kDiv = 4, kMin = 5, kMax = 6 };

struct VariableOptions {
  // A label for messages and Python's `.name` ("Variable" → "Variable:0"); not unique.
  std::string name = "Variable";
  // Where the resource is registered: (container, shared_name). An empty shared_name makes
  // an anonymous variable, reachable only through copies of its handle. "" = "localhost".
  std::string container;
  std::string shared_name;
  // The declared shape; -1 dims (or an unknown-rank PartialShape) accept any size on assign.
  // Unset: exactly the initial value's shape.
  std::optional<PartialShape> shape;
  // A device spec such as "CPU:1" or "/job:localhost/replica:0/task:0/device:CPU:0", resolved
  // as Python's `with varrt.device(...)` (soft placement applies). "" = the calling thread's
  // device scope (DeviceGuard), else CPU:0.
  std::string device;
};

class Variable {
 public:
  // An empty handle; every operation on it throws FailedPrecondition.
  Variable() = default;

  // Creates a variable holding `initial_value` (its dtype is the variable's). The variable
  // may share the tensor's buffer rather than copy it (tensors are immutable once passed).
  // AlreadyExists when options.shared_name is registered already (look it up instead);
  // ValueError-kind InvalidArgument when the value does not fit options.shape.
  static Variable create(const Tensor& initial_value, const VariableOptions& options = VariableOptions());
  // A variable of `dtype` and `shape` initialised to zeros (empty strings).
  static Variable zeros(DType dtype, const Shape& shape, const VariableOptions& options = VariableOptions());
  // A borrowing handle to the variable registered under (container, shared_name), created
  // by this or any other language in the process. NotFound when there is none.
  static Variable from_shared_name(const std::string& shared_name, const std::string& container = "");

  // value = `value` (same dtype; shape compatible with the declared shape).
  void assign(const Tensor& value);
  // value += delta / value -= delta (same dtype and shape; numeric dtypes).
  void assign_add(const Tensor& delta);
  void assign_sub(const Tensor& delta);
  // The current value, sharing the variable's buffer (no copy; immutable).
  Tensor read() const;

  // The scatter family, TensorFlow's ResourceScatter* ops: `indices` (int32 or int64) pick
  // rows of the first dimension; `updates` has shape indices.shape + shape[1:], or is a
  // scalar applied to every picked element. Rows apply in order: duplicate indices
  // accumulate (add, mul, ...) and the last one wins (update). Every index, shape and divisor
  // is checked before anything is written (InvalidArgument, value unchanged).
  void scatter(ScatterOp op, const Tensor& indices, const Tensor& updates);
  void scatter_update(const Tensor& indices, const Tensor& updates) { scatter(ScatterOp::kAssign, indices, updates); }
  void scatter_add(const Tensor& indices, const Tensor& updates) { scatter(ScatterOp::kAdd, indices, updates); }
  void scatter_sub(const Tensor& indices, const Tensor& updates) { scatter(ScatterOp::kSub, indices, updates); }
  // ResourceScatterNd*: indices[..., :k] address slices of the first k dimensions; updates
  // have shape indices.shape[:-1] + shape[k:]. kMul and kDiv are not available here.
  void scatter_nd(ScatterOp op, const Tensor& indices, const Tensor& updates);
  void scatter_nd_update(const Tensor& indices, const Tensor& updates) {
    scatter_nd(ScatterOp::kAssign, indices, updates);
  }
  void scatter_nd_add(const Tensor& indices, const Tensor& updates) { scatter_nd(ScatterOp::kAdd, indices, updates); }
  // The rows `indices` picks (ResourceGather; gather_nd: ResourceGatherNd), as a new tensor.
  Tensor gather(const Tensor& indices) const;
  Tensor gather_nd(const Tensor& indices) const;

  bool is_initialized() const;
  // Destroys the resource now (any handle may; the owner's later release is then a no-op).
  void destroy();

  bool valid() const { return handle_ != nullptr; }
  explicit operator bool() const { return valid(); }
  // True for handles from create() (and their copies): the last of them destroys the resource.
  bool owns_resource() const;
  bool same_resource(const Variable& other) const;

  // Metadata fixed at creation (no op runs). Throw FailedPrecondition on an empty handle.
  DType dtype() const;
  const PartialShape& declared_shape() const;
  const std::string& name() const;         // the creator's label, e.g. "Variable"
  const std::string& container() const;    // "localhost" unless given
  const std::string& shared_name() const;  // "_AnonymousVar<N>" for anonymous variables
  // The full name of the device holding it ("/job:localhost/replica:0/task:0/device:CPU:0");
  // valid for the life of the process.
  const std::string& device() const;

 private:
  // The core's own code (the C ABI, the Python bindings) reaches the handle through
  // VariableAccess (varrt/api/internal/variable_access.h, not installed).
  friend struct VariableAccess;
  explicit Variable(std::shared_ptr<OwnedHandle> handle) : handle_(std::move(handle)) {}
  std::shared_ptr<OwnedHandle> handle_;
};

}  // namespace varrt
