// The table's Bessel functions: I0, I1 and their scaled forms a block at a time
// (special_bessel.h), K, J and Y one element at a time (special_bessel_kjy.h).
#include <cmath>
#include <cstdint>
#include <vector>

#include "varrt/kernels/math_function_loops.h"
#include "varrt/kernels/special_bessel.h"
#include "varrt/kernels/special_bessel_kjy.h"

namespace varrt {
namespace kernels {
namespace {

// A function with a block form (special_bessel.h): whole blocks through it, the rest one by one.
// `kScale` multiplies by exp(|x|) (I0, I1 from I0e, I1e).
template <class T, int kOrder, bool kScale>
void bessel_loop(const T* const* in, T* out, int64_t begin, int64_t end) {
  constexpr int kBlock = special::kBlock;
  const T* x = in[0];
  int64_t i = begin;
  simd_call([&] {
    for (; i + kBlock <= end; i += kBlock) special::bessel_ie_block<T, kOrder>(x + i, out + i);
  });
  for (; i < end; ++i) out[i] = kOrder == 0 ? special::bessel_i0e(x[i]) : special::bessel_i1e(x[i]);
  if (kScale) {
    for (int64_t k = begin; k < end; ++k) out[k] = std::exp(std::fabs(x[k])) * out[k];
  }
}

#define VARRT_BESSEL(OP, ORDER, SCALE, COST) \
  MathFunction { OP, 1, &bessel_loop<float, ORDER, SCALE>, &bessel_loop<double, ORDER, SCALE>, COST }

}  // namespace

void add_bessel_functions(std::vector<MathFunction>* table) {
  table->insert(table->end(), {
      VARRT_BESSEL("BesselI0", 0, true, 8),
      VARRT_BESSEL("BesselI0e", 0, false, 8),
      VARRT_BESSEL("BesselI1", 1, true, 8),
      VARRT_BESSEL("BesselI1e", 1, false, 8),
      VARRT_MATH_UNARY("BesselK0", special::bessel_k0, 16),
      VARRT_MATH_UNARY("BesselK0e", special::bessel_k0e, 16),
      VARRT_MATH_UNARY("BesselK1", special::bessel_k1, 16),
      VARRT_MATH_UNARY("BesselK1e", special::bessel_k1e, 16),
      VARRT_MATH_UNARY("BesselJ0", special::bessel_j0, 16),
      VARRT_MATH_UNARY("BesselJ1", special::bessel_j1, 16),
      VARRT_MATH_UNARY("BesselY0", special::bessel_y0, 16),
      VARRT_MATH_UNARY("BesselY1", special::bessel_y1, 16),
  });
}
#undef VARRT_BESSEL

}  // namespace kernels
}  // namespace varrt
