// Python hooks at the core dispatch (what a gradient tape, a graph tracer and a remote device
// are built on), internal API:
//   _C.push_dispatch_hook(mode, fn) -> hook   mode "observe": fn(op, device, inputs, outputs, attrs, resource)
//                                             after the kernel; "replace": fn(op, device, inputs, attrs,
//                                             resource) instead of it, returning the outputs
//   _C.pop_dispatch_hook(hook)                 the most recent one first, on the thread that pushed it
//   _C.remove_dispatch_hook(hook)              wherever it is in the thread's hooks (a hook that lives
//                                             across scopes: tf.debugging.enable_check_numerics)
//   _C.set_op_forwarder(devices, fn)           ops placed on a device named in `devices` run as
//                                             fn(op, device, inputs, attrs, resources, num_outputs, host)
//                                             -> outputs (Tensors or C-contiguous ndarrays, borrowed
//                                             without a copy); resources: ResourceRefs, var first;
//                                             host: host_of (bindings.h); None removes
// inputs/outputs are tuples of varrt.Tensor; attrs a dict; resource the resource id of a
// resource op's variable (_C.resource_id(variable)) or None.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bindings.h"
#include "interop/handle.h"
#include "interop/numpy.h"
#include "interop/tensor_object.h"
#include "varrt/ops/dispatch.h"
#include "varrt/resource/resource_mgr.h"

namespace py = pybind11;

namespace varrt {
namespace bind {

py::tuple op_tensors(const Tensor* ts, int n, const Device* device) {
  py::tuple out(n);
  for (int i = 0; i < n; ++i) {
    PyObject* t = wrap_tensor(PyTensor{ts[i], device});
    if (t == nullptr) throw py::error_already_set();
    out[i] = py::reinterpret_steal<py::object>(t);
  }
  return out;
}

py::dict op_attrs(const OpCall& call) {
  py::dict d;
  for (int i = 0; i < call.num_attrs; ++i) {
    const OpAttr& a = call.attrs[i];
    if (a.ints != nullptr) {
      py::tuple ints(a.num_ints);
      for (int j = 0; j < a.num_ints; ++j) ints[j] = py::int_(a.ints[j]);
      d[a.name] = ints;
    } else if (a.is_real) {
      d[a.name] = py::float_(a.real);
    } else {
      d[a.name] = py::int_(a.value);
    }
  }
  return d;
}

namespace {

py::object resource_of(const OpCall& call) {
  if (call.resource == nullptr || call.resource->var() == nullptr) return py::none();
  return py::int_(reinterpret_cast<uintptr_t>(call.resource->var()));
}

// The outputs a replacing or forwarding function returned, into the call's slots. A
// forwarder may return ndarrays (what came back from another task): borrowed, not copied.
void take_outputs(OpCall& call, const py::object& result, bool arrays_allowed) {
  py::tuple outs = result.is_none() ? py::tuple() : py::tuple(result);
  if (static_cast<int>(outs.size()) != call.num_outputs) {
    throw py::value_error(std::string("a dispatch hook must return ") + std::to_string(call.num_outputs) +
                          " outputs for " + call.op);
  }
  for (int i = 0; i < call.num_outputs; ++i) {
    PyObject* o = outs[i].ptr();
    if (is_tensor_object(o)) {
      call.outputs[i] = tensor_of(o).tensor;
      continue;
    }
    if (!arrays_allowed || !py::isinstance<py::array>(outs[i])) {
      throw py::type_error("a dispatch hook must return varrt Tensors");
    }
    Tensor t = borrow_array(o, dtype_of_array(o));
    call.outputs[i] = t.valid() ? t : copy_from_array(o, call.device->allocator);
  }
}

class PyHook : public DispatchHook {
 public:
  PyHook(Mode mode, py::object fn) : DispatchHook(mode), fn_(std::move(fn)) {}
  ~PyHook() override {
    py::gil_scoped_acquire gil;
    fn_ = py::object();
  }

  void on_op(OpCall& call) override {
    py::gil_scoped_acquire gil;  // large updates dispatch without the GIL
    const Device* d = call.device;
    py::tuple inputs = op_tensors(call.inputs, call.num_inputs, d);
    if (mode() == Mode::kObserve) {
      fn_(call.op, d->name, inputs, op_tensors(call.outputs, call.num_outputs, d), op_attrs(call), resource_of(call));
    } else {
      take_outputs(call, fn_(call.op, d->name, inputs, op_attrs(call), resource_of(call)), false);
    }
  }

 private:
  py::object fn_;
};

class PyForwarder : public OpForwarder {
 public:
  PyForwarder(std::set<std::string> devices, py::object fn) : devices_(std::move(devices)), fn_(std::move(fn)) {}
  bool forwards(const Device& device) const override { return devices_.count(device.name) != 0; }
  void forward(OpCall& call) override {
    py::gil_scoped_acquire gil;
    const Device* d = call.device;
    take_outputs(call,
                 fn_(call.op, d->name, op_tensors(call.inputs, call.num_inputs, d), op_attrs(call), resources_of(call),
                     call.num_outputs, host_of(call)),
                 true);
  }

 private:
  std::set<std::string> devices_;
  py::object fn_;
};

// Every forwarder ever installed, kept for the life of the process: an op on another thread may
// still be inside a replaced forwarder's forward() (a cluster reconnecting while ops run), so
// none is ever destroyed. One small object per installation.
std::vector<std::unique_ptr<PyForwarder>>& installed_forwarders() {
  static auto* f = new std::vector<std::unique_ptr<PyForwarder>>();
  return *f;
}

}  // namespace

void bind_dispatch_hooks(py::module_& m) {
  py::class_<PyHook, std::shared_ptr<PyHook>>(m, "DispatchHook", "A hook pushed on this thread's dispatch (internal).");
  m.def("push_dispatch_hook", [](const std::string& mode, py::object fn) {
        if (mode != "observe" && mode != "replace") throw py::value_error("mode must be 'observe' or 'replace'");
        auto hook = std::make_shared<PyHook>(mode == "observe" ? DispatchHook::Mode::kObserve
                                                               : DispatchHook::Mode::kReplace,
                                             std::move(fn));
        Dispatch::push_hook(hook.get());
        return hook;
      },
      py::arg("mode"), py::arg("fn"));
  m.def("resource_id", [](py::handle variable) {
        return reinterpret_cast<uintptr_t>(handle_of(variable).handle().var());
      },
      py::arg("variable"), "The id hooks see as a resource op's `resource` for this variable's resource.");
  m.def("pop_dispatch_hook", [](std::shared_ptr<PyHook> hook) { Dispatch::pop_hook(hook.get()); }, py::arg("hook"));
  m.def("remove_dispatch_hook", [](std::shared_ptr<PyHook> hook) { Dispatch::remove_hook(hook.get()); },
        py::arg("hook"));
  m.def("set_op_forwarder", [](py::object devices, py::object fn) {
        if (fn.is_none()) {
          Dispatch::set_forwarder(nullptr);
          // Kept (installed_forwarders): an op on another thread may still be inside forward().
          return;
        }
        std::set<std::string> names;
        for (py::handle d : devices) names.insert(py::cast<std::string>(d));
        auto f = std::make_unique<PyForwarder>(std::move(names), std::move(fn));
        Dispatch::set_forwarder(f.get());
        installed_forwarders().push_back(std::move(f));
      },
      py::arg("devices"), py::arg("fn"));
}

}  // namespace bind
}  // namespace varrt
