#include "interop/tensor_object.h"

#include <pybind11/pybind11.h>

#include <new>
#include <vector>

#include "bindings.h"
#include "interop/instance_pool.h"
#include "interop/numpy.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

PyTypeObject* registered = nullptr;  // varrt.Tensor once registered, else TensorBase

// The classes whose instances are kept for reuse (pool_tensor_instances), owned, leaked at teardown.
constexpr int kMaxPools = 2;
InstancePool* tensor_pools[kMaxPools] = {};

InstancePool* pool_of(PyTypeObject* type) {
  for (InstancePool* p : tensor_pools) {
    if (p != nullptr && p->type() == type) return p;
  }
  return nullptr;
}

PyObject* tensor_new(PyTypeObject* type, PyObject* /*args*/, PyObject* /*kwargs*/) {
  PyObject* self = type->tp_alloc(type, 0);
  if (self != nullptr) new (&tensor_of(self)) PyTensor();
  return self;
}

void tensor_dealloc(PyObject* self) {
  TensorObject* t = reinterpret_cast<TensorObject*>(self);
  t->value.~PyTensor();  // a deferred slice is not made to be freed
  t->deferred = 0;
  InstancePool* pool = pool_of(Py_TYPE(self));
  if (pool != nullptr && pool->keep(self)) return;
  Py_TYPE(self)->tp_free(self);
}

PyObject* get_data(PyObject* self, void*) {
  try {
    return py::cast(tensor_of(self)).release().ptr();
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

PyObject* get_dtype_enum(PyObject* self, void*) {
  return PyLong_FromLong(static_cast<long>(tensor_of(self).tensor.dtype()));
}

PyObject* get_shape_tuple(PyObject* self, void*) {
  const Shape& s = tensor_of(self).tensor.shape();
  PyObject* t = PyTuple_New(s.rank());
  if (t == nullptr) return nullptr;
  for (int i = 0; i < s.rank(); ++i) {
    // A symbolic tensor's unknown dimension (-1) is None, as in its TensorShape.
    PyObject* d = s.dim(i) < 0 ? (Py_INCREF(Py_None), Py_None) : PyLong_FromLongLong(s.dim(i));
    if (d == nullptr) {
      Py_DECREF(t);
      return nullptr;
    }
    PyTuple_SET_ITEM(t, i, d);
  }
  return t;
}

PyObject* get_id(PyObject* self, void*) { return PyLong_FromUnsignedLongLong(tensor_of(self).tensor.id()); }

PyObject* get_ndim(PyObject* self, void*) { return PyLong_FromLong(tensor_of(self).tensor.shape().rank()); }

PyObject* get_device(PyObject* self, void*) {
  const Device* d = tensor_of(self).device;
  if (d == nullptr) return PyUnicode_FromString("");
  return PyUnicode_FromStringAndSize(d->name.data(), static_cast<Py_ssize_t>(d->name.size()));
}

PyObject* view_method(PyObject* self, PyObject*) { return view_of(tensor_of(self).tensor); }
PyObject* numpy_method(PyObject* self, PyObject*) { return copy_to_value(tensor_of(self).tensor); }

PyGetSetDef getset[] = {
    {"_data", get_data, nullptr, "The core TensorData (internal).", nullptr},
    {"_dtype_enum", get_dtype_enum, nullptr, "The dtype's enum value (internal).", nullptr},
    {"_shape_tuple", get_shape_tuple, nullptr, "The shape as a tuple of ints (internal).", nullptr},
    {"_id", get_id, nullptr, "The tensor's id: what a gradient tape follows it by.", nullptr},
    {"ndim", get_ndim, nullptr, "The number of dimensions.", nullptr},
    {"device", get_device, nullptr, "The full name of the device holding the tensor's memory.", nullptr},
    {"backing_device", get_device, nullptr, "The full name of the device holding the tensor's memory.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyMethodDef methods[] = {
    {"_numpy", view_method, METH_NOARGS, "A read-only ndarray sharing the tensor's memory."},
    {"numpy", numpy_method, METH_NOARGS,
     "numpy()\n--\n\nA new NumPy array (a NumPy scalar for 0-d) with a copy of the values; writable."},
    {nullptr, nullptr, 0, nullptr},
};

PyTypeObject tensor_base_type = [] {
  PyTypeObject t{};  // every slot zero, then the header PyVarObject_HEAD_INIT(nullptr, 0) would set
  t.ob_base = PyVarObject{PyObject_HEAD_INIT(nullptr) 0};
  t.tp_name = "varrt._C.TensorBase";
  t.tp_basicsize = sizeof(TensorObject);
  t.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE;
  t.tp_doc = "The core part of varrt.Tensor (internal).";
  t.tp_new = tensor_new;
  t.tp_dealloc = tensor_dealloc;
  t.tp_getset = getset;
  t.tp_methods = methods;
  return t;
}();

// While this thread builds a graph, op results are the symbolic subclass (framework/symbolic.py).
PyTypeObject* symbolic_class = nullptr;
thread_local bool wrap_symbolic = false;

PyObject* set_symbolic_class(PyObject*, PyObject* cls) {
  if (!PyType_Check(cls) || !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls), &tensor_base_type)) {
    PyErr_SetString(PyExc_TypeError, "_set_symbolic_class needs a subclass of TensorBase");
    return nullptr;
  }
  Py_INCREF(cls);
  symbolic_class = reinterpret_cast<PyTypeObject*>(cls);
  Py_RETURN_NONE;
}

// _wrap_symbolic(on) -> the previous setting (this thread).
PyObject* set_wrap_symbolic(PyObject*, PyObject* on) {
  const bool previous = wrap_symbolic;
  const int truth = PyObject_IsTrue(on);
  if (truth < 0) return nullptr;
  wrap_symbolic = truth != 0 && symbolic_class != nullptr;
  return PyBool_FromLong(previous);
}

PyObject* tensor_id(PyObject*, PyObject* t) {
  if (!PyObject_TypeCheck(t, &tensor_base_type)) {
    PyErr_SetString(PyExc_TypeError, "tensor_id needs a varrt Tensor");
    return nullptr;
  }
  return PyLong_FromUnsignedLongLong(tensor_of(t).tensor.id());
}

// fresh_tensor(t, graph=0): the same value under a new id, as a tensor of graph `graph` (a graph
// argument's or placeholder's stand-in).
PyObject* fresh_tensor(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs < 1 || nargs > 2 || !PyObject_TypeCheck(args[0], &tensor_base_type)) {
    PyErr_SetString(PyExc_TypeError, "fresh_tensor(tensor, graph=0) needs a varrt Tensor");
    return nullptr;
  }
  const unsigned long long graph = nargs > 1 ? PyLong_AsUnsignedLongLong(args[1]) : 0;
  if (PyErr_Occurred()) return nullptr;
  PyTensor copy = tensor_of(args[0]);
  copy.tensor.renew_id();
  copy.tensor.set_graph(graph);
  return wrap_tensor(std::move(copy));
}

