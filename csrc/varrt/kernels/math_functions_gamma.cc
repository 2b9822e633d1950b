// The table's gamma family (lgamma, digamma, polygamma, zeta, the incomplete gamma functions),
// betainc, ndtri and erfinv (special_gamma.h, special_beta.h, special_normal.h; Lgamma's float64
// kernel in lgamma_reflection.h).
#include <cmath>
#include <cstdint>
#include <vector>

#include "varrt/kernels/lgamma_reflection.h"
#include "varrt/kernels/math_function_loops.h"
#include "varrt/kernels/special_beta.h"
#include "varrt/kernels/special_gamma.h"
#include "varrt/kernels/special_normal.h"

namespace varrt {
namespace kernels {
namespace {

// lgamma_by_reflection and special::betainc are overload sets, not templates.
template <class T> T lgamma(T x) { return lgamma_by_reflection(x); }
template <class T> T betainc(T a, T b, T x) { return special::betainc(a, b, x); }

}  // namespace

void add_gamma_functions(std::vector<MathFunction>* table) {
  table->insert(table->end(), {
      VARRT_MATH_UNARY("Lgamma", kernels::lgamma, 8),
      VARRT_MATH_UNARY("Digamma", special::digamma, 16),
      VARRT_MATH_UNARY("Erfinv", special::erfinv, 8),
      VARRT_MATH_UNARY("Ndtri", special::ndtri, 8),
      VARRT_MATH_BINARY("Igamma", special::igamma, 64),
      VARRT_MATH_BINARY("Igammac", special::igammac, 64),
      VARRT_MATH_BINARY("IgammaGradA", special::igamma_grad_a, 64),
      VARRT_MATH_BINARY("Zeta", special::zeta, 32),
      VARRT_MATH_BINARY("Polygamma", special::polygamma, 32),
      VARRT_MATH_TERNARY("Betainc", kernels::betainc, 64),
  });
}

}  // namespace kernels
}  // namespace varrt
