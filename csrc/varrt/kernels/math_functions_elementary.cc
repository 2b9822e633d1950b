// The table's inverse trigonometric and hyperbolic functions, rint, nextafter and the no-NaN
// products (elementary_functions.h).
#include <cmath>
#include <cstdint>
#include <vector>

#include "varrt/kernels/math_function_loops.h"
#include "varrt/kernels/elementary_functions.h"

namespace varrt {
namespace kernels {

void add_elementary_functions(std::vector<MathFunction>* table) {
  table->insert(table->end(), {
      VARRT_MATH_UNARY("Acos", elementary::acos, 4),
      VARRT_MATH_UNARY("Asin", elementary::asin, 4),
      VARRT_MATH_UNARY("Acosh", elementary::acosh, 4),
      VARRT_MATH_UNARY("Asinh", elementary::asinh, 4),
      VARRT_MATH_UNARY("Atanh", elementary::atanh, 4),
      VARRT_MATH_UNARY("Cosh", elementary::cosh, 4),
      VARRT_MATH_UNARY("Sinh", elementary::sinh, 4),
      VARRT_MATH_UNARY("Rint", elementary::rint, 1),
      VARRT_MATH_BINARY("Xlogy", elementary::xlogy, 4),
      VARRT_MATH_BINARY("Xlog1py", elementary::xlog1py, 4),
      VARRT_MATH_BINARY("Xdivy", elementary::xdivy, 1),
      VARRT_MATH_BINARY("MulNoNan", elementary::mul_no_nan, 1),
      VARRT_MATH_BINARY("NextAfter", elementary::nextafter, 2),
  });
}

}  // namespace kernels
}  // namespace varrt
