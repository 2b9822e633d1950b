// Graphs without Python: nodes of core ops (op_registry) replayed by name and attributes, args
// and constants, program order of stateful nodes, intermediate values released after their last
// reader (so an in-place update needs no copy), cond and while nodes over subgraphs, and a hook
// seeing every node's op as an eager op.
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "check.h"
#include "varrt/core/error.h"
#include "varrt/device/device.h"
#include "varrt/ops/control_flow.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/graph.h"
#include "varrt/ops/op_registry.h"
#include "varrt/ops/variable_ops.h"

using namespace varrt;

namespace {

PlacedTensor floats(std::vector<float> v, Shape s) {
  Tensor t = Tensor::allocate(DType::kFloat32, s);
  std::memcpy(t.mutable_data(), v.data(), v.size() * sizeof(float));
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

PlacedTensor boolean(bool b) {
  Tensor t = Tensor::allocate(DType::kBool, Shape{});
  *static_cast<bool*>(t.mutable_data()) = b;
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

bool same(const PlacedTensor& t, std::initializer_list<float> want) {
  if (t.tensor.num_elements() != static_cast<int64_t>(want.size())) return false;
  const float* p = t.tensor.data_as<float>();
  for (float w : want) {
    if (*p++ != w) return false;
  }
  return true;
}

ResourceHandle var_of(const PlacedTensor& value) {
  ops::VarHandleAttrs attrs;
  attrs.dtype = value.tensor.dtype();
  attrs.shape = PartialShape::from(value.tensor.shape());
  ResourceHandle h = ops::VarHandleOp(attrs);
  ops::AssignVariableOp(h, value.tensor.deep_copy());
  return h;
}

int node(Graph& g, const char* op, std::vector<int> inputs, int outputs, std::vector<ResourceHandle> res = {},
         std::vector<OwnedAttr> attrs = {}) {
  return g.add_node(op, std::move(inputs), std::move(attrs), std::move(res), outputs, core_node_kernel(op));
}

class Counter : public DispatchHook {
 public:
  Counter() : DispatchHook(Mode::kObserve) {}
  void on_op(OpCall& call) override { ops.push_back(call.op); }
  std::vector<std::string> ops;
};

}  // namespace

TEST(core_ops_replay_with_new_arguments) {
  Graph g(2);
  const int c = g.add_constant(floats({10}, Shape{}));
  const int sum = node(g, "AddV2", {0, 1}, 1);
  const int scaled = node(g, "Mul", {sum, c}, 1);
  OwnedAttr axes;
  axes.name = "reduction_indices";
  axes.is_list = true;
  axes.ints = {0};
  const int total = node(g, "Sum", {scaled}, 1, {}, {axes});
  g.set_outputs({scaled, total});
  std::vector<PlacedTensor> out = g.run({floats({1, 2}, Shape{2}), floats({3, 4}, Shape{2})});
  CHECK(same(out[0], {40, 60}));
  CHECK(same(out[1], {100}));
  out = g.run({floats({1, 1, 1}, Shape{3}), floats({0, 1, 2}, Shape{3})});  // another shape: same graph
  CHECK(same(out[1], {60}));
  CHECK_THROWS_CODE(g.run({floats({1}, Shape{1})}), Code::kInvalidArgument);
}

TEST(stateful_nodes_keep_program_order) {
  ResourceHandle v = var_of(floats({1, 2}, Shape{2}));
  Graph g(1);
  const int before = node(g, "ReadVariableOp", {}, 1, {v});
  node(g, "AssignAddVariableOp", {0}, 0, {v});
  const int doubled = node(g, "AddV2", {before, before}, 1);
  node(g, "AssignAddVariableOp", {doubled}, 0, {v});
  const int after = node(g, "ReadVariableOp", {}, 1, {v});
  g.set_outputs({after});
  std::vector<PlacedTensor> out = g.run({floats({10, 10}, Shape{2})});
  // v = [1,2] + [10,10], then + 2*[1,2] (the value read before the first update: copy-on-write)
  CHECK(same(out[0], {13, 16}));
}

TEST(a_value_read_earlier_is_released_so_updates_run_in_place) {
  ResourceHandle v = var_of(floats({1, 2}, Shape{2}));
  Graph g(0);
  const int read = node(g, "ReadVariableOp", {}, 1, {v});
  const int doubled = node(g, "AddV2", {read, read}, 1);  // the read's last reader
  node(g, "AssignAddVariableOp", {doubled}, 0, {v});
  g.set_outputs({});
  const void* buffer = ops::ReadVariableOp(v).data();
  g.run({});
  Tensor now = ops::ReadVariableOp(v);
  CHECK(now.data() == buffer);  // in place: the graph held no reader of the old value
  CHECK(now.data_as<float>()[0] == 3.0f && now.data_as<float>()[1] == 6.0f);
}

TEST(nodes_are_dispatched_like_eager_ops) {
  Graph g(2);
  const int s = node(g, "Sub", {0, 1}, 1);
  const int m = node(g, "MatMul", {s, s}, 1, {}, {});
  g.set_outputs({m});
  Counter counter;
  Dispatch::push_hook(&counter);
  std::vector<PlacedTensor> out = g.run({floats({3, 0, 0, 3}, Shape{2, 2}), floats({1, 0, 0, 1}, Shape{2, 2})});
  Dispatch::pop_hook(&counter);
  CHECK(same(out[0], {4, 0, 0, 4}));
  CHECK(counter.ops == std::vector<std::string>({"Sub", "MatMul"}));
}

TEST(unknown_ops_and_bad_slots_are_refused) {
  CHECK(core_node_kernel("NoSuchOp") == nullptr);
  Graph g(1);
  CHECK_THROWS_CODE(node(g, "AddV2", {0, 5}, 1), Code::kInvalidArgument);
  CHECK_THROWS_CODE(g.set_outputs({7}), Code::kInvalidArgument);
}

TEST(cond_runs_one_branch_with_its_captures) {
  auto then_graph = std::make_shared<Graph>(0);
  const int a = then_graph->add_input();
  then_graph->set_outputs({node(*then_graph, "AddV2", {a, a}, 1)});
  auto else_graph = std::make_shared<Graph>(0);
  const int b = else_graph->add_input();
  else_graph->set_outputs({node(*else_graph, "Neg", {b}, 1)});
  Graph g(2);  // pred, x
  const int out = g.add_node("If", {0, 1, 1}, {}, {}, 1, cond_kernel(then_graph, else_graph, 1));
  g.set_outputs({out});
  CHECK(same(g.run({boolean(true), floats({3}, Shape{})})[0], {6}));
  CHECK(same(g.run({boolean(false), floats({3}, Shape{})})[0], {-3}));
  CHECK_THROWS_CODE(g.run({floats({1}, Shape{}), floats({3}, Shape{})}), Code::kInvalidArgument);
}

TEST(while_loops_until_the_condition_fails_or_the_limit) {
  // vars: (i, acc); captures: limit (cond), step (body)
  auto cond = std::make_shared<Graph>(2);
  const int limit = cond->add_input();
  cond->set_outputs({node(*cond, "Less", {0, limit}, 1)});
  auto body = std::make_shared<Graph>(2);
  const int step = body->add_input();
  const int next_i = node(*body, "AddV2", {0, step}, 1);
  const int next_acc = node(*body, "AddV2", {1, 0}, 1);
  body->set_outputs({next_i, next_acc});
  for (int64_t max_iter : {int64_t{-1}, int64_t{2}}) {
    Graph g(4);  // i, acc, limit, step
    const int out = g.add_node("While", {0, 1, 2, 3}, {}, {}, 2, while_kernel(cond, body, 2, 1, max_iter));
    g.set_outputs({out, out + 1});
    std::vector<PlacedTensor> r =
        g.run({floats({0}, Shape{}), floats({0}, Shape{}), floats({4}, Shape{}), floats({1}, Shape{})});
    if (max_iter < 0) {
      CHECK(same(r[0], {4}));
      CHECK(same(r[1], {6}));  // 0 + 1 + 2 + 3
    } else {
      CHECK(same(r[0], {2}));
      CHECK(same(r[1], {1}));
    }
  }
}

TEST_MAIN()
