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

py::object steal(PyObject* p) {
  if (p == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(p);
}

py::tuple shape_tuple(const Shape& s) {
  py::tuple t(s.rank());
  for (int i = 0; i < s.rank(); ++i) t[i] = py::int_(s.dim(i));
  return t;
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
      .def("shares_buffer_with", [](const PyTensor& a, const PyTensor& b) { return a.tensor.shares_buffer_with(b.tensor); })
      .def("__getstate__", [](const PyTensor&) -> py::object {
             throw py::type_error("varrt tensors are not picklable; use numpy()");
           });

  m.def("constant", [](py::handle array) {
        // _EagerConst: a host array becoming a tensor owned by the current device.
        const Device& device = ops::EagerConstInPlace();
        return PyTensor{copy_from_array(array.ptr(), device.allocator), &device};
      },
      "Copies a C-contiguous native ndarray into a new tensor (the _EagerConst op).");

  m.def("convert", [](py::handle value, int dtype, bool to_device, bool hint) -> py::object {
        Converted converted(value.ptr(), static_cast<DType>(dtype), hint);
        if (to_device) return py::cast(converted.to_device());
        return converted.to_array();
      },
      py::arg("value"), py::arg("dtype") = 0, py::arg("to_device") = false, py::arg("hint") = false,
      "A Python or NumPy value converted with TensorFlow's rules to `dtype` (0: inferred; with\n"
      "hint, inferred when the value does not convert to it): a new tensor on the current device\n"
      "(the _EagerConst op) with to_device, else a C-contiguous native ndarray of the dtype\n"
      "(object array of bytes for strings), not logged.");
}

}  // namespace bind
}  // namespace varrt
