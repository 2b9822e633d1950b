#include "varrt/api/variable.h"

#include "varrt/api/runtime.h"
#include "varrt/api/tensors.h"
#include "varrt/core/error.h"
#include "varrt/ops/gather_ops.h"
#include "varrt/ops/scatter_ops.h"
#include "varrt/ops/variable_ops.h"

namespace varrt {

Variable::Variable(ResourceHandle handle, bool owns)
    : handle_(std::make_shared<OwnedHandle>(std::move(handle), owns)) {}

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
  Variable v(std::move(handle), /*owns=*/true);
  ops::AssignVariableOp(v.handle(), initial_value);  // on failure v's release destroys the resource
  return v;
}

Variable Variable::zeros(DType dtype, const Shape& shape, const VariableOptions& options) {
  return create(make_zeros(dtype, shape), options);
}

Variable Variable::from_shared_name(const std::string& shared_name, const std::string& container) {
  return Variable(ops::LookupVarHandleOp(container, shared_name), /*owns=*/false);
}

const ResourceHandle& Variable::checked() const {
  if (!handle_) throw_error(Code::kFailedPrecondition, "operation on an empty varrt::Variable handle");
  return handle_->handle();
}

const ResourceHandle& Variable::handle() const { return checked(); }

void Variable::assign(const Tensor& value) { ops::AssignVariableOp(checked(), value); }
void Variable::assign_add(const Tensor& delta) { ops::AssignAddVariableOp(checked(), delta); }
void Variable::assign_sub(const Tensor& delta) { ops::AssignSubVariableOp(checked(), delta); }
Tensor Variable::read() const { return ops::ReadVariableOp(checked()); }

void Variable::scatter(ScatterOp op, const Tensor& indices, const Tensor& updates) {
  ops::ResourceScatter(op, checked(), indices, updates);
}
void Variable::scatter_nd(ScatterOp op, const Tensor& indices, const Tensor& updates) {
  if (op == ScatterOp::kMul || op == ScatterOp::kDiv) {
    throw_error(Code::kInvalidArgument, "scatter_nd supports update, add, sub, min and max (TensorFlow has no "
                                        "ResourceScatterNdMul/Div)");
  }
  ops::ResourceScatterNd(op, checked(), indices, updates);
}
Tensor Variable::gather(const Tensor& indices) const { return ops::ResourceGather(checked(), indices); }
Tensor Variable::gather_nd(const Tensor& indices) const { return ops::ResourceGatherNd(checked(), indices); }

bool Variable::is_initialized() const { return handle_ && ops::VarIsInitializedOp(handle_->handle()); }
void Variable::destroy() { ops::DestroyResourceOp(checked()); }

bool Variable::same_resource(const Variable& other) const {
  return handle_ && other.handle_ && handle_->handle().var() == other.handle_->handle().var();
}

DType Variable::dtype() const { return checked().var()->dtype(); }
const PartialShape& Variable::declared_shape() const { return checked().var()->declared_shape(); }
const std::string& Variable::name() const { return checked().var()->debug_name(); }
const std::string& Variable::container() const { return checked().container(); }
const std::string& Variable::shared_name() const { return checked().name(); }
const Device& Variable::device() const { return *checked().var()->device(); }

}  // namespace varrt
