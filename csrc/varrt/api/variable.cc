#include "varrt/api/variable.h"

#include "varrt/api/internal/variable_access.h"
#include "varrt/api/runtime.h"
#include "varrt/api/tensors.h"
#include "varrt/core/error.h"
#include "varrt/device/device.h"
#include "varrt/kernels/scatter.h"
#include "varrt/ops/gather_ops.h"
#include "varrt/ops/scatter_ops.h"
#include "varrt/ops/variable_ops.h"

namespace varrt {

namespace {

// The API's scatter kinds are its own enum (the kernels' stays internal).
kernels::UpdateOp update_op(ScatterOp op) {
  switch (op) {
    case ScatterOp::kAssign: return kernels::UpdateOp::kAssign;
    case ScatterOp::kAdd: return kernels::UpdateOp::kAdd;
    case ScatterOp::kSub: return kernels::UpdateOp::kSub;
    case ScatterOp::kMul: return kernels::UpdateOp::kMul;
    case ScatterOp::kDiv: return kernels::UpdateOp::kDiv;
    case ScatterOp::kMin: return kernels::UpdateOp::kMin;
    case ScatterOp::kMax: return kernels::UpdateOp::kMax;
  }
  throw_error(Code::kInvalidArgument, "invalid scatter op " + std::to_string(static_cast<int32_t>(op)));
}

}  // namespace

const ResourceHandle& VariableAccess::handle(const Variable& v) {
  if (!v.handle_) throw_error(Code::kFailedPrecondition, "operation on an empty varrt::Variable handle");
  return v.handle_->handle();
}

Variable Variable::create(const Tensor& initial_value, const VariableOptions& options) {
  if (!initial_value.valid()) throw_error(Code::kInvalidArgument, "Variable::create: the initial value is empty");
  std::optional<DeviceGuard> scope;
  if (!options.device.empty()) scope.emplace(options.device);
  ops::VarHandleAttrs attrs;
  attrs.dtype = initial_value.dtype();
  attrs.shape = options.shape ? *options.shape : PartialShape::from(initial_value.shape());
  attrs.container = options.container;
  attrs.shared_name = options.shared_name;
  attrs.debug_name = options.name;
  bool created = false;
  ResourceHandle handle = ops::VarHandleOp(attrs, &created);
  if (!created) {
    // One owner per resource: attaching to someone else's variable is from_shared_name.
    throw_error(Code::kAlreadyExists, "Resource " + handle.container() + "/" + handle.name() +
                                          "/N10tensorflow3VarE already exists.");
  }
  Variable v = VariableAccess::wrap(std::move(handle), /*owns=*/true);
  ops::AssignVariableOp(VariableAccess::handle(v), initial_value);  // on failure v's release destroys the resource
  return v;
}

Variable Variable::zeros(DType dtype, const Shape& shape, const VariableOptions& options) {
  return create(make_zeros(dtype, shape), options);
}

Variable Variable::from_shared_name(const std::string& shared_name, const std::string& container) {
  return VariableAccess::wrap(ops::LookupVarHandleOp(container, shared_name), /*owns=*/false);
}

namespace {
const ResourceHandle& checked(const Variable& v) { return VariableAccess::handle(v); }
}  // namespace

void Variable::assign(const Tensor& value) { ops::AssignVariableOp(checked(*this), value); }
void Variable::assign_add(const Tensor& delta) { ops::AssignAddVariableOp(checked(*this), delta); }
void Variable::assign_sub(const Tensor& delta) { ops::AssignSubVariableOp(checked(*this), delta); }
Tensor Variable::read() const { return ops::ReadVariableOp(checked(*this)); }

void Variable::scatter(ScatterOp op, const Tensor& indices, const Tensor& updates) {
  ops::ResourceScatter(update_op(op), checked(*this), indices, updates);
}
void Variable::scatter_nd(ScatterOp op, const Tensor& indices, const Tensor& updates) {
  if (op == ScatterOp::kMul || op == ScatterOp::kDiv) {
    throw_error(Code::kInvalidArgument, "scatter_nd supports update, add, sub, min and max (TensorFlow has no "
                                        "ResourceScatterNdMul/Div)");
  }
  ops::ResourceScatterNd(update_op(op), checked(*this), indices, updates);
}
Tensor Variable::gather(const Tensor& indices) const { return ops::ResourceGather(checked(*this), indices); }
Tensor Variable::gather_nd(const Tensor& indices) const { return ops::ResourceGatherNd(checked(*this), indices); }

bool Variable::is_initialized() const { return handle_ && ops::VarIsInitializedOp(handle_->handle()); }
void Variable::destroy() { ops::DestroyResourceOp(checked(*this)); }

bool Variable::owns_resource() const { return handle_ && handle_->destroys_on_release(); }

bool Variable::same_resource(const Variable& other) const {
  return handle_ && other.handle_ && handle_->handle().var() == other.handle_->handle().var();
}

DType Variable::dtype() const { return checked(*this).var()->dtype(); }
const PartialShape& Variable::declared_shape() const { return checked(*this).var()->declared_shape(); }
const std::string& Variable::name() const { return checked(*this).var()->debug_name(); }
const std::string& Variable::container() const { return checked(*this).container(); }
const std::string& Variable::shared_name() const { return checked(*this).name(); }
const std::string& Variable::device() const { return checked(*this).var()->device()->name; }

}  // namespace varrt
