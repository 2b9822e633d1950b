#include "varrt/kernels/float_math.h"

#include <cmath>

#include "varrt/kernels/tensorflow_float_activations.h"
#include "varrt/kernels/wide_float.h"

namespace varrt {
namespace kernels {

bool is_float_math(UnaryOp op) { return op >= UnaryOp::kExp; }

bool float_math_supported(DType dtype) {
  return dtype == DType::kFloat32 || dtype == DType::kFloat64 || dtype == DType::kFloat16 ||
         dtype == DType::kBFloat16;
}

void float_math(UnaryOp op, const Tensor& a, const Tensor& out) {
  using wide_float::wide;
  switch (op) {
    case UnaryOp::kExp:
      if (a.dtype() == DType::kFloat32) {  // TensorFlow's own approximation, bit for bit
        return tensorflow_exp_float32(a.data_as<float>(), static_cast<float*>(out.mutable_data()), a.num_elements());
      }
      return wide(a, out, [](double v) { return std::exp(v); });
    case UnaryOp::kLog: return wide(a, out, [](double v) { return std::log(v); });
    case UnaryOp::kLog1p: return wide(a, out, [](double v) { return std::log1p(v); });
    case UnaryOp::kExpm1: return wide(a, out, [](double v) { return std::expm1(v); });
    case UnaryOp::kReciprocal: return wide(a, out, [](double v) { return 1.0 / v; });
    default: throw_error(Code::kInternal, "float_math called for another op");
  }
}

}  // namespace kernels
}  // namespace varrt
