// Process-wide runtime state: allocator counters, placement logging and its sink, and
// placement of ops that run outside the core (the NumPy math kernels).
#include <pybind11/pybind11.h>

#include <cstdio>

#include "bindings.h"
#include "numpy_interop.h"
#include "py_tensor.h"
#include "varrt/allocator.h"
#include "varrt/device.h"
#include "varrt/executor.h"
#include "varrt/resource_mgr.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// Writes a placement line through whatever sys.stderr is at the time, so redirections
// (pytest's capture, notebooks, `sys.stderr = sys.stdout`) see the lines in order.
void write_to_python_stderr(const std::string& line) {
  if (!Py_IsInitialized() || _Py_IsFinalizing()) {
    std::fprintf(stderr, "%s\n", line.c_str());
    return;
  }
  py::gil_scoped_acquire gil;
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);  // may run while an exception is being raised
  PyObject* err = PySys_GetObject("stderr");  // borrowed
  bool written = false;
  if (err != nullptr && err != Py_None) {
    PyObject* r = PyObject_CallMethod(err, "write", "s#", (line + "\n").c_str(),
                                      static_cast<Py_ssize_t>(line.size() + 1));
    written = r != nullptr;
    Py_XDECREF(r);
    PyErr_Clear();
  }
  if (!written) std::fprintf(stderr, "%s\n", line.c_str());
  PyErr_Restore(type, value, traceback);
}

py::dict stats_dict(const AllocatorStats& s) {
  py::dict d;
  d["bytes_in_use"] = s.bytes_in_use;
  d["peak_bytes_in_use"] = s.peak_bytes_in_use;
  d["num_allocs"] = s.num_allocs;
  d["largest_alloc_size"] = s.largest_alloc_size;
  d["bytes_limit"] = s.bytes_limit;
  return d;
}

const Device& device_named(const std::string& name) {
  for (const auto& d : DeviceSet::global().devices()) {
    if (d->name == name) return *d;
  }
  throw py::value_error("unknown device " + name);
}

}  // namespace

void bind_runtime(py::module_& m) {
  Executor::set_log_sink(write_to_python_stderr);
  m.def("set_log_device_placement", &Executor::set_log_device_placement);
  m.def("get_log_device_placement", &Executor::log_device_placement);
  m.def("place_op", [](const char* op, py::args inputs) {
        Executor::place(op);
        py::tuple views(inputs.size());
        for (size_t i = 0; i < inputs.size(); ++i) {
          PyObject* view = view_of(inputs[i].cast<const PyTensor&>().tensor);
          if (view == nullptr) throw py::error_already_set();
          views[i] = py::reinterpret_steal<py::object>(view);
        }
        return views;
      },
      "Places (and logs) an op run by the Python layer. Returns read-only views of the input\n"
      "TensorDatas for its kernel.");
  m.def("op_result", [](py::handle array) {
        const Device& device = Executor::current_device();
        return PyTensor{copy_from_array(array.ptr(), device.allocator), &device};
      },
      "An op's output: a C-contiguous native ndarray copied into the op's device (not logged).");
  m.def("memory_stats", [](const std::string& device) { return stats_dict(device_named(device).allocator->stats()); });
  m.def("reset_peak_memory", [](const std::string& device) { device_named(device).allocator->reset_peak(); });
  m.def("num_named_resources", [] { return ResourceMgr::global().size(); });
}

}  // namespace bind
}  // namespace varrt
