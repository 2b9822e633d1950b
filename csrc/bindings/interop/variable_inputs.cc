#include "interop/variable_inputs.h"

#include "interop/numpy.h"
#include "interop/convert.h"
#include "varrt/ops/variable_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

py::object& initializer_converter() {
  static py::object* fn = new py::object();  // leaked: must outlive interpreter teardown order
  return *fn;
}

py::object& converter() {
  static py::object* fn = new py::object();  // leaked: must outlive interpreter teardown order
  return *fn;
}

py::object& tensor_type() {
  static py::object* type = new py::object();  // leaked: must outlive interpreter teardown order
  return *type;
}

// A varrt.Tensor already of dtype `want`: its tensor, read without a call into Python. Anything
// else, a Tensor of another dtype included, gives an invalid Tensor and goes to the converter,
// which owns the rules (and messages) for tensors.
Tensor tensor_of_dtype(py::handle value, DType want) {
  if (!tensor_type() || Py_TYPE(value.ptr()) != reinterpret_cast<PyTypeObject*>(tensor_type().ptr())) return Tensor();
  static PyObject* const data_name = PyUnicode_InternFromString("_data");
  PyObject* data = PyObject_GetAttr(value.ptr(), data_name);
  if (data == nullptr) {
    PyErr_Clear();
    return Tensor();
  }
  py::object held = py::reinterpret_steal<py::object>(data);
  if (!py::isinstance<PyTensor>(held)) return Tensor();
  const Tensor& t = held.cast<const PyTensor&>().tensor;
  return t.dtype() == want ? t : Tensor();  // a copy shares the buffer, which outlives `held`
}

}  // namespace

Tensor update_input(py::handle value, DType want) {
  Tensor t = borrow_array(value.ptr(), want);
  if (t.valid()) {
    ops::EagerConstInPlace();  // a host value converted for the op, as TensorFlow logs it
    return t;
  }
  if (py::isinstance<PyTensor>(value)) return value.cast<const PyTensor&>().tensor;  // already a tensor
  if (is_host_value(value.ptr())) return Converted(value.ptr(), want).to_host_tensor();
  Tensor same = tensor_of_dtype(value, want);
  if (same.valid()) return same;
  // Tensors, Variables, other objects: Python's convert_to_tensor (its rules for tensors).
  return converter()(value, static_cast<int>(want)).cast<const PyTensor&>().tensor;
}

PyTensor initial_tensor(py::handle value, DType dtype) {
  if (py::isinstance<PyTensor>(value)) return value.cast<const PyTensor&>();
  if (is_host_value(value.ptr())) return Converted(value.ptr(), dtype).to_device();
  return initializer_converter()(value, static_cast<int>(dtype)).cast<PyTensor>();
}

void bind_variable_inputs(py::module_& m) {
  m.def("_set_converter", [](py::object fn) { converter() = std::move(fn); });
  m.def("_set_initializer_converter", [](py::object fn) { initializer_converter() = std::move(fn); });
  m.def("_set_update_tensor_type", [](py::object type) { tensor_type() = std::move(type); },
        "Sets varrt.Tensor: an update takes a Tensor of the variable's dtype without calling the converter.");
}

}  // namespace bind
}  // namespace varrt
