// VarHandle: a Python-held OwnedHandle and the variable ops on it; varrt.Variable subclasses
// it. Inputs are adapted by variable_inputs.h. Large updates release the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "interop/numpy.h"
#include "interop/handle.h"
#include "interop/tensor.h"
#include "interop/tensor_object.h"
#include "interop/variable_inputs.h"
#include "interop/gil.h"
#include "varrt/api/internal/variable_access.h"
#include "varrt/ops/identity.h"
#include "varrt/core/error.h"
#include "varrt/ops/owned_handle.h"
#include "varrt/ops/variable_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

using Update = void (*)(const ResourceHandle&, const Tensor&);

template <Update Op>
void run_update(const OwnedHandle& h, py::handle value) {
  Tensor t = update_input(value, h.handle().var()->dtype());
  if (t.byte_size() >= kReleaseGilBytes) {
    without_gil([&] { Op(h.handle(), t); });
  } else {
    Op(h.handle(), t);
  }
}

// assign/assign_add/assign_sub with TensorFlow's signature (value, use_locking=None,
// name=None, read_value=True). They are the variable's most frequent calls, so they are raw
// CPython vectorcall methods: pybind11's keyword dispatch alone costs more than NumPy's
// whole in-place add of a small array.
bool parse_update_args(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, const char* first,
                       PyObject** value, bool* read_value) {
  static const char* const kNames[] = {"use_locking", "name", "read_value"};
  PyObject* slots[4] = {nullptr, nullptr, nullptr, nullptr};
  if (nargs > 4) {
    PyErr_Format(PyExc_TypeError, "takes at most 4 arguments (%zd given)", nargs);
    return false;
  }
  for (Py_ssize_t i = 0; i < nargs; ++i) slots[i] = args[i];
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, k);
    int slot = PyUnicode_CompareWithASCIIString(key, first) == 0 ? 0 : -1;
    for (int n = 0; n < 3 && slot < 0; ++n) {
      if (PyUnicode_CompareWithASCIIString(key, kNames[n]) == 0) slot = n + 1;
    }
    if (slot < 0 || slots[slot] != nullptr) {
      PyErr_Format(PyExc_TypeError, "got an unexpected or repeated keyword argument '%U'", key);
      return false;
    }
    slots[slot] = args[nargs + k];
  }
  if (slots[0] == nullptr) {
    PyErr_Format(PyExc_TypeError, "missing required argument '%s'", first);
    return false;
  }
  *value = slots[0];
  *read_value = true;
  if (slots[3] != nullptr) {
    int truth = PyObject_IsTrue(slots[3]);
    if (truth < 0) return false;
    *read_value = truth != 0;
  }
  return true;
}

