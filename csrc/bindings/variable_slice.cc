// `v[key]` and `v[key].assign(value)` for basic keys (interop/basic_index.h: ints, plain
// slices, tuples of them) in C: Variable.__getitem__ (the type's mapping slot) and
// VariableSlice.assign run with no Python frame and make no Python object but their results,
// and those come from pools of released ones (interop/instance_pool.h). Every other key goes to the
// Python functions registered with them (python/varrt/ops/slicing.py), which own the rules
// and TensorFlow's errors for the rest.
#include <pybind11/pybind11.h>

#include <new>
#include <stdexcept>
#include <string>

#include <structmember.h>

#include "bindings.h"
#include "interop/basic_index.h"
#include "interop/convert.h"
#include "interop/gil.h"
#include "interop/handle.h"
#include "interop/tensor_object.h"
#include "interop/variable_inputs.h"
#include "varrt/ops/slice_ops.h"
#include "varrt/ops/variable_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// The VariableSlice class and its slots, and the general paths (owned, leaked at teardown).
struct SliceClass {
  PyTypeObject* type = nullptr;
  Py_ssize_t var_offset = 0;  // VariableSlice._var: the variable the slice writes to
  Py_ssize_t key_offset = 0;  // VariableSlice._key: the key it was made with
  PyObject* general_getitem = nullptr;  // slicing.variable_getitem(var, key)
  PyObject* general_assign = nullptr;   // VariableSlice's Python assign(self, value, name=None)
};

SliceClass& slice_class() {
  static auto* c = new SliceClass();
  return *c;
}

PyObject*& slot(PyObject* o, Py_ssize_t offset) { return *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(o) + offset); }

Py_ssize_t slot_offset(py::handle cls, const char* name) {
  py::object d = cls.attr(name);
  if (Py_TYPE(d.ptr()) != &PyMemberDescr_Type) throw py::type_error(std::string("internal: no slot ") + name);
  return reinterpret_cast<PyMemberDescrObject*>(d.ptr())->d_member->offset;
}

// A new VariableSlice of `var` and `key` holding `value` (null with an error set on failure).
PyObject* new_slice(PyObject* var, PyObject* key, PyTensor value, bool deferred) {
  const SliceClass& c = slice_class();
  PyObject* o = new_tensor_object(c.type);  // one `v[1]` made and dropped before, reused
  if (o == nullptr) return nullptr;
  TensorObject* t = reinterpret_cast<TensorObject*>(o);
  new (&t->value) PyTensor(std::move(value));
  t->deferred = deferred ? 1 : 0;
  Py_INCREF(var);
  slot(o, c.var_offset) = var;
  Py_INCREF(key);
  slot(o, c.key_offset) = key;
  return o;
}

// Variable.__getitem__(key): ReadVariableOp, then StridedSlice (a copy: a view would pin the
// variable's buffer, making its next update copy), as a VariableSlice that can write back. When
// nothing observes the ops (ops::ReadForSlice), the copy waits until the slice is used as a
// tensor (make_deferred_slice), so `v[1].assign(x)` copies nothing.
PyObject* variable_getitem(PyObject* self, PyObject* key) {
  const SliceClass& c = slice_class();
  IntIndex index;
  if (int_index_key(key, &index)) {  // `v[1]`: no spec to compile unless the read is not deferred
    try {
      PyTensor read;
      if (ops::ReadForIndex(handle_of(self).handle(), index, &read.tensor, &read.device)) {
        return new_slice(self, key, std::move(read), /*deferred=*/true);
      }
    } catch (...) {
      set_python_error_from_current_exception();
      return nullptr;
    }
  }
  ScratchSpec spec;
  if (!basic_index_spec(key, spec.get())) return PyObject_CallFunctionObjArgs(c.general_getitem, self, key, nullptr);
  try {
    const OwnedHandle& h = handle_of(self);
    PyTensor read;
    if (ops::ReadForSlice(h.handle(), *spec.get(), &read.tensor, &read.device)) {
      return new_slice(self, key, std::move(read), /*deferred=*/true);
    }
    Tensor value = ops::ReadVariableOp(h.handle());
    const Device* device = nullptr;
    Tensor out = ops::StridedSlice(value, *spec.get(), &device, /*share=*/false);
    return new_slice(self, key, PyTensor{std::move(out), device}, /*deferred=*/false);
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

// How a deferred slice stands (TensorObject::deferred).
constexpr int kDeferredRead = 1;  // `value` is the variable's value the slice is taken from
constexpr int kDeferredGone = 2;  // its only holder assigned through it: the read was dropped

// VariableSlice.assign(val, name=None): ResourceStridedSliceAssign of the value (converted by
// TensorFlow's rules, broadcast to the slice), copy-on-write; returns the UnreadVariable.
PyObject* slice_assign(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  const SliceClass& c = slice_class();
  PyObject* var = slot(self, c.var_offset);
  PyObject* key = slot(self, c.key_offset);
  ScratchSpec spec;
  // (val), (val, name) or (val, name=...): `name` labels nothing in eager mode.
  bool plain_call = (nargs == 1 || nargs == 2) && (kwnames == nullptr || PyTuple_GET_SIZE(kwnames) == 0 ||
                                                   (nargs == 1 && PyTuple_GET_SIZE(kwnames) == 1 &&
                                                    PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0),
                                                                                     "name") == 0));
  IntIndex index;
  const bool int_key = plain_call && key != nullptr && int_index_key(key, &index);
  // An int key's spec is compiled only if the element write below declines it.
  if (!plain_call || var == nullptr || key == nullptr || (!int_key && !basic_index_spec(key, spec.get()))) {
    PyObject* bound = PyMethod_New(c.general_assign, self);
    if (bound == nullptr) return nullptr;
    PyObject* r = PyObject_Vectorcall(bound, args, static_cast<size_t>(nargs), kwnames);
    Py_DECREF(bound);
    return r;
  }
  TensorObject* self_tensor = reinterpret_cast<TensorObject*>(self);
  if (self_tensor->deferred == kDeferredRead) {
    if (Py_REFCNT(self) == 1) {
      // `v[1].assign(x)`: the call holds the only reference, so the slice is gone once this
      // returns and its value can never be seen; dropping the read before writing keeps the
      // variable's buffer unshared, and the write in place.
      self_tensor->value.tensor = Tensor();
      self_tensor->deferred = kDeferredGone;
    } else {
      tensor_of(self);  // kept (`s = v[1]`): it shows the value from before the write
    }
  }
  try {
    const OwnedHandle& h = handle_of(var);
    const DType dtype = h.handle().var()->dtype();
    alignas(8) char element[8];
    if (int_key && python_number_element(args[0], dtype, element) &&
        ops::AssignElementAtIndex(h.handle(), index, dtype, element)) {
      return new_unread(var);  // `v[1].assign(5.)`: one number written, no tensor made for it
    }
    if (int_key && !basic_index_spec(key, spec.get())) throw std::logic_error("an int key did not compile");
    Tensor v = update_input(args[0], dtype);
    if (v.byte_size() >= kReleaseGilBytes) {
      without_gil([&] { ops::ResourceStridedSliceAssign(h.handle(), *spec.get(), std::move(v)); });
    } else {
      ops::ResourceStridedSliceAssign(h.handle(), *spec.get(), std::move(v));
    }
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
  return new_unread(var);
}

}  // namespace

