#include "varrt/ops/op_registry.h"

#include <map>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/ops/array_ops.h"
#include "varrt/ops/concat_split_ops.h"
#include "varrt/ops/conv_ops.h"
#include "varrt/ops/ctc_ops.h"
#include "varrt/ops/depthwise_conv_ops.h"
#include "varrt/ops/fused_batch_norm_ops.h"
#include "varrt/ops/gather_ops.h"
#include "varrt/ops/identity.h"
#include "varrt/ops/linalg_ops.h"
#include "varrt/ops/math_ops.h"
#include "varrt/ops/math_function_ops.h"
#include "varrt/ops/matmul_ops.h"
#include "varrt/ops/nn_ops.h"
#include "varrt/ops/parsing_ops.h"
#include "varrt/ops/pooling_ops.h"
#include "varrt/ops/rnn_ops.h"
#include "varrt/ops/scatter_ops.h"
#include "varrt/ops/select_ops.h"
#include "varrt/ops/slice_ops.h"
#include "varrt/ops/training_ops.h"
#include "varrt/ops/variable_ops.h"

namespace varrt {
namespace {

using Runner = void (*)(NodeCall&);

class FnKernel : public NodeKernel {
 public:
  explicit FnKernel(Runner fn) : fn_(fn) {}
  void run(NodeCall& call) const override { fn_(call); }

 private:
  Runner fn_;
};

// Enum-parameterised ops (BinaryOp, ReduceOp, ...) keep the enum in the kernel.
template <class Enum, PlacedTensor (*Fn)(Enum, const PlacedTensor&)>
class UnaryEnumKernel : public NodeKernel {
 public:
  explicit UnaryEnumKernel(Enum e) : e_(e) {}
  void run(NodeCall& c) const override { c.outputs[0] = Fn(e_, c.inputs[0]); }

 private:
  Enum e_;
};

class BinaryKernel : public NodeKernel {
 public:
  explicit BinaryKernel(kernels::BinaryOp op) : op_(op) {}
  void run(NodeCall& c) const override { c.outputs[0] = ops::BinaryOp(op_, c.inputs[0], c.inputs[1]); }

 private:
  kernels::BinaryOp op_;
};

class MathFunctionKernel : public NodeKernel {
 public:
  explicit MathFunctionKernel(const kernels::MathFunction& f) : f_(f) {}
  void run(NodeCall& c) const override { c.outputs[0] = ops::MathFunction(f_, c.inputs); }

 private:
  const kernels::MathFunction& f_;
};

class ReduceKernel : public NodeKernel {
 public:
  explicit ReduceKernel(kernels::ReduceOp op) : op_(op) {}
  void run(NodeCall& c) const override {
    std::vector<int> axes;
    if (c.find_attr("reduction_indices") != nullptr) {
      std::vector<int64_t> axes64 = c.ints_attr("reduction_indices");
      axes.assign(axes64.begin(), axes64.end());
    } else {
      // Recorded for a tensor of unknown rank: every axis it has when the graph runs (what
      // TensorFlow's Range(Rank(x)) input gives).
      for (int i = 0; i < c.inputs[0].tensor.shape().rank(); ++i) axes.push_back(i);
    }
    c.outputs[0] = ops::Reduce(op_, c.inputs[0], axes, c.attr("keep_dims") != 0);
  }

 private:
  kernels::ReduceOp op_;
};

class ScatterKernel : public NodeKernel {
 public:
  ScatterKernel(kernels::UpdateOp op, bool nd) : op_(op), nd_(nd) {}
  void run(NodeCall& c) const override {
    if (nd_) {
      ops::ResourceScatterNd(op_, c.resources[0], c.inputs[0].tensor, c.inputs[1].tensor);
    } else {
      ops::ResourceScatter(op_, c.resources[0], c.inputs[0].tensor, c.inputs[1].tensor);
    }
  }

