// Graphs from Python (internal API; framework/func_graph.py builds them):
//   _C.Graph(num_args)                      add_constant(tensor) -> slot
//     add_node(op, inputs, attrs, resources, num_outputs, host) -> first output slot
//       (a core op's kernel by name, or `host`, the recorded _C.execute arguments, replayed)
//     add_input() -> slot (a subgraph's capture, fed after the arguments)
//     add_cond_node(inputs, then_graph, else_graph, num_then, num_outputs), add_while_node(inputs,
//       cond_graph, body_graph, num_vars, num_cond, maximum_iterations) -> first output slot
//       (ops/control_flow.h: the inputs' layout)
//     set_outputs(slots); run(args, variables=()) -> tuple of Tensors (variables: the Variables a
//       node's resource_args index); node_ops(); running_node_ops() (after pruning and fusions)
//   _C.push_graph_recorder(decide_fn, record_fn, failed_fn, passed_ops, graph=0) -> hook; pop with
//     pop_graph_recorder; ops named in `passed_ops` are not the hook's: they run as without it
//     (failed_fn(op, inputs, error, num_outputs, dtype) when a kernel fails on the example values)
//     A replace hook for graph building: decide_fn(op, inputs, attrs, resources, host, num_outputs)
//     decides each op: a tuple is its outputs (symbolic tensors: the op does not run); None runs
//     its kernel (on values known while building: constant folding); a list runs its kernel on
//     those inputs instead. Then record_fn(op, inputs, outputs, attrs, resources, host) with
//     the final outputs. `resources` are ResourceRefs; `host` the _C.execute arguments
//     (kernel, dtype, shape, num_outputs, attrs) of a Python-kernel op, else None.
//     Every output is tagged with `graph` (the graph's id, Tensor::graph): the dispatch refuses it elsewhere.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "bindings.h"
#include "interop/gil.h"
#include "interop/handle.h"
#include "interop/tensor_object.h"
#include "varrt/device/device_scope.h"
#include "varrt/device/executor.h"
#include "varrt/ops/control_flow.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/graph.h"
#include "varrt/ops/op_registry.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

