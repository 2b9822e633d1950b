#include "varrt/kernels/select.h"

#include <cstring>
#include <vector>

namespace varrt {
namespace kernels {
namespace {

// Strides (in elements) of `s` seen with `out`'s rank, 0 along broadcast dimensions.
std::vector<int64_t> strides_in(const Shape& s, const Shape& out) {
  std::vector<int64_t> strides(static_cast<size_t>(out.rank()), 0);
  const int offset = out.rank() - s.rank();
  int64_t stride = 1;
  for (int i = out.rank() - 1; i >= offset; --i) {
    const int64_t d = s.dim(i - offset);
    strides[static_cast<size_t>(i)] = d == 1 ? 0 : stride;
    stride *= d;
  }
  return strides;
}

}  // namespace

bool select_supported(DType dtype) {
  return dtype != DType::kString && dtype != DType::kInvalid && dtype_size(dtype) > 0;
}

void select(const Tensor& cond, const Tensor& then_, const Tensor& else_, const Tensor& out) {
  const Shape& shape = out.shape();
  const int64_t n = out.num_elements();
  if (n == 0) return;
  const size_t size = dtype_size(out.dtype());
  const bool* c = cond.data_as<bool>();
  const char* t = static_cast<const char*>(static_cast<const void*>(then_.data_as<uint8_t>()));
  const char* e = static_cast<const char*>(static_cast<const void*>(else_.data_as<uint8_t>()));
  char* o = static_cast<char*>(out.mutable_data());
  const int rank = shape.rank();
  const std::vector<int64_t> sc = strides_in(cond.shape(), shape), st = strides_in(then_.shape(), shape),
                             se = strides_in(else_.shape(), shape);
  std::vector<int64_t> index(static_cast<size_t>(rank), 0);
  int64_t oc = 0, ot = 0, oe = 0;
  for (int64_t i = 0; i < n; ++i) {
    std::memcpy(o + i * size, c[oc] ? t + ot * size : e + oe * size, size);
    for (int d = rank - 1; d >= 0; --d) {  // odometer over the output's index
      const size_t k = static_cast<size_t>(d);
      oc += sc[k];
      ot += st[k];
      oe += se[k];
      if (++index[k] < shape.dim(d)) break;
      oc -= sc[k] * shape.dim(d);
      ot -= st[k] * shape.dim(d);
      oe -= se[k] * shape.dim(d);
      index[k] = 0;
    }
  }
}

}  // namespace kernels
}  // namespace varrt
