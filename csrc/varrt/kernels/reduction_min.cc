#include "varrt/kernels/reduction_kernel.h"

namespace varrt {
namespace kernels {

void reduce_min(DType dtype, const ReducePlan* plan, const void* in, void* out, int64_t outputs) {
  reduce::reduce_dtype<reduce::MinOp>(dtype, plan, in, out, outputs);
}

}  // namespace kernels
}  // namespace varrt
