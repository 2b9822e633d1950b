// Process-wide runtime state: allocator counters, placement logging and its sink, and
// placement of ops that run outside the core (the NumPy math kernels).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdio>
#include <vector>

#include "bindings.h"
#include "interop/numpy.h"
#include "interop/tensor.h"
#include "varrt/core/allocator.h"
#include "varrt/device/device.h"
#include "varrt/device/executor.h"
#include "varrt/kernels/simd_dispatch.h"
#include "varrt/ops/dispatch.h"
#include "varrt/resource/update_journal.h"
#include "interop/gil.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// Writes a placement line through whatever sys.stderr is at the time, so redirections
// (pytest's capture, notebooks, `sys.stderr = sys.stdout`) see the lines in order.
void write_to_python_stderr(const std::string& line) {
  // Resources freed while the interpreter shuts down are not reported: sys.stderr may be
  // gone, and TensorFlow prints nothing for them either.
  if (!Py_IsInitialized() || interpreter_finalizing()) return;
  // A stderr whose write() runs ops would log from inside the write, each line starting more
  // writes; lines logged during a write go straight to the C stderr instead.
  thread_local bool writing = false;
  if (writing) {
    std::fprintf(stderr, "%s\n", line.c_str());
    return;
  }
  py::gil_scoped_acquire gil;
  writing = true;
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);  // may run while an exception is being raised
  PyObject* err = PySys_GetObject("stderr");  // borrowed
  bool written = false;
  if (err != nullptr && err != Py_None) {
    std::string text = line + "\n";
    PyObject* str = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
    PyObject* r = str != nullptr ? PyObject_CallMethod(err, "write", "O", str) : nullptr;
    written = r != nullptr;
    Py_XDECREF(r);
    Py_XDECREF(str);
    PyErr_Clear();
  }
  writing = false;
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
  d["bytes_cached"] = s.bytes_cached;
  return d;
}

}  // namespace

void bind_runtime(py::module_& m) {
  // A C or C++ host that embeds Python and set its own sink keeps it.
  if (!Executor::has_log_sink()) Executor::set_log_sink(write_to_python_stderr);
  m.def("set_log_device_placement", &Executor::set_log_device_placement);
  m.def("get_log_device_placement", &Executor::log_device_placement);
  m.def("place_op", [](const char* op, py::args inputs) {
        std::vector<Tensor> tensors(inputs.size());
        std::vector<const Device*> devices(inputs.size());
        for (size_t i = 0; i < inputs.size(); ++i) {
          const PyTensor& t = inputs[i].cast<const PyTensor&>();
          tensors[i] = t.tensor;
          devices[i] = t.device;
        }
        OpCall call(op, tensors.data(), static_cast<int>(tensors.size()));
        call.input_devices = devices.data();
        Dispatch::run(call, [](OpCall&) {});  // the Python layer computes after; the dispatch moves the inputs
        py::tuple views(inputs.size());
        for (size_t i = 0; i < inputs.size(); ++i) {
          PyObject* view = view_of(call.inputs[i]);
          if (view == nullptr) throw py::error_already_set();
          views[i] = py::reinterpret_steal<py::object>(view);
        }
        return views;
      },
      "Dispatches (places, logs, shows to hooks) an op run by the Python layer. Returns read-only views of the input\n"
      "TensorDatas on the op's device: inputs living on another device are copied there first.");
  m.def("op_result", [](py::handle array) {
        const Device& device = Executor::current_device();
        return PyTensor{copy_from_array(array.ptr(), device.allocator), &device};
      },
      "An op's output: a C-contiguous native ndarray copied into the op's device (not logged).");
  m.def("borrowed_tensor", [](py::handle array) {
        const Device& device = Executor::current_device();
        Tensor t = borrow_array(array.ptr(), dtype_of_array(array.ptr()));
        return PyTensor{t.valid() ? t : copy_from_array(array.ptr(), device.allocator), &device};
      },
      "A Tensor sharing a C-contiguous native ndarray's memory (keeping it alive; a copy when it cannot).");
  m.def("simd_level", [] { return kernels::simd_level_name(kernels::simd_level()); });
  m.def("memory_stats", [](const std::string& device) {
    return stats_dict(DeviceSet::global().match(device).allocator->stats());
  });
  m.def("reset_peak_memory", [](const std::string& device) { DeviceSet::global().match(device).allocator->reset_peak(); });

  // Used as `with _C.UpdateJournal() as journal: ...` on one thread; rollback() undoes the
  // block's variable updates (see update_journal.h).
  py::class_<UpdateJournal>(m, "UpdateJournal")
      .def(py::init<>())
      .def("__enter__", [](UpdateJournal& j) -> UpdateJournal& {
             j.begin();
             return j;
           },
           py::return_value_policy::reference)
      .def("__exit__", [](UpdateJournal& j, py::args) {
        j.end();
        return false;
      })
      .def("rollback", &UpdateJournal::rollback)
      .def("__len__", &UpdateJournal::size);
}

}  // namespace bind
}  // namespace varrt
