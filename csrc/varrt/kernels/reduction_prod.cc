#include "varrt/kernels/reduction_kernel.h"

namespace varrt {
namespace kernels {

void reduce_prod(DType dtype, const ReducePlan* plan, const void* in, void* out, int64_t outputs) {
  reduce::reduce_dtype<reduce::ProdOp>(dtype, plan, in, out, outputs);
}

}  // namespace kernels
}  // namespace varrt
