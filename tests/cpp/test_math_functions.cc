// The table of element-wise math functions (kernels/math_functions.h) through its op
// (ops/math_function_ops.h), without Python: every function has a native node kernel, operands
// broadcast (Betainc's are scalars or of one shape, with TensorFlow's error), denormals are
// flushed as on TensorFlow's threads, the 16-bit floats compute in float, and float64 lgamma's
// reflection stays within its bound of glibc's lgamma_r, equal to it near the zeros.
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "check.h"
#include "varrt/core/half.h"
#include "varrt/device/device.h"
#include "varrt/kernels/math_functions.h"
#include "varrt/ops/math_function_ops.h"
#include "varrt/ops/op_registry.h"

using namespace varrt;

namespace {

template <class T>
PlacedTensor tensor(DType dtype, std::vector<T> v, Shape s) {
  Tensor t = Tensor::allocate(dtype, s);
  if (!v.empty()) std::memcpy(t.mutable_data(), v.data(), v.size() * sizeof(T));
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

PlacedTensor run(const char* op, std::vector<PlacedTensor> in) {
  const kernels::MathFunction* f = kernels::find_math_function(op);
  CHECK(f != nullptr && f->arity == static_cast<int>(in.size()));
  return ops::MathFunction(*f, in.data(), "");
}

template <class T>
T at(const PlacedTensor& t, int64_t i) {
  return t.tensor.data_as<T>()[i];
}

}  // namespace

TEST(every_function_has_a_native_node_kernel_and_a_loop_per_dtype) {
  CHECK(kernels::math_functions().size() >= 40);
  for (const kernels::MathFunction& f : kernels::math_functions()) {
    CHECK(core_node_kernel(f.op) != nullptr);
    CHECK(f.f32 != nullptr && f.f64 != nullptr && f.arity >= 1 && f.arity <= 3 && f.cost >= 1);
  }
  CHECK(kernels::find_math_function("Lgamma") != nullptr && kernels::find_math_function("NoSuchOp") == nullptr);
  CHECK(kernels::math_function_supported(DType::kBFloat16) && !kernels::math_function_supported(DType::kInt32));
}

TEST(values_at_known_points_and_the_zero_that_wins_over_nan) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  PlacedTensor lg = run("Lgamma", {tensor<float>(DType::kFloat32, {0.5f, 1.0f, 3.0f, -1.0f}, Shape{4})});
  CHECK(at<float>(lg, 0) == lgammaf(0.5f) && at<float>(lg, 1) == 0.0f && at<float>(lg, 2) == lgammaf(3.0f));
  CHECK(std::isinf(at<float>(lg, 3)));
  PlacedTensor xl = run("Xlogy", {tensor<double>(DType::kFloat64, {0.0, 2.0}, Shape{2}),
                                  tensor<double>(DType::kFloat64, {static_cast<double>(nan), 3.0}, Shape{2})});
  CHECK(at<double>(xl, 0) == 0.0 && at<double>(xl, 1) == 2.0 * std::log(3.0));
  PlacedTensor mn = run("MulNoNan", {tensor<float>(DType::kFloat32, {std::numeric_limits<float>::infinity()}, Shape{1}),
                                     tensor<float>(DType::kFloat32, {0.0f}, Shape{1})});
  CHECK(at<float>(mn, 0) == 0.0f);
  PlacedTensor ig = run("Igamma", {tensor<double>(DType::kFloat64, {1.0}, Shape{}),
                                   tensor<double>(DType::kFloat64, {2.0}, Shape{})});
  CHECK(std::fabs(at<double>(ig, 0) - (1.0 - std::exp(-2.0))) < 1e-15);
}

TEST(binary_operands_broadcast_with_tensorflows_error) {
  PlacedTensor out = run("Xdivy", {tensor<float>(DType::kFloat32, {1, 2}, Shape{2, 1}),
                                   tensor<float>(DType::kFloat32, {1, 2, 4}, Shape{3})});
  CHECK(out.tensor.shape() == (Shape{2, 3}));
  const float want[] = {1, 0.5f, 0.25f, 2, 1, 0.5f};
  for (int i = 0; i < 6; ++i) CHECK(at<float>(out, i) == want[i]);
  CHECK_THROWS_WITH(run("Zeta", {tensor<float>(DType::kFloat32, {}, Shape{2}), tensor<float>(DType::kFloat32, {}, Shape{3})}), {
    CHECK(e.code() == Code::kInvalidArgument);
    CHECK(std::string(e.what()).find("Incompatible shapes: [2] vs. [3]") != std::string::npos);
  });
}

