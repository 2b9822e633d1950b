// Field tables of protocol-buffer messages, so one codec (io/proto_message.h) reads and writes
// every message of a SavedModel by table instead of by hand-written parsers. The tables for
// saved_model.pb and fingerprint.pb are generated from TensorFlow's own descriptors
// (saved_model_schema.cc, by tests/tools/gen_saved_model_schema.py): field numbers are never
// restated by hand. Tables are static, immutable data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace varrt {
namespace proto {

// protobuf's field types (FieldDescriptor::Type), in its numbering order.
enum class Kind : uint8_t {
  kDouble, kFloat, kInt64, kUInt64, kInt32, kFixed64, kFixed32, kBool, kString, kMessage, kBytes,
  kUInt32, kEnum, kSFixed32, kSFixed64, kSInt32, kSInt64
};

struct FieldDef {
  const char* name;
  uint32_t number;
  Kind kind;
  bool repeated;
  bool presence;  // written whenever set, even at its default (message fields, oneof members, `optional`)
  int16_t oneof;  // index of its oneof in the message, -1 for none: setting one member clears the others
  const char* oneof_name;  // that oneof's name, nullptr for none
  int16_t message;  // kMessage: the field's type, an index into the schema's messages; else -1
};

struct MessageDef {
  const char* name;  // full name, "tensorflow.SavedModel"
  bool map_entry;    // a map<K, V>'s entry: key = 1, value = 2
  const FieldDef* fields;  // sorted by number
  size_t n_fields;

  // The field numbered `number`, nullptr when the message has none (an unknown field).
  const FieldDef* field(uint32_t number) const {
    for (size_t i = 0; i < n_fields; ++i) {
      if (fields[i].number == number) return &fields[i];
    }
    return nullptr;
  }
  const FieldDef* field(std::string_view field_name) const {
    for (size_t i = 0; i < n_fields; ++i) {
      if (field_name == fields[i].name) return &fields[i];
    }
    return nullptr;
  }
};

struct Schema {
  const MessageDef* messages;
  size_t n_messages;

  // The index of the message named `full_name`, -1 when there is none.
  int find(std::string_view full_name) const {
    for (size_t i = 0; i < n_messages; ++i) {
      if (full_name == messages[i].name) return static_cast<int>(i);
    }
    return -1;
  }
};

// Every message reachable from tensorflow.SavedModel and tensorflow.FingerprintDef.
const Schema& saved_model_schema();

// What a kind travels as on the wire.
inline bool is_length_delimited(Kind k) { return k == Kind::kString || k == Kind::kBytes || k == Kind::kMessage; }

}  // namespace proto
}  // namespace varrt