// symbolic_tensor(dtype_enum, dims): a graph tensor without a value (Tensor::symbolic); None in
// `dims` is an unknown dimension. Its class is the symbolic one.
PyObject* symbolic_tensor(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 3 || symbolic_class == nullptr) {
    PyErr_SetString(PyExc_TypeError, "symbolic_tensor(dtype_enum, dims, graph)");
    return nullptr;
  }
  const unsigned long long graph = PyLong_AsUnsignedLongLong(args[2]);
  if (graph == static_cast<unsigned long long>(-1) && PyErr_Occurred()) return nullptr;
  const long dtype = PyLong_AsLong(args[0]);
  if (dtype == -1 && PyErr_Occurred()) return nullptr;
  PyObject* seq = PySequence_Fast(args[1], "symbolic_tensor: dims must be a sequence");
  if (seq == nullptr) return nullptr;
  std::vector<int64_t> dims;
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); ++i) {
    PyObject* d = PySequence_Fast_GET_ITEM(seq, i);
    dims.push_back(d == Py_None ? -1 : PyLong_AsLongLong(d));
    if (dims.back() == -1 && PyErr_Occurred()) {
      Py_DECREF(seq);
      return nullptr;
    }
  }
  Py_DECREF(seq);
  PyTensor t{Tensor::symbolic(static_cast<DType>(dtype), Shape(dims)), nullptr};
  t.tensor.set_graph(graph);
  PyObject* self = symbolic_class->tp_alloc(symbolic_class, 0);
  if (self != nullptr) new (&tensor_of(self)) PyTensor(std::move(t));
  return self;
}

PyObject* is_symbolic_value(PyObject*, PyObject* t) {
  if (!PyObject_TypeCheck(t, &tensor_base_type)) Py_RETURN_FALSE;
  return PyBool_FromLong(tensor_of(t).tensor.is_symbolic());
}

PyObject* set_tensor_class(PyObject*, PyObject* cls) {
  if (!PyType_Check(cls) || !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls), &tensor_base_type)) {
    PyErr_SetString(PyExc_TypeError, "_set_tensor_class needs a subclass of TensorBase");
    return nullptr;
  }
  Py_INCREF(cls);
  registered = reinterpret_cast<PyTypeObject*>(cls);
  try {
    pool_tensor_instances(registered);  // every op's result is one
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
  Py_RETURN_NONE;
}

