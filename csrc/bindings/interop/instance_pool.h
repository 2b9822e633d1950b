// Instances of one Python class kept when their last reference goes and handed out again for the
// next new instance, as CPython's own free lists do for floats and tuples. `v[1].assign(5.)`
// makes two objects per call (the slice and the returned UnreadVariable); taking them from here
// skips the allocator, the GC's bookkeeping and, for pybind11's instances, its type lookups.
//
// A class's own deallocation gives an instance to keep() after subtype_dealloc has released what
// Python holds in it (slots, __dict__, weak references: an instance with any left is not kept) and
// after the deallocation has released its C++ contents; the instance is then as tp_alloc leaves a
// new one, so take() only makes it live again. The GIL guards the pool (a free-threaded build
// keeps nothing).
#pragma once

#include <Python.h>

namespace varrt {
namespace bind {

class InstancePool {
 public:
  // `type_ref_dropped`: whether the instance's type reference is dropped once the deallocation
  // that keeps it returns (subtype_dealloc does so for a class over a static C type such as
  // TensorBase; over a heap type such as pybind11's the base's dealloc would, and a kept instance
  // keeps it).
  InstancePool(PyTypeObject* type, bool type_ref_dropped) : type_(type), type_ref_dropped_(type_ref_dropped) {}

  PyTypeObject* type() const { return type_; }

  // Keeps `o` (reference count 0, an instance of exactly type()); false when it cannot be kept.
  bool keep(PyObject* o) {
#if defined(Py_GIL_DISABLED)
    (void)o;
    return false;
#else
    if (count_ == kSize) return false;
    if (PyObject_GC_IsTracked(o)) PyObject_GC_UnTrack(o);
    items_[count_++] = o;
    return true;
#endif
  }

  // A kept instance, live again (reference count 1, tracked by the GC when its class is), or null.
  PyObject* take() {
    if (count_ == 0) return nullptr;
    PyObject* o = items_[--count_];
    if (type_ref_dropped_) Py_INCREF(type_);
#if PY_VERSION_HEX < 0x030D0000
    _Py_NewReference(o);
#else
    Py_SET_REFCNT(o, 1);
#endif
    if (PyType_IS_GC(type_)) PyObject_GC_Track(o);
    return o;
  }

 private:
  static constexpr int kSize = 16;  // enough for a loop's few live temporaries; CPython keeps 80 floats
  PyTypeObject* type_;
  bool type_ref_dropped_;
  int count_ = 0;
  PyObject* items_[kSize] = {};
};

}  // namespace bind
}  // namespace varrt
