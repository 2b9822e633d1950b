#include "varrt/api/tensors.h"

#include <cstdio>

#include "varrt/core/half.h"

namespace varrt {
namespace {

std::string format_real(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string element(const Tensor& t, int64_t i) {
  const void* p = t.data();
  switch (t.dtype()) {
    case DType::kFloat32: return format_real(static_cast<const float*>(p)[i]);
    case DType::kFloat64: return format_real(static_cast<const double*>(p)[i]);
    case DType::kFloat16: return format_real(half_to_float(static_cast<const uint16_t*>(p)[i]));
    case DType::kBFloat16: return format_real(bfloat16_to_float(static_cast<const uint16_t*>(p)[i]));
    case DType::kInt8: return std::to_string(static_cast<const int8_t*>(p)[i]);
    case DType::kInt16: return std::to_string(static_cast<const int16_t*>(p)[i]);
    case DType::kInt32: return std::to_string(static_cast<const int32_t*>(p)[i]);
    case DType::kInt64: return std::to_string(static_cast<const int64_t*>(p)[i]);
    case DType::kUInt8: return std::to_string(static_cast<const uint8_t*>(p)[i]);
    case DType::kUInt16: return std::to_string(static_cast<const uint16_t*>(p)[i]);
    case DType::kUInt32: return std::to_string(static_cast<const uint32_t*>(p)[i]);
    case DType::kUInt64: return std::to_string(static_cast<const uint64_t*>(p)[i]);
    case DType::kBool: return static_cast<const bool*>(p)[i] ? "True" : "False";
    case DType::kComplex64: {
      auto c = static_cast<const std::complex<float>*>(p)[i];
      return "(" + format_real(c.real()) + (c.imag() < 0 ? "" : "+") + format_real(c.imag()) + "j)";
    }
    case DType::kComplex128: {
      auto c = static_cast<const std::complex<double>*>(p)[i];
      return "(" + format_real(c.real()) + (c.imag() < 0 ? "" : "+") + format_real(c.imag()) + "j)";
    }
    case DType::kString: return "b'" + static_cast<const std::string*>(p)[i] + "'";
    default: return "?";
  }
}

// Appends dimension `axis` starting at flat element `offset`; `stride` = elements per entry.
void append(const Tensor& t, int axis, int64_t offset, std::string* out) {
  const Shape& s = t.shape();
  if (axis == s.rank()) {
    *out += element(t, offset);
    return;
  }
  int64_t stride = 1;
  for (int d = axis + 1; d < s.rank(); ++d) stride *= s.dim(d);
  *out += '[';
  for (int64_t i = 0; i < s.dim(axis); ++i) {
    if (i > 0) *out += axis + 1 == s.rank() ? " " : "\n" + std::string(static_cast<size_t>(axis) + 1, ' ');
    append(t, axis + 1, offset + i * stride, out);
  }
  *out += ']';
}

}  // namespace

Tensor make_zeros(DType dtype, const Shape& shape) {
  Tensor t = Tensor::allocate(dtype, shape);
  if (dtype != DType::kString && t.byte_size() > 0) std::memset(t.mutable_data(), 0, t.byte_size());
  return t;
}

std::string to_string(const Tensor& t) {
  if (!t.valid()) return "<invalid tensor>";
  std::string out;
  append(t, 0, 0, &out);
  return out;
}

}  // namespace varrt
