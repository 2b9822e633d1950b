// Equal and NotEqual (binary_kernel.h), the only binary ops with bool inputs.
#include "varrt/kernels/binary_kernel.h"

namespace varrt {
namespace kernels {

void binary_equal(const Tensor& a, const Tensor& b, const Tensor& out) {
  if (a.dtype() == DType::kBool) return binary_loop::run<binary_loop::Equal, bool, bool>(a, b, out);
  binary_loop::by_dtype<binary_loop::Equal, bool>(a, b, out);
}

void binary_not_equal(const Tensor& a, const Tensor& b, const Tensor& out) {
  if (a.dtype() == DType::kBool) return binary_loop::run<binary_loop::NotEqual, bool, bool>(a, b, out);
  binary_loop::by_dtype<binary_loop::NotEqual, bool>(a, b, out);
}

}  // namespace kernels
}  // namespace varrt
