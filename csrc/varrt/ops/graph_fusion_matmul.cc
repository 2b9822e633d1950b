// The fusions of a matrix product in a graph (ops/graph_fusion.h says when fusions are made and
// what every fused node keeps): MatMul -> BiasAdd (or AddV2 with a per-column operand: what a
// Keras Dense layer and `tf.matmul(x, w) + b` record) [-> Relu] becomes one _FusedMatMulBias node
// (ops/matmul_ops.h), as TensorFlow's Grappler remapper makes _FusedMatMul for its CPU kernels:
// the bias and Relu applied in one pass right after the GEMM instead of two passes with an output
// each. At run time the node runs the fused kernel when it can (float32 or float64, 2-D operands,
// a bias of one element per column, no dispatch hook), else the recorded ops one after the other,
// with their own checks and errors; either way the bits of the recorded ops. (One exception, the
// convolution's fusion's too: where the product and the bias are both NaN, which of the two NaNs
// the sum keeps is the compiler's choice of operand order, in the fused and unfused kernels alike.)
// Its backward pass: ReluGrad -> Sum over axis 0 (the bias's gradient) becomes one
// _FusedReluGradSum node with both results (ops/nn_ops.h): each row of Relu's gradient is summed
// right after it is made. Relu's gradient is read by the products too, so the node stands where
// ReluGrad stood, its first output in ReluGrad's slot and its second (Node::extra_output) in the
// Sum's; it runs fused for float32 and float64 matrices of two rows and columns or more.
#include <memory>
#include <utility>
#include <vector>

#include "varrt/kernels/reduction.h"
#include "varrt/ops/graph.h"
#include "varrt/ops/graph_fusion.h"
#include "varrt/ops/math_ops.h"
#include "varrt/ops/matmul_ops.h"
#include "varrt/ops/nn_ops.h"

namespace varrt {
namespace {

// How the bias was added: BiasAdd(product, bias), AddV2(product, bias) or AddV2(bias, product).
enum class BiasForm { kBiasAdd, kAddRight, kAddLeft };

// Runs stage `i` of the fused node's ops, noting it as the failed one if it throws.
template <class F>
PlacedTensor stage(int i, F&& f) {
  try {
    return f();
  } catch (...) {
    set_fused_failed_stage(i);
    throw;
  }
}

// A bias the fused kernel can add: as many elements as the product has columns, all in the last
// dimension (BiasAdd's is 1-D; an added one may be [1, n]), so adding it changes neither the
// product's shape nor any value's order.
bool per_column(BiasForm form, const Tensor& bias, int64_t columns) {
  const Shape& s = bias.shape();
  if (s.rank() < 1 || s.rank() > 2 || s.dim(s.rank() - 1) != columns) return false;
  return form == BiasForm::kBiasAdd ? s.rank() == 1 : s.rank() == 1 || s.dim(0) == 1;
}

// The node of MatMul + bias [+ Relu]: inputs a, b, bias; MatMul's attributes.
class FusedMatMulKernel : public NodeKernel {
 public:
  FusedMatMulKernel(BiasForm form, bool relu) : form_(form), relu_(relu) {}

  void run(NodeCall& c) const override {
    const bool transpose_a = c.attr("transpose_a") != 0, transpose_b = c.attr("transpose_b") != 0;
    set_fused_failed_stage(0);
    if (fusable(c, transpose_b)) {
      try {
        c.outputs[0] = ops::FusedMatMul(c.inputs[0], c.inputs[1], c.inputs[2], transpose_a, transpose_b, relu_);
        return;
      } catch (...) {
        // The recorded ops below give their own error, from the op that fails.
      }
    }
    const PlacedTensor y = stage(0, [&] { return ops::MatMul(c.inputs[0], c.inputs[1], transpose_a, transpose_b); });
    const PlacedTensor z = stage(1, [&] {
      switch (form_) {
        case BiasForm::kBiasAdd: return ops::BiasAdd(y, c.inputs[2], false, "");
        case BiasForm::kAddRight: return ops::BinaryOp(kernels::BinaryOp::kAdd, y, c.inputs[2]);
        case BiasForm::kAddLeft: break;
      }
      return ops::BinaryOp(kernels::BinaryOp::kAdd, c.inputs[2], y);
    });
    c.outputs[0] = relu_ ? stage(2, [&] { return ops::Relu(z); }) : z;
  }

 private:
  bool fusable(const NodeCall& c, bool transpose_b) const {
    if (Dispatch::intercepted()) return false;
    const Tensor& a = c.inputs[0].tensor;
    const Tensor& b = c.inputs[1].tensor;
    const Tensor& bias = c.inputs[2].tensor;
    const DType dtype = a.dtype();
    if ((dtype != DType::kFloat32 && dtype != DType::kFloat64) || b.dtype() != dtype || bias.dtype() != dtype) {
      return false;
    }
    if (a.shape().rank() != 2 || b.shape().rank() != 2) return false;
    if (c.inputs[0].device != c.inputs[1].device || c.inputs[0].device != c.inputs[2].device) return false;
    return per_column(form_, bias, b.shape().dim(transpose_b ? 0 : 1));
  }

