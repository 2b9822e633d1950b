// The core dispatch's three interception modes, with stub hooks, through the core ops.
#include <string>
#include <vector>

#include "check.h"
#include "make_var.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/math_ops.h"
#include "varrt/ops/variable_ops.h"

using namespace varrt;

namespace {

Tensor vec(std::vector<float> v) {
  Tensor t = Tensor::allocate(DType::kFloat32, Shape{static_cast<int64_t>(v.size())});
  for (size_t i = 0; i < v.size(); ++i) static_cast<float*>(t.mutable_data())[i] = v[i];
  return t;
}

float at(const Tensor& t, int i) { return t.data_as<float>()[i]; }

ResourceHandle make_var(std::vector<float> init) {
  ResourceHandle h = check::make_var(DType::kFloat32, Shape{static_cast<int64_t>(init.size())});
  ops::AssignVariableOp(h, vec(init));
  return h;
}

struct Recorder : DispatchHook {
  Recorder() : DispatchHook(Mode::kObserve) {}
  void on_op(OpCall& call) override {
    ops.push_back(call.op);
    if (call.num_outputs > 0) last_output = call.outputs[0];
    if (call.resource != nullptr) resources++;
  }
  std::vector<std::string> ops;
  Tensor last_output;
  int resources = 0;
};

struct Tracer : DispatchHook {
  Tracer() : DispatchHook(Mode::kReplace) {}
  void on_op(OpCall& call) override {
    ops.push_back(call.op);
    for (int i = 0; i < call.num_outputs; ++i) call.outputs[i] = Tensor(DType::kFloat32, Shape{2}, BufferRef());  // symbolic
  }
  std::vector<std::string> ops;
};

struct Remote : OpForwarder {
  bool forwards(const Device&) const override { return true; }
  void forward(OpCall& call) override {
    ops.push_back(call.op);
    for (int i = 0; i < call.num_outputs; ++i) call.outputs[i] = vec({42, 42});
  }
  std::vector<std::string> ops;
};

TEST(observe_sees_inputs_and_outputs_after_the_kernel) {
  Recorder rec;
  Dispatch::push_hook(&rec);
  PlacedTensor r = ops::BinaryOp(kernels::BinaryOp::kAdd, {vec({1, 2}), nullptr}, {vec({10, 20}), nullptr});
  Dispatch::pop_hook(&rec);
  CHECK(rec.ops.size() == 1 && rec.ops[0] == "AddV2");
  CHECK(rec.last_output.shares_buffer_with(r.tensor));
  CHECK(at(r.tensor, 0) == 11 && at(r.tensor, 1) == 22);
  // Not seen once popped.
  ops::BinaryOp(kernels::BinaryOp::kMul, {vec({1}), nullptr}, {vec({1}), nullptr});
  CHECK(rec.ops.size() == 1);
}

TEST(observe_sees_resource_ops) {
  ResourceHandle h = make_var({1, 2});
  Recorder rec;
  Dispatch::push_hook(&rec);
  ops::AssignAddVariableOp(h, vec({1, 1}));
  Tensor value = ops::ReadVariableOp(h);
  Dispatch::pop_hook(&rec);
  CHECK(rec.ops.size() == 2 && rec.ops[0] == "AssignAddVariableOp" && rec.ops[1] == "ReadVariableOp");
  CHECK(rec.resources == 2);
  CHECK(at(value, 0) == 2 && at(value, 1) == 3);
}

TEST(replace_runs_nothing_and_returns_symbolic_outputs) {
  ResourceHandle h = make_var({1, 2});
  Tracer tracer;
  Recorder inner;
  Dispatch::push_hook(&tracer);
  Dispatch::push_hook(&inner);  // newer than the tracer: sees the traced op
  PlacedTensor r = ops::BinaryOp(kernels::BinaryOp::kAdd, {vec({1, 2}), nullptr}, {vec({1, 2}), nullptr});
  ops::AssignAddVariableOp(h, vec({5, 5}));
  Dispatch::pop_hook(&inner);
  Dispatch::pop_hook(&tracer);
  CHECK(tracer.ops.size() == 2 && inner.ops.size() == 2);
  CHECK(r.tensor.valid() && r.tensor.data() == nullptr);  // symbolic: no buffer
  Tensor value = ops::ReadVariableOp(h);
  CHECK(at(value, 0) == 1 && at(value, 1) == 2);  // the update did not run
}

TEST(forward_runs_the_op_elsewhere) {
  ResourceHandle h = make_var({1, 2});
  Remote remote;
  Dispatch::set_forwarder(&remote);
  PlacedTensor r = ops::BinaryOp(kernels::BinaryOp::kAdd, {vec({1, 2}), nullptr}, {vec({1, 2}), nullptr});
  ops::AssignAddVariableOp(h, vec({5, 5}));
  Dispatch::set_forwarder(nullptr);
  CHECK(remote.ops.size() == 2 && remote.ops[0] == "AddV2" && remote.ops[1] == "AssignAddVariableOp");
  CHECK(at(r.tensor, 0) == 42);
  Tensor value = ops::ReadVariableOp(h);
  CHECK(at(value, 0) == 1);  // the local kernel did not run
}

// Forwards the ops of one device, answering each with a fixed output.
struct OneTask : OpForwarder {
  explicit OneTask(const Device* d) : device(d) {}
  bool forwards(const Device& d) const override { return &d == device; }
  void forward(OpCall& call) override {
    ops.push_back(call.op);
    for (int i = 0; i < call.num_outputs; ++i) {
      if (std::string(call.op) == "VarIsInitializedOp") {
        call.outputs[i] = Tensor::allocate(DType::kBool, Shape{});
        *static_cast<bool*>(call.outputs[i].mutable_data()) = true;
      } else {
        call.outputs[i] = vec({7, 7});
      }
    }
  }
  const Device* device;
  std::vector<std::string> ops;
};

TEST(ops_of_a_remote_device_are_forwarded_or_unavailable) {
  const Device& ps = DeviceSet::global().add_remote_cpu("ps", 3);
  CHECK(ps.remote && ps.name == "/job:ps/replica:0/task:3/device:CPU:0");
  CHECK(&DeviceSet::global().add_remote_cpu("ps", 3) == &ps);  // found again, not added twice
  CHECK_THROWS_CODE(DeviceSet::global().add_remote_cpu("localhost", 0), Code::kInvalidArgument);  // this task
  ops::VarHandleAttrs attrs;
  attrs.dtype = DType::kFloat32;
  attrs.shape = PartialShape(std::vector<int64_t>{2});
  attrs.debug_name = "remote";
  attrs.device = &ps;
  // No forwarder for its task: the ops fail, and nothing ran here.
  CHECK_THROWS_CODE(ops::VarHandleOp(attrs), Code::kUnavailable);
  OneTask task(&ps);
  Dispatch::set_forwarder(&task);
  ResourceHandle h = ops::VarHandleOp(attrs);  // forwarded; the handle is this process's
  CHECK(h.var() != nullptr && h.var()->device() == &ps);
  Dispatch::set_forwarder(nullptr);
  CHECK_THROWS_CODE(ops::AssignVariableOp(h, vec({1, 2})), Code::kUnavailable);
  Dispatch::set_forwarder(&task);
  ops::AssignVariableOp(h, vec({1, 2}));
  Tensor value = ops::ReadVariableOp(h);
  CHECK(ops::VarIsInitializedOp(h));
  PlacedTensor local = ops::BinaryOp(kernels::BinaryOp::kAdd, {vec({1, 2}), nullptr}, {vec({1, 2}), nullptr});
  ops::DestroyResourceOp(h);
  Dispatch::set_forwarder(nullptr);
  CHECK(task.ops == (std::vector<std::string>{"VarHandleOp", "AssignVariableOp", "ReadVariableOp",
                                              "VarIsInitializedOp", "DestroyResourceOp"}));
  CHECK(at(value, 0) == 7);
  CHECK(at(local.tensor, 0) == 2);  // a local op is not forwarded
  CHECK(h.var()->destroyed());      // destroyed here too, though the value lived on the task
}

TEST(hooks_are_removed_in_order) {
  Recorder a, b;
  Dispatch::push_hook(&a);
  Dispatch::push_hook(&b);
  CHECK(check::code_of([&] { Dispatch::pop_hook(&a); }) == Code::kInternal);
  Dispatch::pop_hook(&b);
  Dispatch::pop_hook(&a);
  CHECK(!Dispatch::intercepted());
}

TEST(remove_hook_unlinks_from_anywhere) {
  Recorder a, b, c;
  Dispatch::push_hook(&a);
  Dispatch::push_hook(&b);
  Dispatch::push_hook(&c);
  Dispatch::remove_hook(&b);  // from the middle: a destructor's way out
  Dispatch::remove_hook(&b);  // absent: nothing happens
  ops::BinaryOp(kernels::BinaryOp::kAdd, {vec({1}), nullptr}, {vec({1}), nullptr});
  CHECK(a.ops.size() == 1 && b.ops.empty() && c.ops.size() == 1);
  Dispatch::pop_hook(&c);
  Dispatch::pop_hook(&a);
  CHECK(!Dispatch::intercepted());
}

}  // namespace

TEST_MAIN()
