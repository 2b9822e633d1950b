// CTCLoss in the core, without Python: losses and gradients worked out by hand (every path of a short
// input), the gradient's zeros past a sequence's end, a graph's CTCLoss node native and equal to the
// eager op, and TensorFlow's message for labels longer than their sequence.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "check.h"
#include "varrt/device/device.h"
#include "varrt/ops/ctc_ops.h"
#include "varrt/ops/graph.h"
#include "varrt/ops/op_registry.h"

using namespace varrt;

namespace {

template <class T>
PlacedTensor tensor(DType dtype, std::vector<T> v, Shape s) {
  Tensor t = Tensor::allocate(dtype, s);
  if (!v.empty()) std::memcpy(t.mutable_data(), v.data(), v.size() * sizeof(T));
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

bool same_bits(const Tensor& a, const Tensor& b) {
  return a.shape() == b.shape() && a.dtype() == b.dtype() && std::memcmp(a.data(), b.data(), a.byte_size()) == 0;
}

// Two entries, two classes (0 and the blank, 1), uniform logits: each step's softmax is 1/2.
struct Uniform {
  PlacedTensor inputs = tensor<float>(DType::kFloat32, std::vector<float>(8, 0.0f), Shape{2, 2, 2});
  PlacedTensor indices = tensor<int64_t>(DType::kInt64, {0, 0, 1, 0}, Shape{2, 2});
  PlacedTensor values = tensor<int32_t>(DType::kInt32, {0, 0}, Shape{2});
};

}  // namespace

TEST(the_loss_sums_every_path_of_the_labels) {
  Uniform u;
  // Entry 0 has 2 steps: "0 b", "b 0", "0 0" give label 0, 3 paths of probability 1/4.
  // Entry 1 has 1 step: only "0", probability 1/2; its gradient stops after that step.
  PlacedTensor lengths = tensor<int32_t>(DType::kInt32, {2, 1}, Shape{2});
  auto r = ops::CTCLoss(u.inputs, u.indices, u.values, lengths, kernels::CtcLossOptions{}, "");
  const float* loss = r.first.tensor.data_as<float>();
  CHECK(std::fabs(loss[0] - static_cast<float>(-std::log(0.75))) < 1e-6f);
  CHECK(std::fabs(loss[1] - static_cast<float>(std::log(2.0))) < 1e-6f);
  const float* grad = r.second.tensor.data_as<float>();  // [time, batch, classes]
  CHECK(grad[6] == 0.0f && grad[7] == 0.0f);
  // Entry 1 at step 0: softmax - posterior = [1/2 - 1, 1/2 - 0].
  CHECK(std::fabs(grad[2] + 0.5f) < 1e-6f && std::fabs(grad[3] - 0.5f) < 1e-6f);
  // Entry 0 (forward and backward variables both): at each step 2 of its 3 paths emit 0, so the
  // posterior of class 0 is 2/3 and the gradient [1/2 - 2/3, 1/2 - 1/3].
  for (int t = 0; t < 2; ++t) {
    CHECK(std::fabs(grad[4 * t] + 1.0f / 6) < 1e-6f && std::fabs(grad[4 * t + 1] - 1.0f / 6) < 1e-6f);
  }
}

TEST(a_graph_node_runs_natively_with_the_eager_ops_results) {
  Uniform u;
  Graph g(4);
  int n = g.add_node("CTCLoss", {0, 1, 2, 3}, {}, {}, 2, core_node_kernel("CTCLoss"));
  g.set_outputs({n, n + 1});
  CHECK(g.node_is_native(0));
  PlacedTensor lengths = tensor<int32_t>(DType::kInt32, {2, 2}, Shape{2});
  std::vector<PlacedTensor> out = g.run({u.inputs, u.indices, u.values, lengths});
  auto eager = ops::CTCLoss(u.inputs, u.indices, u.values, lengths, kernels::CtcLossOptions{}, "");
  CHECK(same_bits(out[0].tensor, eager.first.tensor));
  CHECK(same_bits(out[1].tensor, eager.second.tensor));
}

TEST(labels_longer_than_their_sequence_are_tensorflows_error_unless_ignored) {
  Uniform u;
  PlacedTensor indices = tensor<int64_t>(DType::kInt64, {0, 0, 0, 1, 1, 0}, Shape{3, 2});
  PlacedTensor values = tensor<int32_t>(DType::kInt32, {0, 0, 0}, Shape{3});
  PlacedTensor lengths = tensor<int32_t>(DType::kInt32, {1, 2}, Shape{2});
  CHECK_THROWS_WITH(ops::CTCLoss(u.inputs, indices, values, lengths, kernels::CtcLossOptions{}, nullptr), {
    CHECK(e.code() == Code::kInvalidArgument);
    CHECK(std::string(e.what()).find("Not enough time for target transition sequence (required: 2, available: 1)0") !=
          std::string::npos);
  });
  kernels::CtcLossOptions ignore;
  ignore.ignore_longer_outputs_than_inputs = true;
  auto r = ops::CTCLoss(u.inputs, indices, values, lengths, ignore, "");
  CHECK(r.first.tensor.data_as<float>()[0] == 0.0f);
}

TEST_MAIN()
