// A protocol-buffer message read and written by a schema table (io/proto_schema.h) instead of
// generated code: the codec of saved_model.pb and fingerprint.pb, over the project's one wire
// format (io/proto_wire.h).
//
// decode() parses as protobuf's parser does for these proto3 messages: repeated scalars packed
// or not, a repeated occurrence of a singular field replacing (scalars) or merging into (messages)
// the earlier one, a oneof member clearing its siblings, unknown field numbers kept verbatim and
// written back by encode(). It is stricter where TensorFlow never writes such bytes: a known field
// with the wrong wire type, a string field that is not UTF-8, nesting deeper than `max_depth`
// (protobuf's default recursion limit, 100) and any malformed or truncated field throw
// Error(kDataLoss) naming the message and field. Every length is checked against the bytes left
// before anything is read, so memory stays within a constant factor of the input's size.
//
// encode() writes what protobuf's serializer writes: known fields in number order, repeated
// scalars packed, proto3 scalars without presence omitted at their default (a map entry's key and
// value always written), then the unknown fields. A message owns its values; messages are plain values (copyable, movable).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "varrt/io/proto_schema.h"

namespace varrt {
namespace proto {

struct Message;

// The values of one field, in wire order; only the vector of the field's kind is used.
// Numbers are normalized: signed kinds sign-extended to 64 bits (sint* un-zigzagged), unsigned
// kinds zero-extended, bools 0/1, float and double as their IEEE bits (float's in the low 32).
struct FieldValues {
  std::vector<uint64_t> scalars;
  std::vector<std::string> strings;  // kString, kBytes
  std::vector<Message> messages;     // kMessage; a map is its repeated entries, in wire order
};

struct Message {
  int type = -1;                            // index into the schema's messages
  std::map<uint32_t, FieldValues> fields;   // the set fields, by number
  std::string unknown;                      // unknown fields' wire bytes, in order
};

inline constexpr int kDefaultMaxDepth = 100;

// `what` names the input in errors ("saved_model.pb"): "<what> is not a valid <Message>: <why>".
Message decode(const Schema& schema, int type, std::string_view bytes, std::string_view what,
               int max_depth = kDefaultMaxDepth);
std::string encode(const Schema& schema, const Message& message);

// Whether `bytes` is well-formed UTF-8 (no overlongs, surrogates or code points past U+10FFFF),
// as protobuf requires of proto3 string fields.
bool is_utf8(std::string_view bytes);

}  // namespace proto
}  // namespace varrt