// tensor_from_data(data, cls=varrt.Tensor): a tensor (of `cls`, a subclass) holding `data`.
PyObject* from_data(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  PyTypeObject* type = registered != nullptr ? registered : &tensor_base_type;
  if (nargs == 2 && args[1] != Py_None) {
    if (!PyType_Check(args[1]) || !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(args[1]), &tensor_base_type)) {
      PyErr_SetString(PyExc_TypeError, "tensor_from_data: cls must subclass varrt.Tensor");
      return nullptr;
    }
    type = reinterpret_cast<PyTypeObject*>(args[1]);
  } else if (nargs != 1) {
    PyErr_SetString(PyExc_TypeError, "tensor_from_data(data, cls=None)");
    return nullptr;
  }
  if (wrap_symbolic && type == registered) type = symbolic_class;
  try {
    const PyTensor& t = py::cast<const PyTensor&>(args[0]);
    PyObject* self = type->tp_alloc(type, 0);
    if (self != nullptr) new (&tensor_of(self)) PyTensor(t);
    return self;
  } catch (py::cast_error&) {
    PyErr_SetString(PyExc_TypeError, "tensor_from_data needs a TensorData");
    return nullptr;
  }
}

PyMethodDef module_functions[] = {
    {"_set_tensor_class", set_tensor_class, METH_O, "Registers varrt.Tensor, the class op results are made of."},
    {"_set_symbolic_class", set_symbolic_class, METH_O, "Registers the class of graph tensors (SymbolicTensor)."},
    {"_wrap_symbolic", set_wrap_symbolic, METH_O,
     "_wrap_symbolic(on) -> previous: whether this thread's op results are symbolic tensors (a graph is built)."},
    {"tensor_id", tensor_id, METH_O, "The core id of a tensor's value (what tapes and graphs follow)."},
    {"fresh_tensor", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&fresh_tensor)), METH_FASTCALL,
     "fresh_tensor(tensor, graph=0): the same value under a new id, a tensor of graph `graph` (0: none)."},
    {"symbolic_tensor", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&symbolic_tensor)),
     METH_FASTCALL,
     "symbolic_tensor(dtype_enum, dims, graph): a tensor of graph `graph` without a value (None: unknown dimension)."},
    {"_has_no_value", is_symbolic_value, METH_O, "Whether a tensor is symbolic: its value exists only when its graph runs."},
    {"tensor_from_data", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&from_data)), METH_FASTCALL,
     "tensor_from_data(data, cls=None): a varrt.Tensor (or subclass) holding a TensorData (internal)."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

bool is_tensor_object(PyObject* o) { return PyObject_TypeCheck(o, &tensor_base_type); }

void pool_tensor_instances(PyTypeObject* type) {
  if (pool_of(type) != nullptr) return;
  // Only a Python class directly or indirectly over TensorBase with no __dict__: subtype_dealloc
  // then releases everything Python put in an instance before tensor_dealloc sees it.
  if (!(type->tp_flags & Py_TPFLAGS_HEAPTYPE) || type->tp_dictoffset != 0 ||
      !PyType_IsSubtype(type, &tensor_base_type)) {
    throw py::type_error("internal: only TensorBase subclasses without a __dict__ are pooled");
  }
  for (InstancePool*& p : tensor_pools) {
    if (p == nullptr) {
      Py_INCREF(type);
      p = new InstancePool(type, /*type_ref_dropped=*/true);
      return;
    }
  }
  throw py::type_error("internal: too many pooled tensor classes");
}

PyObject* new_tensor_object(PyTypeObject* type) {
  InstancePool* pool = pool_of(type);
  PyObject* self = pool != nullptr ? pool->take() : nullptr;
  if (self == nullptr) self = type->tp_alloc(type, 0);
  return self;
}

PyObject* wrap_tensor(PyTensor t) {
  PyTypeObject* type = wrap_symbolic ? symbolic_class : registered != nullptr ? registered : &tensor_base_type;
  PyObject* self = new_tensor_object(type);
  if (self != nullptr) new (&tensor_of(self)) PyTensor(std::move(t));
  return self;
}

PyObject* wrap_symbolic_tensor(PyTensor t) {
  PyTypeObject* type = symbolic_class != nullptr ? symbolic_class : &tensor_base_type;
  PyObject* self = type->tp_alloc(type, 0);
  if (self != nullptr) new (&tensor_of(self)) PyTensor(std::move(t));
  return self;
}

bool is_symbolic_tensor(PyObject* o) { return symbolic_class != nullptr && Py_TYPE(o) == symbolic_class; }

void add_tensor_type(PyObject* module) {
  if (PyType_Ready(&tensor_base_type) < 0) throw py::error_already_set();
  Py_INCREF(&tensor_base_type);
  if (PyModule_AddObject(module, "TensorBase", reinterpret_cast<PyObject*>(&tensor_base_type)) < 0) {
    throw py::error_already_set();
  }
  if (PyModule_AddFunctions(module, module_functions) < 0) throw py::error_already_set();
}

}  // namespace bind
}  // namespace varrt
