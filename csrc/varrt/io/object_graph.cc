#include "varrt/io/object_graph.h"

#include "varrt/core/error.h"
#include "varrt/io/proto_wire.h"

namespace varrt {
namespace object_graph {
namespace {

// int32 fields travel as 64-bit varints: negatives sign-extended on the wire, truncated back
// on reading, as protobuf does.
uint64_t from_int32(int32_t v) { return static_cast<uint64_t>(static_cast<int64_t>(v)); }
int32_t to_int32(uint64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(v)); }

void put_string_if_nonempty(proto::Writer* w, uint32_t field, const std::string& s) {
  if (!s.empty()) w->bytes(field, s);
}

std::string encode_node(const TrackableObject& node) {
  proto::Writer w;
  for (const ObjectReference& c : node.children) {
    proto::Writer m;
    m.varint_if_nonzero(1, from_int32(c.node_id));
    put_string_if_nonempty(&m, 2, c.local_name);
    w.bytes(1, m.str());
  }
  for (const SerializedTensor& a : node.attributes) {
    proto::Writer m;
    put_string_if_nonempty(&m, 1, a.name);
    put_string_if_nonempty(&m, 2, a.full_name);
    put_string_if_nonempty(&m, 3, a.checkpoint_key);
    w.bytes(2, m.str());
  }
  for (const SlotVariableReference& s : node.slot_variables) {
    proto::Writer m;
    m.varint_if_nonzero(1, from_int32(s.original_variable_node_id));
    put_string_if_nonempty(&m, 2, s.slot_name);
    m.varint_if_nonzero(3, from_int32(s.slot_variable_node_id));
    w.bytes(3, m.str());
  }
  if (node.registered_saver) {
    proto::Writer m;
    put_string_if_nonempty(&m, 1, node.registered_saver->name);
    put_string_if_nonempty(&m, 2, node.registered_saver->object_name);
    w.bytes(4, m.str());
  }
  if (node.has_checkpoint_values) {
    proto::Writer m;
    m.varint_if_nonzero(1, *node.has_checkpoint_values ? 1 : 0);
    w.bytes(5, m.str());
  }
  return w.take();
}

[[noreturn]] void damaged(const std::string& why) {
  throw_error(Code::kDataLoss, "The checkpoint's object graph is not parseable: " + why);
}

std::string at_node(size_t i) { return " in node " + std::to_string(i); }

// Each parser below fills fields in place, so a message that occurs twice merges as in
// protobuf (later values win), and returns false for malformed bytes.

bool parse(std::string_view bytes, ObjectReference* out) {
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number == 1 && f.type == proto::kVarint) out->node_id = to_int32(f.varint);
    if (f.number == 2 && f.type == proto::kLengthDelimited) out->local_name.assign(f.bytes);
  }
  return r.ok();
}

bool parse(std::string_view bytes, SerializedTensor* out) {
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    if (f.type != proto::kLengthDelimited) continue;
    if (f.number == 1) out->name.assign(f.bytes);
    if (f.number == 2) out->full_name.assign(f.bytes);
    if (f.number == 3) out->checkpoint_key.assign(f.bytes);
  }
  return r.ok();
}

bool parse(std::string_view bytes, SlotVariableReference* out) {
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number == 1 && f.type == proto::kVarint) out->original_variable_node_id = to_int32(f.varint);
    if (f.number == 2 && f.type == proto::kLengthDelimited) out->slot_name.assign(f.bytes);
    if (f.number == 3 && f.type == proto::kVarint) out->slot_variable_node_id = to_int32(f.varint);
  }
  return r.ok();
}

bool parse(std::string_view bytes, RegisteredSaver* out) {
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    if (f.type != proto::kLengthDelimited) continue;
    if (f.number == 1) out->name.assign(f.bytes);
    if (f.number == 2) out->object_name.assign(f.bytes);
  }
  return r.ok();
}

bool parse_bool_value(std::string_view bytes, bool* out) {
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number == 1 && f.type == proto::kVarint) *out = f.varint != 0;
  }
  return r.ok();
}

TrackableObject decode_node(std::string_view bytes, size_t index) {
  TrackableObject node;
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    if (f.type != proto::kLengthDelimited) continue;  // no field of this message is a scalar
    switch (f.number) {
      case 1:
        if (!parse(f.bytes, &node.children.emplace_back())) damaged("malformed child" + at_node(index));
        break;
      case 2:
        if (!parse(f.bytes, &node.attributes.emplace_back())) damaged("malformed attribute" + at_node(index));
        break;
      case 3:
        if (!parse(f.bytes, &node.slot_variables.emplace_back())) {
          damaged("malformed slot variable" + at_node(index));
        }
        break;
      case 4:
        if (!node.registered_saver) node.registered_saver.emplace();
        if (!parse(f.bytes, &*node.registered_saver)) damaged("malformed registered saver" + at_node(index));
        break;
      case 5: {
        bool value = node.has_checkpoint_values.value_or(false);
        if (!parse_bool_value(f.bytes, &value)) damaged("malformed has_checkpoint_values" + at_node(index));
        node.has_checkpoint_values = value;
        break;
      }
      default:
        break;  // unknown fields are skipped, as protobuf does
    }
  }
  if (!r.ok()) damaged("malformed node " + std::to_string(index));
  return node;
}

// Restores index nodes by these ids; one outside the graph is damage, not a crash later.
void check_reference(int32_t id, size_t num_nodes, const std::string& what, size_t index) {
  if (id < 0 || static_cast<size_t>(id) >= num_nodes) {
    damaged(what + at_node(index) + " refers to node " + std::to_string(id) + " of " + std::to_string(num_nodes));
  }
}

}  // namespace

std::string encode(const TrackableObjectGraph& graph) {
  proto::Writer w;
  for (const TrackableObject& node : graph.nodes) w.bytes(1, encode_node(node));
  return w.take();
}

TrackableObjectGraph decode(std::string_view bytes) {
  TrackableObjectGraph graph;
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number == 1 && f.type == proto::kLengthDelimited) {
      graph.nodes.push_back(decode_node(f.bytes, graph.nodes.size()));
    }
  }
  if (!r.ok()) damaged("malformed message");
  const size_t n = graph.nodes.size();
  for (size_t i = 0; i < n; ++i) {
    const TrackableObject& node = graph.nodes[i];
    for (const ObjectReference& c : node.children) check_reference(c.node_id, n, "child \"" + c.local_name + "\"", i);
    for (const SlotVariableReference& s : node.slot_variables) {
      check_reference(s.original_variable_node_id, n, "slot variable \"" + s.slot_name + "\"", i);
      check_reference(s.slot_variable_node_id, n, "slot variable \"" + s.slot_name + "\"", i);
    }
  }
  return graph;
}

std::string variable_key(const std::vector<std::string>& path) {
  std::string key;
  for (size_t i = 0; i < path.size(); ++i) {
    if (i > 0) key += '/';
    for (char c : path[i]) {
      if (c == '.') {
        key += "..";
      } else if (c == '/') {
        key += ".S";
      } else {
        key += c;
      }
    }
  }
  return key + "/.ATTRIBUTES/" + kVariableValue;
}

}  // namespace object_graph
}  // namespace varrt
