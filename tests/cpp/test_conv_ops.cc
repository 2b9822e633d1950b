// Conv2D, its gradients and the pooling ops in the core, without Python: the im2col kernels against
// a direct loop over the windows (strides, dilations, SAME and EXPLICIT padding, a chunked
// batch), the two backprop ops as the adjoints of Conv2D (<conv(x, w), dy> = <x, dx> = <w, dw>),
// graph nodes with the eager ops' bits, and TensorFlow's padding arithmetic and errors.
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "check.h"
#include "varrt/device/device.h"
#include "varrt/ops/conv_ops.h"
#include "varrt/ops/graph.h"
#include "varrt/ops/op_registry.h"
#include "varrt/ops/pooling_ops.h"

using namespace varrt;

namespace {

PlacedTensor random_tensor(Shape s, unsigned seed, DType dtype = DType::kFloat64) {
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

PlacedTensor int_vector(std::vector<int32_t> v) {
  Tensor t = Tensor::allocate(DType::kInt32, Shape{static_cast<int64_t>(v.size())});
  std::memcpy(t.mutable_data(), v.data(), v.size() * sizeof(int32_t));
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

double dot(const Tensor& a, const Tensor& b) {
  double s = 0;
  for (int64_t i = 0; i < a.num_elements(); ++i) s += at(a, i) * at(b, i);
  return s;
}

ops::WindowAttrs conv_attrs(std::vector<int64_t> strides, std::vector<int64_t> dilations, ops::Padding padding,
                            std::vector<int64_t> explicit_paddings = {}) {
  ops::WindowAttrs a;
  a.strides = std::move(strides);
  a.dilations = std::move(dilations);
  a.padding = padding;
  a.explicit_paddings = std::move(explicit_paddings);
  return a;
}

// The convolution by its definition, for input [n, h, w, c] and filter [fh, fw, c, o].
std::vector<double> direct_conv(const Tensor& x, const Tensor& f, const Shape& out, int64_t sr, int64_t sc,
                                int64_t dr, int64_t dc, int64_t top, int64_t left) {
  const Shape& xs = x.shape();
  const Shape& fs = f.shape();
  std::vector<double> y(static_cast<size_t>(out.num_elements()), 0.0);
  for (int64_t b = 0; b < out.dim(0); ++b)
    for (int64_t r = 0; r < out.dim(1); ++r)
      for (int64_t c = 0; c < out.dim(2); ++c)
        for (int64_t o = 0; o < out.dim(3); ++o) {
          double s = 0;
          for (int64_t i = 0; i < fs.dim(0); ++i)
            for (int64_t j = 0; j < fs.dim(1); ++j) {
              const int64_t ir = r * sr - top + i * dr, ic = c * sc - left + j * dc;
              if (ir < 0 || ir >= xs.dim(1) || ic < 0 || ic >= xs.dim(2)) continue;
              for (int64_t d = 0; d < xs.dim(3); ++d) {
                s += at(x, ((b * xs.dim(1) + ir) * xs.dim(2) + ic) * xs.dim(3) + d) *
                     at(f, ((i * fs.dim(1) + j) * fs.dim(2) + d) * fs.dim(3) + o);
              }
            }
          y[static_cast<size_t>(((b * out.dim(1) + r) * out.dim(2) + c) * out.dim(3) + o)] = s;
        }
  return y;
}

// float64 to 1e-9; float32 (TensorFlow's float64 backprops refuse dilations) to 1e-4.
void check_conv_and_adjoints(Shape xs, Shape fs, const ops::WindowAttrs& a, Shape want, int64_t top, int64_t left,
                             DType dtype = DType::kFloat64) {
  const double tol = dtype == DType::kFloat64 ? 1e-9 : 1e-4;
  PlacedTensor x = random_tensor(xs, 1, dtype), f = random_tensor(fs, 2, dtype);
  PlacedTensor y = ops::Conv2D(x, f, a, nullptr);
  CHECK(y.tensor.shape() == want);
  std::vector<double> direct =
      direct_conv(x.tensor, f.tensor, want, a.strides[1], a.strides[2], a.dilations[1], a.dilations[2], top, left);
  for (size_t i = 0; i < direct.size(); ++i) {
    CHECK(std::fabs(at(y.tensor, static_cast<int64_t>(i)) - direct[i]) < tol * (1 + std::fabs(direct[i])));
  }
  PlacedTensor dy = random_tensor(want, 3, dtype);
  std::vector<int32_t> xdims(xs.data(), xs.data() + 4), fdims(fs.data(), fs.data() + 4);
  PlacedTensor dx = ops::Conv2DBackpropInput(int_vector(xdims), f, dy, a, nullptr);
  PlacedTensor df = ops::Conv2DBackpropFilter(x, int_vector(fdims), dy, a, nullptr);
  const double forward = dot(y.tensor, dy.tensor);
  CHECK(std::fabs(dot(x.tensor, dx.tensor) - forward) < tol * (1 + std::fabs(forward)));
  CHECK(std::fabs(dot(f.tensor, df.tensor) - forward) < tol * (1 + std::fabs(forward)));
}

}  // namespace

TEST(conv2d_is_the_direct_sum_and_its_backprops_are_its_adjoints) {
  using P = ops::Padding;
  check_conv_and_adjoints(Shape{2, 7, 6, 3}, Shape{3, 3, 3, 4}, conv_attrs({1, 1, 1, 1}, {1, 1, 1, 1}, P::kSame),
                          Shape{2, 7, 6, 4}, 1, 1);
  check_conv_and_adjoints(Shape{2, 7, 6, 3}, Shape{3, 2, 3, 4}, conv_attrs({1, 2, 3, 1}, {1, 1, 1, 1}, P::kSame),
                          Shape{2, 4, 2, 4}, 1, 0);
  check_conv_and_adjoints(Shape{1, 8, 7, 2}, Shape{2, 3, 2, 3}, conv_attrs({1, 1, 1, 1}, {1, 2, 3, 1}, P::kValid),
                          Shape{1, 6, 1, 3}, 0, 0, DType::kFloat32);
  check_conv_and_adjoints(Shape{2, 5, 5, 2}, Shape{3, 3, 2, 2},
                          conv_attrs({1, 2, 1, 1}, {1, 1, 1, 1}, P::kExplicit, {0, 0, 2, 1, 0, 3, 0, 0}),
                          Shape{2, 3, 6, 2}, 2, 0);
  check_conv_and_adjoints(Shape{3, 4, 4, 5}, Shape{1, 1, 5, 2}, conv_attrs({1, 1, 1, 1}, {1, 1, 1, 1}, P::kValid),
                          Shape{3, 4, 4, 2}, 0, 0);
  // Enough images that the patches are laid out in several chunks (the filter gradient adds them):
  // a patch of 72 elements, which runs on the GEMM.
  check_conv_and_adjoints(Shape{40, 30, 30, 8}, Shape{3, 3, 8, 2}, conv_attrs({1, 1, 1, 1}, {1, 1, 1, 1}, P::kSame),
                          Shape{40, 30, 30, 2}, 1, 1);
  // Short patches (at most 32 elements) run without the GEMM, output channels in blocks of 32
  // floats or 16 doubles: more channels than a block and not a multiple of it, output rows whose
  // length is not a multiple of the 4 positions done at once, taps not a multiple of 3, padding
  // on every side, strides and dilations.
  check_conv_and_adjoints(Shape{5, 13, 11, 1}, Shape{3, 3, 1, 40}, conv_attrs({1, 1, 1, 1}, {1, 1, 1, 1}, P::kSame),
                          Shape{5, 13, 11, 40}, 1, 1);
  check_conv_and_adjoints(Shape{5, 13, 11, 1}, Shape{3, 3, 1, 40}, conv_attrs({1, 1, 1, 1}, {1, 1, 1, 1}, P::kSame),
                          Shape{5, 13, 11, 40}, 1, 1, DType::kFloat32);
  check_conv_and_adjoints(Shape{3, 9, 10, 3}, Shape{2, 5, 3, 17}, conv_attrs({1, 2, 3, 1}, {1, 1, 1, 1}, P::kSame),
                          Shape{3, 5, 4, 17}, 0, 2, DType::kFloat32);
  check_conv_and_adjoints(Shape{2, 9, 12, 2}, Shape{2, 3, 2, 33}, conv_attrs({1, 1, 1, 1}, {1, 2, 3, 1}, P::kValid),
                          Shape{2, 7, 6, 33}, 0, 0, DType::kFloat32);
  check_conv_and_adjoints(Shape{2, 6, 6, 1}, Shape{4, 4, 1, 16}, conv_attrs({1, 1, 1, 1}, {1, 1, 1, 1}, P::kExplicit,
                                                                          {0, 0, 3, 0, 0, 2, 0, 0}),
                          Shape{2, 6, 5, 16}, 3, 0);
}

TEST(pooling_takes_the_windows_inside_the_input) {
  ops::WindowAttrs a;
  a.window = {1, 2, 2, 1};
  a.strides = {1, 2, 2, 1};
  a.padding = ops::Padding::kSame;
  Tensor t = Tensor::allocate(DType::kFloat64, Shape{1, 3, 3, 1});
  for (int i = 0; i < 9; ++i) static_cast<double*>(t.mutable_data())[i] = i;
  PlacedTensor x{t, &DeviceSet::global().cpu0()};
  PlacedTensor mx = ops::MaxPool(x, a, nullptr);
  PlacedTensor avg = ops::AvgPool(x, a, nullptr);
  CHECK(mx.tensor.shape() == (Shape{1, 2, 2, 1}));
  const double want_max[] = {4, 5, 7, 8}, want_avg[] = {2, 3.5, 6.5, 8};
  for (int i = 0; i < 4; ++i) {
    CHECK(mx.tensor.data_as<double>()[i] == want_max[i]);
    CHECK(avg.tensor.data_as<double>()[i] == want_avg[i]);
  }
  Tensor g = Tensor::allocate(DType::kFloat64, Shape{1, 2, 2, 1});
  for (int i = 0; i < 4; ++i) static_cast<double*>(g.mutable_data())[i] = 1.0;
  PlacedTensor dy{g, &DeviceSet::global().cpu0()};
  PlacedTensor dmax = ops::MaxPoolGrad(x, mx, dy, a, nullptr);
  PlacedTensor davg = ops::AvgPoolGrad(int_vector({1, 3, 3, 1}), dy, a, nullptr);
  const double want_dmax[] = {0, 0, 0, 0, 1, 1, 0, 1, 1}, want_davg[] = {.25, .25, .5, .25, .25, .5, .5, .5, 1};
  for (int i = 0; i < 9; ++i) {
    CHECK(dmax.tensor.data_as<double>()[i] == want_dmax[i]);
    CHECK(davg.tensor.data_as<double>()[i] == want_davg[i]);
  }
}

TEST(graph_nodes_give_the_eager_ops_bits) {
  Graph g(2);
  std::vector<OwnedAttr> attrs(4);
  attrs[0].name = "strides";
  attrs[0].ints = {1, 2, 2, 1};
  attrs[0].is_list = true;
  attrs[1].name = "dilations";
  attrs[1].ints = {1, 1, 1, 1};
  attrs[1].is_list = true;
  attrs[2].name = "padding";
  attrs[2].value = static_cast<int64_t>(ops::Padding::kSame);
  attrs[3].name = "data_format";
  attrs[3].value = 0;
  int c = g.add_node("Conv2D", {0, 1}, attrs, {}, 1, core_node_kernel("Conv2D"));
  g.set_outputs({c});
  CHECK(g.node_is_native(0));
  PlacedTensor x = random_tensor(Shape{2, 5, 5, 3}, 4), f = random_tensor(Shape{3, 3, 3, 2}, 5);
  std::vector<PlacedTensor> out = g.run({x, f});
  PlacedTensor eager = ops::Conv2D(x, f, conv_attrs({1, 2, 2, 1}, {1, 1, 1, 1}, ops::Padding::kSame), nullptr);
  CHECK(out[0].tensor.shape() == eager.tensor.shape());
  CHECK(std::memcmp(out[0].tensor.data(), eager.tensor.data(), eager.tensor.byte_size()) == 0);
}

TEST(tensorflows_errors) {
  PlacedTensor x = random_tensor(Shape{1, 5, 5, 3}, 6);
  CHECK_THROWS_WITH(ops::Conv2D(x, random_tensor(Shape{3, 3, 2, 4}, 7),
                                conv_attrs({1, 1, 1, 1}, {1, 1, 1, 1}, ops::Padding::kSame), nullptr), {
    CHECK(e.code() == Code::kInvalidArgument);
    CHECK(std::string(e.what()).find("input depth must be evenly divisible by filter depth: 3 vs 2") !=
          std::string::npos);
  });
  CHECK_THROWS_WITH(ops::Conv2D(x, random_tensor(Shape{3, 3, 3, 4}, 7),
                                conv_attrs({2, 1, 1, 1}, {1, 1, 1, 1}, ops::Padding::kSame), nullptr), {
    CHECK(e.code() == Code::kUnimplemented);
  });
}

TEST_MAIN()
