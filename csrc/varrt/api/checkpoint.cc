#include "varrt/api/checkpoint.h"

#include "varrt/api/internal/variable_access.h"
#include "varrt/ops/checkpoint_ops.h"
#include "varrt/ops/variable_ops.h"

namespace varrt {

void save_checkpoint(const std::string& prefix, const std::map<std::string, Variable>& variables,
                     const CheckpointOptions& options) {
  std::vector<std::string> keys;
  std::vector<Tensor> values;
  keys.reserve(variables.size());
  values.reserve(variables.size());
  for (const auto& [key, variable] : variables) {
    keys.push_back(key);
    values.push_back(ops::ReadVariableOp(VariableAccess::handle(variable)));  // a snapshot: later updates copy first
  }
  bundle::WriterOptions writer_options;
  writer_options.sync = options.sync;
  ops::SaveV2(prefix, keys, values, writer_options);
}

void restore_checkpoint(const std::string& prefix, const std::map<std::string, Variable>& variables) {
  std::vector<std::string> keys;
  std::vector<ResourceHandle> handles;
  for (const auto& [key, variable] : variables) {
    keys.push_back(key);
    handles.push_back(VariableAccess::handle(variable));
  }
  bundle::BundleReader reader(prefix);
  ops::RestoreV2(reader, keys, handles);
}

std::vector<std::string> checkpoint_keys(const std::string& prefix) { return bundle::BundleReader(prefix).keys(); }

Tensor load_checkpoint_tensor(const std::string& prefix, const std::string& key) {
  return bundle::BundleReader(prefix).read(key);
}

}  // namespace varrt