void make_deferred_slice(PyObject* o) noexcept {
  const SliceClass& c = slice_class();
  TensorObject* t = reinterpret_cast<TensorObject*>(o);
  try {
    ScratchSpec spec;
    if (!basic_index_spec(slot(o, c.key_offset), spec.get())) throw std::logic_error("a deferred slice's key changed");
    if (t->deferred == kDeferredGone) {
      // Reached only through a reference the assign could not see (a kept bound method's
      // __self__): the read was dropped, so this is the variable's slice as it is now.
      t->value.tensor = ops::ReadVariableOp(handle_of(slot(o, c.var_offset)).handle());
    }
    t->value.tensor = ops::SliceOfRead(t->value.tensor, *spec.get(), *t->value.device);
    t->deferred = 0;
  } catch (const std::exception& e) {
    Py_FatalError((std::string("varrt: a variable's slice could not be made: ") + e.what()).c_str());
  }
}

namespace {

// Installs `fn` as `cls.__getitem__` in the form CPython's own C types have (a slot wrapper over
// mp_subscript), so `v[key]` calls it straight from the type's slot, in `cls` and its subclasses,
// instead of looking a method up and calling it through slot_mp_subscript (a fifth of `v[1]`).
// The wrapper's description of the slot comes from a C type that has only that slot.
void set_subscript(py::handle cls, binaryfunc fn) {
  py::object model = py::module_::import("types").attr("MappingProxyType").attr("__getitem__");
  if (Py_TYPE(model.ptr()) != &PyWrapperDescr_Type) throw py::type_error("internal: no slot wrapper to copy");
  wrapperbase* base = reinterpret_cast<PyWrapperDescrObject*>(model.ptr())->d_base;
  PyObject* descr = PyDescr_NewWrapper(reinterpret_cast<PyTypeObject*>(cls.ptr()), base, reinterpret_cast<void*>(fn));
  if (descr == nullptr || PyObject_SetAttrString(cls.ptr(), "__getitem__", descr) < 0) {
    Py_XDECREF(descr);
    throw py::error_already_set();
  }
  Py_DECREF(descr);
  if (reinterpret_cast<PyTypeObject*>(cls.ptr())->tp_as_mapping->mp_subscript != fn) {
    throw py::type_error("internal: __getitem__ did not become the mapping slot");
  }
}

void set_method(py::handle cls, PyMethodDef* def) {
  PyObject* descr = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), def);
  if (descr == nullptr || PyObject_SetAttrString(cls.ptr(), def->ml_name, descr) < 0) {
    Py_XDECREF(descr);
    throw py::error_already_set();
  }
  Py_DECREF(descr);
}

}  // namespace

void bind_variable_slice(py::module_& m) {
  m.def("_install_variable_slicing",
        [](py::handle variable_cls, py::handle slice_cls, py::object general_getitem, py::object general_assign) {
          SliceClass& c = slice_class();
          c.type = reinterpret_cast<PyTypeObject*>(slice_cls.ptr());
          if (!PyType_Check(slice_cls.ptr())) throw py::type_error("internal: VariableSlice must be a class");
          c.var_offset = slot_offset(slice_cls, "_var");
          c.key_offset = slot_offset(slice_cls, "_key");
          c.general_getitem = general_getitem.release().ptr();
          c.general_assign = general_assign.release().ptr();
          Py_INCREF(slice_cls.ptr());
          static PyMethodDef assign = {
              "assign", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&slice_assign)),
              METH_FASTCALL | METH_KEYWORDS,
              "assign($self, val, name=None)\n--\n\nWrites `val` (broadcast to this slice's shape) into the variable "
              "(ResourceStridedSliceAssign); returns the variable."};
          set_subscript(variable_cls, &variable_getitem);
          set_method(slice_cls, &assign);
          pool_tensor_instances(c.type);
        },
        "Installs Variable.__getitem__ and VariableSlice.assign in C for basic keys; the general paths for the rest.");
}

}  // namespace bind
}  // namespace varrt
