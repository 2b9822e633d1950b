#include "varrt/ops/op_registry.h"

#include <map>

#include "varrt/core/error.h"
#include "varrt/ops/gather_ops.h"
#include "varrt/ops/identity.h"
#include "varrt/ops/math_ops.h"
#include "varrt/ops/matmul_ops.h"
#include "varrt/ops/scatter_ops.h"
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

class ReduceKernel : public NodeKernel {
 public:
  explicit ReduceKernel(kernels::ReduceOp op) : op_(op) {}
  void run(NodeCall& c) const override {
    std::vector<int64_t> axes64 = c.ints_attr("reduction_indices");
    std::vector<int> axes(axes64.begin(), axes64.end());
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
const ResourceHandle* slot_or_null(const NodeCall& c, int i) { return i < c.num_resources ? &c.resources[i] : nullptr; }

const std::map<std::string, Runner>& runners() {
  static const auto* table = new std::map<std::string, Runner>{
      {"MatMul", [](NodeCall& c) {
         c.outputs[0] = ops::MatMul(c.inputs[0], c.inputs[1], c.attr("transpose_a") != 0, c.attr("transpose_b") != 0);
       }},
      {"BatchMatMulV2", [](NodeCall& c) {
         c.outputs[0] = ops::BatchMatMulV2(c.inputs[0], c.inputs[1], c.attr("adj_x") != 0, c.attr("adj_y") != 0);
       }},
      {"Cast", [](NodeCall& c) { c.outputs[0] = ops::Cast(c.inputs[0], static_cast<DType>(c.attr("DstT"))); }},
      {"Identity", [](NodeCall& c) { c.outputs[0] = ops::Identity(in(c, 0)); }},  // read_value()'s, after a read
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
         kernels::KerasAdamScalars s{c.real_attr("lr"),          c.real_attr("beta1"),
                                     c.real_attr("beta2"),       c.real_attr("one_minus_beta1"),
                                     c.real_attr("one_minus_beta2"), c.real_attr("epsilon"),
                                     c.real_attr("local_step")};
         ops::KerasAdam(c.resources[0], c.resources[1], c.resources[2], slot_or_null(c, 3), s, in(c, 0));
       }},
      {"KerasAdagrad", [](NodeCall& c) {
         ops::KerasAdagrad(c.resources[0], c.resources[1], c.real_attr("lr"), c.real_attr("epsilon"), in(c, 0));
       }},
      {"KerasRMSprop", [](NodeCall& c) {
         kernels::KerasRMSpropScalars s{c.real_attr("lr"), c.real_attr("rho"), c.real_attr("one_minus_rho"),
                                        c.real_attr("momentum"), c.real_attr("epsilon")};
         int next = 2;
         const ResourceHandle* mom = c.attr("has_momentum") != 0 ? slot_or_null(c, next++) : nullptr;
         const ResourceHandle* avg = c.attr("centered") != 0 ? slot_or_null(c, next++) : nullptr;
         ops::KerasRMSprop(c.resources[0], c.resources[1], mom, avg, s, in(c, 0));
       }},
  };
  return *table;
}

}  // namespace

std::shared_ptr<const NodeKernel> core_node_kernel(const std::string& op) {
  static const auto* enums = [] {
    auto* m = new std::map<std::string, std::shared_ptr<const NodeKernel>>();
    for (auto b : {kernels::BinaryOp::kAdd, kernels::BinaryOp::kSub, kernels::BinaryOp::kMul,
                   kernels::BinaryOp::kRealDiv, kernels::BinaryOp::kLess, kernels::BinaryOp::kLessEqual,
                   kernels::BinaryOp::kGreater, kernels::BinaryOp::kGreaterEqual}) {
      (*m)[ops::binary_op_name(b)] = std::make_shared<BinaryKernel>(b);
    }
    for (auto u : {kernels::UnaryOp::kNeg, kernels::UnaryOp::kSquare, kernels::UnaryOp::kAbs}) {
      (*m)[ops::unary_op_name(u)] = std::make_shared<UnaryEnumKernel<kernels::UnaryOp, &ops::UnaryOp>>(u);
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
