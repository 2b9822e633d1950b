// The table's Dawson, exponential, Fresnel and Spence integrals (special_integrals.h).
#include <cmath>
#include <cstdint>
#include <vector>

#include "varrt/kernels/math_function_loops.h"
#include "varrt/kernels/special_integrals.h"

namespace varrt {
namespace kernels {

void add_integral_functions(std::vector<MathFunction>* table) {
  table->insert(table->end(), {
      VARRT_MATH_UNARY("Dawsn", special::dawsn, 8),
      VARRT_MATH_UNARY("Expint", special::expint, 8),
      VARRT_MATH_UNARY("FresnelCos", special::fresnel_cos, 8),
      VARRT_MATH_UNARY("FresnelSin", special::fresnel_sin, 8),
      VARRT_MATH_UNARY("Spence", special::spence, 8),
  });
}

}  // namespace kernels
}  // namespace varrt
