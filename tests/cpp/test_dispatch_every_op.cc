// Every core op goes through Dispatch::run, the ones that once placed themselves included:
// VarHandleOp (and its lookup), VarIsInitializedOp, _EagerConst, Identity, SaveV2, RestoreV2
// and the restore's AssignVariableOp. An observe hook sees each, with TensorFlow's inputs and
// outputs, and the placement log shows the same ops.
#include <string>
#include <vector>

#include "check.h"
#include "temp_dir.h"
#include "varrt/device/executor.h"
#include "varrt/io/bundle_reader.h"
#include "varrt/ops/checkpoint_ops.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/identity.h"
#include "varrt/ops/variable_ops.h"

using namespace varrt;

namespace {

struct Seen {
  std::string op;
  std::string device;
  std::vector<Tensor> inputs;
  std::vector<Tensor> outputs;
  const Var* resource;
};

struct Observer : DispatchHook {
  Observer() : DispatchHook(Mode::kObserve) {}
  void on_op(OpCall& call) override {
    seen.push_back(Seen{call.op, call.device->name, std::vector<Tensor>(call.inputs, call.inputs + call.num_inputs),
                        std::vector<Tensor>(call.outputs, call.outputs + call.num_outputs),
                        call.resource != nullptr ? call.resource->var() : nullptr});
  }
  std::vector<std::string> ops() const {
    std::vector<std::string> names;
    for (const Seen& s : seen) names.push_back(s.op);
    return names;
  }
  std::vector<Seen> seen;
};

// Observes (and logs) what `fn` runs: the observer's ops, and the log's lines.
template <class Fn>
std::vector<std::string> observed(Observer& obs, std::vector<std::string>* log, Fn fn) {
  Executor::set_log_sink([log](const std::string& line) { log->push_back(line); });
  Executor::set_log_device_placement(true);
  Dispatch::push_hook(&obs);
  fn();
  Dispatch::pop_hook(&obs);
  Executor::set_log_device_placement(false);
  return obs.ops();
}

std::string line(const std::string& op) {
  return "Executing op " + op + " in device /job:localhost/replica:0/task:0/device:CPU:0";
}

std::vector<std::string> lines(const std::vector<std::string>& ops) {
  std::vector<std::string> out;
  for (const std::string& op : ops) out.push_back(line(op));
  return out;
}

Tensor vec(std::vector<float> v) {
  Tensor t = Tensor::allocate(DType::kFloat32, Shape{static_cast<int64_t>(v.size())});
  for (size_t i = 0; i < v.size(); ++i) static_cast<float*>(t.mutable_data())[i] = v[i];
  return t;
}

ops::VarHandleAttrs float2(const std::string& shared_name) {
  ops::VarHandleAttrs attrs;
  attrs.dtype = DType::kFloat32;
  attrs.shape = PartialShape(std::vector<int64_t>{2});
  attrs.debug_name = "v";
  attrs.shared_name = shared_name;
  return attrs;
}

TEST(variable_ops_are_observed_and_logged) {
  Observer obs;
  std::vector<std::string> log;
  ResourceHandle h, found;
  bool initialized = false;
  Tensor read;
  std::vector<std::string> ops = observed(obs, &log, [&] {
    ops::EagerConstInPlace();
    h = ops::VarHandleOp(float2("every_op_v"));
    ops::AssignVariableOp(h, vec({1, 2}));
    found = ops::LookupVarHandleOp("", "every_op_v");
    initialized = ops::VarIsInitializedOp(h);
    read = ops::Identity(ops::ReadVariableOp(h)).tensor;
    ops::IdentityToHost(ops::ReadVariableOp(h));
  });
  const std::vector<std::string> want = {"_EagerConst", "VarHandleOp", "AssignVariableOp", "VarHandleOp",
                                         "VarIsInitializedOp", "ReadVariableOp", "Identity", "ReadVariableOp",
                                         "Identity"};
  CHECK(ops == want);
  CHECK(log == lines(want));
  CHECK(initialized && found.var() == h.var());
  CHECK(obs.seen[1].resource == h.var() && obs.seen[3].resource == h.var());  // the handle each made or found
  const Seen& is_init = obs.seen[4];
  CHECK(is_init.resource == h.var() && is_init.outputs.size() == 1 && is_init.outputs[0].dtype() == DType::kBool);
  CHECK(*static_cast<const bool*>(is_init.outputs[0].data()));
  const Seen& identity = obs.seen[6];
  CHECK(identity.inputs.size() == 1 && identity.outputs.size() == 1);
  CHECK(identity.outputs[0].shares_buffer_with(identity.inputs[0]) && read.data_as<float>()[1] == 2);
  CHECK(identity.outputs[0].id() != identity.inputs[0].id());  // a new value for a tape
  ops::DestroyResourceOp(h);
}

TEST(a_missing_lookup_is_placed_then_not_found) {
  Observer obs;
  std::vector<std::string> log;
  std::vector<std::string> ops = observed(obs, &log, [] {
    CHECK_THROWS_CODE(ops::LookupVarHandleOp("", "every_op_never_made"), Code::kNotFound);
  });
  CHECK(ops == std::vector<std::string>{"VarHandleOp"} && log == lines({"VarHandleOp"}));
}

TEST(checkpoint_ops_are_observed_and_logged) {
  ResourceHandle h = ops::VarHandleOp(float2(""));
  ops::AssignVariableOp(h, vec({1, 2}));
  const std::string prefix = check::temp_dir() + "/every_op";
  Observer obs;
  std::vector<std::string> log;
  std::vector<std::string> ops = observed(obs, &log, [&] {
    ops::SaveV2(prefix, {"v"}, {ops::ReadVariableOp(h)});
    ops::AssignVariableOp(h, vec({5, 6}));
    bundle::BundleReader reader(prefix);
    ops::RestoreV2(reader, {"v"}, {h});
  });
  const std::vector<std::string> want = {"ReadVariableOp", "SaveV2", "AssignVariableOp", "RestoreV2",
                                         "AssignVariableOp"};
  CHECK(ops == want);
  CHECK(log == lines(want));
  // TensorFlow's inputs: prefix, tensor_names, shape_and_slices, then SaveV2's tensors.
  const Seen& save = obs.seen[1];
  CHECK(save.inputs.size() == 4 && save.outputs.empty());
  CHECK(save.inputs[0].shape().rank() == 0 && *static_cast<const std::string*>(save.inputs[0].data()) == prefix);
  CHECK(*static_cast<const std::string*>(save.inputs[1].data()) == "v");
  CHECK(static_cast<const std::string*>(save.inputs[2].data())->empty());
  CHECK(save.inputs[3].data_as<float>()[0] == 1);
  const Seen& restore = obs.seen[3];
  CHECK(restore.inputs.size() == 3 && *static_cast<const std::string*>(restore.inputs[1].data()) == "v");
  CHECK(obs.seen[4].resource == h.var());  // the restore's AssignVariableOp writes the variable
  Tensor value = ops::ReadVariableOp(h);
  CHECK(value.data_as<float>()[0] == 1 && value.data_as<float>()[1] == 2);
}

}  // namespace

TEST_MAIN()
