// _C.execute: the dispatch entry of ops whose kernel is Python (NumPy) code. One call places
// and logs the op, moves inputs to its device, lets hooks observe, replace or forward it, and
// runs the kernel on read-only views of the inputs. When the output's shape is known before
// the kernel (or "broadcast": the inputs' broadcast shape), the output is allocated in the
// device's allocator and the kernel writes into it (`out=`); otherwise the array it returns is
// copied into the output (for ops whose output shape only the kernel knows).
//
//   execute(op, kernel, inputs, dtype, shape=None) -> varrt.Tensor
//     inputs: varrt.Tensors, TensorDatas or host ndarrays (values already converted, _EagerConst)
//     dtype:  the output's dtype enum; shape: a tuple, "broadcast" or None
#define PY_ARRAY_UNIQUE_SYMBOL varrt_ARRAY_API
#define NO_IMPORT_ARRAY
#include <pybind11/pybind11.h>
#include <numpy/arrayobject.h>

#include <vector>

#include "bindings.h"
#include "interop/convert.h"
#include "interop/numpy.h"
#include "interop/tensor_object.h"
#include "varrt/kernels/binary_ops.h"
#include "varrt/ops/dispatch.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

struct Input {
  Tensor tensor;
  const Device* device = nullptr;  // null: host memory (a converted value)
  PyObject* array = nullptr;       // the host ndarray itself, handed to the kernel as is
};

Input input_of(py::handle o) {
  if (is_tensor_object(o.ptr())) {
    const PyTensor& t = tensor_of(o.ptr());
    return Input{t.tensor, t.device, nullptr};
  }
  if (PyArray_Check(o.ptr())) {
    DType dtype = dtype_of_array(o.ptr());
    Tensor t = borrow_array(o.ptr(), dtype);
    if (!t.valid()) t = copy_from_array(o.ptr(), nullptr);  // strings, odd layouts: a host copy for the hooks
    return Input{std::move(t), nullptr, o.ptr()};
  }
  const PyTensor& t = o.cast<const PyTensor&>();
  return Input{t.tensor, t.device, nullptr};
}

// The output shape: given, the inputs' broadcast shape, or unknown (false).
bool output_shape(py::handle spec, const std::vector<Input>& inputs, Shape* shape) {
  if (spec.is_none()) return false;
  if (py::isinstance<py::str>(spec)) {
    Shape s;
    for (const Input& in : inputs) {
      Shape b;
      if (!kernels::broadcast_shapes(s, in.tensor.shape(), &b)) return false;  // the kernel raises NumPy's error
      s = b;
    }
    *shape = s;
    return true;
  }
  std::vector<int64_t> dims;
  for (py::handle d : spec) dims.push_back(d.cast<int64_t>());
  *shape = Shape(dims);
  return true;
}

py::object writable_view(const Tensor& t) {
  PyObject* v = view_of(t);
  if (v == nullptr) throw py::error_already_set();
  // The output is new memory only this call holds: the kernel may write it.
  PyArray_ENABLEFLAGS(reinterpret_cast<PyArrayObject*>(v), NPY_ARRAY_WRITEABLE);
  return py::reinterpret_steal<py::object>(v);
}

py::object execute(const char* op, py::object kernel, py::sequence inputs_seq, int dtype_enum, py::object shape_spec) {
  const DType dtype = static_cast<DType>(dtype_enum);
  std::vector<Input> inputs;
  inputs.reserve(inputs_seq.size());
  for (py::handle o : inputs_seq) inputs.push_back(input_of(o));
  std::vector<Tensor> tensors;
  std::vector<const Device*> devices;
  for (const Input& in : inputs) {
    tensors.push_back(in.tensor);
    devices.push_back(in.device);
  }
  Shape shape;
  const bool known = dtype != DType::kString && output_shape(shape_spec, inputs, &shape);
  Tensor out;
  OpCall call(op, tensors.data(), static_cast<int>(tensors.size()));
  call.input_devices = devices.data();
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [&](OpCall& c) {
    py::tuple args(c.num_inputs);
    for (int i = 0; i < c.num_inputs; ++i) {
      // A host array not moved to the device is passed as it came; tensors as read-only views.
      bool as_is = inputs[i].array != nullptr && c.inputs[i].shares_buffer_with(inputs[i].tensor);
      PyObject* a = as_is ? (Py_INCREF(inputs[i].array), inputs[i].array) : view_of(c.inputs[i]);
      if (a == nullptr) throw py::error_already_set();
      args[i] = py::reinterpret_steal<py::object>(a);
    }
    if (known) {
      c.outputs[0] = Tensor::allocate(dtype, shape, c.allocator());
      py::object view = writable_view(c.outputs[0]);
      py::dict kwargs;
      kwargs["out"] = view;
      kernel(*args, **kwargs);
      return;
    }
    py::object r = kernel(*args);
    // What the kernel returned, as the output's dtype (NumPy's cast, as TensorFlow's), copied in.
    PyObject* array = r.ptr();
    bool exact = PyArray_Check(array) && dtype_of_array(array) == dtype &&
                 PyArray_IS_C_CONTIGUOUS(reinterpret_cast<PyArrayObject*>(array)) &&
                 PyArray_ISALIGNED(reinterpret_cast<PyArrayObject*>(array)) &&
                 PyArray_ISNOTSWAPPED(reinterpret_cast<PyArrayObject*>(array));
    if (!exact) {
      py::object as_array = py::reinterpret_steal<py::object>(PyArray_FromAny(array, nullptr, 0, 0, 0, nullptr));
      if (!as_array) throw py::error_already_set();
      Converted converted(as_array.ptr(), dtype);
      r = converted.to_array();
      array = r.ptr();
    }
    c.outputs[0] = copy_from_array(array, c.allocator());
  });
  PyObject* t = wrap_tensor(PyTensor{std::move(out), call.device});
  if (t == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(t);
}

}  // namespace

void bind_execute(py::module_& m) {
  m.def("execute", &execute, py::arg("op"), py::arg("kernel"), py::arg("inputs"), py::arg("dtype"),
        py::arg("shape") = py::none(),
        "Runs `op` through the core dispatch with a Python kernel (see csrc/bindings/execute.cc).");
}

}  // namespace bind
}  // namespace varrt
