// BlockLSTM and BlockLSTMV2 in the core, without Python: one step of one unit worked out by hand,
// rows cut into blocks giving each row's own values, BlockLSTM's gate order and forget bias, the
// gradient without x's product (a graph node's when nothing reads x_grad) leaving the other
// gradients' bits, and TensorFlow's message for seq_len_max beyond the sequence.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "check.h"
#include "varrt/device/device.h"
#include "varrt/ops/rnn_ops.h"

using namespace varrt;

namespace {

PlacedTensor floats(std::vector<float> v, Shape s) {
  Tensor t = Tensor::allocate(DType::kFloat32, s);
  std::memcpy(t.mutable_data(), v.data(), v.size() * sizeof(float));
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

PlacedTensor steps(int64_t n) {
  Tensor t = Tensor::allocate(DType::kInt64, Shape{});
  *static_cast<int64_t*>(t.mutable_data()) = n;
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

std::vector<float> pattern(int64_t n, float scale, int seed) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = scale * std::sin(0.37f * static_cast<float>(i) + seed);
  return v;
}

bool same_bits(const Tensor& a, const Tensor& b) {
  return a.shape() == b.shape() && std::memcmp(a.data(), b.data(), a.byte_size()) == 0;
}

double sigmoid(double v) { return 1.0 / (1.0 + std::exp(-v)); }

// The nine inputs of an LSTM of `cell` units over x [time, batch, input].
struct Inputs {
  PlacedTensor in[9];
  Inputs(int64_t time, int64_t batch, int64_t input, int64_t cell, int64_t run) {
    in[0] = steps(run);
    in[1] = floats(pattern(time * batch * input, 1.0f, 1), Shape{time, batch, input});
    in[2] = floats(pattern(batch * cell, 0.5f, 2), Shape{batch, cell});
    in[3] = floats(pattern(batch * cell, 0.5f, 3), Shape{batch, cell});
    in[4] = floats(pattern((input + cell) * 4 * cell, 0.3f, 4), Shape{input + cell, 4 * cell});
    for (int k = 5; k < 8; ++k) in[k] = floats(pattern(cell, 0.2f, k), Shape{cell});
    in[8] = floats(pattern(4 * cell, 0.1f, 8), Shape{4 * cell});
  }
};

}  // namespace

TEST(one_step_of_one_unit_is_the_cell_by_hand) {
  // x = 0.5, cs_prev = 0.25, h_prev = -0.5, w = [[W_i W_f W_c W_o], [U_i U_f U_c U_o]], b.
  const std::vector<float> w = {0.1f, -0.2f, 0.3f, 0.4f, 0.5f, 0.6f, -0.7f, 0.8f};
  const std::vector<float> b = {0.01f, 0.02f, 0.03f, 0.04f};
  const PlacedTensor in[9] = {steps(1), floats({0.5f}, Shape{1, 1, 1}), floats({0.25f}, Shape{1, 1}),
                              floats({-0.5f}, Shape{1, 1}), floats(w, Shape{2, 4}), floats({0.0f}, Shape{1}),
                              floats({0.0f}, Shape{1}), floats({0.0f}, Shape{1}), floats(b, Shape{4})};
  auto r = ops::BlockLSTMV2(in, 0.0, false, "");
  double z[4];
  for (int q = 0; q < 4; ++q) z[q] = 0.5 * w[q] - 0.5 * w[4 + q] + b[q];
  const double i = sigmoid(z[0]), f = sigmoid(z[1]), ci = std::tanh(z[2]), o = sigmoid(z[3]);
  const double cs = f * 0.25 + i * ci, h = o * std::tanh(cs);
  const double want[7] = {i, cs, f, o, ci, std::tanh(cs), h};
  for (int k = 0; k < 7; ++k) CHECK(std::fabs(r[static_cast<size_t>(k)].tensor.data_as<float>()[0] - want[k]) < 1e-6);
  // BlockLSTM: the same cell with z's blocks ordered i, c, f, o and a forget bias of 0.5.
  const std::vector<float> w_icfo = {w[0], w[2], w[1], w[3], w[4], w[6], w[5], w[7]};
  const std::vector<float> b_icfo = {b[0], b[2], b[1], b[3]};
  const PlacedTensor in1[9] = {in[0], in[1], in[2], in[3], floats(w_icfo, Shape{2, 4}), in[5], in[6], in[7],
                               floats(b_icfo, Shape{4})};
  auto r1 = ops::BlockLSTM(in1, 0.5, 0.0, false, "");
  const double f1 = sigmoid(z[1] + 0.5);
  CHECK(std::fabs(r1[2].tensor.data_as<float>()[0] - f1) < 1e-6);
  CHECK(std::fabs(r1[1].tensor.data_as<float>()[0] - (f1 * 0.25 + i * ci)) < 1e-6);
}

TEST(rows_in_blocks_give_each_rows_own_values) {
  // 40 rows of 48 units over 15 steps run in blocks; each row alone (one block) agrees.
  const int64_t T = 15, B = 40, I = 7, H = 48;
  Inputs all(T, B, I, H, T);
  auto r = ops::BlockLSTMV2(all.in, 0.0, false, "");
  for (int64_t row : {0, 19, 39}) {
    Inputs one(T, 1, I, H, T);
    std::vector<float> x(static_cast<size_t>(T * I)), state(static_cast<size_t>(2 * H));
    for (int64_t t = 0; t < T; ++t) {
      std::memcpy(&x[static_cast<size_t>(t * I)], all.in[1].tensor.data_as<float>() + (t * B + row) * I, I * sizeof(float));
    }
    one.in[1] = floats(x, Shape{T, 1, I});
    one.in[2] = floats(std::vector<float>(all.in[2].tensor.data_as<float>() + row * H,
                                          all.in[2].tensor.data_as<float>() + (row + 1) * H), Shape{1, H});
    one.in[3] = floats(std::vector<float>(all.in[3].tensor.data_as<float>() + row * H,
                                          all.in[3].tensor.data_as<float>() + (row + 1) * H), Shape{1, H});
    for (int k = 4; k < 9; ++k) one.in[k] = all.in[k];
    auto r1 = ops::BlockLSTMV2(one.in, 0.0, false, "");
    for (int64_t t = 0; t < T; ++t) {
      for (int64_t u = 0; u < H; ++u) {
        const float a = r[6].tensor.data_as<float>()[(t * B + row) * H + u];
        const float b = r1[6].tensor.data_as<float>()[t * H + u];
        CHECK(std::fabs(a - b) <= 1e-6f * (1.0f + std::fabs(b)));
      }
    }
  }
}

TEST(the_gradient_without_x_leaves_the_others_bits) {
  const int64_t T = 9, B = 33, I = 5, H = 16;
  Inputs a(T, B, I, H, 7);
  auto out = ops::BlockLSTM(a.in, 0.0, 0.0, true, "");
  PlacedTensor in[18];
  for (int k = 0; k < 9; ++k) in[k] = a.in[k];
  for (int k = 0; k < 7; ++k) in[9 + k] = out[static_cast<size_t>(k)];
  in[16] = floats(pattern(T * B * H, 0.7f, 16), Shape{T, B, H});
  in[17] = floats(pattern(T * B * H, 0.9f, 17), Shape{T, B, H});
  auto whole = ops::BlockLSTMGrad(in, true, "");
  auto without_x = ops::BlockLSTMGrad(in, true, "", false);
  for (int k = 1; k < 8; ++k) CHECK(same_bits(whole[static_cast<size_t>(k)].tensor, without_x[static_cast<size_t>(k)].tensor));
  const float* x_grad = without_x[0].tensor.data_as<float>();
  bool zeros = true, some = false;
  for (int64_t e = 0; e < T * B * I; ++e) {
    zeros = zeros && x_grad[e] == 0.0f;
    some = some || whole[0].tensor.data_as<float>()[e] != 0.0f;
  }
  CHECK(zeros && some);
}

TEST(seq_len_max_beyond_the_sequence_is_refused) {
  Inputs a(3, 2, 2, 2, 4);
  CHECK_THROWS_WITH(ops::BlockLSTMV2(a.in, 0.0, false, nullptr), {
    CHECK(e.code() == Code::kInvalidArgument);
    CHECK(std::string(e.what()).find("seq_len_max must be between 0 and 3 but is 4") != std::string::npos);
  });
}

TEST_MAIN()
