#include "varrt/kernels/relu_grad_sum.h"

#include <vector>

#include "varrt/core/error.h"
#include "varrt/kernels/reduction_tree.h"
#include "varrt/kernels/simd_dispatch.h"

namespace varrt {
namespace kernels {
namespace {

// Compiled for the CPU's widest vectors (a product, a select and double additions per element:
// the same results at every width). reduce_rows asks for each row once, in order, so the row is
// made right before it is summed.
template <class T>
void fused(const T* g, const T* f, int64_t rows, int64_t n, T* dy, T* sums) {
  using A = reduce::Acc<T, reduce::SumOp>;
  std::vector<A> acc(static_cast<size_t>(n));
  simd_call([&] {
    auto row = [&](int64_t r) {
      const T* gr = g + r * n;
      const T* fr = f + r * n;
      T* out = dy + r * n;
      for (int64_t j = 0; j < n; ++j) out[j] = gr[j] * (fr[j] > T(0) ? T(1) : T(0));
      return static_cast<const T*>(out);
    };
    reduce::reduce_rows<A, reduce::SumOp, T>(row, rows, n, acc.data());
    for (int64_t j = 0; j < n; ++j) sums[j] = reduce::finish<T, reduce::SumOp>(acc[static_cast<size_t>(j)], rows);
  });
}

}  // namespace

bool relu_grad_sum_supported(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat64; }

void relu_grad_column_sums(DType dtype, const void* gradients, const void* features, int64_t rows, int64_t n,
                           void* dy, void* sums) {
  switch (dtype) {
    case DType::kFloat32:
      return fused(static_cast<const float*>(gradients), static_cast<const float*>(features), rows, n,
                   static_cast<float*>(dy), static_cast<float*>(sums));
    case DType::kFloat64:
      return fused(static_cast<const double*>(gradients), static_cast<const double*>(features), rows, n,
                   static_cast<double*>(dy), static_cast<double*>(sums));
    default:
      throw_error(Code::kInternal, "relu_grad_column_sums called for an unsupported dtype");
  }
}

}  // namespace kernels
}  // namespace varrt
