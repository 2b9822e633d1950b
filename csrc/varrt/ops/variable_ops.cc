#include "varrt/ops/variable_ops.h"

#include <mutex>
#include <optional>
#include <shared_mutex>

#include "varrt/core/copy.h"
#include "varrt/device/device_copy.h"
#include "varrt/core/error.h"
#include "varrt/kernels/elementwise.h"
#include "varrt/ops/dispatch.h"
#include "varrt/resource/prepare_to_update.h"
#include "varrt/resource/var_access.h"
#include "varrt/tf/messages.h"
#include "varrt/tf/type_names.h"

namespace varrt {
namespace ops {
namespace {

const std::string& container_or_default(const std::string& c) {
  static const std::string kDefault = ResourceMgr::kDefaultContainer;
  return c.empty() ? kDefault : c;
}

// A resource op's call: the resource input, run where the resource lives.
OpCall resource_call(const char* op, const ResourceHandle& handle, Var* var, Tensor* inputs, int num_inputs) {
  OpCall call(op, inputs, num_inputs);
  call.resource = &handle;
  call.colocate = var != nullptr ? var->device() : nullptr;
  return call;
}

template <void (*Kernel)(DType, const void*, const void*, void*, int64_t),
          void (*ToNew)(DType, const void*, const void*, void*, int64_t)>
void update_kernel(const char* op, const ResourceHandle& handle, Var* var, const Device& device, const Tensor& input) {
  if (!dtype_is_numeric(var->dtype())) {
    throw_error(Code::kInvalidArgument, tf::no_kernel_error(op, var->dtype(), ""));
  }
  std::unique_lock<std::shared_mutex> lock(var->mu());
  require_initialized(*var, handle);
  Tensor& current = var->tensor();
  if (input.dtype() != var->dtype()) {
    throw_error(Code::kInvalidArgument,
                tf::kernel_error(op, device.name, "DType of variable handle and value does not match.", ""));
  }
  if (current.shape() != input.shape()) {
    throw_error(Code::kInvalidArgument,
                tf::kernel_error(op, device.name,
                                 "Cannot update variable with shape " + current.shape().debug_string() +
                                     " using a Tensor with shape " + input.shape().debug_string() +
                                     ", shapes must be equal.",
                                 ""));
  }
  Tensor delta = to_device(input, *var->device());
  // With `previous`: when a reader holds the buffer, one pass computes old + delta into new
  // memory instead of copying first and adding after.
  Tensor previous;
  Tensor& target = PrepareToUpdateVariable(handle.shared_var(), &previous);
  if (previous.valid()) {  // new memory: written without being read first
    return ToNew(var->dtype(), previous.data(), delta.data(), target.mutable_data(), target.num_elements());
  }
  Kernel(var->dtype(), target.data(), delta.data(), target.mutable_data(), target.num_elements());
}

template <void (*Kernel)(DType, const void*, const void*, void*, int64_t),
          void (*ToNew)(DType, const void*, const void*, void*, int64_t)>
void update(const char* op, const ResourceHandle& handle, const Tensor& input) {
  Var* var = live_var(handle);
  Tensor inputs[1] = {input};
  OpCall call = resource_call(op, handle, var, inputs, 1);
  Dispatch::run(call, [&](OpCall& c) { update_kernel<Kernel, ToNew>(op, handle, var, *c.device, c.inputs[0]); });
}

}  // namespace

namespace {

// The handle VarHandleOp outputs: the resource made (or found, for a shared_name) on `device`.
ResourceHandle make_handle(const VarHandleAttrs& attrs, const Device& device, bool* created_out) {
  const std::string& container = container_or_default(attrs.container);
  auto make = [&] { return std::make_shared<Var>(attrs.dtype, attrs.shape, &device, attrs.debug_name); };
  if (created_out != nullptr) *created_out = true;
  if (attrs.shared_name.empty()) {
    return ResourceHandle(container, ResourceMgr::global().anonymous_name(), make());
  }
  bool created = false;
  std::shared_ptr<Var> var = ResourceMgr::global().lookup_or_create(container, attrs.shared_name, make, &created);
  if (created_out != nullptr) *created_out = created;
  if (!created) {
    if (var->dtype() != attrs.dtype) {
      throw_error(Code::kInvalidArgument, "Trying to share variable " + attrs.shared_name + ", but specified dtype " +
                                              dtype_name(attrs.dtype) + " and found dtype " + dtype_name(var->dtype()));
    }
  }
  return ResourceHandle(container, attrs.shared_name, std::move(var));
}

// A VarHandleOp call. TensorFlow's op has no inputs and outputs the resource; the kernel shows
// the handle it made to observers as the call's resource.
OpCall var_handle_call(const OpAttr* dtype_attr, const Device* colocate, const char* name_scope) {
  OpCall call("VarHandleOp");
  call.attrs = dtype_attr;
  call.num_attrs = 1;
  call.colocate = colocate;
  call.name_scope = name_scope;
  return call;
}

OpAttr dtype_attr(DType dtype) {
  OpAttr a;
  a.name = "dtype";
  a.value = static_cast<int64_t>(dtype);
  return a;
}

}  // namespace

ResourceHandle VarHandleOp(const VarHandleAttrs& attrs, bool* created_out) {
  if (!dtype_is_valid(static_cast<int32_t>(attrs.dtype))) {
    throw_error(Code::kInvalidArgument, std::string("Variables cannot have dtype ") + dtype_name(attrs.dtype));
  }
  std::string name_scope = attrs.debug_name + "/";  // only for the error message
  const OpAttr dtype = dtype_attr(attrs.dtype);
  OpCall call = var_handle_call(&dtype, attrs.device, name_scope.c_str());
  std::optional<ResourceHandle> handle;
  Dispatch::run(call, [&](OpCall& c) {
    handle.emplace(make_handle(attrs, *c.device, created_out));
    c.resource = &*handle;
  });
  // Forwarded (a variable of another task: its value is made there by its first assignment) or
  // taken by a replace hook: the handle is still this process's, made for the device it was placed on.
  if (!handle) handle.emplace(make_handle(attrs, *call.device, created_out));
  return std::move(*handle);
}

ResourceHandle LookupVarHandleOp(const std::string& container_in, const std::string& shared_name) {
  const std::string& container = container_or_default(container_in);
  std::shared_ptr<Var> var = shared_name.empty() ? nullptr : ResourceMgr::global().lookup(container, shared_name);
  const OpAttr dtype = dtype_attr(var != nullptr ? var->dtype() : DType::kInvalid);
  OpCall call = var_handle_call(&dtype, var != nullptr ? var->device() : nullptr, "");
  ResourceHandle handle(container, shared_name, var);
  Dispatch::run(call, [&](OpCall& c) { c.resource = &handle; });
  // After the op, wherever it ran: the lookup is this process's resource table.
  if (var == nullptr) {
    throw_error(Code::kNotFound, "Resource " + container + "/" + shared_name + "/N10tensorflow3VarE does not exist.");
  }
  return handle;
}

namespace {

void assign_kernel(const ResourceHandle& handle, Var* var, const Device& device, const Tensor& value) {
  if (value.dtype() != var->dtype()) {
    throw_error(Code::kInvalidArgument,
                tf::kernel_error("AssignVariableOp", device.name,
                                 std::string("Trying to assign variable with wrong dtype. Expected ") +
                                     tf::type_name(var->dtype()) + " got " + tf::type_name(value.dtype()),
                                 ""));
  }
  if (!var->declared_shape().is_compatible_with(value.shape())) {
    // TensorFlow checks this in Python before the kernel runs, so ported code catches ValueError.
    throw_value_error("Cannot assign value to variable ' " + var->debug_name() +
                      ":0': Shape mismatch.The variable shape " + var->declared_shape().to_string() +
                      ", and the assigned value shape " + value.shape().to_string() + " are incompatible.");
  }
  std::unique_lock<std::shared_mutex> lock(var->mu());
  require_live(*var, handle);
  Tensor* target = PrepareToAssignVariable(handle.shared_var(), value);
  if (target != nullptr) copy_elements(var->dtype(), value.data(), target->mutable_data(), value.num_elements());
}

}  // namespace

void AssignVariableOp(const ResourceHandle& handle, const Tensor& value) {
  Var* var = live_var(handle);
  Tensor inputs[1] = {value};
  OpCall call = resource_call("AssignVariableOp", handle, var, inputs, 1);
  Dispatch::run(call, [&](OpCall& c) { assign_kernel(handle, var, *c.device, c.inputs[0]); });
}

void AssignAddVariableOp(const ResourceHandle& handle, const Tensor& delta) {
  update<kernels::add, kernels::add_to_new>("AssignAddVariableOp", handle, delta);
}

void AssignSubVariableOp(const ResourceHandle& handle, const Tensor& delta) {
  update<kernels::sub, kernels::sub_to_new>("AssignSubVariableOp", handle, delta);
}

Tensor ReadVariableOp(const ResourceHandle& handle) {
  Var* var = live_var(handle);
  Tensor out;
  OpCall call = resource_call("ReadVariableOp", handle, var, nullptr, 0);
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [&](OpCall& c) {
    std::shared_lock<std::shared_mutex> lock(var->mu());
    require_initialized(*var, handle);
    c.outputs[0] = var->tensor();
  });
  return out;
}

bool VarIsInitializedOp(const ResourceHandle& handle) {
  Var* var = handle.var();
  Tensor out;
  OpCall call = resource_call("VarIsInitializedOp", handle, var, nullptr, 0);
  call.outputs = &out;
  call.num_outputs = 1;
  // Forwarded for a variable of another task: only its task knows.
  Dispatch::run(call, [&](OpCall& c) {
    bool initialized = false;
    if (var != nullptr && !var->destroyed()) {
      std::shared_lock<std::shared_mutex> lock(var->mu());
      initialized = var->is_initialized();
    }
    c.outputs[0] = Tensor::allocate(DType::kBool, Shape{}, c.allocator());
    *static_cast<bool*>(c.outputs[0].mutable_data()) = initialized;
  });
  return out.valid() && !out.is_symbolic() && out.dtype() == DType::kBool && out.num_elements() == 1 &&
         *static_cast<const bool*>(out.data());
}

void DestroyResourceOp(const ResourceHandle& handle) {
  Var* var = handle.var();
  if (var == nullptr) return;
  // The name and the handles die here, before the value goes (which, for a variable of
  // another task, the forwarder drops there instead of the kernel here).
  ResourceMgr::global().erase(handle.container(), handle.name(), var);
  var->mark_destroyed();
  OpCall call = resource_call("DestroyResourceOp", handle, var, nullptr, 0);
  Dispatch::run(call, [&](OpCall&) {
    // Drop the value now rather than when the last handle copy goes.
    std::unique_lock<std::shared_mutex> lock(var->mu());
    var->tensor() = Tensor();
  });
}

const Device& EagerConstInPlace() {
  OpCall call("_EagerConst");
  Dispatch::run_without_kernel(call);  // the caller converts the value onto call.device
  return *call.device;
}

}  // namespace ops
}  // namespace varrt
