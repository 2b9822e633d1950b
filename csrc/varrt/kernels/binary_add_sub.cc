// Add and Sub (binary_kernel.h).
#include "varrt/kernels/binary_kernel.h"

namespace varrt {
namespace kernels {

void binary_add(const Tensor& a, const Tensor& b, const Tensor& out) { binary_loop::by_dtype<binary_loop::Add>(a, b, out); }
void binary_sub(const Tensor& a, const Tensor& b, const Tensor& out) { binary_loop::by_dtype<binary_loop::Sub>(a, b, out); }

}  // namespace kernels
}  // namespace varrt
