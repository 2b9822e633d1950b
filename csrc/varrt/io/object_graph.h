// TensorFlow's TrackableObjectGraph (tensorflow/core/protobuf/trackable_object_graph.proto),
// the message every object-based checkpoint stores under "_CHECKPOINTABLE_OBJECT_GRAPH":
//
//   TrackableObjectGraph { repeated TrackableObject nodes = 1; }          // node 0 is the root
//   TrackableObject { repeated ObjectReference children = 1; repeated SerializedTensor attributes = 2;
//                     repeated SlotVariableReference slot_variables = 3; RegisteredSaver registered_saver = 4;
//                     google.protobuf.BoolValue has_checkpoint_values = 5; }
//   ObjectReference       { int32 node_id = 1; string local_name = 2; }
//   SerializedTensor      { string name = 1; string full_name = 2; string checkpoint_key = 3; }
//   SlotVariableReference { int32 original_variable_node_id = 1; string slot_name = 2;
//                           int32 slot_variable_node_id = 3; }
//   RegisteredSaver       { string name = 1; string object_name = 2; }
//   BoolValue             { bool value = 1; }
//
// encode() is byte-identical to protobuf's serializer (fields in number order, proto3 defaults
// omitted), so varrt writes the bytes TensorFlow writes for the same graph. decode() parses as
// protobuf does (unknown fields and fields of an unexpected wire type are skipped, a repeated
// singular field merges into the earlier one) and throws Error(kDataLoss) for malformed bytes
// and for node references outside the graph, so a damaged graph never reaches a restore.
// Strings are bytes, as on the wire (TensorFlow writes UTF-8; nothing here checks it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace varrt {
namespace object_graph {

struct ObjectReference {
  int32_t node_id = 0;
  std::string local_name;
};

struct SerializedTensor {
  std::string name;            // the attribute, "VARIABLE_VALUE" for a variable's value
  std::string full_name;       // the variable's name without ":0"
  std::string checkpoint_key;  // the bundle key holding the value
};

struct SlotVariableReference {
  int32_t original_variable_node_id = 0;
  std::string slot_name;
  int32_t slot_variable_node_id = 0;
};

struct RegisteredSaver {
  std::string name;
  std::string object_name;
};

struct TrackableObject {
  std::vector<ObjectReference> children;
  std::vector<SerializedTensor> attributes;
  std::vector<SlotVariableReference> slot_variables;
  std::optional<RegisteredSaver> registered_saver;  // absent unless set (a message field)
  std::optional<bool> has_checkpoint_values;        // a BoolValue: absent, false or true
};

struct TrackableObjectGraph {
  std::vector<TrackableObject> nodes;
};

std::string encode(const TrackableObjectGraph& graph);
TrackableObjectGraph decode(std::string_view bytes);

// TensorFlow's names in object-based checkpoints (tensorflow/python/checkpoint).
inline constexpr char kObjectGraphKey[] = "_CHECKPOINTABLE_OBJECT_GRAPH";  // the bundle key of the graph
inline constexpr char kVariableValue[] = "VARIABLE_VALUE";                 // a variable's attribute name

// The bundle key of the variable at `path` (local names from the root): each name escaped
// ('.' -> "..", '/' -> ".S", so keys split back unambiguously), joined with '/', then
// "/.ATTRIBUTES/VARIABLE_VALUE". {"model", "l1", "kernel"} -> "model/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE".
std::string variable_key(const std::vector<std::string>& path);

}  // namespace object_graph
}  // namespace varrt
