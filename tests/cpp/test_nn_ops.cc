// The training step's array and nn ops in the core, without Python: a graph of Reshape, BiasAdd,
// Relu and SparseSoftmaxCrossEntropyWithLogits nodes (op_registry's node kernels, every one
// native) gives the eager ops' values, TensorFlow's label check and Reshape's -1.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "check.h"
#include "varrt/device/device.h"
#include "varrt/ops/array_ops.h"
#include "varrt/ops/graph.h"
#include "varrt/ops/nn_ops.h"
#include "varrt/ops/op_registry.h"

using namespace varrt;

namespace {

template <class T>
PlacedTensor tensor(DType dtype, std::vector<T> v, Shape s) {
  Tensor t = Tensor::allocate(dtype, s);
  if (!v.empty()) std::memcpy(t.mutable_data(), v.data(), v.size() * sizeof(T));
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

OwnedAttr ints(const char* name, std::vector<int64_t> v) {
  OwnedAttr a;
  a.name = name;
  a.ints = std::move(v);
  a.is_list = true;
  return a;
}

bool same_bits(const Tensor& a, const Tensor& b) {
  return a.shape() == b.shape() && a.dtype() == b.dtype() && std::memcmp(a.data(), b.data(), a.byte_size()) == 0;
}

}  // namespace

TEST(a_training_steps_forward_graph_runs_native_nodes_with_the_eager_ops_results) {
  // logits = relu(reshape(x, [-1, 3]) + bias); (loss, backprop) = xent(logits, labels)
  Graph g(3);
  const char* ops[] = {"Reshape", "BiasAdd", "Relu", "SparseSoftmaxCrossEntropyWithLogits"};
  int r = g.add_node("Reshape", {0}, {ints("shape", {-1, 3})}, {}, 1, core_node_kernel(ops[0]));
  int b = g.add_node("BiasAdd", {r, 1}, {}, {}, 1, core_node_kernel(ops[1]));
  int relu = g.add_node("Relu", {b}, {}, {}, 1, core_node_kernel(ops[2]));
  int xent = g.add_node("SparseSoftmaxCrossEntropyWithLogits", {relu, 2}, {}, {}, 2, core_node_kernel(ops[3]));
  g.set_outputs({relu, xent, xent + 1});
  for (int i = 0; i < g.num_nodes(); ++i) CHECK(g.node_is_native(i));

  PlacedTensor x = tensor<float>(DType::kFloat32, {1, -2, 3, -4, 5, -6}, Shape{6});
  PlacedTensor bias = tensor<float>(DType::kFloat32, {0.5f, 0.5f, -10}, Shape{3});
  PlacedTensor labels = tensor<int32_t>(DType::kInt32, {2, 0}, Shape{2});
  std::vector<PlacedTensor> out = g.run({x, bias, labels});

  PlacedTensor eager = ops::Relu(ops::BiasAdd(ops::Reshape(x, {-1, 3}, ""), bias, false, ""));
  auto eager_xent = ops::SparseSoftmaxCrossEntropyWithLogits(eager, labels, "");
  CHECK(same_bits(out[0].tensor, eager.tensor));
  CHECK(same_bits(out[1].tensor, eager_xent.first.tensor));
  CHECK(same_bits(out[2].tensor, eager_xent.second.tensor));
  const float* h = out[0].tensor.data_as<float>();
  CHECK(out[0].tensor.shape() == (Shape{2, 3}) && h[0] == 1.5f && h[1] == 0.0f && h[2] == 0.0f && h[5] == 0.0f);
  // Row 0 is [1.5, 0, 0] with label 2: log(e^1.5 + 2) - (0 - 1.5).
  const float loss0 = out[1].tensor.data_as<float>()[0];
  CHECK(std::fabs(loss0 - static_cast<float>(std::log(std::exp(1.5) + 2.0))) < 1e-6f);
}

TEST(a_label_outside_the_classes_is_tensorflows_error) {
  PlacedTensor logits = tensor<float>(DType::kFloat32, {0, 0, 0, 0}, Shape{2, 2});
  PlacedTensor labels = tensor<int64_t>(DType::kInt64, {3, -1}, Shape{2});
  CHECK_THROWS_WITH(ops::SparseSoftmaxCrossEntropyWithLogits(logits, labels, nullptr), {
    CHECK(e.code() == Code::kInvalidArgument);
    CHECK(std::string(e.what()).find("Received a label value of -1 which is outside the valid range of [0, 2).  "
                                     "Label values: 3 -1") != std::string::npos);
  });
}

TEST(reshape_infers_the_minus_one_and_shares_the_buffer) {
  PlacedTensor x = tensor<float>(DType::kFloat32, {1, 2, 3, 4, 5, 6}, Shape{2, 3});
  PlacedTensor y = ops::Reshape(x, {3, -1}, "");
  CHECK(y.tensor.shape() == (Shape{3, 2}) && y.tensor.shares_buffer_with(x.tensor));
  CHECK_THROWS_CODE(ops::Reshape(x, {4, -1}, ""), Code::kInvalidArgument);
}

TEST_MAIN()
