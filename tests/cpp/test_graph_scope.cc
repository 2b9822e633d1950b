// A graph's tensors (Tensor::graph() != 0) reach an op only while that graph, or one built inside
// it, is being built: the dispatch refuses them everywhere else, before any kernel runs.
#include <string>
#include <vector>

#include "check.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/math_ops.h"

using namespace varrt;

namespace {

Tensor vec(std::vector<float> v, uint64_t graph = 0) {
  Tensor t = Tensor::allocate(DType::kFloat32, Shape{static_cast<int64_t>(v.size())});
  for (size_t i = 0; i < v.size(); ++i) static_cast<float*>(t.mutable_data())[i] = v[i];
  t.set_graph(graph);
  return t;
}

PlacedTensor add(const Tensor& a, const Tensor& b) {
  return ops::BinaryOp(kernels::BinaryOp::kAdd, {a, nullptr}, {b, nullptr});
}

// A graph builder: takes every op instead of its kernel, giving stand-ins of its graph.
struct Builder : DispatchHook {
  explicit Builder(uint64_t graph) : DispatchHook(Mode::kReplace, graph) {}
  void on_op(OpCall& call) override {
    ops.push_back(call.op);
    for (int i = 0; i < call.num_outputs; ++i) {
      call.run_kernel();
      call.outputs[i].set_graph(graph());
    }
  }
  std::vector<std::string> ops;
};

struct Observer : DispatchHook {
  Observer() : DispatchHook(Mode::kObserve) {}
  void on_op(OpCall& call) override { ops.push_back(call.op); }
  std::vector<std::string> ops;
};

// Checks that `stmt` throws OutOfScopeError for input `index`, a tensor of graph `graph`.
template <class Stmt>
void check_out_of_scope(Stmt stmt, int index, uint64_t graph) {
  bool thrown = false;
  try {
    stmt();
  } catch (const OutOfScopeError& e) {
    thrown = true;
    CHECK(e.input() == index && e.tensor().graph() == graph && e.kind() == ErrorKind::kType);
  }
  CHECK(thrown);
}
#define CHECK_OUT_OF_SCOPE(stmt, index, graph) check_out_of_scope([&] { stmt; }, index, graph)

TEST(a_graphs_tensor_is_refused_with_no_hook) {
  CHECK_OUT_OF_SCOPE(add(vec({1, 2}, 7), vec({1, 1})), 0, 7u);
  CHECK_OUT_OF_SCOPE(add(vec({1, 2}), vec({1, 1}, 9)), 1, 9u);
  CHECK(!Dispatch::intercepted());
}

TEST(copies_views_and_deep_copies_stay_the_graphs) {
  Tensor t = vec({1, 2}, 7);
  Tensor copy = t;
  CHECK(copy.graph() == 7 && t.reshaped(Shape{2, 1}).graph() == 7 && t.deep_copy().graph() == 7);
  CHECK(vec({1}).graph() == 0);
}

TEST(an_observer_alone_does_not_make_it_a_value) {
  Observer tape;
  Dispatch::push_hook(&tape);
  CHECK_OUT_OF_SCOPE(add(vec({1, 2}, 7), vec({1, 1})), 0, 7u);
  Dispatch::pop_hook(&tape);
  CHECK(tape.ops.empty());  // refused before anything ran or was shown
}

TEST(the_graph_being_built_and_the_graphs_built_in_it_take_it) {
  Builder outer(7);
  Dispatch::push_hook(&outer);
  PlacedTensor y = add(vec({1, 2}, 7), vec({1, 1}));
  CHECK(outer.ops.size() == 1 && y.tensor.graph() == 7);
  Builder branch(8);  // a cond branch or a nested function, built while graph 7 is
  Dispatch::push_hook(&branch);
  PlacedTensor z = add(y.tensor, vec({1, 1}, 8));
  CHECK(branch.ops.size() == 1 && z.tensor.graph() == 8);
  CHECK_OUT_OF_SCOPE(add(vec({1, 2}, 9), vec({1, 1})), 0, 9u);  // a graph not being built
  Dispatch::pop_hook(&branch);
  // The branch's tensors do not belong to the graph it was built in.
  CHECK_OUT_OF_SCOPE(add(vec({1, 2}), z.tensor), 1, 8u);
  Dispatch::pop_hook(&outer);
  CHECK_OUT_OF_SCOPE(add(y.tensor, vec({1, 1})), 0, 7u);  // built: its tensors are out of scope
}

TEST(suspended_hooks_refuse_the_graphs_tensors) {
  Builder g(7);
  Dispatch::push_hook(&g);
  {
    Dispatch::SuspendHooks init_scope;
    CHECK_OUT_OF_SCOPE(add(vec({1, 2}, 7), vec({1, 1})), 0, 7u);
  }
  add(vec({1, 2}, 7), vec({1, 1}));
  Dispatch::pop_hook(&g);
  CHECK(g.ops.size() == 1);
}

// A builder whose handling of an op runs ops on the stand-ins it was given (a kernel made of ops).
struct ComposingBuilder : DispatchHook {
  explicit ComposingBuilder(uint64_t graph) : DispatchHook(Mode::kReplace, graph) {}
  void on_op(OpCall& call) override {
    if (call.num_outputs == 0) return;
    call.outputs[0] = add(call.inputs[0], call.inputs[0]).tensor;  // not seen by this hook: runs
    call.outputs[0].set_graph(graph());
  }
};

TEST(a_builders_own_ops_may_read_its_stand_ins) {
  ComposingBuilder g(7);
  Dispatch::push_hook(&g);
  PlacedTensor y = ops::BinaryOp(kernels::BinaryOp::kMul, {vec({1, 2}, 7), nullptr}, {vec({3, 3}), nullptr});
  Dispatch::pop_hook(&g);
  CHECK(y.tensor.graph() == 7 && y.tensor.data_as<float>()[1] == 4);
}

TEST(memory_reads_follow_the_same_rule) {
  Dispatch::check_readable("a view", vec({1}));
  CHECK_OUT_OF_SCOPE(Dispatch::check_readable("a view", vec({1}, 7)), 0, 7u);
  Builder g(7);
  Dispatch::push_hook(&g);
  Dispatch::check_readable("a view", vec({1}, 7));
  CHECK_OUT_OF_SCOPE(Dispatch::check_readable("a view", vec({1}, 9)), 0, 9u);
  Dispatch::pop_hook(&g);
}

}  // namespace

TEST_MAIN()
