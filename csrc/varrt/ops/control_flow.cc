#include "varrt/ops/control_flow.h"

#include <string>
#include <vector>

#include "varrt/core/error.h"

namespace varrt {
namespace {

bool truth(const PlacedTensor& t, const char* op) {
  if (t.tensor.dtype() != DType::kBool || t.tensor.num_elements() != 1) {
    throw_error(Code::kInvalidArgument, std::string(op) + ": the predicate must be a bool scalar, got " +
                                            t.tensor.shape().debug_string());
  }
  return *static_cast<const bool*>(t.tensor.data());
}

class CondKernel : public NodeKernel {
 public:
  CondKernel(std::shared_ptr<const Graph> then_graph, std::shared_ptr<const Graph> else_graph, int num_then)
      : then_(std::move(then_graph)), else_(std::move(else_graph)), num_then_(num_then) {}

  void run(NodeCall& c) const override {
    const bool taken = truth(c.inputs[0], "If");
    const Graph& g = taken ? *then_ : *else_;
    const PlacedTensor* first = taken ? c.inputs + 1 : c.inputs + 1 + num_then_;
    const PlacedTensor* last = taken ? c.inputs + 1 + num_then_ : c.inputs + c.num_inputs;
    std::vector<PlacedTensor> out = g.run(std::vector<PlacedTensor>(first, last), *c.run_resources);
    if (static_cast<int>(out.size()) != c.num_outputs) throw_error(Code::kInternal, "a cond branch's outputs");
    for (int i = 0; i < c.num_outputs; ++i) c.outputs[i] = std::move(out[static_cast<size_t>(i)]);
  }

 private:
  std::shared_ptr<const Graph> then_, else_;
  int num_then_;
};

class WhileKernel : public NodeKernel {
 public:
  WhileKernel(std::shared_ptr<const Graph> cond, std::shared_ptr<const Graph> body, int num_vars, int num_cond,
              int64_t max_iter)
      : cond_(std::move(cond)), body_(std::move(body)), num_vars_(num_vars), num_cond_(num_cond), max_iter_(max_iter) {}

  void run(NodeCall& c) const override {
    // cond_args / body_args: the current vars, then each subgraph's captures.
    std::vector<PlacedTensor> cond_args(c.inputs, c.inputs + num_vars_ + num_cond_);
    std::vector<PlacedTensor> body_args(c.inputs, c.inputs + num_vars_);
    body_args.insert(body_args.end(), c.inputs + num_vars_ + num_cond_, c.inputs + c.num_inputs);
    for (int64_t i = 0; max_iter_ < 0 || i < max_iter_; ++i) {
      std::vector<PlacedTensor> pred = cond_->run(cond_args, *c.run_resources);
      if (pred.size() != 1) throw_error(Code::kInternal, "a while_loop condition's outputs");
      if (!truth(pred[0], "While")) break;
      std::vector<PlacedTensor> next = body_->run(body_args, *c.run_resources);
      if (static_cast<int>(next.size()) != num_vars_) throw_error(Code::kInternal, "a while_loop body's outputs");
      for (int v = 0; v < num_vars_; ++v) {
        cond_args[static_cast<size_t>(v)] = next[static_cast<size_t>(v)];
        body_args[static_cast<size_t>(v)] = std::move(next[static_cast<size_t>(v)]);
      }
    }
    for (int i = 0; i < c.num_outputs; ++i) c.outputs[i] = body_args[static_cast<size_t>(i)];
  }

 private:
  std::shared_ptr<const Graph> cond_, body_;
  int num_vars_;
  int num_cond_;
  int64_t max_iter_;
};

}  // namespace

std::shared_ptr<const NodeKernel> cond_kernel(std::shared_ptr<const Graph> then_graph,
                                              std::shared_ptr<const Graph> else_graph, int num_then) {
  return std::make_shared<CondKernel>(std::move(then_graph), std::move(else_graph), num_then);
}

std::shared_ptr<const NodeKernel> while_kernel(std::shared_ptr<const Graph> cond_graph,
                                               std::shared_ptr<const Graph> body_graph, int num_vars, int num_cond,
                                               int64_t maximum_iterations) {
  return std::make_shared<WhileKernel>(std::move(cond_graph), std::move(body_graph), num_vars, num_cond,
                                       maximum_iterations);
}

}  // namespace varrt