template <Update Op>
PyObject* update_method(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* value = nullptr;
  bool read_value = true;
  const char* first = Op == &ops::AssignVariableOp ? "value" : "delta";
  if (!parse_update_args(args, nargs, kwnames, first, &value, &read_value)) return nullptr;
  try {
    run_update<Op>(handle_of(self), value);
    if (!read_value) Py_RETURN_NONE;
    return new_unread(self);  // TensorFlow's _UnreadVariable, read lazily
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

// numpy(): ReadVariableOp, then Identity on the scope's device (the value then leaves for
// host memory, so it is placed, and may fail or log, but not copied twice) and the copy out.
// A raw method for the same reason as the updates: CPython calls method descriptors without
// building a bound method, which pybind11's methods cost on every attribute access.
PyObject* numpy_method(PyObject* self, PyObject* /*unused*/) {
  try {
    const OwnedHandle& h = handle_of(self);
    Tensor t = ops::IdentityToHost(ops::ReadVariableOp(h.handle()));
    return copy_to_value(t);  // a new writable ndarray (a NumPy scalar for 0-d), or null with an error set
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

// __array__(dtype=None, copy=None), NumPy's protocol: a read-only view of the current value
// (a new writable array with copy=True), after ReadVariableOp and the Identity that
// read_value() runs. Raw for np.asarray(v)'s sake, which calls it on every conversion.
PyObject* array_method(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* slots[2] = {nullptr, nullptr};  // dtype, copy
  if (nargs > 2) {
    PyErr_Format(PyExc_TypeError, "__array__() takes at most 2 arguments (%zd given)", nargs);
    return nullptr;
  }
  for (Py_ssize_t i = 0; i < nargs; ++i) slots[i] = args[i];
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, k);
    int slot = PyUnicode_CompareWithASCIIString(key, "dtype") == 0  ? 0
               : PyUnicode_CompareWithASCIIString(key, "copy") == 0 ? 1
                                                                    : -1;
    if (slot < 0 || slots[slot] != nullptr) {
      PyErr_Format(PyExc_TypeError, "__array__() got an unexpected or repeated keyword argument '%U'", key);
      return nullptr;
    }
    slots[slot] = args[nargs + k];
  }
  PyObject* dtype = slots[0] == Py_None ? nullptr : slots[0];
  PyObject* copy = slots[1] == Py_None ? nullptr : slots[1];
  int copy_truth = 0;
  if (copy != nullptr && (copy_truth = PyObject_IsTrue(copy)) < 0) return nullptr;
  try {
    const OwnedHandle& h = handle_of(self);
    Tensor t = ops::IdentityToHost(ops::ReadVariableOp(h.handle()));
    py::object array = steal(copy_truth ? copy_to_array(t) : view_of(t));
    if (dtype == nullptr) return array.release().ptr();
    py::object want = py::module_::import("numpy").attr("dtype")(py::handle(dtype));
    if (copy == Py_False && !want.equal(array.attr("dtype"))) {
      throw py::value_error("Unable to avoid a copy while converting a varrt Variable to the requested dtype.");
    }
    return array.attr("astype")(want, py::arg("copy") = false).release().ptr();
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

// The DType objects by enum (registered by varrt.framework.variables), so `v.dtype` is one
// lookup with nothing cached on the instance (an instance attribute costs a dict per variable).
std::vector<py::object>& dtype_objects() {
  static auto* objects = new std::vector<py::object>();  // leaked: outlives interpreter teardown
  return *objects;
}

PyObject* dtype_getter(PyObject* self, void* /*closure*/) {
  try {
    size_t e = static_cast<size_t>(handle_of(self).handle().var()->dtype());
    if (e >= dtype_objects().size() || !dtype_objects()[e]) throw py::value_error("varrt: unregistered dtype");
    return py::object(dtype_objects()[e]).release().ptr();
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

// The declared shape as TensorShape's dims: a tuple with None for unknown dimensions, or None
// for an unknown rank. Metadata, not an op: nothing is placed or logged.
py::object declared_dims(const OwnedHandle& h) {
  const PartialShape& s = h.handle().var()->declared_shape();
  if (!s.known_rank()) return py::none();
  const std::vector<int64_t>& dims = s.dims();
  py::tuple out(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) {
    out[i] = dims[i] < 0 ? py::object(py::none()) : py::object(py::int_(dims[i]));
  }
  return std::move(out);
}

// Makes a TensorShape from declared_dims (TensorShape._known, registered by variables.py).
py::object& shape_factory() {
  static auto* factory = new py::object();  // leaked: outlives interpreter teardown
  return *factory;
}

// `v.shape`, built on each access rather than cached on the instance (a dict per variable).
PyObject* shape_getter(PyObject* self, void* /*closure*/) {
  try {
    return shape_factory()(declared_dims(handle_of(self))).release().ptr();
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

// TensorFlow's variable name: the name it was created with (scopes included) and ":0". Held
// by the core Var, not the instance, for the same reason as dtype.
PyObject* name_getter(PyObject* self, void* /*closure*/) {
  try {
    const std::string& base = handle_of(self).handle().var()->debug_name();
    std::string name;
    name.reserve(base.size() + 2);
    name.append(base).append(":0");
    return PyUnicode_FromStringAndSize(name.data(), static_cast<Py_ssize_t>(name.size()));
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

// _init_variable(self, initial_value, dtype, debug_name): Variable.__init__'s common case (an
// anonymous variable of the initial value's shape) without pybind11's overload dispatch, which
// cost a fifth of creating a small variable. The same steps as VarHandle's constructor.
PyObject* init_variable(PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 4) {
    PyErr_Format(PyExc_TypeError, "_init_variable() takes 4 arguments (%zd given)", nargs);
    return nullptr;
  }
  long dtype = PyLong_AsLong(args[2]);
  if (dtype == -1 && PyErr_Occurred()) return nullptr;
  Py_ssize_t size = 0;
  const char* name = PyUnicode_AsUTF8AndSize(args[3], &size);
  if (name == nullptr) return nullptr;
  try {
    PyTensor value = initial_tensor(args[1], static_cast<DType>(dtype));
    VariableOptions options;
    options.name.assign(name, static_cast<size_t>(size));
    set_holder(args[0], VariableAccess::owned_handle(Variable::create(value.tensor, options)));
    claim_front(args[0]);
    Py_RETURN_NONE;
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

// _read(): ReadVariableOp, the current value sharing the variable's buffer; read_value():
// then Identity on the scope's device (copying there if needed), as a Tensor. Raw,
// as every read of a variable in an expression starts here.
PyObject* read_method(PyObject* self, PyObject* /*unused*/) {
  try {
    const OwnedHandle& h = handle_of(self);
    return py::cast(PyTensor{ops::ReadVariableOp(h.handle()), h.handle().device()}).release().ptr();
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

PyObject* read_value_method(PyObject* self, PyObject* /*unused*/) {
  try {
    PlacedTensor t = ops::Identity(ops::ReadVariableOp(handle_of(self).handle()));
    return wrap_tensor(PyTensor{std::move(t.tensor), t.device});  // the Tensor itself: no TensorData between
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

template <Update Op>
PyCFunction as_cfunction() {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&update_method<Op>));
}

void add_raw_methods(py::handle cls) {
  static PyMethodDef defs[] = {
      {"assign", as_cfunction<ops::AssignVariableOp>(), METH_FASTCALL | METH_KEYWORDS,
       "assign(value, use_locking=None, name=None, read_value=True)\n--\n\n"
       "Sets the value, converted with TensorFlow's rules; the shape must be compatible.\n"
       "Returns the variable (an UnreadVariable) or, with read_value=False, None."},
      {"assign_add", as_cfunction<ops::AssignAddVariableOp>(), METH_FASTCALL | METH_KEYWORDS,
       "assign_add(delta, use_locking=None, name=None, read_value=True)\n--\n\n"
       "value += delta (same shape, numeric dtypes); in place unless a reader holds the buffer."},
      {"assign_sub", as_cfunction<ops::AssignSubVariableOp>(), METH_FASTCALL | METH_KEYWORDS,
       "assign_sub(delta, use_locking=None, name=None, read_value=True)\n--\n\n"
       "value -= delta (same shape, numeric dtypes); in place unless a reader holds the buffer."},
      {"numpy", &numpy_method, METH_NOARGS,
       "numpy()\n--\n\nA new writable ndarray (a NumPy scalar for 0-d) with a copy of the current value."},
      {"_read", &read_method, METH_NOARGS,
       "_read()\n--\n\nReadVariableOp: the current value (a TensorData sharing the variable's buffer)."},
      {"read_value", &read_value_method, METH_NOARGS,
       "read_value()\n--\n\n"
       "Reads the current value of the variable.\n\n"
       "The Tensor shares the variable's memory until the next update (copy-on-write), and is\n"
       "placed on the current device scope's device (ReadVariableOp, then Identity, as\n"
       "TensorFlow runs).\n\n"
       "Returns:\n"
       "    A `Tensor` with the variable's dtype and shape.\n\n"
       "Raises:\n"
       "    FailedPreconditionError: If the variable is not initialized (a TensorFlow 1 graph\n"
       "        before its initializer ran) or was destroyed."},
      {"__array__", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&array_method)),
       METH_FASTCALL | METH_KEYWORDS,
       "__array__(dtype=None, copy=None)\n--\n\nA zero-copy read-only view of the current value (copy=True: a "
       "writable copy); later updates copy first, so the view never changes."},
  };
  for (PyMethodDef& def : defs) {
    PyObject* descr = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), &def);
    if (descr == nullptr || PyObject_SetAttrString(cls.ptr(), def.ml_name, descr) < 0) {
      Py_XDECREF(descr);
      throw py::error_already_set();
    }
    Py_DECREF(descr);
  }
  static PyGetSetDef getsets[] = {
      {"dtype", &dtype_getter, nullptr, "The variable's DType.", nullptr},
      {"shape", &shape_getter, nullptr, "The variable's declared TensorShape (the initial value's by default).",
       nullptr},
      {"name", &name_getter, nullptr, "The variable's name: the name it was created with (and scopes), then \":0\".",
       nullptr},
  };
  for (PyGetSetDef& def : getsets) {
    PyObject* descr = PyDescr_NewGetSet(reinterpret_cast<PyTypeObject*>(cls.ptr()), &def);
    if (descr == nullptr || PyObject_SetAttrString(cls.ptr(), def.name, descr) < 0) {
      Py_XDECREF(descr);
      throw py::error_already_set();
    }
    Py_DECREF(descr);
  }
}

}  // namespace

void bind_variable(py::module_& m) {
  bind_variable_inputs(m);
  static PyMethodDef functions[] = {
      {"_init_variable", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&init_variable)),
       METH_FASTCALL,
       "_init_variable(self, initial_value, dtype, debug_name)\n--\n\n"
       "Creates an anonymous variable of the initial value's shape into `self` (Variable.__init__'s common case)."},
      {nullptr, nullptr, 0, nullptr},
  };
  if (PyModule_AddFunctions(m.ptr(), functions) < 0) throw py::error_already_set();
  m.def("_claim_front", [](py::handle self) { claim_front(self); },
        "Makes `self` the Variable a dispatch hook's resource id names (if the resource has none yet).");
  m.def("variable_of_resource", [](uintptr_t resource) -> py::object {
          PyObject* v = front_of(reinterpret_cast<const Var*>(resource));
          return v == nullptr ? py::none() : py::reinterpret_borrow<py::object>(v);
        },
        py::arg("resource"),
        "The Python Variable of a resource id a dispatch hook was given (during that op), or None.");
  m.def("_set_unread_type", [](py::handle type) { set_unread_type(type); },
        "Sets the VarHandle subclass that assign* returns (varrt's _UnreadVariable).");
  m.def("_set_shape_factory", [](py::object factory) { shape_factory() = std::move(factory); },
        "Sets the callable that makes `Variable.shape` from a dims tuple (or None).");
  m.def("_set_dtype_objects", [](const py::list& objects) {
          dtype_objects().clear();
          for (py::handle o : objects) dtype_objects().push_back(py::reinterpret_borrow<py::object>(o));
        },
        "Sets the objects `Variable.dtype` returns, indexed by the core's dtype enum.");
  m.def("_set_unread_callback", [](py::handle fn) { set_unread_callback(fn); },
        "Sets what is called with each UnreadVariable an update returns (None: nothing).");
  m.def("unread_variable", [](py::handle parent) { return steal(new_unread(parent)); },
        "An UnreadVariable sharing `parent`'s handle: what an update returns (TensorFlow's _UnreadVariable).");

  auto cls = py::class_<OwnedHandle, std::shared_ptr<OwnedHandle>>(m, "VarHandle", "A variable resource handle (internal).");
  add_raw_methods(cls);
  m.def("remote_variable_handle",
        [](int dtype, std::optional<std::vector<int64_t>> declared, const std::string& debug_name,
           const std::string& device) {
          // VarHandleOp alone, on another task's device: the value already lives there (a
          // variable shipped to this process by reference); the forwarder knows which it is.
          ops::VarHandleAttrs attrs;
          attrs.dtype = static_cast<DType>(dtype);
          attrs.shape = declared ? PartialShape(*declared) : PartialShape();
          attrs.debug_name = debug_name;
          attrs.device = &DeviceSet::global().match(device);
          if (!attrs.device->remote) throw py::value_error(device + " is not a device of another task");
          return std::make_shared<OwnedHandle>(ops::VarHandleOp(attrs), /*destroy_on_release=*/true);
        },
        py::arg("dtype"), py::arg("declared"), py::arg("debug_name"), py::arg("device"),
        "A handle to a variable living on another task's `device` (for Variable's unpickling).");
  m.def("lookup_var_handle",
        [](const std::string& shared_name, const std::string& container) {
          return VariableAccess::owned_handle(Variable::from_shared_name(shared_name, container));
        },
        py::arg("shared_name"), py::arg("container") = "",
        "A borrowing handle (never destroys the resource) to the variable registered under\n"
        "(container, shared_name) by C, C++ or Python code in this process; NotFoundError if none.");
  cls
      .def(py::init([](py::handle initial_value, int dtype, std::optional<std::vector<int64_t>> declared,
                       bool unknown_rank, const std::string& debug_name, const std::string& container,
                       const std::string& shared_name) {
             // _EagerConst + VarHandleOp + AssignVariableOp in one call: what creating an eager
             // Variable does, through the C++ API's Variable::create (so a shared_name is
             // registered exactly as a C++ program's would be). The initial value converts by
             // the fast path when it can, else by varrt's Python rules (the initializer
             // converter). `declared` None means exactly the value's shape; -1 dims and
             // unknown_rank relax it.
             PyTensor value = initial_tensor(initial_value, static_cast<DType>(dtype));
             VariableOptions options;
             options.name = debug_name;
             options.container = container;
             options.shared_name = shared_name;
             if (unknown_rank) {
               options.shape = PartialShape();
             } else if (declared) {
               options.shape = PartialShape(*declared);
             }
             return VariableAccess::owned_handle(Variable::create(value.tensor, options));
           }),
           py::arg("initial_value"), py::arg("dtype"), py::arg("declared"), py::arg("unknown_rank"),
           py::arg("debug_name"), py::arg("container") = "", py::arg("shared_name") = "")
      .def(py::init([](std::shared_ptr<OwnedHandle> other) { return other; }), py::arg("other"),
           "Another reference to the same handle (what an UnreadVariable holds).")
      .def("_view", [](py::handle self) { return steal(view_of(ops::ReadVariableOp(handle_of(self).handle()))); },
           "A read-only ndarray over the current value; later updates copy first (copy-on-write).")
      .def("_value_view", [](py::handle self) {
             const OwnedHandle& h = handle_of(self);
             return steal(view_of(ops::IdentityToHost(ops::ReadVariableOp(h.handle()))));
           },
           "Like _view, with the Identity that read_value() runs (for __array__, bool(), iteration).")
      .def("_repr_view", [](py::handle self) {
             const OwnedHandle& h = handle_of(self);
             // repr reads on the variable's device
             return steal(view_of(ops::IdentityToHost(ops::ReadVariableOp(h.handle()), h.handle().device())));
           },
           "Like _view, with the Identity that repr() runs, colocated with the variable.")
      .def("_is_initialized", [](py::handle self) { return ops::VarIsInitializedOp(handle_of(self).handle()); })
      .def_property_readonly("_declared_shape", [](py::handle self) { return declared_dims(handle_of(self)); })
      .def_property_readonly("_dtype_enum",
                             [](py::handle self) { return static_cast<int>(handle_of(self).handle().var()->dtype()); })
      .def_property_readonly("_shared_name", [](py::handle self) { return handle_of(self).handle().name(); })
      .def_property_readonly("_debug_name", [](py::handle self) { return handle_of(self).handle().var()->debug_name(); })
      .def_property_readonly("device", [](py::handle self) { return handle_of(self).handle().device()->name; },
                             "The full name of the device the variable lives on (another task's for a remote variable).");
}

}  // namespace bind
}  // namespace varrt
