#include "interop/variable_inputs.h"

#include "interop/numpy.h"
#include "interop/sequence.h"
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

// The update's input as a core tensor of `want`, applying TensorFlow's conversion rules.
}  // namespace

Tensor update_input(py::handle value, DType want) {
  Tensor t = borrow_array(value.ptr(), want);
  if (t.valid()) {
    ops::EagerConstInPlace();  // a host value converted for the op, as TensorFlow logs it
    return t;
  }
  if (py::isinstance<PyTensor>(value)) return value.cast<const PyTensor&>().tensor;  // already a tensor
  t = sequence_to_tensor(value.ptr(), want);
  if (t.valid()) {
    ops::EagerConstInPlace();
    return t;
  }
  py::object converted = converter()(value, static_cast<int>(want));
  if (py::isinstance<PyTensor>(converted)) return converted.cast<const PyTensor&>().tensor;
  const Device& device = ops::EagerConstInPlace();
  // Strings cannot be borrowed (NumPy holds Python objects): copy them into the core.
  if (want == DType::kString) return copy_from_array(converted.ptr(), device.allocator);
  t = borrow_array(converted.ptr(), want);
  if (!t.valid()) throw py::type_error("internal: converter returned an unusable value");
  return t;
}

// A Variable's initial value as a core tensor: the common Python values by the fast path,
// a TensorData as it is, anything else through varrt's Python conversion rules.
PyTensor initial_tensor(py::handle value, DType dtype) {
  if (py::isinstance<PyTensor>(value)) return value.cast<const PyTensor&>();
  PyTensor fast = sequence_to_device(value.ptr(), dtype);
  if (fast.tensor.valid()) return fast;
  return initializer_converter()(value, static_cast<int>(dtype)).cast<PyTensor>();
}

void bind_variable_inputs(py::module_& m) {
  m.def("_set_converter", [](py::object fn) { converter() = std::move(fn); });
  m.def("_set_initializer_converter", [](py::object fn) { initializer_converter() = std::move(fn); });
}

}  // namespace bind
}  // namespace varrt
