// TensorFlow's SavedModel files: saved_model.pb (tensorflow.SavedModel, saved_model.proto) and
// fingerprint.pb (tensorflow.FingerprintDef, fingerprint.proto), through the schema codec
// (io/proto_message.h) and the generated tables of every message they hold
// (saved_model_schema.cc).
//
// decode_saved_model() adds the checks a loader relies on to the codec's: in each MetaGraphDef's
// SavedObjectGraph every node reference (children, dependencies, slot variables) is a node of the
// graph. References may form cycles: TensorFlow writes them (an object reachable from its own
// child) and loads them, so cycles are accepted here and whoever walks the graph keeps a visited
// set. Damage throws Error(kDataLoss) "<what> is not a valid tensorflow.SavedModel: ...".
#pragma once

#include <string>
#include <string_view>

#include "varrt/io/proto_message.h"

namespace varrt {
namespace saved_model {

inline constexpr char kSavedModelMessage[] = "tensorflow.SavedModel";
inline constexpr char kFingerprintMessage[] = "tensorflow.FingerprintDef";

// The schema's index of the message named `full_name`; InvalidArgument for a name it lacks.
int message_type(std::string_view full_name);

proto::Message decode_saved_model(std::string_view bytes, std::string_view what = "saved_model.pb");
proto::Message decode_fingerprint(std::string_view bytes, std::string_view what = "fingerprint.pb");
// Any message of the schema (a MetaGraphDef, a FunctionDef, ...), with the codec's checks (and
// the object-graph checks above for a SavedModel).
proto::Message decode(std::string_view full_name, std::string_view bytes, std::string_view what);
std::string encode(const proto::Message& message);

}  // namespace saved_model
}  // namespace varrt