py::object as_python(const PlacedTensor& t) {
  PyObject* o = wrap_tensor(PyTensor{t.tensor, t.device});
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

PlacedTensor placed(py::handle t) {
  if (!is_tensor_object(t.ptr())) throw py::type_error("a graph takes varrt Tensors");
  const PyTensor& p = tensor_of(t.ptr());
  return PlacedTensor{p.tensor, p.device};
}

std::vector<OwnedAttr> owned_attrs(const py::dict& d) {
  std::vector<OwnedAttr> out;
  for (auto item : d) {
    OwnedAttr a;
    a.name = item.first.cast<std::string>();
    py::handle v = item.second;
    if (PyFloat_Check(v.ptr())) {
      a.is_real = true;
      a.real = PyFloat_AsDouble(v.ptr());
    } else if (PyTuple_Check(v.ptr()) || PyList_Check(v.ptr())) {
      a.is_list = true;
      for (py::handle e : v) a.ints.push_back(e.cast<int64_t>());
    } else if (v.is_none()) {
      continue;
    } else {
      a.value = v.cast<int64_t>();
    }
    out.push_back(std::move(a));
  }
  return out;
}

// A node's inputs as varrt.Tensors (for a kernel in Python).
py::tuple node_inputs(const NodeCall& c) {
  py::tuple inputs(c.num_inputs);
  for (int i = 0; i < c.num_inputs; ++i) inputs[i] = as_python(c.inputs[i]);
  return inputs;
}

// A node whose kernel is Python: runs _C.execute again with the recorded arguments.
class HostNodeKernel : public NodeKernel {
 public:
  explicit HostNodeKernel(py::tuple host) : host_(std::move(host)) {}
  ~HostNodeKernel() override {
    py::gil_scoped_acquire gil;
    host_ = py::tuple();
  }
  void run(NodeCall& c) const override {
    py::gil_scoped_acquire gil;
    py::tuple inputs = node_inputs(c);
    py::object r = execute(c.op, host_[0], inputs, host_[1].cast<int>(), host_[2], host_[3], host_[4], py::none());
    if (c.num_outputs == 1 && is_tensor_object(r.ptr())) {
      c.outputs[0] = placed(r);
      return;
    }
    py::tuple outs(r);
    for (int i = 0; i < c.num_outputs; ++i) c.outputs[i] = placed(outs[i]);
  }
  bool native() const override { return false; }

 private:
  py::tuple host_;
};

// A node whose kernel is a Python callable fn(*inputs) -> tensor or tuple of tensors (tf.py_function,
// control flow built in Python).
class PyCallNodeKernel : public NodeKernel {
 public:
  explicit PyCallNodeKernel(py::object fn) : fn_(std::move(fn)) {}
  ~PyCallNodeKernel() override {
    py::gil_scoped_acquire gil;
    fn_ = py::object();
  }
  void run(NodeCall& c) const override {
    py::gil_scoped_acquire gil;
    py::object r = fn_(*node_inputs(c));
    if (c.num_outputs == 0) return;
    py::tuple outs = is_tensor_object(r.ptr()) ? py::make_tuple(r) : py::tuple(r);
    if (static_cast<int>(outs.size()) != c.num_outputs) {
      throw py::value_error(std::string(c.op) + " returned " + std::to_string(outs.size()) + " values, not " +
                            std::to_string(c.num_outputs));
    }
    for (int i = 0; i < c.num_outputs; ++i) c.outputs[i] = placed(outs[i]);
  }
  bool native() const override { return false; }

 private:
  py::object fn_;
};

// How many graph runs this thread is inside: the ops it dispatches meanwhile are a graph's nodes,
// not eager ops (what tf.debugging.enable_check_numerics's eager hook leaves to the graph's own checks).
thread_local int graph_run_depth = 0;

struct GraphRunScope {
  GraphRunScope() { ++graph_run_depth; }
  ~GraphRunScope() { --graph_run_depth; }
  GraphRunScope(const GraphRunScope&) = delete;
  GraphRunScope& operator=(const GraphRunScope&) = delete;
};

struct HooksSuspended {
  std::optional<Dispatch::SuspendHooks> scope;
};

class RecorderHook : public DispatchHook {
 public:
  RecorderHook(py::object decide_fn, py::object record_fn, py::object failed_fn, std::set<std::string> passed,
               uint64_t graph)
      : DispatchHook(Mode::kReplace, graph),
        decide_fn_(std::move(decide_fn)),
        record_fn_(std::move(record_fn)),
        failed_fn_(std::move(failed_fn)),
        passed_(std::move(passed)) {}
  ~RecorderHook() override {
    py::gil_scoped_acquire gil;
    decide_fn_ = py::object();
    record_fn_ = py::object();
    failed_fn_ = py::object();
  }

  // Ops never part of a graph run as they would outside it: a remote variable's
  // DestroyResourceOp must reach the forwarder, which drops the task's value and the entry
  // naming it (else a new variable at the freed address would write into the old value).
  bool replaces(const OpCall& call) const override { return passed_.count(call.op) == 0; }

  void on_op(OpCall& call) override {
    py::gil_scoped_acquire gil;
    const Device* d = call.device;
    py::tuple inputs = op_tensors(call.inputs, call.num_inputs, d);
    py::dict attrs = op_attrs(call);
    py::tuple resources = resources_of(call);
    py::object host = host_of(call);
    py::object decision = decide_fn_(call.op, inputs, attrs, resources, host, call.num_outputs);
    // The kernel runs on replacement inputs; observers (a tape) and the record see the originals.
    std::vector<Tensor> originals;
    struct RestoreInputs {
      OpCall& call;
      std::vector<Tensor>& originals;
      ~RestoreInputs() {
        for (size_t i = 0; i < originals.size(); ++i) call.inputs[i] = std::move(originals[i]);
      }
    } restore{call, originals};
    if (PyList_Check(decision.ptr())) {
      py::list replacement(decision);
      if (static_cast<int>(replacement.size()) != call.num_inputs) throw py::value_error("replacement inputs");
      originals.assign(call.inputs, call.inputs + call.num_inputs);
      for (int i = 0; i < call.num_inputs; ++i) call.inputs[i] = tensor_of(replacement[i].ptr()).tensor;
    }
    if (PyTuple_Check(decision.ptr())) {
      py::tuple outs(decision);
      if (static_cast<int>(outs.size()) != call.num_outputs) {
        throw py::value_error(std::string("example outputs of ") + call.op + ": " + std::to_string(outs.size()) +
                              " for " + std::to_string(call.num_outputs));
      }
      for (int i = 0; i < call.num_outputs; ++i) {
        call.outputs[i] = tensor_of(outs[i].ptr()).tensor;
        call.outputs[i].renew_id();
      }
    } else {
      try {
        call.run_kernel();  // with the GIL: a Python kernel (_C.execute) needs it
      } catch (...) {
        // The kernel failed on the example values: failed_fn decides (it raises, or defers the
        // error to when the graph is finished, giving stand-in outputs, so an op no result
        // depends on can be pruned as TensorFlow prunes it).
        set_python_error_from_current_exception();
        py::error_already_set error;
        py::object dtype = call.host_kernel != nullptr ? py::reinterpret_borrow<py::object>(
                                                             static_cast<const HostKernel*>(call.host_kernel)->dtype)
                                                       : py::object(py::none());
        py::tuple outs(failed_fn_(call.op, inputs, error.value(), call.num_outputs, dtype));
        if (static_cast<int>(outs.size()) != call.num_outputs) throw py::value_error("stand-in outputs");
        for (int i = 0; i < call.num_outputs; ++i) {
          call.outputs[i] = tensor_of(outs[i].ptr()).tensor;
          call.outputs[i].renew_id();
        }
      }
    }
    for (int i = 0; i < call.num_outputs; ++i) call.outputs[i].set_graph(graph());  // stand-ins of this graph
    record_fn_(call.op, inputs, op_tensors(call.outputs, call.num_outputs, d), attrs, resources, host);
  }

 private:
  py::object decide_fn_, record_fn_, failed_fn_;
  std::set<std::string> passed_;
};

}  // namespace

