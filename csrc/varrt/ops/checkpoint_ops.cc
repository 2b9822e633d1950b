#include "varrt/ops/checkpoint_ops.h"

#include <memory>
#include <mutex>
#include <shared_mutex>

#include "varrt/core/copy.h"
#include "varrt/core/error.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/variable_ops.h"
#include "varrt/resource/prepare_to_update.h"
#include "varrt/tf/type_names.h"

namespace varrt {
namespace ops {
namespace {

// One variable's restore, prepared and verified before any variable is touched.
struct Pending {
  const ResourceHandle* handle = nullptr;
  std::shared_ptr<Var> var;
  DType dtype = DType::kInvalid;
  Shape shape;
  bundle::VerifiedSpan span;  // non-string values
  Tensor strings;             // string values, decoded
};

// A string tensor of `values` (TensorFlow's prefix, tensor_names and shape_and_slices inputs),
// borrowing its own storage: the op's bookkeeping takes nothing from a device's allocator.
Tensor string_tensor(std::vector<std::string> values, bool scalar = false) {
  auto storage = std::make_shared<std::vector<std::string>>(std::move(values));
  const Shape shape = scalar ? Shape{} : Shape{static_cast<int64_t>(storage->size())};
  return Tensor::borrow(DType::kString, shape, storage->data(), storage->size() * sizeof(std::string),
                        [storage] {});
}

// The inputs SaveV2 and RestoreV2 share: prefix, tensor_names, shape_and_slices ("": whole tensors).
void name_inputs(std::vector<Tensor>& inputs, const std::string& prefix, const std::vector<std::string>& keys) {
  inputs.push_back(string_tensor({prefix}, /*scalar=*/true));
  inputs.push_back(string_tensor(keys));
  inputs.push_back(string_tensor(std::vector<std::string>(keys.size())));
}

void install_kernel(Pending& p) {
  std::unique_lock<std::shared_mutex> lock(p.var->mu());
  // Destroyed while the files were read: its value is gone for good, and installing one would
  // keep memory alive that DestroyResourceOp freed.
  if (p.var->destroyed()) return;
  if (p.dtype == DType::kString) {  // decoded already: installed like an assigned value
    Tensor* target = PrepareToAssignVariable(p.var, p.strings);
    if (target != nullptr) copy_elements(p.dtype, p.strings.data(), target->mutable_data(), p.strings.num_elements());
    return;
  }
  Tensor& target = PrepareToOverwriteVariable(p.var, p.shape);
  p.span.copy_to(target.mutable_data(), /*parallel=*/true);
}

void install(Pending& p) {
  if (p.var->device()->remote) {
    // The value lives on the variable's task: it travels there as an assignment.
    Tensor value = p.strings;
    if (p.dtype != DType::kString) {
      value = Tensor::allocate(p.dtype, p.shape, p.var->device()->allocator);
      p.span.copy_to(value.mutable_data(), /*parallel=*/true);
    }
    AssignVariableOp(*p.handle, value);
    return;
  }
  // The value streams from the mapped file into the variable's memory: the op shows no value
  // tensor (none exists), only the variable it writes.
  OpCall call("AssignVariableOp");
  call.resource = p.handle;
  call.colocate = p.var->device();
  Dispatch::run(call, [&](OpCall&) { install_kernel(p); });
}

}  // namespace

void SaveV2(const std::string& prefix, const std::vector<std::string>& keys, const std::vector<Tensor>& tensors,
            const bundle::WriterOptions& options) {
  if (keys.size() != tensors.size()) throw_error(Code::kInvalidArgument, "SaveV2: keys and tensors differ in number");
  std::vector<Tensor> inputs;
  inputs.reserve(3 + tensors.size());
  name_inputs(inputs, prefix, keys);
  inputs.insert(inputs.end(), tensors.begin(), tensors.end());
  OpCall call("SaveV2", inputs.data(), static_cast<int>(inputs.size()));
  Dispatch::run(call, [&](OpCall&) {
    bundle::BundleWriter writer(prefix, options);
    uint64_t total = 0;
    for (const Tensor& t : tensors) total += bundle::BundleWriter::stored_size(t);
    writer.reserve(total);
    for (size_t i = 0; i < keys.size(); ++i) writer.add(keys[i], tensors[i]);
    writer.finish();
  });
}

namespace {

// RestoreV2 given each key's entry, already looked up.
void restore_entries(bundle::BundleReader& reader, const std::vector<std::string>& keys,
                     const std::vector<bundle::Entry>& entries, const std::vector<ResourceHandle>& vars) {
  // RestoreV2 reads and verifies; the values reach the variables through the AssignVariableOps
  // that follow (TensorFlow's restore runs the same pair), so it outputs nothing itself.
  std::vector<Tensor> inputs;
  name_inputs(inputs, reader.prefix(), keys);
  OpCall call("RestoreV2", inputs.data(), static_cast<int>(inputs.size()));
  std::vector<Pending> pending(keys.size());
  bool verified = false;
  Dispatch::run(call, [&](OpCall&) {
    for (size_t i = 0; i < keys.size(); ++i) {
      const std::string& key = keys[i];
      const std::shared_ptr<Var>& var = vars[i].shared_var();
      if (var == nullptr || var->destroyed()) {
        throw_error(Code::kFailedPrecondition, "Cannot restore " + key + " into a destroyed variable");
      }
      const bundle::Entry& e = entries[i];
      if (e.dtype != static_cast<int32_t>(var->dtype())) {
        std::string stored = dtype_is_valid(e.dtype) ? tf::type_name(static_cast<DType>(e.dtype))
                                                     : "enum " + std::to_string(e.dtype);
        throw_error(Code::kInvalidArgument, "tensor_name = " + key + "; expected dtype " +
                                                tf::type_name(var->dtype()) + " does not equal original dtype " + stored);
      }
      if (!var->declared_shape().is_compatible_with(e.shape)) {
        throw_error(Code::kInvalidArgument, "tensor_name = " + key + "; shape in shape_and_slice spec " +
                                                var->declared_shape().to_string() +
                                                " does not match the shape stored in checkpoint: " +
                                                e.shape.debug_string());
      }
      Pending& p = pending[i];
      p.handle = &vars[i];
      p.var = var;
      p.dtype = var->dtype();
      p.shape = e.shape;
      if (p.dtype == DType::kString) {
        p.strings = Tensor::allocate(DType::kString, e.shape, var->device()->allocator);
        reader.read_strings(key, e, static_cast<std::string*>(p.strings.mutable_data()));
      } else {
        p.span = reader.verify(key, e);
      }
    }
    verified = true;
  });
  if (!verified) return;  // taken by a hook or forwarded: nothing was read here to install
  for (Pending& p : pending) install(p);
}

}  // namespace

void RestoreV2(bundle::BundleReader& reader, const std::vector<std::string>& keys,
               const std::vector<ResourceHandle>& vars) {
  if (keys.size() != vars.size()) throw_error(Code::kInvalidArgument, "RestoreV2: keys and variables differ in number");
  std::vector<bundle::Entry> entries;
  entries.reserve(keys.size());
  for (const std::string& key : keys) entries.push_back(reader.entry(key));
  restore_entries(reader, keys, entries, vars);
}

std::vector<size_t> RestoreV2UnlessShapesDiffer(bundle::BundleReader& reader, const std::vector<std::string>& keys,
                                                const std::vector<ResourceHandle>& vars) {
  if (keys.size() != vars.size()) throw_error(Code::kInvalidArgument, "RestoreV2: keys and variables differ in number");
  std::vector<bundle::Entry> entries(keys.size());
  std::vector<size_t> mismatched;
  for (size_t i = 0; i < keys.size(); ++i) {
    entries[i] = reader.checked_entry(keys[i]);
    const Var* var = vars[i].var();
    if (var != nullptr && !var->declared_shape().is_compatible_with(entries[i].shape)) mismatched.push_back(i);
  }
  if (mismatched.empty()) restore_entries(reader, keys, entries, vars);
  return mismatched;
}

}  // namespace ops
}  // namespace varrt
