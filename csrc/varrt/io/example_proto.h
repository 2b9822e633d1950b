// tf.train.Example and its parts (tensorflow/core/example/example.proto, feature.proto) on the
// protobuf wire: Example { Features features = 1; }  Features { map<string, Feature> feature = 1; }
// Feature { oneof kind { BytesList bytes_list = 1; FloatList float_list = 2; Int64List int64_list = 3; } }
// and the lists' `repeated ... value = 1` (floats and ints packed when written, either way read);
// SequenceExample { Features context = 1; FeatureLists feature_lists = 2; }
// FeatureLists { map<string, FeatureList> feature_list = 1; }  FeatureList { repeated Feature feature = 1; }.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace varrt {
namespace example {

enum class Kind : int { kNone = 0, kBytes = 1, kFloat = 2, kInt64 = 3 };  // the oneof's field numbers

struct Feature {
  Kind kind = Kind::kNone;
  std::vector<std::string> bytes;
  std::vector<float> floats;
  std::vector<int64_t> ints;
};

// The map's entries in the order written or read (protobuf's map keeps the last of repeated keys).
using FeatureMap = std::vector<std::pair<std::string, Feature>>;

// A list message alone (BytesList, FloatList, Int64List: `kind` says which).
std::string encode_list(const Feature& list);
std::string encode_feature(const Feature& feature);
std::string encode_features(const FeatureMap& features);
std::string encode_example(const FeatureMap& features);

// A FeatureList's features, and the FeatureLists map in the order written or read.
using FeatureListMap = std::vector<std::pair<std::string, std::vector<Feature>>>;
std::string encode_feature_list(const std::vector<Feature>& features);
std::string encode_feature_lists(const FeatureListMap& lists);
// A null part is a field not set (protobuf writes a set message field even when it is empty).
std::string encode_sequence_example(const FeatureMap* context, const FeatureListMap* lists);

// Decoders: false on malformed input (protobuf's DecodeError). Unknown fields are skipped.
bool decode_list(std::string_view data, Kind kind, Feature* list);
bool decode_feature(std::string_view data, Feature* feature);
bool decode_features(std::string_view data, FeatureMap* features);
bool decode_example(std::string_view data, FeatureMap* features);
bool decode_feature_list(std::string_view data, std::vector<Feature>* features);
bool decode_feature_lists(std::string_view data, FeatureListMap* lists);
// `has_context` and `has_lists` say which fields were present.
bool decode_sequence_example(std::string_view data, FeatureMap* context, bool* has_context, FeatureListMap* lists,
                             bool* has_lists);

}  // namespace example
}  // namespace varrt
