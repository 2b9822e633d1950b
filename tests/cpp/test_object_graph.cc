// The TrackableObjectGraph codec (varrt/io/object_graph.h): byte-exact round trips, the graph
// TensorFlow wrote into a real checkpoint, protobuf's parsing rules (unknown fields, wire-type
// mismatches, merging), and damaged bytes giving DataLoss, never a crash.
#include <filesystem>
#include <string>

#include "check.h"
#include "varrt/core/error.h"
#include "varrt/io/bundle_reader.h"
#include "varrt/io/object_graph.h"
#include "varrt/io/proto_wire.h"

using namespace varrt;
using namespace varrt::object_graph;

// In the types' namespace, where std::vector's == finds them.
namespace varrt {
namespace object_graph {
bool operator==(const ObjectReference& a, const ObjectReference& b) {
  return a.node_id == b.node_id && a.local_name == b.local_name;
}
bool operator==(const SerializedTensor& a, const SerializedTensor& b) {
  return a.name == b.name && a.full_name == b.full_name && a.checkpoint_key == b.checkpoint_key;
}
bool operator==(const SlotVariableReference& a, const SlotVariableReference& b) {
  return a.original_variable_node_id == b.original_variable_node_id && a.slot_name == b.slot_name &&
         a.slot_variable_node_id == b.slot_variable_node_id;
}
bool operator==(const TrackableObject& a, const TrackableObject& b) {
  bool savers = a.registered_saver.has_value() == b.registered_saver.has_value() &&
                (!a.registered_saver || (a.registered_saver->name == b.registered_saver->name &&
                                         a.registered_saver->object_name == b.registered_saver->object_name));
  return a.children == b.children && a.attributes == b.attributes && a.slot_variables == b.slot_variables &&
         savers && a.has_checkpoint_values == b.has_checkpoint_values;
}
bool operator==(const TrackableObjectGraph& a, const TrackableObjectGraph& b) { return a.nodes == b.nodes; }
}  // namespace object_graph
}  // namespace varrt

namespace {

// Every field set, including the tricky values: node id 0 and empty strings (omitted on the
// wire), a negative slot id (a 10-byte varint), a false BoolValue (present but empty),
// bytes that are not UTF-8.
TrackableObjectGraph full_graph() {
  TrackableObjectGraph g;
  g.nodes.resize(4);
  g.nodes[0].children = {{1, "model"}, {2, "opt"}, {0, "root"}};
  g.nodes[0].has_checkpoint_values = true;
  g.nodes[1].attributes = {{"VARIABLE_VALUE", "dense/kernel", "model/.ATTRIBUTES/VARIABLE_VALUE"}, {"", "", ""}};
  g.nodes[1].has_checkpoint_values = false;
  g.nodes[2].slot_variables = {{1, "m", 3}, {1, std::string("\xff\0v", 3), 0}};
  g.nodes[2].registered_saver = RegisteredSaver{"tf.Saver", "opt"};
  g.nodes[3].registered_saver = RegisteredSaver{};
  return g;
}

std::string fixture_prefix() {
  // tests/cpp/ -> the repository's tests/fixtures, written by tests/tools/record_tf.py.
  auto repo = std::filesystem::path(__FILE__).parent_path().parent_path().parent_path();
  return (repo / "tests" / "fixtures" / "tf_checkpoints" / "tf2_checkpoint" / "ckpt").string();
}

std::string field(uint32_t number, std::string_view body) {
  proto::Writer w;
  w.bytes(number, body);
  return w.take();
}

std::string varint_field(uint32_t number, uint64_t v) {
  proto::Writer w;
  w.varint(number, v);
  return w.take();
}

// One field of every wire type protobuf's reader skips when it does not know the number.
std::string unknown_fields(uint32_t number) {
  proto::Writer w;
  w.varint(number, 300);
  w.fixed32(number + 1, 7);
  w.bytes(number + 2, "junk");
  std::string out = w.take();
  out += static_cast<char>(((number + 3) << 3) | proto::kFixed64);
  out += std::string(8, '\x01');
  return out;
}

Code decode_code(std::string_view bytes) {
  try {
    decode(bytes);
  } catch (const Error& e) {
    return e.code();
  }
  return Code::kOk;
}

}  // namespace

