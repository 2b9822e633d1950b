#include "varrt/kernels/fill.h"

#include <complex>
#include <cstring>
#include <string>
#include <vector>

#include "varrt/core/error.h"

namespace varrt {
namespace kernels {
namespace {

// The bytes of one 1 of `dtype` (false for a dtype without one).
bool one_bytes(DType dtype, unsigned char* bytes) {
  auto put = [bytes](auto v) {
    std::memcpy(bytes, &v, sizeof v);
    return true;
  };
  switch (dtype) {
    case DType::kFloat32: return put(1.0f);
    case DType::kFloat64: return put(1.0);
    case DType::kFloat16: return put(uint16_t{0x3c00});
    case DType::kBFloat16: return put(uint16_t{0x3f80});
    case DType::kComplex64: return put(std::complex<float>(1.0f, 0.0f));
    case DType::kComplex128: return put(std::complex<double>(1.0, 0.0));
    case DType::kInt8: return put(int8_t{1});
    case DType::kInt16: return put(int16_t{1});
    case DType::kInt32: return put(int32_t{1});
    case DType::kInt64: return put(int64_t{1});
    case DType::kUInt8: return put(uint8_t{1});
    case DType::kUInt16: return put(uint16_t{1});
    case DType::kUInt32: return put(uint32_t{1});
    case DType::kUInt64: return put(uint64_t{1});
    case DType::kBool: return put(true);
    default: return false;
  }
}

// Copies element runs of `x` into `out` one output dimension at a time; a dimension of x that is
// 1 (or missing) where out's is larger repeats the same input run.
struct Broadcaster {
  const unsigned char* in;
  unsigned char* out;
  size_t element;
  bool strings;
  std::vector<int64_t> out_dims, in_dims, in_strides, out_strides;

  void copy(int64_t to, int64_t from, int64_t count) const {
    if (strings) {
      const auto* s = reinterpret_cast<const std::string*>(in) + from;
      auto* d = reinterpret_cast<std::string*>(out) + to;
      for (int64_t i = 0; i < count; ++i) d[i] = s[i];
    } else {
      std::memcpy(out + to * element, in + from * element, static_cast<size_t>(count) * element);
    }
  }

  void run(size_t axis, int64_t to, int64_t from) const {
    const int64_t n = out_dims[axis];
    const bool repeat = in_dims[axis] == 1 && n != 1;
    if (axis + 1 == out_dims.size()) {
      if (!repeat) return copy(to, from, n);
      for (int64_t i = 0; i < n; ++i) copy(to + i, from, 1);
      return;
    }
    for (int64_t i = 0; i < n; ++i) run(axis + 1, to + i * out_strides[axis], from + (repeat ? 0 : i * in_strides[axis]));
  }
};

}  // namespace

bool ones_supported(DType dtype) {
  unsigned char bytes[16];
  return one_bytes(dtype, bytes);
}

void fill_zeros(const Tensor& out) {
  if (out.dtype() == DType::kString) {
    auto* s = static_cast<std::string*>(out.mutable_data());
    for (int64_t i = 0, n = out.num_elements(); i < n; ++i) s[i].clear();
    return;
  }
  if (out.byte_size() != 0) std::memset(out.mutable_data(), 0, out.byte_size());  // 0 of every number is all zero bits
}

void fill_ones(const Tensor& out) {
  unsigned char one[16];
  if (!one_bytes(out.dtype(), one)) throw_error(Code::kInternal, "OnesLike kernel called for an unsupported dtype");
  const size_t size = dtype_size(out.dtype());
  auto* p = static_cast<unsigned char*>(out.mutable_data());
  for (int64_t i = 0, n = out.num_elements(); i < n; ++i) std::memcpy(p + static_cast<size_t>(i) * size, one, size);
}

bool broadcastable_to(const Shape& from, const Shape& to) {
  if (from.rank() > to.rank()) return false;
  for (int i = 1; i <= from.rank(); ++i) {
    const int64_t f = from.dim(from.rank() - i), t = to.dim(to.rank() - i);
    if (f != t && f != 1) return false;
  }
  return true;
}

void broadcast_to(const Tensor& x, const Tensor& out) {
  if (out.num_elements() == 0) return;
  const int rank = out.shape().rank();
  if (rank == 0) {
    Broadcaster b{x.data_as<unsigned char>(), static_cast<unsigned char*>(out.mutable_data()), dtype_size(x.dtype()),
                  x.dtype() == DType::kString, {}, {}, {}, {}};
    b.copy(0, 0, 1);
    return;
  }
  Broadcaster b{x.data_as<unsigned char>(), static_cast<unsigned char*>(out.mutable_data()), dtype_size(x.dtype()),
                x.dtype() == DType::kString, out.shape().dims(), std::vector<int64_t>(rank, 1),
                std::vector<int64_t>(rank, 0), std::vector<int64_t>(rank, 0)};
  const int offset = rank - x.shape().rank();
  for (int i = 0; i < x.shape().rank(); ++i) b.in_dims[offset + i] = x.shape().dim(i);
  int64_t in_stride = 1, out_stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    b.in_strides[i] = in_stride;
    b.out_strides[i] = out_stride;
    in_stride *= b.in_dims[i];
    out_stride *= b.out_dims[i];
  }
  b.run(0, 0, 0);
}

}  // namespace kernels
}  // namespace varrt
