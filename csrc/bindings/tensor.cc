// TensorData (a PyTensor): constants from NumPy arrays, copies and views back to NumPy.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings.h"
#include "interop/numpy.h"
#include "interop/convert.h"
#include "interop/tensor.h"
#include "varrt/device/executor.h"
#include "varrt/ops/variable_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// A symbolic tensor's unknown dimension (-1) is None, as in its TensorShape.
py::tuple shape_tuple(const Shape& s) {
  py::tuple t(s.rank());
  for (int i = 0; i < s.rank(); ++i) t[i] = s.dim(i) < 0 ? py::object(py::none()) : py::object(py::int_(s.dim(i)));
  return t;
}

bool flag(PyObject* const* args, Py_ssize_t nargs, Py_ssize_t i, bool* out) {
  int truth = i < nargs ? PyObject_IsTrue(args[i]) : 0;
  *out = truth == 1;
  return truth >= 0;
}

// _C.convert, the one entry point of conversion from Python. A raw CPython function: it runs
// for every value a constant or an op takes, and pybind11's dispatcher would cost more than
// converting a scalar.
PyObject* convert_function(PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs < 1 || nargs > 4) {
    PyErr_SetString(PyExc_TypeError, "convert(value, dtype=0, to_device=False, hint=False) takes 1 to 4 arguments");
    return nullptr;
  }
  long dtype = nargs > 1 ? PyLong_AsLong(args[1]) : 0;
  bool to_device = false, hint = false;
  if ((dtype == -1 && PyErr_Occurred()) || !flag(args, nargs, 2, &to_device) || !flag(args, nargs, 3, &hint)) {
    return nullptr;
  }
  try {
    Converted converted(args[0], static_cast<DType>(dtype), hint);
    if (to_device) return py::cast(converted.to_device()).release().ptr();
    return converted.to_array().release().ptr();
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

}  // namespace

void bind_tensor(py::module_& m) {
  py::class_<PyTensor>(m, "TensorData", "An immutable tensor in varrt's core (internal).")
      .def_property_readonly("dtype", [](const PyTensor& t) { return static_cast<int>(t.tensor.dtype()); })
      .def_property_readonly("shape", [](const PyTensor& t) { return shape_tuple(t.tensor.shape()); })
      .def_property_readonly("size", [](const PyTensor& t) { return t.tensor.num_elements(); })
      .def_property_readonly("device", [](const PyTensor& t) { return t.device->name; })
      .def("numpy", [](const PyTensor& t) { return steal(copy_to_value(t.tensor)); },
           "A new writable ndarray (a NumPy scalar for 0-d) with a copy of the values.")
      .def("view", [](const PyTensor& t) { return steal(view_of(t.tensor)); },
           "A read-only ndarray sharing the tensor's memory (copy-on-write keeps it valid).")
      .def("reshaped", [](const PyTensor& t, const std::vector<int64_t>& dims) {
             return PyTensor{t.tensor.reshaped(Shape(dims)), t.device};
           })
      .def("__getstate__", [](const PyTensor&) -> py::object {
             throw py::type_error("varrt tensors are not picklable; use numpy()");
           });

  m.def("constant", [](py::handle array) {
        // _EagerConst: a host array becoming a tensor owned by the current device.
        const Device& device = ops::EagerConstInPlace();
        return PyTensor{copy_from_array(array.ptr(), device.allocator), &device};
      },
      "Copies a C-contiguous native ndarray into a new tensor (the _EagerConst op).");

  static PyMethodDef convert_def = {
      "convert", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&convert_function)), METH_FASTCALL,
      "convert(value, dtype=0, to_device=False, hint=False)\n--\n\n"
      "A Python or NumPy value converted with TensorFlow's rules to `dtype` (0: inferred; with\n"
      "hint, inferred when the value does not convert to it): a new tensor on the current device\n"
      "(the _EagerConst op) with to_device, else a C-contiguous native ndarray of the dtype\n"
      "(object array of bytes for strings), not logged."};
  PyObject* convert = PyCFunction_NewEx(&convert_def, nullptr, m.attr("__name__").ptr());
  if (convert == nullptr) throw py::error_already_set();
  m.add_object("convert", py::reinterpret_steal<py::object>(convert));
}

}  // namespace bind
}  // namespace varrt
