#include "varrt/ops/checkpoint_ops.h"

#include <mutex>
#include <shared_mutex>

#include "varrt/core/copy.h"
#include "varrt/core/error.h"
#include "varrt/device/executor.h"
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
  Executor::place("AssignVariableOp", p.var->device());
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

}  // namespace

void SaveV2(const std::string& prefix, const std::vector<std::string>& keys, const std::vector<Tensor>& tensors,
            const bundle::WriterOptions& options) {
  if (keys.size() != tensors.size()) throw_error(Code::kInvalidArgument, "SaveV2: keys and tensors differ in number");
  Executor::place("SaveV2");
  bundle::BundleWriter writer(prefix, options);
  uint64_t total = 0;
  for (const Tensor& t : tensors) total += bundle::BundleWriter::stored_size(t);
  writer.reserve(total);
  for (size_t i = 0; i < keys.size(); ++i) writer.add(keys[i], tensors[i]);
  writer.finish();
}

namespace {

// RestoreV2 given each key's entry, already looked up.
void restore_entries(bundle::BundleReader& reader, const std::vector<std::string>& keys,
                     const std::vector<bundle::Entry>& entries, const std::vector<ResourceHandle>& vars) {
  Executor::place("RestoreV2");
  std::vector<Pending> pending(keys.size());
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
