// Greater and GreaterEqual (binary_kernel.h).
#include "varrt/kernels/binary_kernel.h"

namespace varrt {
namespace kernels {

void binary_greater(const Tensor& a, const Tensor& b, const Tensor& out) { binary_loop::by_dtype<binary_loop::Greater, bool>(a, b, out); }
void binary_greater_equal(const Tensor& a, const Tensor& b, const Tensor& out) { binary_loop::by_dtype<binary_loop::GreaterEqual, bool>(a, b, out); }

}  // namespace kernels
}  // namespace varrt
