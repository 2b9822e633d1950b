// _C.execute: the dispatch entry of ops whose kernel is Python (NumPy) code. One call places
// and logs the op, moves inputs to its device, lets hooks observe, replace or forward it, and
// runs the kernel on read-only views of the inputs. When the output's shape is known before
// the kernel (or "broadcast": the inputs' broadcast shape), the output is allocated in the
// device's allocator and the kernel writes into it (`out=`); otherwise the array it returns is
// copied into the output (for ops whose output shape only the kernel knows). A returned array
// that is all of an input tensor's memory (the input itself, or a reshaped view of it) becomes
// an output sharing that tensor's buffer, as TensorFlow's Identity and Reshape forward theirs.
// Tensors NumPy cannot view (rank above 64) reach the kernel as TensorData; a TensorData (or
// varrt.Tensor) the kernel returns is the output as is (Reshape of such a tensor).
//
//   execute(op, kernel, inputs, dtype, shape=None, num_outputs=None, attrs=None, resource=None) -> varrt.Tensor
//     inputs: varrt.Tensors, TensorDatas or host ndarrays (values already converted, _EagerConst)
//     dtype:  the output's dtype enum; shape: a tuple, "broadcast", an input's index or None
//     num_outputs: for ops with several outputs of `dtype` (Unpack): the kernel returns that
//                  many arrays and execute a tuple of Tensors (shape must be None)
//     attrs: the op's TensorFlow attributes ({name: int, bool, float or tuple of ints}), what a
//            gradient function or a graph reads; converted only when a hook is listening
//     resource: the variable a resource op's kernel reads or updates (or None), which hooks see
#define PY_ARRAY_UNIQUE_SYMBOL varrt_ARRAY_API
#define NO_IMPORT_ARRAY
#include <pybind11/pybind11.h>
#include <numpy/arrayobject.h>

#include <string>
#include <vector>

#include "bindings.h"
#include "interop/convert.h"
#include "interop/handle.h"
#include "interop/numpy.h"
#include "interop/tensor_object.h"
#include "varrt/kernels/binary_ops.h"
#include "varrt/ops/dispatch.h"

namespace py = pybind11;

