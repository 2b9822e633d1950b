#include "varrt/ops/graph_fusion.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "varrt/ops/conv_ops.h"
#include "varrt/ops/graph.h"
#include "varrt/ops/math_ops.h"
#include "varrt/ops/nn_ops.h"
#include "varrt/ops/pooling_ops.h"
#include "varrt/ops/rnn_ops.h"
#include "varrt/ops/window_geometry.h"

namespace varrt {
namespace {

using ops::window_attrs_of;
using ops::WindowAttrs;

thread_local int failed_stage = 0;

// How the bias was added: BiasAdd(conv, bias), AddV2(conv, bias) or AddV2(bias, conv).
enum class BiasForm { kBiasAdd, kAddRight, kAddLeft };

// Runs stage `i` of a fused node's ops, noting it as the failed one if it throws.
template <class F>
PlacedTensor stage(int i, F&& f) {
  try {
    return f();
  } catch (...) {
    failed_stage = i;
    throw;
  }
}

// A per-channel bias the fused kernel can add: as many elements as the filter has output
// channels, all in the last dimension (BiasAdd's is 1-D; a Keras layer's is reshaped to
// [1, 1, 1, channels]), so adding it changes neither the convolution's shape nor any value's order.
bool per_channel(BiasForm form, const Tensor& bias, int64_t channels) {
  const Shape& s = bias.shape();
  if (s.rank() < 1 || s.rank() > 4 || s.dim(s.rank() - 1) != channels) return false;
  if (form == BiasForm::kBiasAdd) return s.rank() == 1;
  for (int i = 0; i + 1 < s.rank(); ++i) {
    if (s.dim(i) != 1) return false;
  }
  return true;
}

// The node of Conv2D [+ bias] [+ Relu]: inputs input, filter, bias; the convolution's attributes.
class FusedConvKernel : public NodeKernel {
 public:
  FusedConvKernel(BiasForm form, bool bias_nchw, bool relu) : form_(form), bias_nchw_(bias_nchw), relu_(relu) {}

  void run(NodeCall& c) const override {
    const WindowAttrs attrs = window_attrs_of(c, nullptr);
    failed_stage = 0;
    if (fusable(c, attrs)) {
      try {
        c.outputs[0] = ops::FusedConv2D(c.inputs[0], c.inputs[1], c.inputs[2], attrs, relu_);
        return;
      } catch (...) {
        // The recorded ops below give their own error, from the op that fails.
      }
    }
    const PlacedTensor y = stage(0, [&] { return ops::Conv2D(c.inputs[0], c.inputs[1], attrs, ""); });
    const PlacedTensor z = stage(1, [&] {
      switch (form_) {
        case BiasForm::kBiasAdd: return ops::BiasAdd(y, c.inputs[2], bias_nchw_, "");
        case BiasForm::kAddRight: return ops::BinaryOp(kernels::BinaryOp::kAdd, y, c.inputs[2]);
        case BiasForm::kAddLeft: break;
      }
      return ops::BinaryOp(kernels::BinaryOp::kAdd, c.inputs[2], y);
    });
    c.outputs[0] = relu_ ? stage(2, [&] { return ops::Relu(z); }) : z;
  }

 private:
  bool fusable(const NodeCall& c, const WindowAttrs& attrs) const {
    if (Dispatch::intercepted() || attrs.nchw || bias_nchw_) return false;
    const Tensor& x = c.inputs[0].tensor;
    const Tensor& w = c.inputs[1].tensor;
    const Tensor& b = c.inputs[2].tensor;
    const DType dtype = x.dtype();
    if ((dtype != DType::kFloat32 && dtype != DType::kFloat64) || w.dtype() != dtype || b.dtype() != dtype) {
      return false;
    }
    if (x.shape().rank() != 4 || w.shape().rank() != 4) return false;
    if (c.inputs[0].device != c.inputs[1].device || c.inputs[0].device != c.inputs[2].device) return false;
    return per_channel(form_, b, w.shape().dim(3));
  }

