// VarHandle: a Python-held OwnedHandle and the variable ops on it.
//
// Update arguments take a fast path when they already are what the kernel needs (an
// ndarray of the variable's dtype, C-contiguous and native, borrowed without a copy; or a
// TensorData of that dtype). Anything else goes through varrt._convert (TensorFlow's
// conversion rules, written in Python) first. Large updates release the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>

#include "bindings.h"
#include "numpy_interop.h"
#include "py_tensor.h"
#include "varrt/device_copy.h"
#include "varrt/executor.h"
#include "varrt/owned_handle.h"
#include "varrt/variable_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// Bytes above which an update runs without the GIL, so other Python threads progress.
constexpr size_t kReleaseGilBytes = 1 << 16;

py::object& converter() {
  static py::object* fn = new py::object();  // leaked: must outlive interpreter teardown order
  return *fn;
}

// The update's input as a core tensor of `want`, applying TensorFlow's conversion rules.
Tensor input_tensor(py::handle value, DType want) {
  Tensor t = borrow_array(value.ptr(), want);
  if (t.valid()) {
    ops::EagerConstInPlace();  // a host value converted for the op, as TensorFlow logs it
    return t;
  }
  if (py::isinstance<PyTensor>(value)) return value.cast<const PyTensor&>().tensor;  // already a tensor
  py::object converted = converter()(value, static_cast<int>(want));
  if (py::isinstance<PyTensor>(converted)) return converted.cast<const PyTensor&>().tensor;
  t = borrow_array(converted.ptr(), want);
  if (!t.valid()) throw py::type_error("internal: converter returned an unusable value");
  ops::EagerConstInPlace();
  return t;
}

using Update = void (*)(const ResourceHandle&, const Tensor&);

template <Update Op>
void run_update(const OwnedHandle& h, py::handle value) {
  Tensor t = input_tensor(value, h.handle().var()->dtype());
  if (t.byte_size() >= kReleaseGilBytes) {
    py::gil_scoped_release release;
    Op(h.handle(), t);
  } else {
    Op(h.handle(), t);
  }
}

py::object steal(PyObject* p) {
  if (p == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(p);
}

PartialShape to_partial_shape(const std::optional<std::vector<int64_t>>& dims) {
  return dims ? PartialShape(*dims) : PartialShape();
}

}  // namespace

void bind_variable(py::module_& m) {
  m.def("_set_converter", [](py::object fn) { converter() = std::move(fn); });

  py::class_<OwnedHandle, std::shared_ptr<OwnedHandle>>(m, "VarHandle", "A variable resource handle (internal).")
      .def(py::init([](int dtype, std::optional<std::vector<int64_t>> shape, const std::string& container,
                       const std::string& shared_name, const std::string& debug_name, bool destroy_on_release) {
             ops::VarHandleAttrs attrs;
             attrs.dtype = static_cast<DType>(dtype);
             attrs.shape = to_partial_shape(shape);
             attrs.container = container;
             attrs.shared_name = shared_name;
             attrs.debug_name = debug_name;
             return std::make_shared<OwnedHandle>(ops::VarHandleOp(attrs), destroy_on_release);
           }),
           py::arg("dtype"), py::arg("shape"), py::arg("container") = "", py::arg("shared_name") = "",
           py::arg("debug_name") = "", py::arg("destroy_on_release") = true)
      .def(py::init([](std::shared_ptr<OwnedHandle> other) { return other; }), py::arg("other"),
           "Another reference to the same handle (what an UnreadVariable holds).")
      .def("_assign", &run_update<ops::AssignVariableOp>)
      .def("_assign_add", &run_update<ops::AssignAddVariableOp>)
      .def("_assign_sub", &run_update<ops::AssignSubVariableOp>)
      .def("_read", [](const OwnedHandle& h) { return PyTensor{ops::ReadVariableOp(h.handle()), h.handle().device()}; },
           "ReadVariableOp: the current value, sharing the variable's buffer.")
      .def("_read_value", [](const OwnedHandle& h) {
             PlacedTensor t = ops::Identity(ops::ReadVariableOp(h.handle()));
             return PyTensor{std::move(t.tensor), t.device};
           },
           "read_value(): ReadVariableOp, then Identity on the scope's device (copying there if needed).")
      .def("numpy", [](const OwnedHandle& h) {
             Tensor t = ops::ReadVariableOp(h.handle());
             // Identity to the scope's device; the value then leaves for host memory anyway, so
             // it is placed (and may fail or log) but not copied twice.
             Executor::place("Identity");
             return steal(copy_to_value(t));
           },
           "A new writable ndarray with a copy of the current value.")
      .def("_view", [](const OwnedHandle& h) { return steal(view_of(ops::ReadVariableOp(h.handle()))); },
           "A read-only ndarray over the current value; later updates copy first (copy-on-write).")
      .def("_value_view", [](const OwnedHandle& h) {
             Tensor t = ops::ReadVariableOp(h.handle());
             Executor::place("Identity");
             return steal(view_of(t));
           },
           "Like _view, with the Identity that read_value() runs (for __array__, bool(), iteration).")
      .def("_repr_view", [](const OwnedHandle& h) {
             Tensor t = ops::ReadVariableOp(h.handle());
             Executor::place("Identity", h.handle().device());  // repr reads on the variable's device
             return steal(view_of(t));
           },
           "Like _view, with the Identity that repr() runs, colocated with the variable.")
      .def("_is_initialized", [](const OwnedHandle& h) { return ops::VarIsInitializedOp(h.handle()); })
      .def("_destroy", [](const OwnedHandle& h) { ops::DestroyResourceOp(h.handle()); })
      .def_property_readonly("_dtype_enum", [](const OwnedHandle& h) { return static_cast<int>(h.handle().var()->dtype()); })
      .def_property_readonly("_container", [](const OwnedHandle& h) { return h.handle().container(); })
      .def_property_readonly("_shared_name", [](const OwnedHandle& h) { return h.handle().name(); })
      .def_property_readonly("device", [](const OwnedHandle& h) { return h.handle().device()->name; })
      .def("_same_resource", [](const OwnedHandle& a, const OwnedHandle& b) {
        return a.handle().var() == b.handle().var();
      });
}

}  // namespace bind
}  // namespace varrt