 private:
  kernels::UpdateOp op_;
  bool nd_;
};

PlacedTensor on_var(const ResourceHandle& h, Tensor t) { return PlacedTensor{std::move(t), h.var()->device()}; }

StridedSliceSpec slice_spec(const NodeCall& c) {
  StridedSliceSpec s;
  s.begin = c.ints_attr("begin");
  s.end = c.ints_attr("end");
  s.strides = c.ints_attr("strides");
  s.begin_mask = static_cast<int32_t>(c.attr("begin_mask"));
  s.end_mask = static_cast<int32_t>(c.attr("end_mask"));
  s.ellipsis_mask = static_cast<int32_t>(c.attr("ellipsis_mask"));
  s.new_axis_mask = static_cast<int32_t>(c.attr("new_axis_mask"));
  s.shrink_axis_mask = static_cast<int32_t>(c.attr("shrink_axis_mask"));
  return s;
}

const Tensor& in(const NodeCall& c, int i) { return c.inputs[i].tensor; }

// A Keras step's node: inputs are the grads, then lr and iterations; resources each variable
// followed by its slots (as many per variable as resources per grad).
template <class Fn>
void keras_step(const NodeCall& c, Fn&& fn) {
  const int n = c.num_inputs - 2;
  std::vector<const ResourceHandle*> vars(static_cast<size_t>(c.num_resources));
  for (int i = 0; i < c.num_resources; ++i) vars[static_cast<size_t>(i)] = &c.resources[i];
  std::vector<Tensor> grads(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) grads[static_cast<size_t>(i)] = in(c, i);
  fn(ops::KerasStep{vars.data(), n > 0 ? c.num_resources / n : 0, grads.data(), n, in(c, n), in(c, n + 1)});
}

const std::map<std::string, Runner>& runners() {
  static const auto* table = new std::map<std::string, Runner>{
      {"MatMul", [](NodeCall& c) {
         c.outputs[0] = ops::MatMul(c.inputs[0], c.inputs[1], c.attr("transpose_a") != 0, c.attr("transpose_b") != 0);
       }},
      {"BatchMatMulV2", [](NodeCall& c) {
         c.outputs[0] = ops::BatchMatMulV2(c.inputs[0], c.inputs[1], c.attr("adj_x") != 0, c.attr("adj_y") != 0);
       }},
      {"MatrixInverse", [](NodeCall& c) { c.outputs[0] = ops::MatrixInverse(c.inputs[0], c.attr("adjoint") != 0); }},
      {"MatrixDeterminant", [](NodeCall& c) { c.outputs[0] = ops::MatrixDeterminant(c.inputs[0]); }},
      {"LogMatrixDeterminant", [](NodeCall& c) {
         auto r = ops::LogMatrixDeterminant(c.inputs[0]);
         c.outputs[0] = std::move(r.first);
         c.outputs[1] = std::move(r.second);
       }},
      {"MatrixSolve", [](NodeCall& c) {
         c.outputs[0] = ops::MatrixSolve(c.inputs[0], c.inputs[1], c.attr("adjoint") != 0);
       }},
      {"Cholesky", [](NodeCall& c) { c.outputs[0] = ops::Cholesky(c.inputs[0]); }},
      {"MatrixTriangularSolve", [](NodeCall& c) {
         c.outputs[0] = ops::MatrixTriangularSolve(c.inputs[0], c.inputs[1], c.attr("lower") != 0,
                                                   c.attr("adjoint") != 0);
       }},
      {"MatrixSolveLs", [](NodeCall& c) {
         c.outputs[0] = ops::MatrixSolveLs(c.inputs[0], c.inputs[1], c.inputs[2], c.attr("fast") != 0);
       }},
      {"Qr", [](NodeCall& c) {
         auto r = ops::Qr(c.inputs[0], c.attr("full_matrices") != 0);
         c.outputs[0] = std::move(r.first);
         c.outputs[1] = std::move(r.second);
       }},
      {"Svd", [](NodeCall& c) {
         ops::SvdResult r = ops::Svd(c.inputs[0], c.attr("compute_uv") != 0, c.attr("full_matrices") != 0);
         c.outputs[0] = std::move(r.s);
         c.outputs[1] = std::move(r.u);
         c.outputs[2] = std::move(r.v);
       }},
      {"SelfAdjointEigV2", [](NodeCall& c) {
         auto r = ops::SelfAdjointEigV2(c.inputs[0], c.attr("compute_v") != 0);
         c.outputs[0] = std::move(r.first);
         c.outputs[1] = std::move(r.second);
       }},
      {"AddN", [](NodeCall& c) { c.outputs[0] = ops::AddN(c.inputs, c.num_inputs, ""); }},
      {"ConcatV2", [](NodeCall& c) { c.outputs[0] = ops::ConcatV2(c.inputs, c.num_inputs, c.attr("axis"), ""); }},
      {"Split", [](NodeCall& c) {
         std::vector<PlacedTensor> pieces =
             ops::Split(c.inputs[0], c.inputs[1], static_cast<int>(c.attr("num_split")), "");
         for (int i = 0; i < c.num_outputs; ++i) c.outputs[i] = std::move(pieces[static_cast<size_t>(i)]);
       }},
      {"ParseExampleV2", [](NodeCall& c) {
         ops::ParseExampleAttrs a{c.attr("num_sparse"), c.ints_attr("sparse_types"), c.ints_attr("Tdense"),
                                  c.ints_attr("dense_shapes")};
         std::vector<PlacedTensor> out =
             ops::ParseExampleV2(std::vector<PlacedTensor>(c.inputs, c.inputs + c.num_inputs), a, nullptr);
         for (size_t i = 0; i < out.size(); ++i) c.outputs[i] = std::move(out[i]);
       }},
      {"Select", [](NodeCall& c) { c.outputs[0] = ops::Select(c.inputs[0], c.inputs[1], c.inputs[2], ""); }},
      {"SelectV2", [](NodeCall& c) { c.outputs[0] = ops::SelectV2(c.inputs[0], c.inputs[1], c.inputs[2], ""); }},
      {"Cast", [](NodeCall& c) { c.outputs[0] = ops::Cast(c.inputs[0], static_cast<DType>(c.attr("DstT"))); }},
      {"Identity", [](NodeCall& c) { c.outputs[0] = ops::Identity(in(c, 0)); }},  // read_value()'s, after a read
      // The training step's array and nn ops. A shape computed in the graph is Reshape's and
      // BroadcastTo's second input; one known when recorded, their "shape" attribute.
      {"Reshape", [](NodeCall& c) {
         c.outputs[0] = c.num_inputs == 2 ? ops::Reshape(c.inputs[0], c.inputs[1], "")
                                          : ops::Reshape(c.inputs[0], c.ints_attr("shape"), "");
       }},
      {"BroadcastTo", [](NodeCall& c) {
         c.outputs[0] = c.num_inputs == 2 ? ops::BroadcastTo(c.inputs[0], c.inputs[1], "")
                                          : ops::BroadcastTo(c.inputs[0], c.ints_attr("shape"), "");
       }},
      {"ZerosLike", [](NodeCall& c) { c.outputs[0] = ops::ZerosLike(c.inputs[0]); }},
      {"OnesLike", [](NodeCall& c) { c.outputs[0] = ops::OnesLike(c.inputs[0]); }},
      {"Shape", [](NodeCall& c) {
         c.outputs[0] = ops::Shape(c.inputs[0], static_cast<DType>(c.attr("out_type", static_cast<int64_t>(DType::kInt32))));
       }},
      {"ShapeN", [](NodeCall& c) {
         std::vector<PlacedTensor> shapes = ops::ShapeN(
             c.inputs, c.num_inputs, static_cast<DType>(c.attr("out_type", static_cast<int64_t>(DType::kInt32))));
         for (int i = 0; i < c.num_outputs; ++i) c.outputs[i] = std::move(shapes[static_cast<size_t>(i)]);
       }},
      {"Relu", [](NodeCall& c) { c.outputs[0] = ops::Relu(c.inputs[0]); }},
      {"ReluGrad", [](NodeCall& c) { c.outputs[0] = ops::ReluGrad(c.inputs[0], c.inputs[1], ""); }},
      {"Relu6", [](NodeCall& c) { c.outputs[0] = ops::Relu6(c.inputs[0]); }},
      {"LeakyRelu", [](NodeCall& c) { c.outputs[0] = ops::LeakyRelu(c.inputs[0], c.real_attr("alpha", 0.2)); }},
      {"Sigmoid", [](NodeCall& c) { c.outputs[0] = ops::Sigmoid(c.inputs[0]); }},
      {"Tanh", [](NodeCall& c) { c.outputs[0] = ops::Tanh(c.inputs[0]); }},
      {"SigmoidGrad", [](NodeCall& c) { c.outputs[0] = ops::SigmoidGrad(c.inputs[0], c.inputs[1], ""); }},
      {"TanhGrad", [](NodeCall& c) { c.outputs[0] = ops::TanhGrad(c.inputs[0], c.inputs[1], ""); }},
      {"Elu", [](NodeCall& c) { c.outputs[0] = ops::Elu(c.inputs[0]); }},
      {"EluGrad", [](NodeCall& c) { c.outputs[0] = ops::EluGrad(c.inputs[0], c.inputs[1], ""); }},
      {"Selu", [](NodeCall& c) { c.outputs[0] = ops::Selu(c.inputs[0]); }},
      {"SeluGrad", [](NodeCall& c) { c.outputs[0] = ops::SeluGrad(c.inputs[0], c.inputs[1], ""); }},
      {"Softplus", [](NodeCall& c) { c.outputs[0] = ops::Softplus(c.inputs[0]); }},
      {"SoftplusGrad", [](NodeCall& c) { c.outputs[0] = ops::SoftplusGrad(c.inputs[0], c.inputs[1], ""); }},
      {"Softsign", [](NodeCall& c) { c.outputs[0] = ops::Softsign(c.inputs[0]); }},
      {"SoftsignGrad", [](NodeCall& c) { c.outputs[0] = ops::SoftsignGrad(c.inputs[0], c.inputs[1], ""); }},
      {"Softmax", [](NodeCall& c) { c.outputs[0] = ops::Softmax(c.inputs[0], ""); }},
      {"LogSoftmax", [](NodeCall& c) { c.outputs[0] = ops::LogSoftmax(c.inputs[0], ""); }},
      {"BiasAdd",
       [](NodeCall& c) { c.outputs[0] = ops::BiasAdd(c.inputs[0], c.inputs[1], c.attr("nchw") != 0, ""); }},
      {"BiasAddGrad", [](NodeCall& c) { c.outputs[0] = ops::BiasAddGrad(c.inputs[0], c.attr("nchw") != 0); }},
      {"Conv2D", [](NodeCall& c) {
         c.outputs[0] = ops::Conv2D(c.inputs[0], c.inputs[1], ops::window_attrs_of(c, nullptr), "");
       }},
      {"Conv2DBackpropInput", [](NodeCall& c) {
         c.outputs[0] =
             ops::Conv2DBackpropInput(c.inputs[0], c.inputs[1], c.inputs[2], ops::window_attrs_of(c, nullptr), "");
       }},
      {"Conv2DBackpropFilter", [](NodeCall& c) {
         c.outputs[0] =
             ops::Conv2DBackpropFilter(c.inputs[0], c.inputs[1], c.inputs[2], ops::window_attrs_of(c, nullptr), "");
       }},
      {"DepthwiseConv2dNative", [](NodeCall& c) {
         c.outputs[0] = ops::DepthwiseConv2dNative(c.inputs[0], c.inputs[1], ops::window_attrs_of(c, nullptr), "");
       }},
      {"DepthwiseConv2dNativeBackpropInput", [](NodeCall& c) {
         c.outputs[0] = ops::DepthwiseConv2dNativeBackpropInput(c.inputs[0], c.inputs[1], c.inputs[2],
                                                                ops::window_attrs_of(c, nullptr), "");
       }},
      {"DepthwiseConv2dNativeBackpropFilter", [](NodeCall& c) {
         c.outputs[0] = ops::DepthwiseConv2dNativeBackpropFilter(c.inputs[0], c.inputs[1], c.inputs[2],
                                                                 ops::window_attrs_of(c, nullptr), "");
       }},
      {"FusedBatchNormV3", [](NodeCall& c) {
         const ops::BatchNormAttrs a{c.real_attr("epsilon", 0.0001), c.real_attr("exponential_avg_factor", 1.0),
                                     c.attr("data_format"), c.attr("is_training", 1) != 0};
         auto r = ops::FusedBatchNormV3(c.inputs[0], c.inputs[1], c.inputs[2], c.inputs[3], c.inputs[4], a, "");
         for (int i = 0; i < 6; ++i) c.outputs[i] = std::move(r[i]);
       }},
      {"FusedBatchNormGradV3", [](NodeCall& c) {
         const ops::BatchNormAttrs a{c.real_attr("epsilon", 0.0001), 1.0, c.attr("data_format"),
                                     c.attr("is_training", 1) != 0};
         auto r = ops::FusedBatchNormGradV3(c.inputs[0], c.inputs[1], c.inputs[2], c.inputs[3], c.inputs[4],
                                            c.inputs[5], a, "");
         for (int i = 0; i < 5; ++i) c.outputs[i] = std::move(r[i]);
       }},
      {"MaxPool", [](NodeCall& c) { c.outputs[0] = ops::MaxPool(c.inputs[0], ops::window_attrs_of(c, "ksize"), ""); }},
      {"MaxPoolGrad", [](NodeCall& c) {
         c.outputs[0] = ops::MaxPoolGrad(c.inputs[0], c.inputs[1], c.inputs[2], ops::window_attrs_of(c, "ksize"), "");
       }},
      {"AvgPool", [](NodeCall& c) { c.outputs[0] = ops::AvgPool(c.inputs[0], ops::window_attrs_of(c, "ksize"), ""); }},
      {"AvgPoolGrad", [](NodeCall& c) {
         c.outputs[0] = ops::AvgPoolGrad(c.inputs[0], c.inputs[1], ops::window_attrs_of(c, "ksize"), "");
       }},
      {"CTCLoss", [](NodeCall& c) {
         kernels::CtcLossOptions o;
         o.preprocess_collapse_repeated = c.attr("preprocess_collapse_repeated") != 0;
         o.ctc_merge_repeated = c.attr("ctc_merge_repeated", 1) != 0;
         o.ignore_longer_outputs_than_inputs = c.attr("ignore_longer_outputs_than_inputs") != 0;
         auto r = ops::CTCLoss(c.inputs[0], c.inputs[1], c.inputs[2], c.inputs[3], o, "");
         c.outputs[0] = std::move(r.first);
         c.outputs[1] = std::move(r.second);
       }},
      {"BlockLSTMV2", [](NodeCall& c) {
         const PlacedTensor in[9] = {c.inputs[0], c.inputs[1], c.inputs[2], c.inputs[3], c.inputs[4],
                                     c.inputs[5], c.inputs[6], c.inputs[7], c.inputs[8]};
         auto r = ops::BlockLSTMV2(in, c.real_attr("cell_clip", 0.0), c.attr("use_peephole") != 0, "");
         for (int i = 0; i < 7; ++i) c.outputs[i] = std::move(r[i]);
       }},
      {"BlockLSTMGradV2", [](NodeCall& c) {
         PlacedTensor in[18];
         for (int i = 0; i < 18; ++i) in[i] = c.inputs[i];
         auto r = ops::BlockLSTMGradV2(in, c.attr("use_peephole") != 0, "");
         for (int i = 0; i < 8; ++i) c.outputs[i] = std::move(r[i]);
       }},
      {"BlockLSTM", [](NodeCall& c) {
         const PlacedTensor in[9] = {c.inputs[0], c.inputs[1], c.inputs[2], c.inputs[3], c.inputs[4],
                                     c.inputs[5], c.inputs[6], c.inputs[7], c.inputs[8]};
         auto r = ops::BlockLSTM(in, c.real_attr("forget_bias", 1.0), c.real_attr("cell_clip", 3.0),
                                 c.attr("use_peephole") != 0, "");
         for (int i = 0; i < 7; ++i) c.outputs[i] = std::move(r[i]);
       }},
      {"BlockLSTMGrad", [](NodeCall& c) {
         PlacedTensor in[18];
         for (int i = 0; i < 18; ++i) in[i] = c.inputs[i];
         auto r = ops::BlockLSTMGrad(in, c.attr("use_peephole") != 0, "");
         for (int i = 0; i < 8; ++i) c.outputs[i] = std::move(r[i]);
       }},
      {"SoftmaxCrossEntropyWithLogits", [](NodeCall& c) {
         auto r = ops::SoftmaxCrossEntropyWithLogits(c.inputs[0], c.inputs[1], "");
         c.outputs[0] = std::move(r.first);
         c.outputs[1] = std::move(r.second);
       }},
      {"SparseSoftmaxCrossEntropyWithLogits", [](NodeCall& c) {
         auto r = ops::SparseSoftmaxCrossEntropyWithLogits(c.inputs[0], c.inputs[1], "");
         c.outputs[0] = std::move(r.first);
         c.outputs[1] = std::move(r.second);
       }},
      {"ReadVariableOp", [](NodeCall& c) { c.outputs[0] = on_var(c.resources[0], ops::ReadVariableOp(c.resources[0])); }},
      {"AssignVariableOp", [](NodeCall& c) { ops::AssignVariableOp(c.resources[0], in(c, 0)); }},
      {"AssignAddVariableOp", [](NodeCall& c) { ops::AssignAddVariableOp(c.resources[0], in(c, 0)); }},
      {"AssignSubVariableOp", [](NodeCall& c) { ops::AssignSubVariableOp(c.resources[0], in(c, 0)); }},
      {"ResourceGather",
       [](NodeCall& c) { c.outputs[0] = on_var(c.resources[0], ops::ResourceGather(c.resources[0], in(c, 0))); }},
      {"ResourceGatherNd",
       [](NodeCall& c) { c.outputs[0] = on_var(c.resources[0], ops::ResourceGatherNd(c.resources[0], in(c, 0))); }},
      {"StridedSlice", [](NodeCall& c) {
         const Device* placed = nullptr;
         Tensor t = ops::StridedSlice(in(c, 0), slice_spec(c), &placed);
         c.outputs[0] = PlacedTensor{std::move(t), placed};
       }},
      {"ResourceStridedSliceAssign",
       [](NodeCall& c) { ops::ResourceStridedSliceAssign(c.resources[0], slice_spec(c), in(c, 0)); }},
      {"ResourceApplyGradientDescent",
       [](NodeCall& c) { ops::ResourceApplyGradientDescent(c.resources[0], in(c, 0), in(c, 1)); }},
      {"ResourceApplyMomentum", [](NodeCall& c) {
         ops::ResourceApplyMomentum(c.resources[0], c.resources[1], in(c, 0), in(c, 1), in(c, 2),
                                    c.attr("use_nesterov") != 0);
       }},
      {"ResourceApplyKerasMomentum", [](NodeCall& c) {
         ops::ResourceApplyKerasMomentum(c.resources[0], c.resources[1], in(c, 0), in(c, 1), in(c, 2),
                                         c.attr("use_nesterov") != 0);
       }},
      {"ResourceApplyAdagrad", [](NodeCall& c) {
         ops::ResourceApplyAdagrad(c.resources[0], c.resources[1], in(c, 0), in(c, 1), c.attr("update_slots", 1) != 0);
       }},
      {"ResourceApplyRMSProp", [](NodeCall& c) {
         ops::ResourceApplyRMSProp(c.resources[0], c.resources[1], c.resources[2], in(c, 0), in(c, 1), in(c, 2),
                                   in(c, 3), in(c, 4));
       }},
      {"ResourceApplyCenteredRMSProp", [](NodeCall& c) {
         ops::ResourceApplyCenteredRMSProp(c.resources[0], c.resources[1], c.resources[2], c.resources[3], in(c, 0),
                                           in(c, 1), in(c, 2), in(c, 3), in(c, 4));
       }},
      {"ResourceApplyAdam", [](NodeCall& c) {
         ops::ResourceApplyAdam(c.resources[0], c.resources[1], c.resources[2], in(c, 0), in(c, 1), in(c, 2),
                                in(c, 3), in(c, 4), in(c, 5), in(c, 6), c.attr("use_nesterov") != 0);
       }},
      {"ResourceSparseApplyMomentum", [](NodeCall& c) {
         ops::ResourceSparseApplyMomentum(c.resources[0], c.resources[1], in(c, 0), in(c, 1), in(c, 2), in(c, 3),
                                          c.attr("use_nesterov") != 0);
       }},
      {"ResourceSparseApplyKerasMomentum", [](NodeCall& c) {
         ops::ResourceSparseApplyKerasMomentum(c.resources[0], c.resources[1], in(c, 0), in(c, 1), in(c, 2), in(c, 3),
                                               c.attr("use_nesterov") != 0);
       }},
      {"ResourceSparseApplyAdagrad", [](NodeCall& c) {
         ops::ResourceSparseApplyAdagrad(c.resources[0], c.resources[1], in(c, 0), in(c, 1), in(c, 2),
                                         c.attr("update_slots", 1) != 0);
       }},
      {"ResourceSparseApplyRMSProp", [](NodeCall& c) {
         ops::ResourceSparseApplyRMSProp(c.resources[0], c.resources[1], c.resources[2], in(c, 0), in(c, 1), in(c, 2),
                                         in(c, 3), in(c, 4), in(c, 5));
       }},
      {"ResourceSparseApplyCenteredRMSProp", [](NodeCall& c) {
         ops::ResourceSparseApplyCenteredRMSProp(c.resources[0], c.resources[1], c.resources[2], c.resources[3],
                                                 in(c, 0), in(c, 1), in(c, 2), in(c, 3), in(c, 4), in(c, 5));
       }},
      {"KerasAdam", [](NodeCall& c) {
         keras_step(c, [&](const ops::KerasStep& step) {
           ops::KerasAdam(step, {c.real_attr("beta1"), c.real_attr("beta2"), c.real_attr("one_minus_beta1"),
                                 c.real_attr("one_minus_beta2"), c.real_attr("epsilon")});
         });
       }},
      {"KerasAdagrad", [](NodeCall& c) {
         keras_step(c, [&](const ops::KerasStep& step) { ops::KerasAdagrad(step, c.real_attr("epsilon")); });
       }},
      {"KerasRMSprop", [](NodeCall& c) {
         keras_step(c, [&](const ops::KerasStep& step) {
           ops::KerasRMSprop(step, {c.real_attr("rho"), c.real_attr("one_minus_rho"), c.real_attr("momentum"),
                                    c.real_attr("epsilon")},
                             c.attr("has_momentum") != 0, c.attr("centered") != 0);
         });
       }},
      {"KerasSGD", [](NodeCall& c) {
         keras_step(c, [&](const ops::KerasStep& step) {
           ops::KerasSGD(step, c.real_attr("momentum"), c.attr("nesterov") != 0);
         });
       }},
  };
  return *table;
}

}  // namespace

std::shared_ptr<const NodeKernel> core_node_kernel(const std::string& op) {
  static const auto* enums = [] {
    auto* m = new std::map<std::string, std::shared_ptr<const NodeKernel>>();
    for (auto b : kernels::kBinaryOps) {
      (*m)[ops::binary_op_name(b)] = std::make_shared<BinaryKernel>(b);
    }
    for (auto u : kernels::kUnaryOps) {
      (*m)[ops::unary_op_name(u)] = std::make_shared<UnaryEnumKernel<kernels::UnaryOp, &ops::UnaryOp>>(u);
    }
    for (const kernels::MathFunction& f : kernels::math_functions()) {
      (*m)[f.op] = std::make_shared<MathFunctionKernel>(f);
    }
    for (auto r : {kernels::ReduceOp::kSum, kernels::ReduceOp::kProd, kernels::ReduceOp::kMax, kernels::ReduceOp::kMin,
                   kernels::ReduceOp::kMean}) {
      (*m)[kernels::reduce_op_name(r)] = std::make_shared<ReduceKernel>(r);
    }
    for (auto u : {kernels::UpdateOp::kAssign, kernels::UpdateOp::kAdd, kernels::UpdateOp::kSub, kernels::UpdateOp::kMul,
                   kernels::UpdateOp::kDiv, kernels::UpdateOp::kMin, kernels::UpdateOp::kMax}) {
      (*m)[ops::scatter_op_name(u)] = std::make_shared<ScatterKernel>(u, false);
    }
    for (auto u : {kernels::UpdateOp::kAssign, kernels::UpdateOp::kAdd, kernels::UpdateOp::kSub, kernels::UpdateOp::kMin,
                   kernels::UpdateOp::kMax}) {  // ScatterNd has no Mul/Div
      (*m)[ops::scatter_nd_op_name(u)] = std::make_shared<ScatterKernel>(u, true);
    }
    for (const auto& r : runners()) (*m)[r.first] = std::make_shared<FnKernel>(r.second);
    return m;
  }();
  auto it = enums->find(op);
  return it == enums->end() ? nullptr : it->second;
}

}  // namespace varrt
