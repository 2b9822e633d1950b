// TensorFlow's element-wise math functions of real floats that have core kernels, by op name:
// the inverse trigonometric and hyperbolic functions, rint, the no-nan products, nextafter
// (elementary_functions.h), and the special functions (special_gamma.h, special_normal.h,
// special_bessel.h, special_bessel_kjy.h, special_beta.h, special_integrals.h). One table: the op's graph node kernels, the Python layer's _C entry and
// _C.MATH_FUNCTIONS all read it, so an op added here runs natively everywhere.
//
// float and double compute in their own type; half and bfloat16 in float, rounded once (as
// Eigen's half and bfloat16 forms of these functions do). Denormals are flushed as on TensorFlow's
// threads (inputs read as zero, results become zero). Inputs of several operands broadcast
// (TensorFlow's BCast); the caller checks that they do and that the dtypes match and are supported.
#pragma once

#include <cstdint>
#include <vector>

#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

struct MathFunction {
  const char* op;  // TensorFlow's op name
  int arity;       // 1, 2 or 3 (Betainc) inputs of one dtype
  // out[i] = f(in[0][i], ...) for i in [begin, end): every input has the output's shape here.
  void (*f32)(const float* const* in, float* out, int64_t begin, int64_t end);
  void (*f64)(const double* const* in, double* out, int64_t begin, int64_t end);
  // The work of one element in units of a memory-bound element (a load and a store): how early
  // a loop is worth the thread pool.
  int cost;
};

// Every function, in no particular order.
const std::vector<MathFunction>& math_functions();
// The function of TensorFlow's op `op`, or null.
const MathFunction* find_math_function(const char* op);
// half, bfloat16, float, double.
bool math_function_supported(DType dtype);
// out = f(inputs...): `inputs` are f.arity tensors of out's dtype whose shapes broadcast to out's.
void math_function(const MathFunction& f, const Tensor* inputs, const Tensor& out);

}  // namespace kernels
}  // namespace varrt