  BiasForm form_;
  bool relu_;
};

// The node of ReluGrad -> Sum over axis 0: inputs ReluGrad's (gradients, features); the Sum's
// attributes (reduction_indices, keep_dims); outputs Relu's gradient and its sum.
class FusedReluGradSumKernel : public NodeKernel {
 public:
  void run(NodeCall& c) const override {
    const std::vector<int64_t> axes = c.ints_attr("reduction_indices");
    const bool keep_dims = c.attr("keep_dims") != 0;
    set_fused_failed_stage(0);
    if (fusable(c, axes)) {
      try {
        std::pair<PlacedTensor, PlacedTensor> r = ops::FusedReluGradSum(c.inputs[0], c.inputs[1], keep_dims);
        c.outputs[0] = std::move(r.first);
        c.outputs[1] = std::move(r.second);
        return;
      } catch (...) {
        // The recorded ops below give their own error, from the op that fails.
      }
    }
    c.outputs[0] = stage(0, [&] { return ops::ReluGrad(c.inputs[0], c.inputs[1], ""); });
    const std::vector<int> axes32(axes.begin(), axes.end());
    c.outputs[1] = stage(1, [&] { return ops::Reduce(kernels::ReduceOp::kSum, c.outputs[0], axes32, keep_dims); });
  }

 private:
  static bool fusable(const NodeCall& c, const std::vector<int64_t>& axes) {
    if (Dispatch::intercepted() || axes.size() != 1 || (axes[0] != 0 && axes[0] != -2)) return false;
    const Tensor& g = c.inputs[0].tensor;
    const Tensor& f = c.inputs[1].tensor;
    const DType dtype = g.dtype();
    if ((dtype != DType::kFloat32 && dtype != DType::kFloat64) || f.dtype() != dtype) return false;
    const Shape& s = g.shape();
    if (s.rank() != 2 || !(s == f.shape()) || s.dim(0) < 2 || s.dim(1) < 2) return false;
    return c.inputs[0].device == c.inputs[1].device;
  }
};

}  // namespace

void Graph::fuse_matmul_nodes() {
  const FusionScan scan(*this);
  const std::vector<int>& readers = scan.readers;
  const std::vector<int>& producer = scan.producer;
  auto plain = [](const Node& n) { return FusionScan::plain(n); };
  auto only_reader = [&scan](int slot, size_t after) { return scan.only_reader(slot, after); };
  for (size_t j = 0; j < nodes_.size(); ++j) {
    Node& add = nodes_[j];
    const bool bias_add = add.op == "BiasAdd";
    if ((!bias_add && add.op != "AddV2") || !plain(add) || add.inputs.size() != 2) continue;
    bool nchw = false;
    for (const OwnedAttr& a : add.owned_attrs) {
      if (a.name == "nchw" || a.name == "data_format") nchw = nchw || a.value != 0;
    }
    if (nchw) continue;  // a bias per row of a 2-D product: not the fused kernel's
    int product_side = -1;
    for (int side = 0; side < (bias_add ? 1 : 2) && product_side < 0; ++side) {
      const int slot = add.inputs[static_cast<size_t>(side)];
      const int p = producer[static_cast<size_t>(slot)];
      if (p < 0 || readers[static_cast<size_t>(slot)] != 1) continue;
      const Node& product = nodes_[static_cast<size_t>(p)];
      if (product.op == "MatMul" && plain(product) && product.inputs.size() == 2 && product.device == add.device) {
        product_side = side;
      }
    }
    if (product_side < 0) continue;
    const int product_index = producer[static_cast<size_t>(add.inputs[static_cast<size_t>(product_side)])];
    const Node& product = nodes_[static_cast<size_t>(product_index)];
    const int relu_index = only_reader(add.first_output, j);
    const bool relu = relu_index >= 0 && nodes_[static_cast<size_t>(relu_index)].op == "Relu" &&
                      plain(nodes_[static_cast<size_t>(relu_index)]) &&
                      nodes_[static_cast<size_t>(relu_index)].device == add.device;
    const BiasForm form = bias_add ? BiasForm::kBiasAdd : product_side == 0 ? BiasForm::kAddRight : BiasForm::kAddLeft;
    const int bias_slot = add.inputs[static_cast<size_t>(1 - product_side)];
    Node& last = relu ? nodes_[static_cast<size_t>(relu_index)] : add;
    std::vector<int> from = {product_index, static_cast<int>(j)};
    if (relu) from.push_back(relu_index);
    last.op = "_FusedMatMulBias";
    last.inputs = {product.inputs[0], product.inputs[1], bias_slot};
    last.owned_attrs = product.owned_attrs;
    bind_attrs(last);
    last.kernel = std::make_shared<FusedMatMulKernel>(form, relu);
    last.fused_from = std::move(from);
    disable_node(product_index);
    if (relu) disable_node(static_cast<int>(j));
  }
  // ReluGrad -> Sum over axis 0, however many others read Relu's gradient.
  for (size_t k = 0; k < nodes_.size(); ++k) {
    Node& sum = nodes_[k];
    if (sum.op != "Sum" || !plain(sum) || sum.inputs.size() != 1) continue;
    bool axis_0 = false;
    for (const OwnedAttr& a : sum.owned_attrs) {
      if (a.name == "reduction_indices") axis_0 = a.ints.size() == 1 && (a.ints[0] == 0 || a.ints[0] == -2);
    }
    const int p = producer[static_cast<size_t>(sum.inputs[0])];
    if (!axis_0 || p < 0) continue;
    Node& relu_grad = nodes_[static_cast<size_t>(p)];
    if (relu_grad.op != "ReluGrad" || !plain(relu_grad) || relu_grad.inputs.size() != 2 ||
        relu_grad.device != sum.device) {
      continue;
    }
    relu_grad.op = "_FusedReluGradSum";
    relu_grad.owned_attrs = sum.owned_attrs;
    bind_attrs(relu_grad);
    relu_grad.kernel = std::make_shared<FusedReluGradSumKernel>();
    relu_grad.fused_from = {p, static_cast<int>(k)};
    relu_grad.extra_output = sum.first_output;
    disable_node(static_cast<int>(k));
  }
}

}  // namespace varrt
