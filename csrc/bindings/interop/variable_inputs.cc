#include "interop/variable_inputs.h"

#include "interop/convert.h"
#include "interop/numpy.h"
#include "interop/tensor_object.h"
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

// A varrt.Tensor already of dtype `want`: its tensor, read from the C object. Anything else, a
// Tensor of another dtype included, gives an invalid Tensor and goes to the converter, which owns
// the rules (and messages) for tensors.
Tensor tensor_of_dtype(py::handle value, DType want) {
  if (!is_tensor_object(value.ptr())) return Tensor();
  const Tensor& t = tensor_of(value.ptr()).tensor;
  return t.dtype() == want ? t : Tensor();
}

}  // namespace

Tensor update_input(py::handle value, DType want) {
  Tensor t = borrow_array(value.ptr(), want);
  if (t.valid()) {
    ops::EagerConstInPlace();  // a host value converted for the op, as TensorFlow logs it
    return t;
  }
  // Host values and varrt Tensors before pybind11's isinstance for a TensorData (a type-map
  // lookup, the slowest test): the three sets are disjoint.
  if (is_host_value(value.ptr())) {
    Tensor scalar = python_float_tensor(value.ptr(), want);
    return scalar.valid() ? scalar : Converted(value.ptr(), want).to_host_tensor();
  }
  Tensor same = tensor_of_dtype(value, want);
  if (same.valid()) return same;
  if (py::isinstance<PyTensor>(value)) return value.cast<const PyTensor&>().tensor;  // already a tensor
  // Tensors, Variables, other objects: Python's convert_to_tensor (its rules for tensors).
  return converter()(value, static_cast<int>(want)).cast<const PyTensor&>().tensor;
}

PyTensor initial_tensor(py::handle value, DType dtype) {
  // Host values before pybind11's isinstance (a type-map lookup): the two sets are disjoint.
  if (is_host_value(value.ptr())) return Converted(value.ptr(), dtype).to_device();
  if (py::isinstance<PyTensor>(value)) return value.cast<const PyTensor&>();
  return initializer_converter()(value, static_cast<int>(dtype)).cast<PyTensor>();
}

void bind_variable_inputs(py::module_& m) {
  m.def("_set_converter", [](py::object fn) { converter() = std::move(fn); });
  m.def("_set_initializer_converter", [](py::object fn) { initializer_converter() = std::move(fn); });
}

}  // namespace bind
}  // namespace varrt