TEST(empty_graph_is_empty_bytes) {
  CHECK(encode(TrackableObjectGraph{}).empty());
  CHECK(decode("").nodes.empty());
}

TEST(round_trip_keeps_every_field) {
  TrackableObjectGraph g = full_graph();
  std::string bytes = encode(g);
  CHECK(decode(bytes) == g);
  CHECK(encode(decode(bytes)) == bytes);
}

TEST(encoding_is_protobufs) {
  // Bytes protobuf's serializer writes for node { children { local_name: "a" }
  // children { node_id: 1 } has_checkpoint_values { value: true } } node { has_checkpoint_values {} }.
  TrackableObjectGraph g;
  g.nodes.resize(2);
  g.nodes[0].children = {{0, "a"}, {1, ""}};
  g.nodes[0].has_checkpoint_values = true;
  g.nodes[1].has_checkpoint_values = false;
  const std::string want("\x0a\x0d\x0a\x03\x12\x01" "a" "\x0a\x02\x08\x01\x2a\x02\x08\x01" "\x0a\x02\x2a\x00", 19);
  CHECK(encode(g) == want);
  // A negative int32 is a sign-extended 10-byte varint.
  g.nodes.resize(1);
  g.nodes[0] = TrackableObject{};
  g.nodes[0].slot_variables = {{-1, "", 0}};
  CHECK(encode(g) == std::string("\x0a\x0d\x1a\x0b\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 15));
}

TEST(reads_the_graph_tensorflow_wrote) {
  const std::string prefix = fixture_prefix();
  if (!std::filesystem::exists(prefix + ".index")) {
    throw check::Failure("missing TensorFlow fixture " + prefix + ".index (tests/tools/record_tf.py writes it)");
  }
  bundle::BundleReader reader(prefix);
  const std::string key = "_CHECKPOINTABLE_OBJECT_GRAPH";
  std::string raw;
  reader.read_strings(key, reader.checked_entry(key), &raw);
  TrackableObjectGraph g = decode(raw);
  CHECK(g.nodes.size() == 19);
  CHECK(g.nodes[0].children.size() == 11);
  CHECK((g.nodes[7].children == std::vector<ObjectReference>{{12, "l1"}, {13, "l2"}, {14, "step"}}));
  CHECK((g.nodes[15].attributes ==
         std::vector<SerializedTensor>{{"VARIABLE_VALUE", "kernel", "model/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE"}}));
  for (const TrackableObject& node : g.nodes) CHECK(node.has_checkpoint_values == std::optional<bool>(true));
  CHECK(encode(g) == raw);  // byte for byte what TensorFlow wrote
}

TEST(unknown_fields_and_unexpected_wire_types_are_skipped) {
  // node { children { node_id: 1 <unknown> local_name: "x" } <unknown> attributes { <unknown> name: "n" } }
  // node { has_checkpoint_values { <unknown> value: true } }, with unknown fields around the nodes and
  // known numbers carrying the wrong wire type (protobuf treats those as unknown too).
  std::string child = varint_field(1, 1) + unknown_fields(3) + field(2, "x") + field(1, "wrong type");
  std::string attribute = unknown_fields(4) + field(1, "n") + varint_field(2, 5);
  std::string node0 = field(1, child) + unknown_fields(6) + field(2, attribute) + varint_field(3, 9);
  std::string node1 = field(5, unknown_fields(2) + varint_field(1, 1));
  std::string bytes = unknown_fields(2) + field(1, node0) + varint_field(1, 4) + field(1, node1) + unknown_fields(9);
  TrackableObjectGraph g = decode(bytes);
  CHECK(g.nodes.size() == 2);
  CHECK((g.nodes[0].children == std::vector<ObjectReference>{{1, "x"}}));
  CHECK((g.nodes[0].attributes == std::vector<SerializedTensor>{{"n", "", ""}}));
  CHECK(g.nodes[0].slot_variables.empty() && !g.nodes[0].has_checkpoint_values);
  CHECK(g.nodes[1].has_checkpoint_values == std::optional<bool>(true));
}

TEST(singular_fields_merge_as_protobuf_merges) {
  // Two has_checkpoint_values: the second, empty, leaves the first's true; two registered
  // savers: fields of the second overwrite those of the first that it sets.
  std::string node = field(5, varint_field(1, 1)) + field(5, "") + field(4, field(1, "a") + field(2, "b")) +
                     field(4, field(2, "c")) + field(1, varint_field(1, 0) + varint_field(1, 0));
  TrackableObjectGraph g = decode(field(1, node));
  CHECK(g.nodes[0].has_checkpoint_values == std::optional<bool>(true));
  CHECK(g.nodes[0].registered_saver->name == "a" && g.nodes[0].registered_saver->object_name == "c");
  CHECK(g.nodes[0].children.size() == 1);
}

TEST(references_outside_the_graph_are_data_loss) {
  for (int32_t bad : {2, -1, INT32_MAX}) {
    TrackableObjectGraph g;
    g.nodes.resize(2);
    g.nodes[0].children = {{bad, "x"}};
    CHECK_THROWS_CODE(decode(encode(g)), Code::kDataLoss);
    g.nodes[0].children.clear();
    g.nodes[1].slot_variables = {{0, "m", bad}};
    CHECK_THROWS_CODE(decode(encode(g)), Code::kDataLoss);
    g.nodes[1].slot_variables = {{bad, "m", 1}};
    CHECK_THROWS_CODE(decode(encode(g)), Code::kDataLoss);
  }
  try {
    decode(field(1, field(1, varint_field(1, 5) + field(2, "kernel"))));
    CHECK(false);
  } catch (const Error& e) {
    CHECK(std::string(e.what()) ==
          "The checkpoint's object graph is not parseable: child \"kernel\" in node 0 refers to node 5 of 1");
  }
}

TEST(malformed_bytes_are_data_loss) {
  const std::string cases[] = {
      std::string("\x0a\x05\x0a", 3),          // a node longer than the message
      std::string("\x0a", 1),                  // a key without its value
      std::string("\x0a\x80", 2),              // a truncated length
      std::string("\x0b", 1),                  // a start-group tag (wire type 3)
      std::string("\x00\x00", 2),              // field number 0
      field(1, std::string("\x0a\x02\x08", 3)),      // a child longer than its node
      field(1, field(2, std::string("\x0a\x09", 2))),  // an attribute string past the end
      field(1, field(3, std::string("\x08\xff", 2))),  // a truncated varint in a slot reference
      field(1, field(4, std::string("\x0c", 1))),      // an end-group tag in the registered saver
      field(1, field(5, std::string("\x08", 1))),      // a BoolValue without its value
      field(1, field(1, std::string(11, '\xff'))),     // a varint longer than 10 bytes
  };
  for (const std::string& bytes : cases) CHECK(decode_code(bytes) == Code::kDataLoss);
}

TEST(every_truncation_and_flip_is_data_loss_or_a_valid_graph) {
  std::string bytes = encode(full_graph());
  for (size_t n = 0; n < bytes.size(); ++n) {
    Code code = decode_code(std::string_view(bytes.data(), n));
    CHECK(code == Code::kOk || code == Code::kDataLoss);
  }
  size_t data_loss = 0;
  for (size_t i = 0; i < bytes.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string damaged = bytes;
      damaged[i] = static_cast<char>(damaged[i] ^ (1 << bit));
      Code code = decode_code(damaged);
      CHECK(code == Code::kOk || code == Code::kDataLoss);
      data_loss += code == Code::kDataLoss;
    }
  }
  CHECK(data_loss > 0);
}

TEST(variable_keys_escape_names_as_tensorflow_does) {
  CHECK(variable_key({"model", "l1", "kernel"}) == "model/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE");
  CHECK(variable_key({"a.b/c", "..", "/"}) == "a..b.Sc/..../.S/.ATTRIBUTES/VARIABLE_VALUE");
  CHECK(variable_key({""}) == "/.ATTRIBUTES/VARIABLE_VALUE");
}

TEST_MAIN()