  BiasForm form_;
  bool bias_nchw_;
  bool relu_;
};

// The node of MaxPoolGrad -> ReluGrad over a Relu's pooled output: inputs MaxPoolGrad's
// (orig_input, which is also ReluGrad's features, orig_output, grad); MaxPoolGrad's attributes.
class FusedPoolGradKernel : public NodeKernel {
 public:
  void run(NodeCall& c) const override {
    const WindowAttrs attrs = window_attrs_of(c, "ksize");
    failed_stage = 0;
    if (fusable(c, attrs)) {
      try {
        c.outputs[0] = ops::FusedMaxPoolGradReluGrad(c.inputs[0], c.inputs[1], c.inputs[2], attrs);
        return;
      } catch (...) {
        // The recorded ops below give their own error, from the op that fails.
      }
    }
    const PlacedTensor dx =
        stage(0, [&] { return ops::MaxPoolGrad(c.inputs[0], c.inputs[1], c.inputs[2], attrs, ""); });
    c.outputs[0] = stage(1, [&] { return ops::ReluGrad(dx, c.inputs[0], ""); });
  }

 private:
  static bool fusable(const NodeCall& c, const WindowAttrs& attrs) {
    if (Dispatch::intercepted() || attrs.nchw) return false;
    const DType dtype = c.inputs[0].tensor.dtype();
    if ((dtype != DType::kFloat32 && dtype != DType::kFloat64) || c.inputs[2].tensor.dtype() != dtype) return false;
    return c.inputs[0].device == c.inputs[1].device && c.inputs[0].device == c.inputs[2].device;
  }
};

// A BlockLSTMGrad or BlockLSTMGradV2 node whose x_grad nothing reads: the op without x's product
// (x_grad zeros). Under a dispatch hook (a tape, a recorder) the op runs whole, as recorded.
class BlockLstmGradWithoutXKernel : public NodeKernel {
 public:
  explicit BlockLstmGradWithoutXKernel(bool v2) : v2_(v2) {}
  void run(NodeCall& c) const override {
    PlacedTensor in[18];
    for (int i = 0; i < 18; ++i) in[i] = c.inputs[i];
    const bool peephole = c.attr("use_peephole") != 0, needed = Dispatch::intercepted();
    auto r = v2_ ? ops::BlockLSTMGradV2(in, peephole, "", needed) : ops::BlockLSTMGrad(in, peephole, "", needed);
    for (int i = 0; i < 8; ++i) c.outputs[i] = std::move(r[static_cast<size_t>(i)]);
  }

