// The loops of the math-function table (math_functions.h), for the files that fill it by family
// (math_functions_elementary.cc, _gamma.cc, _bessel.cc, _integrals.cc): each family's loops
// compile in their own file (every loop x 2 dtypes x 3 SIMD levels), so no one file carries
// them all. Internal to the table.
#pragma once

#include <cstdint>
#include <vector>

#include "varrt/kernels/math_functions.h"
#include "varrt/kernels/simd_dispatch.h"

namespace varrt {
namespace kernels {
namespace math_loops {

template <class T, T (*F)(T)>
void loop1(const T* const* in, T* out, int64_t begin, int64_t end) {
  const T* x = in[0];
  simd_for(begin, end, [=](int64_t i) { out[i] = F(x[i]); });
}

template <class T, T (*F)(T, T)>
void loop2(const T* const* in, T* out, int64_t begin, int64_t end) {
  const T* x = in[0];
  const T* y = in[1];
  simd_for(begin, end, [=](int64_t i) { out[i] = F(x[i], y[i]); });
}

template <class T, T (*F)(T, T, T)>
void loop3(const T* const* in, T* out, int64_t begin, int64_t end) {
  const T* x = in[0];
  const T* y = in[1];
  const T* z = in[2];
  simd_for(begin, end, [=](int64_t i) { out[i] = F(x[i], y[i], z[i]); });
}

}  // namespace math_loops

// An entry of the table for the function template FN (FN<float>, FN<double>) of one, two or
// three inputs; COST as MathFunction::cost.
#define VARRT_MATH_UNARY(OP, FN, COST) \
  MathFunction { OP, 1, &math_loops::loop1<float, &FN<float>>, &math_loops::loop1<double, &FN<double>>, COST }
#define VARRT_MATH_BINARY(OP, FN, COST) \
  MathFunction { OP, 2, &math_loops::loop2<float, &FN<float>>, &math_loops::loop2<double, &FN<double>>, COST }
#define VARRT_MATH_TERNARY(OP, FN, COST) \
  MathFunction { OP, 3, &math_loops::loop3<float, &FN<float>>, &math_loops::loop3<double, &FN<double>>, COST }

// Each family's entries, appended to the table.
void add_elementary_functions(std::vector<MathFunction>* table);
void add_gamma_functions(std::vector<MathFunction>* table);
void add_bessel_functions(std::vector<MathFunction>* table);
void add_integral_functions(std::vector<MathFunction>* table);

}  // namespace kernels
}  // namespace varrt
