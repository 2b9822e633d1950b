// The two messages of a tensor bundle index (tensorflow/core/protobuf/tensor_bundle.proto),
// encoded and decoded by hand, byte-identical to protobuf's serializer for the fields
// TensorFlow sets:
//
//   BundleHeaderProto { int32 num_shards = 1; Endianness endianness = 2; VersionDef version = 3; }
//   VersionDef        { int32 producer = 1; int32 min_consumer = 2; repeated int32 bad_consumers = 3; }
//   BundleEntryProto  { DataType dtype = 1; TensorShapeProto shape = 2; int32 shard_id = 3;
//                       int64 offset = 4; int64 size = 5; fixed32 crc32c = 6;
//                       repeated TensorSliceProto slices = 7; }
//   TensorShapeProto  { repeated Dim dim = 2; bool unknown_rank = 3; }  Dim { int64 size = 1; string name = 2; }
//
// Decoders throw Error(kDataLoss) naming the key for malformed or implausible messages
// (negative or overflowing dimensions, negative offsets or sizes).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "varrt/core/shape.h"

namespace varrt {
namespace bundle {

constexpr int kBundleVersion = 1;       // kTensorBundleVersion
constexpr int kBundleMinProducer = 0;   // kTensorBundleMinProducer

struct Header {
  int32_t num_shards = 1;
  int32_t endianness = 0;  // 0 = LITTLE, 1 = BIG
  int32_t version_producer = kBundleVersion;
  int32_t version_min_consumer = 0;
  std::vector<int32_t> bad_consumers;
};

struct Entry {
  int32_t dtype = 0;  // TensorFlow's DataType enum (== varrt::DType where supported)
  Shape shape;
  int32_t shard_id = 0;
  int64_t offset = 0;
  int64_t size = 0;
  uint32_t masked_crc32c = 0;
  int num_slices = 0;  // partitioned-variable slices (read as "unsupported")
};

std::string encode_header(const Header& header);
Header decode_header(std::string_view bytes, const std::string& filename);

std::string encode_entry(const Entry& entry);
Entry decode_entry(std::string_view bytes, const std::string& key);

std::string encode_shape(const Shape& shape);

// File names of a bundle: "<prefix>.index" and "<prefix>.data-00000-of-00001".
std::string meta_filename(const std::string& prefix);
std::string data_filename(const std::string& prefix, int32_t shard_id, int32_t num_shards);

}  // namespace bundle
}  // namespace varrt