namespace varrt {
namespace bind {

OpInput op_input(py::handle o) {
  if (is_tensor_object(o.ptr())) {
    const PyTensor& t = tensor_of(o.ptr());
    return OpInput{t.tensor, t.device, nullptr};
  }
  if (PyArray_Check(o.ptr())) {
    DType dtype = dtype_of_array(o.ptr());
    Tensor t = borrow_array(o.ptr(), dtype);
    if (!t.valid()) t = copy_from_array(o.ptr(), nullptr);  // strings, odd layouts: a host copy for the hooks
    return OpInput{std::move(t), nullptr, o.ptr()};
  }
  const PyTensor& t = o.cast<const PyTensor&>();
  return OpInput{t.tensor, t.device, nullptr};
}

namespace {

using Input = OpInput;

// The output shape: given, the inputs' broadcast shape, input k's shape (an int k: what a graph
// records for an op whose output has its input's shape), or unknown (false).
bool output_shape(py::handle spec, const std::vector<Input>& inputs, Shape* shape) {
  if (spec.is_none()) return false;
  if (PyLong_Check(spec.ptr())) {
    const auto k = spec.cast<size_t>();
    if (k >= inputs.size()) throw py::value_error("execute: shape names a missing input");
    *shape = inputs[k].tensor.shape();
    return true;
  }
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
  for (py::handle d : spec) {
    if (d.is_none()) return false;  // unknown while a graph is built: the recorder gives the node a rule
    dims.push_back(d.cast<int64_t>());
  }
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

// An input's whole memory, returned as is or reshaped: that input tensor, reshaped, so the output
// shares its buffer. Host arrays are excluded (their memory is the caller's, not the core's).
bool forwards_input(PyObject* array, DType dtype, const OpCall& c, const std::vector<Input>& inputs,
                    const py::tuple& args, Tensor* out) {
  for (int i = 0; i < c.num_inputs; ++i) {
    const Tensor& in = c.inputs[i];
    if (inputs[i].array != nullptr || in.dtype() != dtype) continue;
    if (array == args[i].ptr()) {
      *out = in;  // the input itself (strings included)
      return true;
    }
    if (dtype == DType::kString || !PyArray_Check(array) || in.data() == nullptr) continue;
    auto* a = reinterpret_cast<PyArrayObject*>(array);
    if (PyArray_DATA(a) != in.data() || static_cast<size_t>(PyArray_NBYTES(a)) != in.byte_size() ||
        dtype_of_array(array) != dtype || !PyArray_IS_C_CONTIGUOUS(a)) {
      continue;
    }
    std::vector<int64_t> dims(PyArray_DIMS(a), PyArray_DIMS(a) + PyArray_NDIM(a));
    *out = in.reshaped(Shape(dims));
    return true;
  }
  return false;
}

// What a kernel returned, as an output of `dtype` (NumPy's cast, as TensorFlow's) on the op's
// device: an input forwarded, else copied in.
Tensor output_of(py::handle returned, DType dtype, const OpCall& c, const std::vector<Input>& inputs,
                 const py::tuple& args) {
  if (is_tensor_object(returned.ptr())) return tensor_of(returned.ptr()).tensor;
  if (py::isinstance<PyTensor>(returned)) return returned.cast<const PyTensor&>().tensor;
  PyObject* array = returned.ptr();
  Tensor forwarded;
  if (forwards_input(array, dtype, c, inputs, args, &forwarded)) return forwarded;
  py::object holder;
  bool exact = PyArray_Check(array) && dtype_of_array(array) == dtype &&
               PyArray_IS_C_CONTIGUOUS(reinterpret_cast<PyArrayObject*>(array)) &&
               PyArray_ISALIGNED(reinterpret_cast<PyArrayObject*>(array)) &&
               PyArray_ISNOTSWAPPED(reinterpret_cast<PyArrayObject*>(array));
  if (!exact) {
    py::object as_array = py::reinterpret_steal<py::object>(PyArray_FromAny(array, nullptr, 0, 0, 0, nullptr));
    if (!as_array) throw py::error_already_set();
    Converted converted(as_array.ptr(), dtype);
    holder = converted.to_array();
    array = holder.ptr();
  }
  return copy_from_array(array, c.allocator());
}

// The attributes of a dict, converted for the hooks; `storage` keeps names and int lists alive.
struct AttrStorage {
  std::vector<std::string> names;
  std::vector<std::vector<int64_t>> lists;
  std::vector<OpAttr> attrs;
};

void convert_attrs(const py::dict& d, AttrStorage* s) {
  s->names.reserve(d.size());
  s->lists.reserve(d.size());
  for (auto item : d) {
    s->names.push_back(item.first.cast<std::string>());
    OpAttr a;
    py::handle v = item.second;
    if (PyFloat_Check(v.ptr())) {
      a.is_real = true;
      a.real = PyFloat_AsDouble(v.ptr());
    } else if (PyTuple_Check(v.ptr()) || PyList_Check(v.ptr())) {
      s->lists.emplace_back();
      for (py::handle e : v) s->lists.back().push_back(e.cast<int64_t>());
      a.ints = s->lists.back().empty() ? OpAttr::kNoInts : s->lists.back().data();
      a.num_ints = static_cast<int>(s->lists.back().size());
    } else {
      a.value = v.cast<int64_t>();  // ints, bools, dtype enums
    }
    s->attrs.push_back(a);
  }
  for (size_t i = 0; i < s->attrs.size(); ++i) s->attrs[i].name = s->names[i].c_str();
}

py::object wrapped(Tensor t, const Device* device) {
  PyObject* o = wrap_tensor(PyTensor{std::move(t), device});
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

}  // namespace

py::object execute(const char* op, py::object kernel, py::sequence inputs_seq, int dtype_enum, py::object shape_spec,
                   py::object num_outputs, py::object attrs, py::object resource) {
  const DType dtype = static_cast<DType>(dtype_enum);
  std::vector<Input> inputs;
  inputs.reserve(inputs_seq.size());
  for (py::handle o : inputs_seq) inputs.push_back(op_input(o));
  std::vector<Tensor> tensors;
  std::vector<const Device*> devices;
  for (const Input& in : inputs) {
    tensors.push_back(in.tensor);
    devices.push_back(in.device);
  }
  Shape shape;
  const bool several = !num_outputs.is_none();
  const bool known = !several && dtype != DType::kString && output_shape(shape_spec, inputs, &shape);
  std::vector<Tensor> outs(several ? num_outputs.cast<size_t>() : 1);
  OpCall call(op, tensors.data(), static_cast<int>(tensors.size()));
  // A Python kernel of a resource op (a tf.random.Generator's draw reads and moves its state
  // variable): the hooks see the variable, so a traced graph records it as the node's resource.
  if (!resource.is_none()) call.resource = &handle_of(resource).handle();
  call.input_devices = devices.data();
  call.outputs = outs.data();
  call.num_outputs = static_cast<int>(outs.size());
  AttrStorage attr_storage;
  py::int_ dtype_object(dtype_enum);
  HostKernel host{kernel, dtype_object, shape_spec, num_outputs, attrs};
  call.host_kernel = &host;
  if (!attrs.is_none() && Dispatch::intercepted()) {
    convert_attrs(attrs.cast<py::dict>(), &attr_storage);
    call.attrs = attr_storage.attrs.data();
    call.num_attrs = static_cast<int>(attr_storage.attrs.size());
  }
  Dispatch::run(call, [&](OpCall& c) {
    py::tuple args(c.num_inputs);
    for (int i = 0; i < c.num_inputs; ++i) {
      // A host array not moved to the device is passed as it came; tensors as read-only views.
      bool as_is = inputs[i].array != nullptr && c.inputs[i].shares_buffer_with(inputs[i].tensor);
      if (!as_is && c.inputs[i].shape().rank() > NPY_MAXDIMS) {
        args[i] = py::cast(PyTensor{c.inputs[i], c.device});
        continue;
      }
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
    if (!several) {
      c.outputs[0] = output_of(r, dtype, c, inputs, args);
      return;
    }
    py::sequence arrays = r.cast<py::sequence>();
    if (static_cast<int>(arrays.size()) != c.num_outputs) {
      throw py::value_error(std::string("the kernel of ") + c.op + " returned " + std::to_string(arrays.size()) +
                            " outputs, not " + std::to_string(c.num_outputs));
    }
    for (int i = 0; i < c.num_outputs; ++i) c.outputs[i] = output_of(arrays[i], dtype, c, inputs, args);
  });
  if (!several) return wrapped(std::move(outs[0]), call.device);
  py::tuple results(outs.size());
  for (size_t i = 0; i < outs.size(); ++i) results[i] = wrapped(std::move(outs[i]), call.device);
  return std::move(results);
}

void bind_execute(py::module_& m) {
  m.def("execute", &execute, py::arg("op"), py::arg("kernel"), py::arg("inputs"), py::arg("dtype"),
        py::arg("shape") = py::none(), py::arg("num_outputs") = py::none(), py::arg("attrs") = py::none(),
        py::arg("resource") = py::none(),
        "Runs `op` through the core dispatch with a Python kernel (see csrc/bindings/execute.cc).");
}

}  // namespace bind
}  // namespace varrt
