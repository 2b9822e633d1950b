#include "varrt/kernels/bias_relu.h"

#include "varrt/core/error.h"
#include "varrt/kernels/activations.h"
#include "varrt/kernels/simd_dispatch.h"

namespace varrt {
namespace kernels {
namespace {

// One row's sum and Relu in one pass, compiled for the CPU's widest vectors (an addition and a
// select per element: the same results at every width).
template <class T>
void finish_rows(T* y, int64_t rows, int64_t n, const T* bias, bool relu) {
  const int64_t packet_end = relu_packet_end<T>(rows * n);
  simd_call([&] {
    for (int64_t r = 0; r < rows; ++r) {
      T* row = y + r * n;
      const int64_t first = r * n;
      if (!relu) {
        for (int64_t j = 0; j < n; ++j) row[j] = row[j] + bias[j];
      } else if (bias == nullptr) {
        for (int64_t j = 0; j < n; ++j) row[j] = first + j < packet_end ? relu_packet(row[j]) : relu_scalar(row[j]);
      } else if (first + n <= packet_end) {
        for (int64_t j = 0; j < n; ++j) row[j] = relu_packet(row[j] + bias[j]);
      } else {
        for (int64_t j = 0; j < n; ++j) {
          const T v = row[j] + bias[j];
          row[j] = first + j < packet_end ? relu_packet(v) : relu_scalar(v);
        }
      }
    }
  });
}

}  // namespace

bool bias_relu_supported(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat64; }

void add_bias_relu(DType dtype, void* y, int64_t rows, int64_t n, const void* bias, bool relu) {
  if (bias == nullptr && !relu) return;
  switch (dtype) {
    case DType::kFloat32:
      return finish_rows(static_cast<float*>(y), rows, n, static_cast<const float*>(bias), relu);
    case DType::kFloat64:
      return finish_rows(static_cast<double*>(y), rows, n, static_cast<const double*>(bias), relu);
    default:
      throw_error(Code::kInternal, "add_bias_relu called for an unsupported dtype");
  }
}

}  // namespace kernels
}  // namespace varrt
