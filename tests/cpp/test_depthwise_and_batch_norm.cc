// DepthwiseConv2dNative, its gradients and FusedBatchNormV3 in the core, without Python: the
// depthwise kernels (the row-vectorised path and the general one) against a direct loop over the
// windows, the two backprop ops as the forward op's adjoints (<conv(x, w), dy> = <x, dx> = <w, dw>),
// and batch normalization's outputs against its definition.
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "check.h"
#include "varrt/device/device.h"
#include "varrt/ops/depthwise_conv_ops.h"
#include "varrt/ops/fused_batch_norm_ops.h"

using namespace varrt;

namespace {

PlacedTensor random_tensor(Shape s, unsigned seed, DType dtype) {
  Tensor t = Tensor::allocate(dtype, s);
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal;
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    if (dtype == DType::kFloat64) {
      static_cast<double*>(t.mutable_data())[i] = normal(rng);
    } else {
      static_cast<float*>(t.mutable_data())[i] = static_cast<float>(normal(rng));
    }
  }
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

double at(const Tensor& t, int64_t i) {
  return t.dtype() == DType::kFloat64 ? t.data_as<double>()[i] : t.data_as<float>()[i];
}

double dot(const Tensor& a, const Tensor& b) {
  double s = 0;
  for (int64_t i = 0; i < a.num_elements(); ++i) s += at(a, i) * at(b, i);
  return s;
}

PlacedTensor int_vector(const Shape& s) {
  Tensor t = Tensor::allocate(DType::kInt32, Shape{s.rank()});
  for (int i = 0; i < s.rank(); ++i) static_cast<int32_t*>(t.mutable_data())[i] = static_cast<int32_t>(s.dim(i));
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

// The depthwise convolution by its definition: input [n, h, w, c], filter [fh, fw, c, m].
double direct(const Tensor& x, const Tensor& f, int64_t b, int64_t r, int64_t c, int64_t o, const ops::WindowAttrs& a,
              int64_t top, int64_t left) {
  const Shape& xs = x.shape();
  const Shape& fs = f.shape();
  const int64_t d = o / fs.dim(3), m = o % fs.dim(3);
  double s = 0;
  for (int64_t i = 0; i < fs.dim(0); ++i) {
    for (int64_t j = 0; j < fs.dim(1); ++j) {
      const int64_t ir = r * a.strides[1] - top + i * a.dilations[1], ic = c * a.strides[2] - left + j * a.dilations[2];
      if (ir < 0 || ir >= xs.dim(1) || ic < 0 || ic >= xs.dim(2)) continue;
      s += at(x, ((b * xs.dim(1) + ir) * xs.dim(2) + ic) * xs.dim(3) + d) *
           at(f, ((i * fs.dim(1) + j) * fs.dim(2) + d) * fs.dim(3) + m);
    }
  }
  return s;
}

// float64 to 1e-9, float32 to 1e-4; the adjoints for undilated cases only (the gradient ops
// ignore dilations, as TensorFlow's do).
void check_depthwise(Shape xs, Shape fs, std::vector<int64_t> strides, std::vector<int64_t> dilations,
                     ops::Padding padding, Shape want, int64_t top, int64_t left, DType dtype) {
  const double tol = dtype == DType::kFloat64 ? 1e-9 : 1e-4;
  ops::WindowAttrs a;
  a.strides = std::move(strides);
  a.dilations = std::move(dilations);
  a.padding = padding;
  PlacedTensor x = random_tensor(xs, 1, dtype), f = random_tensor(fs, 2, dtype);
  PlacedTensor y = ops::DepthwiseConv2dNative(x, f, a, nullptr);
  CHECK(y.tensor.shape() == want);
  for (int64_t b = 0, i = 0; b < want.dim(0); ++b)
    for (int64_t r = 0; r < want.dim(1); ++r)
      for (int64_t c = 0; c < want.dim(2); ++c)
        for (int64_t o = 0; o < want.dim(3); ++o, ++i) {
          const double d = direct(x.tensor, f.tensor, b, r, c, o, a, top, left);
          CHECK(std::fabs(at(y.tensor, i) - d) < tol * (1 + std::fabs(d)));
        }
  if (a.dilations[1] != 1 || a.dilations[2] != 1) return;
  PlacedTensor dy = random_tensor(want, 3, dtype);
  PlacedTensor dx = ops::DepthwiseConv2dNativeBackpropInput(int_vector(xs), f, dy, a, nullptr);
  PlacedTensor df = ops::DepthwiseConv2dNativeBackpropFilter(x, int_vector(fs), dy, a, nullptr);
  const double forward = dot(y.tensor, dy.tensor);
  CHECK(std::fabs(dot(x.tensor, dx.tensor) - forward) < tol * (1 + std::fabs(forward)));
  CHECK(std::fabs(dot(f.tensor, df.tensor) - forward) < tol * (1 + std::fabs(forward)));
}

}  // namespace

TEST(depthwise_conv2d_is_the_direct_sum_and_its_backprops_are_its_adjoints) {
  using P = ops::Padding;
  const DType f64 = DType::kFloat64, f32 = DType::kFloat32;
  // Multiplier 1, column stride 1: the row-vectorised kernels.
  check_depthwise(Shape{2, 7, 6, 3}, Shape{3, 3, 3, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, P::kSame, Shape{2, 7, 6, 3}, 1, 1,
                  f64);
  check_depthwise(Shape{2, 9, 8, 17}, Shape{2, 4, 17, 1}, {1, 2, 1, 1}, {1, 1, 1, 1}, P::kValid, Shape{2, 4, 5, 17},
                  0, 0, f32);
  check_depthwise(Shape{1, 5, 4, 2}, Shape{2, 2, 2, 1}, {1, 1, 1, 1}, {1, 2, 2, 1}, P::kValid, Shape{1, 3, 2, 2}, 0,
                  0, f32);
  // Multipliers above 1 and column strides: the general kernels.
  check_depthwise(Shape{2, 7, 6, 3}, Shape{3, 2, 3, 2}, {1, 2, 2, 1}, {1, 1, 1, 1}, P::kSame, Shape{2, 4, 3, 6}, 1, 0,
                  f64);
  // (unequal strides: float32, whose TensorFlow kernel, oneDNN's, takes them)
  check_depthwise(Shape{3, 5, 9, 4}, Shape{1, 3, 4, 1}, {1, 1, 3, 1}, {1, 1, 1, 1}, P::kSame, Shape{3, 5, 3, 4}, 0, 0,
                  f32);
}

TEST(fused_batch_norm_normalizes_each_channel) {
  const Shape xs{3, 4, 5, 6};
  PlacedTensor x = random_tensor(xs, 4, DType::kFloat32);
  PlacedTensor scale = random_tensor(Shape{6}, 5, DType::kFloat32);
  PlacedTensor offset = random_tensor(Shape{6}, 6, DType::kFloat32);
  PlacedTensor none{Tensor::allocate(DType::kFloat32, Shape{0}), &DeviceSet::global().cpu0()};
  ops::BatchNormAttrs attrs;
  attrs.epsilon = 0.001;
  auto out = ops::FusedBatchNormV3(x, scale, offset, none, none, attrs, nullptr);
  const int64_t n = xs.num_elements() / 6;
  for (int64_t c = 0; c < 6; ++c) {
    double mean = 0, var = 0;
    for (int64_t i = c; i < xs.num_elements(); i += 6) mean += at(x.tensor, i) / n;
    for (int64_t i = c; i < xs.num_elements(); i += 6) var += (at(x.tensor, i) - mean) * (at(x.tensor, i) - mean) / n;
    CHECK(std::fabs(at(out[3].tensor, c) - mean) < 1e-6);
    CHECK(std::fabs(at(out[4].tensor, c) - var) < 1e-5 * (1 + var));
    CHECK(std::fabs(at(out[2].tensor, c) - var * n / (n - 1)) < 1e-5 * (1 + var));
    for (int64_t i = c; i < xs.num_elements(); i += 6) {
      const double y = (at(x.tensor, i) - mean) / std::sqrt(var + 0.001) * at(scale.tensor, c) + at(offset.tensor, c);
      CHECK(std::fabs(at(out[0].tensor, i) - y) < 1e-4 * (1 + std::fabs(y)));
    }
  }
  CHECK(out[5].tensor.shape() == Shape{0});  // oneDNN's empty reserve_space_3 (float32, 4-D)
}

TEST_MAIN()
