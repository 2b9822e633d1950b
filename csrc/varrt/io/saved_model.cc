#include "varrt/io/saved_model.h"

#include <cstdint>

#include "varrt/core/error.h"

namespace varrt {
namespace saved_model {
namespace {

using proto::FieldValues;
using proto::Message;

const proto::Schema& schema() { return proto::saved_model_schema(); }

// The values of the field named `name` of `m`, nullptr when it is not set. Fields go by name so
// no field number is restated here: the generated table is their one home.
const FieldValues* field(const Message& m, const char* name) {
  const proto::FieldDef* fd = schema().messages[m.type].field(std::string_view(name));
  if (fd == nullptr) throw_error(Code::kInternal, std::string("the schema has no field ") + name);
  auto it = m.fields.find(fd->number);
  return it == m.fields.end() ? nullptr : &it->second;
}

const std::vector<Message>& messages(const Message& m, const char* name) {
  static const std::vector<Message> none;
  const FieldValues* v = field(m, name);
  return v == nullptr ? none : v->messages;
}

int64_t int_field(const Message& m, const char* name) {
  const FieldValues* v = field(m, name);
  return v == nullptr || v->scalars.empty() ? 0 : static_cast<int64_t>(v->scalars.back());
}

[[noreturn]] void damaged(std::string_view what, const std::string& why) {
  throw_error(Code::kDataLoss, std::string(what) + " is not a valid " + kSavedModelMessage + ": " + why);
}

void check_node_id(int64_t id, size_t n_nodes, size_t node, const char* role, std::string_view what) {
  if (id < 0 || static_cast<uint64_t>(id) >= n_nodes) {
    damaged(what, "node " + std::to_string(node) + " of the object graph names " + role + " node " +
                      std::to_string(id) + ", outside its " + std::to_string(n_nodes) + " nodes");
  }
}

void check_object_graph(const Message& graph, std::string_view what) {
  const std::vector<Message>& nodes = messages(graph, "nodes");
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (const Message& ref : messages(nodes[i], "children")) check_node_id(int_field(ref, "node_id"), nodes.size(), i, "a child", what);
    for (const Message& ref : messages(nodes[i], "dependencies")) check_node_id(int_field(ref, "node_id"), nodes.size(), i, "a dependency", what);
    for (const Message& slot : messages(nodes[i], "slot_variables")) {
      check_node_id(int_field(slot, "original_variable_node_id"), nodes.size(), i, "a slot's variable", what);
      check_node_id(int_field(slot, "slot_variable_node_id"), nodes.size(), i, "a slot variable", what);
    }
  }
}

}  // namespace

int message_type(std::string_view full_name) {
  const int type = schema().find(full_name);
  if (type < 0) throw_error(Code::kInvalidArgument, "no message named " + std::string(full_name) + " in a SavedModel");
  return type;
}

Message decode(std::string_view full_name, std::string_view bytes, std::string_view what) {
  Message m = proto::decode(schema(), message_type(full_name), bytes, what);
  if (full_name == kSavedModelMessage) {
    for (const Message& meta_graph : messages(m, "meta_graphs")) {
      for (const Message& graph : messages(meta_graph, "object_graph_def")) check_object_graph(graph, what);
    }
  }
  return m;
}

Message decode_saved_model(std::string_view bytes, std::string_view what) {
  return decode(kSavedModelMessage, bytes, what);
}

Message decode_fingerprint(std::string_view bytes, std::string_view what) {
  return decode(kFingerprintMessage, bytes, what);
}

std::string encode(const Message& message) { return proto::encode(schema(), message); }

}  // namespace saved_model
}  // namespace varrt
