#include "interop/handle.h"

#include <memory>
#include <new>

#include "bindings.h"
#include "interop/instance_pool.h"
#include "varrt/core/error.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

using Holder = std::shared_ptr<OwnedHandle>;

PyTypeObject* var_handle_type() {
  static PyTypeObject* const type = reinterpret_cast<PyTypeObject*>(py::type::of<OwnedHandle>().ptr());
  return type;
}

PyTypeObject*& unread_type() {
  static PyTypeObject* type = nullptr;  // a strong reference, kept for the process's life
  return type;
}

PyObject*& unread_callback() {
  static PyObject* fn = nullptr;  // a strong reference, or null
  return fn;
}

const Holder& holder_of(py::handle self) {
  if (!PyObject_TypeCheck(self.ptr(), var_handle_type())) throw py::type_error("expected a varrt Variable");
  auto* inst = reinterpret_cast<py::detail::instance*>(self.ptr());
  py::detail::value_and_holder vh = inst->get_value_and_holder(nullptr, false);
  if (!vh || !vh.holder_constructed()) {
    throw Error(Code::kFailedPrecondition,
                "This variable was never created: its __init__ did not run (an object made with __new__ alone)");
  }
  return vh.holder<Holder>();
}

destructor& base_dealloc() {
  static destructor d = nullptr;
  return d;
}

// The unread type's instances kept for reuse (every assign* returns one), or null. Only before
// Python 3.12: from 3.12 on an instance's inline attribute values outlive subtype_dealloc's
// release of its __dict__, so a kept instance would not be as new.
InstancePool*& unread_pool() {
  static InstancePool* pool = nullptr;  // leaked at teardown, with the instances it keeps
  return pool;
}

// Keeps an UnreadVariable for reuse when nothing but its holder is left in it (subtype_dealloc
// has released its __dict__; a weak reference or a kept-alive patient would need pybind11's own
// deallocation), releasing the holder as pybind11's deallocation would.
bool keep_unread(PyObject* self, py::detail::instance* inst, py::detail::value_and_holder& vh) {
  InstancePool* pool = unread_pool();
  if (pool == nullptr || Py_TYPE(self) != pool->type() || inst->weakrefs != nullptr || inst->has_patients ||
      !vh.holder_constructed() || vh.instance_registered()) {
    return false;
  }
  Holder released = std::move(vh.holder<Holder>());  // the variable may go with it: after the slot is clear
  vh.holder<Holder>().~Holder();
  vh.set_holder_constructed(false);
  vh.value_ptr() = nullptr;
  inst->owned = false;
  if (!pool->keep(self)) {
    new (std::addressof(vh.holder<Holder>())) Holder(std::move(released));
    vh.value_ptr() = vh.holder<Holder>().get();
    vh.set_holder_constructed();
    inst->owned = true;
    return false;
  }
  return true;
}

// VarHandle's deallocation, wrapped: a Variable going away first unlinks itself from its
// resource's front slot (the resource may outlive it, held by an UnreadVariable or C++); an
// UnreadVariable may be kept for reuse instead of freed.
void var_handle_dealloc(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  py::detail::value_and_holder vh = inst->get_value_and_holder(nullptr, false);
  if (vh && vh.holder_constructed()) {
    const Holder& h = vh.holder<Holder>();
    // A plain load first: only a Variable that claimed the slot can hold it (never an UnreadVariable).
    if (h && h->handle().var() != nullptr && h->handle().var()->front() == self) h->handle().var()->release_front(self);
  }
  if (vh && keep_unread(self, inst, vh)) return;
  base_dealloc()(self);
}

void install_dealloc() {
  static const bool installed = [] {
    base_dealloc() = var_handle_type()->tp_dealloc;
    var_handle_type()->tp_dealloc = var_handle_dealloc;
    return true;
  }();
  (void)installed;
}

