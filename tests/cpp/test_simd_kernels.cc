// The kernels' vector versions (kernels/simd_dispatch.h, at the level this CPU runs) on lengths
// around the vector widths, in arrays of exactly that length, so that the sanitizer builds catch
// a vector loop or its remainder reading or writing past the end; and each result equals the
// kernel run on that one element alone (a scalar loop), bit for bit.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "check.h"
#include "varrt/core/tensor.h"
#include "varrt/kernels/cast.h"
#include "varrt/kernels/elementwise.h"
#include "varrt/kernels/simd_dispatch.h"
#include "varrt/kernels/training_ops.h"

using namespace varrt;

namespace {

const int64_t kLengths[] = {1, 7, 15, 16, 17, 31, 33, 63, 65, 1031};

template <class T>
std::vector<T> wave(int64_t n, double scale, double offset) {
  std::vector<T> x(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) x[i] = static_cast<T>(std::sin(static_cast<double>(i) * 0.7 + offset) * scale);
  return x;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

template <class T>
void keras_adam_case(DType dtype, bool amsgrad) {
  const kernels::KerasAdamScalars s{0.0123, 0.913, 0.9991, 1 - 0.913, 1 - 0.9991, 1.3e-7, 3};
  for (int64_t n : kLengths) {
    std::vector<T> var = wave<T>(n, 1.0, 0.0), m = wave<T>(n, 0.1, 1.0), v = wave<T>(n, 0.01, 2.0);
    for (T& x : v) x = x * x;  // a second moment is not negative
    std::vector<T> vhat = v, g = wave<T>(n, 0.37, 3.0);
    std::vector<T> var1 = var, m1 = m, v1 = v, vhat1 = vhat;
    kernels::keras_adam(dtype, var.data(), m.data(), v.data(), amsgrad ? vhat.data() : nullptr, g.data(), n, s);
    for (int64_t i = 0; i < n; ++i) {
      kernels::keras_adam(dtype, &var1[i], &m1[i], &v1[i], amsgrad ? &vhat1[i] : nullptr, &g[i], 1, s);
    }
    CHECK(same_bits(var, var1));
    CHECK(same_bits(m, m1));
    CHECK(same_bits(v, v1));
    CHECK(same_bits(vhat, vhat1));
  }
}

}  // namespace

TEST(level_is_one_of_the_three) {
  const kernels::SimdLevel level = kernels::simd_level();
  CHECK(level == kernels::SimdLevel::kDefault || level == kernels::SimdLevel::kAvx2 ||
        level == kernels::SimdLevel::kAvx512);
  std::printf("simd level: %s\n", kernels::simd_level_name(level));
}

TEST(keras_adam_vector_lengths_equal_one_element_calls) {
  keras_adam_case<float>(DType::kFloat32, false);
  keras_adam_case<float>(DType::kFloat32, true);
  keras_adam_case<double>(DType::kFloat64, false);
}

TEST(tf_adam_vector_lengths_equal_one_element_calls) {
  const kernels::AdamScalars s{0.913 * 0.913, 0.9991 * 0.9991, 0.0123, 0.913, 0.9991, 1.3e-7, true};
  for (int64_t n : kLengths) {
    std::vector<float> var = wave<float>(n, 1.0, 0.0), m = wave<float>(n, 0.1, 1.0), v = wave<float>(n, 0.1, 2.0);
    for (float& x : v) x = x * x;
    std::vector<float> g = wave<float>(n, 0.37, 3.0), var1 = var, m1 = m, v1 = v;
    kernels::apply_adam(DType::kFloat32, var.data(), m.data(), v.data(), g.data(), n, s);
    for (int64_t i = 0; i < n; ++i) kernels::apply_adam(DType::kFloat32, &var1[i], &m1[i], &v1[i], &g[i], 1, s);
    CHECK(same_bits(var, var1));
    CHECK(same_bits(m, m1));
    CHECK(same_bits(v, v1));
  }
}

TEST(add_and_cast_vector_lengths_equal_one_element_calls) {
  for (int64_t n : kLengths) {
    std::vector<float> a = wave<float>(n, 3e9, 0.0), b = wave<float>(n, 1.0, 1.0);
    std::vector<float> sum(static_cast<size_t>(n)), sum1(static_cast<size_t>(n));
    kernels::add(DType::kFloat32, a.data(), b.data(), sum.data(), n);
    for (int64_t i = 0; i < n; ++i) kernels::add(DType::kFloat32, &a[i], &b[i], &sum1[i], 1);
    CHECK(same_bits(sum, sum1));

    // Float to int32 beyond the range (3e9) included: the minimum, as one element alone.
    Tensor x = Tensor::allocate(DType::kFloat32, Shape{n});
    std::memcpy(x.mutable_data(), a.data(), a.size() * sizeof(float));
    Tensor y = Tensor::allocate(DType::kInt32, Shape{n});
    kernels::cast(x, y);
    for (int64_t i = 0; i < n; ++i) {
      Tensor xi = Tensor::allocate(DType::kFloat32, Shape{1});
      Tensor yi = Tensor::allocate(DType::kInt32, Shape{1});
      std::memcpy(xi.mutable_data(), &a[i], sizeof(float));
      kernels::cast(xi, yi);
      CHECK(y.data_as<int32_t>()[i] == yi.data_as<int32_t>()[0]);
    }
  }
}

TEST_MAIN()
