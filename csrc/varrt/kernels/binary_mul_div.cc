// Mul, RealDiv and DivNoNan (binary_kernel.h).
#include "varrt/kernels/binary_kernel.h"

namespace varrt {
namespace kernels {

void binary_mul(const Tensor& a, const Tensor& b, const Tensor& out) { binary_loop::by_dtype<binary_loop::Mul>(a, b, out); }
void binary_real_div(const Tensor& a, const Tensor& b, const Tensor& out) { binary_loop::by_dtype<binary_loop::Div>(a, b, out); }
void binary_div_no_nan(const Tensor& a, const Tensor& b, const Tensor& out) {
  binary_loop::by_dtype<binary_loop::DivNoNan>(a, b, out);
}

}  // namespace kernels
}  // namespace varrt
