// The SavedModel codec (varrt/io/saved_model.h over io/proto_message.h): TensorFlow-written
// saved_model.pb files decode, re-encode to the same bytes and decode again to the same message;
// protobuf's parsing rules (packed and unpacked repeated scalars, oneofs, merging, unknown fields,
// negative varints); and damaged or hostile bytes (truncation at every length, wrong wire types,
// huge lengths, deep nesting, node references outside the object graph) give DataLoss, never a crash.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "check.h"
#include "varrt/core/error.h"
#include "varrt/io/proto_wire.h"
#include "varrt/io/saved_model.h"

using namespace varrt;
using proto::Message;

namespace {

const char* const kFixtures[] = {"module_one_signature", "module_two_signatures", "keras_sequential", "keras_export",
                                 "module_traced"};

std::string read_fixture(const std::string& name, const char* file = "saved_model.pb") {
  // tests/cpp/ -> tests/fixtures/saved_model, written by tests/tools/record_saved_models.py.
  auto dir = std::filesystem::path(__FILE__).parent_path().parent_path() / "fixtures" / "saved_model" / name;
  std::ifstream in(dir / file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  CHECK(!s.str().empty());
  return s.str();
}

// A field's number, by name, from the generated table (no number restated in the test).
uint32_t num(const char* message, const char* field) {
  const proto::Schema& schema = proto::saved_model_schema();
  const proto::FieldDef* fd = schema.messages[schema.find(message)].field(std::string_view(field));
  CHECK(fd != nullptr);
  return fd->number;
}

const proto::FieldValues& get(const Message& m, const char* message, const char* field) {
  auto it = m.fields.find(num(message, field));
  CHECK(it != m.fields.end());
  return it->second;
}

std::string message_error(const std::string& bytes, const char* type = saved_model::kSavedModelMessage) {
  try {
    saved_model::decode(type, bytes, "test.pb");
  } catch (const Error& e) {
    CHECK(e.code() == Code::kDataLoss);
    return e.message();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(tensorflow_files_decode_and_reencode_to_the_same_bytes) {
  for (const char* name : kFixtures) {
    const std::string tf_bytes = read_fixture(name);
    const Message m = saved_model::decode_saved_model(tf_bytes);
    const std::string once = saved_model::encode(m);
    // Fields in number order, maps in their wire order, packed scalars: TensorFlow's own bytes.
    CHECK(once == tf_bytes);
    CHECK(saved_model::encode(saved_model::decode_saved_model(once)) == once);
  }
}

TEST(decoded_values_are_tensorflows) {
  const Message m = saved_model::decode_saved_model(read_fixture("module_one_signature"));
  CHECK(get(m, "tensorflow.SavedModel", "saved_model_schema_version").scalars.at(0) == 1);
  const Message& meta = get(m, "tensorflow.SavedModel", "meta_graphs").messages.at(0);
  const Message& info = get(meta, "tensorflow.MetaGraphDef", "meta_info_def").messages.at(0);
  CHECK(get(info, "tensorflow.MetaGraphDef.MetaInfoDef", "tags").strings.at(0) == "serve");
  CHECK(get(info, "tensorflow.MetaGraphDef.MetaInfoDef", "tensorflow_version").strings.at(0) == "2.21.0");
  bool serving_default = false;
  for (const Message& entry : get(meta, "tensorflow.MetaGraphDef", "signature_def").messages) {
    serving_default |= entry.fields.at(1).strings.at(0) == "serving_default";
  }
  CHECK(serving_default);
  const Message fp = saved_model::decode_fingerprint(read_fixture("module_one_signature", "fingerprint.pb"));
  CHECK(get(fp, "tensorflow.FingerprintDef", "saved_model_checksum").scalars.at(0) != 0);
}

TEST(every_truncation_is_data_loss_or_a_shorter_message) {
  const std::string bytes = read_fixture("module_one_signature");
  int failures = 0;
  for (size_t n = 0; n < bytes.size(); ++n) {
    const Code code = check::code_of([&] { saved_model::decode_saved_model(std::string_view(bytes).substr(0, n)); });
    CHECK(code == Code::kOk || code == Code::kDataLoss);
    failures += code == Code::kDataLoss;
  }
  CHECK(failures > static_cast<int>(bytes.size()) / 2);  // most cuts land inside a field
}

TEST(wrong_wire_types_huge_lengths_and_bad_strings_are_data_loss) {
  proto::Writer w;
  w.bytes(num("tensorflow.SavedModel", "saved_model_schema_version"), "x");  // an int64 as bytes
  CHECK(contains(message_error(w.str()), "wire type 2, expected 0 in tensorflow.SavedModel.saved_model_schema_version"));
  CHECK(message_error(w.str()).rfind("test.pb is not a valid tensorflow.SavedModel: ", 0) == 0);

  std::string huge;  // meta_graphs claiming 2^40 bytes
  coding::put_varint32(&huge, (num("tensorflow.SavedModel", "meta_graphs") << 3) | 2);
  coding::put_varint64(&huge, uint64_t{1} << 40);
  huge += "abc";
  CHECK(contains(message_error(huge), "a truncated or malformed field in tensorflow.SavedModel"));

  proto::Writer s;  // a MetaInfoDef tag that is not UTF-8
  proto::Writer info;
  info.bytes(num("tensorflow.MetaGraphDef.MetaInfoDef", "tags"), "\xff\xfe");
  proto::Writer meta;
  meta.bytes(num("tensorflow.MetaGraphDef", "meta_info_def"), info.str());
  s.bytes(num("tensorflow.SavedModel", "meta_graphs"), meta.str());
  CHECK(contains(message_error(s.str()), "a string that is not UTF-8 in tensorflow.MetaGraphDef.MetaInfoDef.tags"));

  std::string group;  // wire type 3 (a group) never occurs
  coding::put_varint32(&group, (1 << 3) | 3);
  CHECK(!message_error(group).empty());
}

TEST(nesting_deeper_than_protobufs_limit_is_data_loss) {
  const uint32_t list = num("tensorflow.StructuredValue", "list_value");
  const uint32_t values = num("tensorflow.ListValue", "values");
  auto nested = [&](int levels) {
    std::string v;  // an empty StructuredValue inside `levels` list values
    for (int i = 0; i < levels; ++i) {
      proto::Writer l;
      l.bytes(values, v);
      proto::Writer s;
      s.bytes(list, l.str());
      v = s.str();
    }
    return v;
  };
  CHECK(message_error(nested(49), "tensorflow.StructuredValue").empty());  // 98 levels
  CHECK(contains(message_error(nested(60), "tensorflow.StructuredValue"), "messages nested deeper than 100"));
  CHECK(contains(message_error(nested(2000), "tensorflow.StructuredValue"), "nested deeper than 100"));  // no stack overflow
}

TEST(object_graph_references_outside_the_graph_are_data_loss_cycles_are_not) {
  auto saved_model_with_child = [&](int64_t child_id) {
    proto::Writer ref;
    ref.varint(num("tensorflow.TrackableObjectGraph.TrackableObject.ObjectReference", "node_id"), static_cast<uint64_t>(child_id));
    proto::Writer node;
    node.bytes(num("tensorflow.SavedObject", "children"), ref.str());
    proto::Writer graph;
    graph.bytes(num("tensorflow.SavedObjectGraph", "nodes"), node.str());
    graph.bytes(num("tensorflow.SavedObjectGraph", "nodes"), "");
    proto::Writer meta;
    meta.bytes(num("tensorflow.MetaGraphDef", "object_graph_def"), graph.str());
    proto::Writer sm;
    sm.bytes(num("tensorflow.SavedModel", "meta_graphs"), meta.str());
    return sm.take();
  };
  CHECK(message_error(saved_model_with_child(1)).empty());
  CHECK(message_error(saved_model_with_child(0)).empty());  // the root its own child: TensorFlow writes cycles
  CHECK(contains(message_error(saved_model_with_child(2)), "node 0 of the object graph names a child node 2, outside its 2 nodes"));
  CHECK(contains(message_error(saved_model_with_child(-1)), "names a child node -1"));
}

TEST(protobuf_parsing_rules) {
  const int list_type = saved_model::message_type("tensorflow.AttrValue.ListValue");
  const uint32_t i_field = num("tensorflow.AttrValue.ListValue", "i");
  proto::Writer unpacked;  // repeated int64 written unpacked, one of them negative
  unpacked.varint(i_field, 5);
  unpacked.varint(i_field, static_cast<uint64_t>(int64_t{-3}));
  unpacked.varint(999, 7);  // an unknown field: kept, written back after the known ones
  const Message list = saved_model::decode("tensorflow.AttrValue.ListValue", unpacked.str(), "list");
  CHECK(list.type == list_type);
  CHECK(list.fields.at(i_field).scalars.size() == 2);
  CHECK(static_cast<int64_t>(list.fields.at(i_field).scalars[1]) == -3);
  proto::Writer packed;
  std::string payload;
  coding::put_varint64(&payload, 5);
  coding::put_varint64(&payload, static_cast<uint64_t>(int64_t{-3}));
  packed.bytes(i_field, payload);
  packed.varint(999, 7);
  CHECK(saved_model::encode(list) == packed.str());

  proto::Writer oneof;  // AttrValue's value oneof: the last member set wins
  oneof.bytes(num("tensorflow.AttrValue", "s"), "text");
  oneof.varint(num("tensorflow.AttrValue", "i"), 0);
  const Message attr = saved_model::decode("tensorflow.AttrValue", oneof.str(), "attr");
  CHECK(attr.fields.size() == 1 && attr.fields.count(num("tensorflow.AttrValue", "i")) == 1);
  proto::Writer zero_i;  // a oneof member keeps presence: written even at 0
  zero_i.varint(num("tensorflow.AttrValue", "i"), 0);
  CHECK(saved_model::encode(attr) == zero_i.str());

  proto::Writer merged;  // a singular message twice merges: both fields survive
  proto::Writer first, second;
  first.varint(num("tensorflow.VersionDef", "producer"), 3);
  second.varint(num("tensorflow.VersionDef", "min_consumer"), 1);
  merged.bytes(num("tensorflow.GraphDef", "versions"), first.str());
  merged.bytes(num("tensorflow.GraphDef", "versions"), second.str());
  const Message graph = saved_model::decode("tensorflow.GraphDef", merged.str(), "graph");
  CHECK(graph.fields.at(num("tensorflow.GraphDef", "versions")).messages.at(0).fields.size() == 2);

  proto::Writer dim;  // an int64 of -1 (an unknown dimension) travels as ten bytes
  dim.varint(num("tensorflow.TensorShapeProto.Dim", "size"), static_cast<uint64_t>(int64_t{-1}));
  CHECK(dim.str().size() == 11);
  CHECK(saved_model::encode(saved_model::decode("tensorflow.TensorShapeProto.Dim", dim.str(), "dim")) == dim.str());

  CHECK_THROWS_CODE(saved_model::decode("tensorflow.NoSuchMessage", "", "x"), Code::kInvalidArgument);
}

TEST_MAIN()