 private:
  bool v2_;
};

}  // namespace

int fused_failed_stage() { return failed_stage; }

void set_fused_failed_stage(int stage) { failed_stage = stage; }

Graph::FusionScan::FusionScan(const Graph& g)
    : graph(g), readers(static_cast<size_t>(g.num_slots_), 0), producer(static_cast<size_t>(g.num_slots_), -1) {
  for (size_t i = 0; i < g.nodes_.size(); ++i) {
    for (int in : g.nodes_[i].inputs) ++readers[static_cast<size_t>(in)];
    for (int k = 0; k < g.nodes_[i].num_outputs; ++k) {
      producer[static_cast<size_t>(g.nodes_[i].first_output + k)] = static_cast<int>(i);
    }
  }
  for (int o : g.outputs_) ++readers[static_cast<size_t>(o)];  // graph outputs count as readers too
}

bool Graph::FusionScan::plain(const Node& n) {
  return !n.pruned && n.fused_from.empty() && n.kernel->native() && n.resources.empty() && n.num_outputs == 1;
}

int Graph::FusionScan::only_reader(int slot, size_t after) const {
  if (readers[static_cast<size_t>(slot)] != 1) return -1;
  for (size_t k = after + 1; k < graph.nodes_.size(); ++k) {
    for (int in : graph.nodes_[k].inputs) {
      if (in == slot) return static_cast<int>(k);
    }
  }
  return -1;
}

void Graph::fuse_nodes() {
  const FusionScan scan(*this);
  const std::vector<int>& readers = scan.readers;
  const std::vector<int>& producer = scan.producer;
  auto plain = [](const Node& n) { return FusionScan::plain(n); };
  auto only_reader = [&scan](int slot, size_t after) { return scan.only_reader(slot, after); };
  for (size_t j = 0; j < nodes_.size(); ++j) {
    Node& add = nodes_[j];
    const bool bias_add = add.op == "BiasAdd";
    if ((!bias_add && add.op != "AddV2") || !plain(add) || add.inputs.size() != 2) continue;
    int conv_side = -1;
    for (int side = 0; side < (bias_add ? 1 : 2) && conv_side < 0; ++side) {
      const int slot = add.inputs[static_cast<size_t>(side)];
      const int p = producer[static_cast<size_t>(slot)];
      if (p < 0 || readers[static_cast<size_t>(slot)] != 1) continue;
      const Node& conv = nodes_[static_cast<size_t>(p)];
      if (conv.op == "Conv2D" && plain(conv) && conv.device == add.device) conv_side = side;
    }
    if (conv_side < 0) continue;
    const int conv_index = producer[static_cast<size_t>(add.inputs[static_cast<size_t>(conv_side)])];
    Node& conv = nodes_[static_cast<size_t>(conv_index)];
    if (conv.inputs.size() != 2) continue;
    bool bias_nchw = false;
    for (const OwnedAttr& a : add.owned_attrs) {
      if (a.name == "nchw" || a.name == "data_format") bias_nchw = bias_nchw || a.value != 0;
    }
    const int relu_index = only_reader(add.first_output, j);
    const bool relu = relu_index >= 0 && nodes_[static_cast<size_t>(relu_index)].op == "Relu" &&
                      plain(nodes_[static_cast<size_t>(relu_index)]) &&
                      nodes_[static_cast<size_t>(relu_index)].device == add.device;
    const BiasForm form = bias_add ? BiasForm::kBiasAdd : conv_side == 0 ? BiasForm::kAddRight : BiasForm::kAddLeft;
    const int bias_slot = add.inputs[static_cast<size_t>(1 - conv_side)];
    Node& last = relu ? nodes_[static_cast<size_t>(relu_index)] : add;
    std::vector<int> from = {conv_index, static_cast<int>(j)};
    if (relu) from.push_back(relu_index);
    last.op = "_FusedConv2DBias";
    last.inputs = {conv.inputs[0], conv.inputs[1], bias_slot};
    last.owned_attrs = conv.owned_attrs;
    bind_attrs(last);
    last.kernel = std::make_shared<FusedConvKernel>(form, bias_nchw, relu);
    last.fused_from = std::move(from);
    disable_node(conv_index);
    if (relu) disable_node(static_cast<int>(j));
  }
  // MaxPoolGrad -> ReluGrad where the features are MaxPoolGrad's orig_input (a Relu's output pooled).
  for (size_t k = 0; k < nodes_.size(); ++k) {
    Node& relu_grad = nodes_[k];
    if (relu_grad.op != "ReluGrad" || !plain(relu_grad) || relu_grad.inputs.size() != 2) continue;
    const int dx = relu_grad.inputs[0];
    const int p = producer[static_cast<size_t>(dx)];
    if (p < 0 || readers[static_cast<size_t>(dx)] != 1) continue;
    Node& pool_grad = nodes_[static_cast<size_t>(p)];
    if (pool_grad.op != "MaxPoolGrad" || !plain(pool_grad) || pool_grad.inputs.size() != 3 ||
        pool_grad.inputs[0] != relu_grad.inputs[1] || pool_grad.device != relu_grad.device) {
      continue;
    }
    relu_grad.op = "_FusedMaxPoolGradReluGrad";
    relu_grad.inputs = pool_grad.inputs;
    relu_grad.owned_attrs = pool_grad.owned_attrs;
    bind_attrs(relu_grad);
    relu_grad.kernel = std::make_shared<FusedPoolGradKernel>();
    relu_grad.fused_from = {p, static_cast<int>(k)};
    disable_node(p);
  }
  // BlockLSTMGrad(V2) whose x_grad no node reads (a training step: the input needs no gradient).
  for (Node& n : nodes_) {
    const bool v2 = n.op == "BlockLSTMGradV2";
    if ((v2 || n.op == "BlockLSTMGrad") && !n.pruned && n.fused_from.empty() && n.kernel->native() &&
        n.inputs.size() == 18 && readers[static_cast<size_t>(n.first_output)] == 0) {
      n.kernel = std::make_shared<BlockLstmGradWithoutXKernel>(v2);
    }
  }
}

}  // namespace varrt
