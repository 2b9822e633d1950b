// Less and LessEqual (binary_kernel.h).
#include "varrt/kernels/binary_kernel.h"

namespace varrt {
namespace kernels {

void binary_less(const Tensor& a, const Tensor& b, const Tensor& out) { binary_loop::by_dtype<binary_loop::Less, bool>(a, b, out); }
void binary_less_equal(const Tensor& a, const Tensor& b, const Tensor& out) { binary_loop::by_dtype<binary_loop::LessEqual, bool>(a, b, out); }

}  // namespace kernels
}  // namespace varrt
