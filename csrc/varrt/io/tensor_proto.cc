#include "varrt/io/tensor_proto.h"

#include <cstring>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/io/bundle_proto.h"
#include "varrt/io/coding.h"
#include "varrt/io/proto_wire.h"

namespace varrt {
namespace tensor_proto {
namespace {

[[noreturn]] void not_a_proto(std::string_view bytes) {
  throw_error(Code::kInvalidArgument, "Could not parse `serialized` as TensorProto: '" + std::string(bytes) + "'");
}

bool decode_shape(std::string_view bytes, std::vector<int64_t>* dims) {
  proto::Reader r(bytes);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number != 2 || f.type != proto::kLengthDelimited) continue;
    proto::Reader d(f.bytes);
    proto::Field df;
    int64_t size = 0;
    while (d.next(&df)) {
      if (df.number == 1 && df.type == proto::kVarint) size = static_cast<int64_t>(df.varint);
    }
    if (!d.ok() || size < 0) return false;
    dims->push_back(size);
  }
  return r.ok();
}

// The values of a repeated scalar field (packed or not) as 64-bit words.
bool append_words(const proto::Field& f, int width, std::vector<uint64_t>* out) {
  if (f.type == proto::kLengthDelimited) {
    const char* p = f.bytes.data();
    const char* end = p + f.bytes.size();
    while (p < end) {
      uint64_t v = 0;
      if (width == 0) {
        p = coding::get_varint64(p, end, &v);
        if (p == nullptr) return false;
      } else {
        if (end - p < width) return false;
        v = width == 4 ? coding::decode_fixed32(p) : coding::decode_fixed64(p);
        p += width;
      }
      out->push_back(v);
    }
    return true;
  }
  out->push_back(f.varint);
  return true;
}

}  // namespace

std::string encode(const Tensor& tensor) {
  proto::Writer w;
  w.varint(1, static_cast<uint64_t>(tensor.dtype()));
  w.bytes(2, bundle::encode_shape(tensor.shape()));
  if (tensor.dtype() == DType::kString) {
    const std::string* s = tensor.data_as<std::string>();
    for (int64_t i = 0; i < tensor.num_elements(); ++i) w.bytes(8, s[i]);
  } else if (tensor.byte_size() > 0) {
    w.bytes(4, std::string_view(static_cast<const char*>(tensor.data()), tensor.byte_size()));
  }
  return w.take();
}

Tensor decode(std::string_view bytes) {
  proto::Reader r(bytes);
  proto::Field f;
  int32_t dtype = 0;
  std::vector<int64_t> dims;
  std::string_view content;
  bool has_content = false;
  std::vector<std::string_view> strings;
  std::vector<uint64_t> words;  // the *_val field of the dtype
  while (r.next(&f)) {
    switch (f.number) {
      case 1: dtype = static_cast<int32_t>(f.varint); break;
      case 2:
        if (f.type != proto::kLengthDelimited || !decode_shape(f.bytes, &dims)) not_a_proto(bytes);
        break;
      case 4: content = f.bytes; has_content = true; break;
      case 8: strings.push_back(f.bytes); break;
      case 5: case 9: case 16: if (!append_words(f, f.number == 16 ? 0 : 4, &words)) not_a_proto(bytes); break;
      case 6: case 12: case 17: if (!append_words(f, f.number == 17 ? 0 : 8, &words)) not_a_proto(bytes); break;
      case 7: case 10: case 11: case 13: if (!append_words(f, 0, &words)) not_a_proto(bytes); break;
      default: break;
    }
  }
  if (!r.ok()) not_a_proto(bytes);
  if (!dtype_is_valid(dtype) || static_cast<DType>(dtype) == DType::kResource) {
    throw_error(Code::kUnimplemented, "varrt's parse_tensor reads no tensors of DataType " + std::to_string(dtype));
  }
  const DType type = static_cast<DType>(dtype);
  Tensor t = Tensor::allocate(type, Shape(dims));
  const int64_t n = t.num_elements();
  if (type == DType::kString) {
    std::string* out = static_cast<std::string*>(t.mutable_data());
    for (int64_t i = 0; i < n; ++i) {
      if (!strings.empty()) out[i] = std::string(strings[std::min<size_t>(static_cast<size_t>(i), strings.size() - 1)]);
    }
    return t;
  }
  const size_t width = dtype_size(type);
  if (has_content) {
    if (content.size() != t.byte_size()) not_a_proto(bytes);
    if (!content.empty()) std::memcpy(t.mutable_data(), content.data(), content.size());
    return t;
  }
  // Typed values, the last repeated to fill the shape (TensorFlow's rule); none: zeros. A complex
  // value is two words (scomplex_val / dcomplex_val hold real, imaginary pairs).
  char* out = static_cast<char*>(t.mutable_data());
  std::memset(out, 0, t.byte_size());
  const bool complex = type == DType::kComplex64 || type == DType::kComplex128;
  const size_t parts = complex ? 2 : 1;
  const size_t part_width = width / parts;
  const size_t values = words.size() / parts;
  for (int64_t i = 0; i < n && values > 0; ++i) {
    const size_t k = std::min<size_t>(static_cast<size_t>(i), values - 1);
    for (size_t p = 0; p < parts; ++p) {
      uint64_t v = words[k * parts + p];
      std::memcpy(out + static_cast<size_t>(i) * width + p * part_width, &v, part_width);  // little-endian: low bytes
    }
  }
  return t;
}

}  // namespace tensor_proto
}  // namespace varrt