py::tuple resources_of(const OpCall& call) {
  if (call.resources != nullptr) {
    py::tuple t(call.num_resources);
    for (int i = 0; i < call.num_resources; ++i) {
      t[i] = call.resources[i] != nullptr ? py::cast(ResourceRef{*call.resources[i]}) : py::none();
    }
    return t;
  }
  if (call.resource != nullptr) return py::make_tuple(ResourceRef{*call.resource});
  return py::tuple();
}

py::object host_of(const OpCall& call) {
  if (call.host_kernel == nullptr) return py::none();
  const auto* h = static_cast<const HostKernel*>(call.host_kernel);
  return py::make_tuple(h->kernel, h->dtype, h->shape, h->num_outputs, h->attrs);
}

void bind_graph(py::module_& m) {
  py::class_<ResourceRef>(m, "ResourceRef", "A variable resource held by a graph node (internal).")
      .def_property_readonly("variable",
                             [](const ResourceRef& r) -> py::object {
                               PyObject* v = front_of(r.handle.var());
                               return v == nullptr ? py::none() : py::reinterpret_borrow<py::object>(v);
                             })
      .def_property_readonly("id", [](const ResourceRef& r) { return reinterpret_cast<uintptr_t>(r.handle.var()); })
      .def_property_readonly("initialized",
                             [](const ResourceRef& r) { return r.handle.var() != nullptr && r.handle.var()->is_initialized(); })
      // What another task needs to make the variable: its dtype enum, declared shape (None for
      // an unknown rank, -1 for an unknown dimension) and name.
      .def_property_readonly("dtype", [](const ResourceRef& r) { return static_cast<int>(r.handle.var()->dtype()); })
      .def_property_readonly("declared_shape",
                             [](const ResourceRef& r) -> py::object {
                               const PartialShape& s = r.handle.var()->declared_shape();
                               if (!s.known_rank()) return py::none();
                               return py::tuple(py::cast(s.dims()));
                             })
      .def_property_readonly("debug_name", [](const ResourceRef& r) { return r.handle.var()->debug_name(); })
      .def_property_readonly("device", [](const ResourceRef& r) { return r.handle.var()->device()->name; });
  m.def("resource_ref", [](py::handle variable) { return ResourceRef{handle_of(variable).handle()}; },
        py::arg("variable"), "The variable's resource, as graph nodes hold it.");

  py::class_<Graph, std::shared_ptr<Graph>>(m, "Graph", "A recorded graph the core runs (internal).")
      .def(py::init<int>(), py::arg("num_args"))
      .def("add_constant", [](Graph& g, py::handle t) { return g.add_constant(placed(t)); })
      .def("add_node",
           [](Graph& g, std::string op, std::vector<int> inputs, py::dict attrs, py::sequence resources,
              int num_outputs, py::object host, std::vector<int> resource_args, std::string device) {
             std::vector<ResourceHandle> handles;
             for (py::handle r : resources) handles.push_back(r.cast<const ResourceRef&>().handle);
             std::shared_ptr<const NodeKernel> kernel;
             if (py::isinstance<py::tuple>(host)) {
               kernel = std::make_shared<HostNodeKernel>(py::reinterpret_borrow<py::tuple>(host));
             } else if (!host.is_none()) {
               kernel = std::make_shared<PyCallNodeKernel>(host);
             } else {
               kernel = core_node_kernel(op);
             }
             if (kernel == nullptr) throw py::value_error("no graph kernel for op " + op);
             return g.add_node(std::move(op), std::move(inputs), owned_attrs(attrs), std::move(handles), num_outputs,
                               std::move(kernel), std::move(resource_args), std::move(device));
           },
           py::arg("op"), py::arg("inputs"), py::arg("attrs"), py::arg("resources"), py::arg("num_outputs"),
           py::arg("host") = py::none(), py::arg("resource_args") = std::vector<int>(), py::arg("device") = "")
      .def("add_input", &Graph::add_input)
      .def("add_cond_node",
           [](Graph& g, std::vector<int> inputs, std::shared_ptr<Graph> then_graph, std::shared_ptr<Graph> else_graph,
              int num_then, int num_outputs) {
             return g.add_node("If", std::move(inputs), {}, {}, num_outputs,
                               cond_kernel(then_graph, else_graph, num_then));
           })
      .def("add_while_node",
           [](Graph& g, std::vector<int> inputs, std::shared_ptr<Graph> cond_graph, std::shared_ptr<Graph> body_graph,
              int num_vars, int num_cond, int64_t maximum_iterations) {
             return g.add_node("While", std::move(inputs), {}, {}, num_vars,
                               while_kernel(cond_graph, body_graph, num_vars, num_cond, maximum_iterations));
           })
      .def_static("failed_node", &Graph::failed_node, "The node whose failure ended this thread's last failed run.")
      .def("has_kernel", [](const Graph&, const std::string& op) { return core_node_kernel(op) != nullptr; })
      .def("set_outputs", &Graph::set_outputs)
      .def("disable_node", &Graph::disable_node, "Prunes a node: it runs nothing and reads nothing.")
      .def("node_ops",
           [](const Graph& g) {
             std::vector<std::string> ops;
             for (int i = 0; i < g.num_nodes(); ++i) ops.push_back(g.node_op(i));
             return ops;
           })
      .def("running_node_ops",
           [](const Graph& g) {
             std::vector<std::string> ops;
             for (int i = 0; i < g.num_nodes(); ++i) {
               if (g.node_runs(i)) ops.push_back(g.node_op(i));
             }
             return ops;
           },
           "The ops of the nodes that run (neither pruned nor fused into another), in node order.")
      .def("host_node_ops",
           [](const Graph& g) {
             std::vector<std::string> ops;
             for (int i = 0; i < g.num_nodes(); ++i) {
               if (!g.node_is_native(i)) ops.push_back(g.node_op(i));
             }
             return ops;
           },
           "The ops of the nodes whose kernel calls into Python, in node order (a debugging aid).")
      .def("run", [](const Graph& g, py::sequence args, py::sequence variables, bool release_gil) {
        std::vector<PlacedTensor> in;
        in.reserve(args.size());
        for (py::handle a : args) in.push_back(placed(a));
        std::vector<ResourceHandle> resource_args;
        for (py::handle v : variables) resource_args.push_back(handle_of(v).handle());
        std::vector<PlacedTensor> out;
        GraphRunScope in_run;
        // Released for callers on worker threads (tf.data's parallel map), so their runs overlap;
        // kept by default: a thread giving the GIL up per call can wait a switch interval to get
        // it back from a busy Python thread. Nodes that call into Python take it back themselves.
        if (release_gil) {
          without_gil([&] { out = g.run(in, resource_args); });
        } else {
          out = g.run(in, resource_args);
        }
        py::tuple result(out.size());
        for (size_t i = 0; i < out.size(); ++i) result[i] = as_python(out[i]);
        return result;
      }, py::arg("args"), py::arg("variables") = py::tuple(), py::arg("release_gil") = false);

  py::class_<RecorderHook, std::shared_ptr<RecorderHook>>(m, "GraphRecorder", "A graph recorder hook (internal).");
  m.def("push_graph_recorder",
        [](py::object decide_fn, py::object record_fn, py::object failed_fn, std::set<std::string> passed,
           uint64_t graph) {
          auto hook = std::make_shared<RecorderHook>(std::move(decide_fn), std::move(record_fn), std::move(failed_fn),
                                                     std::move(passed), graph);
          Dispatch::push_hook(hook.get());
          return hook;
        },
        py::arg("decide_fn"), py::arg("record_fn"), py::arg("failed_fn"), py::arg("passed_ops"),
        py::arg("graph") = 0);
  m.def("pop_graph_recorder", [](std::shared_ptr<RecorderHook> hook) { Dispatch::remove_hook(hook.get()); });
  py::class_<HooksSuspended>(m, "HooksSuspended",
                             "with _C.HooksSuspended(): this thread's dispatch hooks are set aside (tf.init_scope).")
      .def(py::init<>())
      .def("__enter__", [](HooksSuspended& h) { h.scope.emplace(); })
      .def("__exit__", [](HooksSuspended& h, py::args) {
        h.scope.reset();
        return false;
      });
  m.def("log_placement_lines", [](const std::vector<std::string>& prefixes) {
    // "<node>: (<op>): <device>", TensorFlow's placer lines for a function's graph on its first run.
    const std::string& device = Executor::current_device().name;
    for (const std::string& p : prefixes) Executor::log_line(p + ": " + device);
  });
  m.def("device_scope_name", &DeviceScope::current_name, "This thread's device scope spec (\"\" for none).");
  m.def("_quiet_placement", &Executor::set_quiet, py::arg("quiet"),
        "Sets whether this thread's op placements go unlogged (while a graph is built); returns the previous.");
  m.def("_running_graph", [] { return graph_run_depth > 0; },
        "Whether this thread is running a graph (its nodes' ops are dispatched as it goes).");
  m.def("log_function_call", [](const std::string& name) {
    Executor::log_op(name.c_str(), Executor::current_device());
  });
}

}  // namespace bind
}  // namespace varrt
