#include "varrt/api/checkpoint.h"

#include <unordered_map>

#include "varrt/api/internal/variable_access.h"
#include "varrt/core/error.h"
#include "varrt/io/object_graph.h"
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

void write_object_checkpoint(const std::string& prefix, const std::map<std::string, Variable>& variables,
                             const CheckpointOptions& options) {
  // The graph of tf.train.Checkpoint(**variables): the root's children in name order (the
  // map's, which is TensorFlow's sorted keyword order), one node per distinct variable.
  object_graph::TrackableObjectGraph graph;
  graph.nodes.emplace_back();
  graph.nodes[0].has_checkpoint_values = !variables.empty();
  std::unordered_map<const Var*, int32_t> node_of;
  std::vector<std::string> keys;
  std::vector<Tensor> values;
  for (const auto& [name, variable] : variables) {
    auto [it, added] = node_of.emplace(VariableAccess::handle(variable).var(), static_cast<int32_t>(graph.nodes.size()));
    graph.nodes[0].children.push_back({it->second, name});
    if (!added) continue;
    keys.push_back(object_graph::variable_key({name}));
    values.push_back(ops::ReadVariableOp(VariableAccess::handle(variable)));  // a snapshot: later updates copy first
    object_graph::TrackableObject& node = graph.nodes.emplace_back();
    node.attributes.push_back({object_graph::kVariableValue, variable.name(), keys.back()});
    node.has_checkpoint_values = true;
  }
  Tensor graph_value = Tensor::allocate(DType::kString, Shape{});
  *static_cast<std::string*>(graph_value.mutable_data()) = object_graph::encode(graph);
  keys.push_back(object_graph::kObjectGraphKey);
  values.push_back(std::move(graph_value));
  bundle::WriterOptions writer_options;
  writer_options.sync = options.sync;
  ops::SaveV2(prefix, keys, values, writer_options);
}

void read_object_checkpoint(const std::string& prefix, const std::map<std::string, Variable>& variables) {
  bundle::BundleReader reader(prefix);
  if (!reader.contains(object_graph::kObjectGraphKey)) {
    throw_error(Code::kNotFound, "Checkpoint " + prefix + " has no object graph (" + object_graph::kObjectGraphKey +
                                     "); restore its keys with restore_checkpoint");
  }
  Tensor graph_value = reader.read(object_graph::kObjectGraphKey);
  if (graph_value.dtype() != DType::kString || graph_value.num_elements() != 1) {
    throw_error(Code::kDataLoss, "The checkpoint's object graph is not a string scalar");
  }
  object_graph::TrackableObjectGraph graph = object_graph::decode(*graph_value.data_as<std::string>());
  if (graph.nodes.empty()) throw_error(Code::kDataLoss, "The checkpoint's object graph has no root node");
  std::vector<std::string> keys;
  std::vector<ResourceHandle> handles;
  for (const auto& [name, variable] : variables) {
    const std::string* key = nullptr;
    for (const object_graph::ObjectReference& child : graph.nodes[0].children) {
      if (child.local_name != name) continue;
      for (const object_graph::SerializedTensor& a : graph.nodes[child.node_id].attributes) {  // ids checked by decode
        if (a.name == object_graph::kVariableValue) {
          key = &a.checkpoint_key;
          break;
        }
      }
      break;  // the first child of that name, as tf.train.Checkpoint matches

    }
    if (key == nullptr) throw_error(Code::kNotFound, "Checkpoint " + prefix + " has no variable named " + name);
    keys.push_back(*key);
    handles.push_back(VariableAccess::handle(variable));
  }
  ops::RestoreV2(reader, keys, handles);
}

}  // namespace varrt