TEST(betainc_takes_scalars_or_one_shape) {
  PlacedTensor out = run("Betainc", {tensor<float>(DType::kFloat32, {1.0f}, Shape{}),
                                     tensor<float>(DType::kFloat32, {1.0f, 2.0f}, Shape{2}),
                                     tensor<float>(DType::kFloat32, {0.5f}, Shape{})});
  CHECK(out.tensor.shape() == (Shape{2}) && at<float>(out, 0) == 0.5f && at<float>(out, 1) == 0.75f);
  CHECK_THROWS_WITH(run("Betainc", {tensor<float>(DType::kFloat32, {}, Shape{2}), tensor<float>(DType::kFloat32, {}, Shape{2}),
                                    tensor<float>(DType::kFloat32, {}, Shape{1, 2})}), {
    CHECK(e.code() == Code::kInvalidArgument);
    CHECK(std::string(e.what()).find("Shapes of a and x are inconsistent: [2] vs. [1,2]") != std::string::npos);
  });
}

TEST(denormals_are_flushed_as_on_tensorflows_threads) {
  // NextAfter(1e-40f, 0) is a denormal step: 0 with the flush; Ndtri(1e-40f) reads its input as 0: -inf.
  PlacedTensor next = run("NextAfter", {tensor<float>(DType::kFloat32, {1e-40f}, Shape{1}),
                                        tensor<float>(DType::kFloat32, {0.0f}, Shape{1})});
  CHECK(at<float>(next, 0) == 0.0f);
  PlacedTensor q = run("Ndtri", {tensor<float>(DType::kFloat32, {1e-40f}, Shape{1})});
  CHECK(std::isinf(at<float>(q, 0)) && at<float>(q, 0) < 0);
  // The caller's own floating-point mode is restored afterwards.
  volatile float tiny = 1e-38f;
  CHECK(tiny / 100.0f != 0.0f);
}

TEST(half_computes_in_float_and_rounds_once) {
  PlacedTensor h = run("Lgamma", {tensor<uint16_t>(DType::kFloat16, {float_to_half(0.5f)}, Shape{1})});
  CHECK(h.tensor.dtype() == DType::kFloat16 && at<uint16_t>(h, 0) == float_to_half(lgammaf(0.5f)));
}

TEST(large_inputs_split_across_threads_give_the_same_bits) {
  std::vector<double> v(1 << 18);
  for (size_t i = 0; i < v.size(); ++i) v[i] = -30.0 + 60.0 * static_cast<double>(i) / static_cast<double>(v.size());
  PlacedTensor out = run("BesselI0e", {tensor<double>(DType::kFloat64, v, Shape{static_cast<int64_t>(v.size())})});
  for (size_t i = 0; i < v.size(); i += 997) {
    PlacedTensor one = run("BesselI0e", {tensor<double>(DType::kFloat64, {v[i]}, Shape{1})});
    CHECK(at<double>(out, static_cast<int64_t>(i)) == at<double>(one, 0));
  }
}

TEST(float64_lgamma_reflects_within_5_ulps_and_keeps_glibcs_bits_near_the_zeros) {
  std::vector<double> x;
  for (int i = 0; i < 23000; ++i) x.push_back(-5.0 - 23.0 * (i + 0.5) / 23000);
  const double near_zero = -5.008;  // |lgamma| < 0.05: the reflection's terms cancel
  x.push_back(near_zero);
  const int64_t n = static_cast<int64_t>(x.size());
  PlacedTensor lg = run("Lgamma", {tensor<double>(DType::kFloat64, x, Shape{n})});
  auto ordered = [](double v) {
    int64_t i;
    std::memcpy(&i, &v, sizeof i);
    return i < 0 ? std::numeric_limits<int64_t>::min() - i : i;
  };
  int64_t worst = 0, differing = 0;
  for (int64_t i = 0; i < n; ++i) {
    int sign;
    const int64_t d = std::llabs(ordered(at<double>(lg, i)) - ordered(lgamma_r(x[i], &sign)));
    worst = d > worst ? d : worst;
    differing += d != 0;
  }
  CHECK(worst <= 5 && differing > n / 4);
  int sign;
  CHECK(std::fabs(lgamma_r(near_zero, &sign)) < 0.05 && at<double>(lg, n - 1) == lgamma_r(near_zero, &sign));
}

TEST_MAIN()
