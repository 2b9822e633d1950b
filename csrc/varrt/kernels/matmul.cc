#include "varrt/kernels/matmul.h"

namespace varrt {
namespace kernels {
namespace {

template <class T>
void run(const Tensor& a, const Tensor& b, bool ta, bool tb, const Tensor& out) {
  const T* x = a.data_as<T>();
  const T* y = b.data_as<T>();
  T* z = static_cast<T*>(out.mutable_data());
  const int64_t m = out.shape().dim(0), n = out.shape().dim(1);
  const int64_t k = ta ? a.shape().dim(0) : a.shape().dim(1);
  // Element strides of op(a)[i, p] and op(b)[p, j].
  const int64_t a_row = ta ? 1 : k, a_col = ta ? m : 1;
  const int64_t b_row = tb ? 1 : n, b_col = tb ? k : 1;
  for (int64_t i = 0; i < m; ++i) {
    T* row = z + i * n;
    for (int64_t j = 0; j < n; ++j) row[j] = T(0);
    // i-p-j order: the inner loop runs along a row of b and of the output (vectorisable
    // when b is not transposed).
    for (int64_t p = 0; p < k; ++p) {
      const T s = x[i * a_row + p * a_col];
      const T* brow = y + p * b_row;
      for (int64_t j = 0; j < n; ++j) row[j] += s * brow[j * b_col];
    }
  }
}

}  // namespace

bool matmul_supported(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat64; }

void matmul(const Tensor& a, const Tensor& b, bool transpose_a, bool transpose_b, const Tensor& out) {
  if (a.dtype() == DType::kFloat32) {
    run<float>(a, b, transpose_a, transpose_b, out);
  } else {
    run<double>(a, b, transpose_a, transpose_b, out);
  }
}

}  // namespace kernels
}  // namespace varrt