// Copies `holder` into `self`'s holder slot as pybind11's constructors would, but leaves the
// instance out of pybind11's table of registered instances: that table serves only C++ objects
// converted back to Python, which never happens for a VarHandle, and an insert and an erase in
// it would be a third of what an UnreadVariable costs (assign* returns one on every call).
// pybind11's deallocation deregisters only instances marked registered, so it stays ordinary.
void install_unregistered_holder(PyObject* self, const Holder& holder) noexcept {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  py::detail::value_and_holder vh = inst->get_value_and_holder(nullptr, false);  // the only (simple) layout
  vh.value_ptr() = holder.get();
  new (std::addressof(vh.holder<Holder>())) Holder(holder);
  vh.set_holder_constructed();
  inst->owned = true;
}

}  // namespace

void claim_front(py::handle self) {
  Var* var = holder_of(self)->handle().var();
  if (var == nullptr) return;
  install_dealloc();
  var->claim_front(self.ptr());
}

PyObject* front_of(const Var* var) { return static_cast<PyObject*>(const_cast<void*>(var->front())); }

const OwnedHandle& handle_of(py::handle self) { return *holder_of(self); }

void set_holder(py::handle self, const Holder& holder) {
  static py::detail::type_info* const info = py::detail::get_type_info(typeid(OwnedHandle));
  if (!PyObject_TypeCheck(self.ptr(), var_handle_type())) throw py::type_error("expected a varrt Variable");
  auto* inst = reinterpret_cast<py::detail::instance*>(self.ptr());
  py::detail::value_and_holder vh = inst->get_value_and_holder(nullptr, false);  // the only (simple) layout
  if (vh.holder_constructed()) throw py::type_error("this variable was already created");
  vh.value_ptr() = holder.get();
  info->init_instance(inst, &holder);
}

void set_unread_type(py::handle type) {
  if (!PyType_Check(type.ptr()) ||
      !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(type.ptr()), var_handle_type())) {
    throw py::type_error("the unread type must be a VarHandle subclass");
  }
  Py_INCREF(type.ptr());
  Py_XDECREF(reinterpret_cast<PyObject*>(unread_type()));
  unread_type() = reinterpret_cast<PyTypeObject*>(type.ptr());
#if PY_VERSION_HEX < 0x030C0000
  // A Python subclass over pybind11's heap type: subtype_dealloc leaves the type reference to
  // the base's deallocation, so a kept instance keeps it.
  if (unread_pool() == nullptr || unread_pool()->type() != unread_type()) {
    unread_pool() = new InstancePool(unread_type(), /*type_ref_dropped=*/false);
    install_dealloc();
  }
#endif
}

PyObject* new_unread(py::handle parent) noexcept {
  PyTypeObject* type = unread_type();
  if (type == nullptr) {
    PyErr_SetString(PyExc_RuntimeError, "varrt: the unread variable type is not registered");
    return nullptr;
  }
  const Holder* holder;
  try {
    holder = &holder_of(parent);
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
  // VarHandle's own tp_new (pybind11's) allocates the instance and its holder slot without
  // calling __init__; the holder is then copied in (see install_unregistered_holder).
  static PyObject* const no_args = PyTuple_New(0);
  PyObject* obj = unread_pool() != nullptr && unread_pool()->type() == type ? unread_pool()->take() : nullptr;
  if (obj == nullptr) obj = var_handle_type()->tp_new(type, no_args, nullptr);
  if (obj == nullptr) return nullptr;
  install_unregistered_holder(obj, *holder);
  if (PyObject* fn = unread_callback()) {
    PyObject* r = PyObject_CallOneArg(fn, obj);
    if (r == nullptr) {
      Py_DECREF(obj);
      return nullptr;
    }
    Py_DECREF(r);
  }
  return obj;
}

void set_unread_callback(py::handle fn) {
  PyObject* next = fn.is_none() ? nullptr : fn.ptr();
  Py_XINCREF(next);
  Py_XDECREF(unread_callback());
  unread_callback() = next;
}

}  // namespace bind
}  // namespace varrt
