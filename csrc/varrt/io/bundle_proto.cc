#include "varrt/io/bundle_proto.h"

#include <cstdio>

#include "varrt/core/error.h"
#include "varrt/io/proto_wire.h"

namespace varrt {
namespace bundle {
namespace {

constexpr int kMaxRank = 254;  // TensorShape::MaxDimensions()

[[noreturn]] void bad_entry(const std::string& key, const std::string& why) {
  throw_error(Code::kDataLoss, "Entry for key " + key + " not parseable (" + why + ")");
}

int32_t as_int32(uint64_t v) { return static_cast<int32_t>(static_cast<int64_t>(v)); }

Shape decode_shape(std::string_view bytes, const std::string& key) {
  std::vector<int64_t> dims;
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number == 2 && f.type == proto::kLengthDelimited) {
      int64_t size = 0;
      proto::Reader dr(f.bytes);
      proto::Field df;
      while (dr.next(&df)) {
        if (df.number == 1 && df.type == proto::kVarint) size = static_cast<int64_t>(df.varint);
      }
      if (!dr.ok()) bad_entry(key, "bad shape dimension");
      if (size < 0) throw_error(Code::kDataLoss, "Invalid tensor shape: " + key + " has a negative dimension");
      if (dims.size() >= static_cast<size_t>(kMaxRank)) {
        throw_error(Code::kDataLoss, "Invalid tensor shape: " + key + " has more than 254 dimensions");
      }
      dims.push_back(size);
    } else if (f.number == 3 && f.type == proto::kVarint && f.varint != 0) {
      throw_error(Code::kDataLoss, "Invalid tensor shape: " + key + " has unknown rank");
    }
  }
  if (!r.ok()) bad_entry(key, "bad shape");
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d != 0 && n > INT64_MAX / d) {
      throw_error(Code::kDataLoss, "Invalid tensor shape: " + key + " has more than 2^63 elements");
    }
    n *= d;
  }
  return Shape(dims);
}

}  // namespace

std::string meta_filename(const std::string& prefix) { return prefix + ".index"; }

std::string data_filename(const std::string& prefix, int32_t shard_id, int32_t num_shards) {
  char buf[64];
  std::snprintf(buf, sizeof buf, ".data-%05d-of-%05d", static_cast<int>(shard_id), static_cast<int>(num_shards));
  return prefix + buf;
}

std::string encode_shape(const Shape& shape) {
  proto::Writer w;
  for (int i = 0; i < shape.rank(); ++i) {
    proto::Writer dim;
    dim.varint_if_nonzero(1, static_cast<uint64_t>(shape.dim(i)));
    w.bytes(2, dim.str());
  }
  return w.take();
}

std::string encode_header(const Header& header) {
  proto::Writer version;
  version.varint_if_nonzero(1, static_cast<uint64_t>(static_cast<int64_t>(header.version_producer)));
  version.varint_if_nonzero(2, static_cast<uint64_t>(static_cast<int64_t>(header.version_min_consumer)));
  for (int32_t b : header.bad_consumers) version.varint(3, static_cast<uint64_t>(static_cast<int64_t>(b)));
  proto::Writer w;
  w.varint_if_nonzero(1, static_cast<uint64_t>(static_cast<int64_t>(header.num_shards)));
  w.varint_if_nonzero(2, static_cast<uint64_t>(static_cast<int64_t>(header.endianness)));
  w.bytes(3, version.str());
  return w.take();
}

Header decode_header(std::string_view bytes, const std::string& filename) {
  auto corrupt = [&](const std::string& why) {
    throw_error(Code::kDataLoss, "Unable to read file (" + filename +
                                     "). Perhaps the file is corrupt or was produced by a newer version of "
                                     "TensorFlow with format changes (unable to parse header: " + why + ")");
  };
  Header h;
  h.num_shards = 0;
  h.version_producer = 0;
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number == 1 && f.type == proto::kVarint) {
      h.num_shards = as_int32(f.varint);
    } else if (f.number == 2 && f.type == proto::kVarint) {
      h.endianness = as_int32(f.varint);
    } else if (f.number == 3 && f.type == proto::kLengthDelimited) {
      proto::Reader vr(f.bytes);
      proto::Field vf;
      while (vr.next(&vf)) {
        if (vf.number == 1 && vf.type == proto::kVarint) h.version_producer = as_int32(vf.varint);
        if (vf.number == 2 && vf.type == proto::kVarint) h.version_min_consumer = as_int32(vf.varint);
        if (vf.number == 3 && vf.type == proto::kVarint) h.bad_consumers.push_back(as_int32(vf.varint));
      }
      if (!vr.ok()) corrupt("bad version");
    }
  }
  if (!r.ok()) corrupt("malformed message");
  if (h.num_shards < 0 || h.num_shards > 1000000) corrupt("implausible number of shards " + std::to_string(h.num_shards));
  if (h.endianness != 0 && h.endianness != 1) corrupt("bad endianness " + std::to_string(h.endianness));
  return h;
}

std::string encode_entry(const Entry& e) {
  proto::Writer w;
  w.varint_if_nonzero(1, static_cast<uint64_t>(static_cast<int64_t>(e.dtype)));
  w.bytes(2, encode_shape(e.shape));  // TensorFlow always sets the shape, even for scalars
  w.varint_if_nonzero(3, static_cast<uint64_t>(static_cast<int64_t>(e.shard_id)));
  w.varint_if_nonzero(4, static_cast<uint64_t>(e.offset));
  w.varint_if_nonzero(5, static_cast<uint64_t>(e.size));
  if (e.masked_crc32c != 0) w.fixed32(6, e.masked_crc32c);
  return w.take();
}

Entry decode_entry(std::string_view bytes, const std::string& key) {
  Entry e;
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    switch (f.number) {
      case 1:
        if (f.type == proto::kVarint) e.dtype = as_int32(f.varint);
        break;
      case 2:
        if (f.type == proto::kLengthDelimited) e.shape = decode_shape(f.bytes, key);
        break;
      case 3:
        if (f.type == proto::kVarint) e.shard_id = as_int32(f.varint);
        break;
      case 4:
        if (f.type == proto::kVarint) e.offset = static_cast<int64_t>(f.varint);
        break;
      case 5:
        if (f.type == proto::kVarint) e.size = static_cast<int64_t>(f.varint);
        break;
      case 6:
        if (f.type == proto::kFixed32) e.masked_crc32c = static_cast<uint32_t>(f.varint);
        break;
      case 7:
        if (f.type == proto::kLengthDelimited) ++e.num_slices;
        break;
      default:
        break;  // unknown fields are skipped, as protobuf does
    }
  }
  if (!r.ok()) bad_entry(key, "malformed message");
  if (e.offset < 0) bad_entry(key, "negative offset");
  if (e.size < 0) bad_entry(key, "negative size");
  if (e.shard_id < 0) bad_entry(key, "negative shard id");
  return e;
}

}  // namespace bundle
}  // namespace varrt
