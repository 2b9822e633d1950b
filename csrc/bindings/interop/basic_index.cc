#include "interop/basic_index.h"

#include <cstdint>

#include "interop/numpy.h"

namespace varrt {
namespace bind {
namespace {

thread_local StridedSliceSpec t_spec;
thread_local bool t_spec_in_use = false;

// One index as an int64, or false. NumPy scalars of other integer types are TypeErrors and
// out-of-range ints conversion errors in the general path, so they go there.
bool index_value(PyObject* part, int64_t* out) {
  if (PyLong_Check(part)) {
    if (PyBool_Check(part)) return false;  // a boolean key is a mask
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(part, &overflow);
    if (overflow != 0 || (value == -1 && PyErr_Occurred())) {
      PyErr_Clear();
      return false;
    }
    *out = value;
    return true;
  }
  DType dtype = numpy_scalar_dtype(part);
  if (dtype != DType::kInt16 && dtype != DType::kInt32 && dtype != DType::kInt64) return false;
  PyObject* as_int = PyNumber_Index(part);
  if (as_int == nullptr) {
    PyErr_Clear();
    return false;
  }
  *out = PyLong_AsLongLong(as_int);  // an int64 at most: cannot overflow
  Py_DECREF(as_int);
  return true;
}

// One part of a slice: None (`masked`), or an index.
bool slice_part(PyObject* part, int64_t* out, bool* masked) {
  *masked = part == Py_None;
  if (*masked) {
    *out = 0;
    return true;
  }
  return index_value(part, out);
}

// One element of a key into position `i` of `spec`.
bool basic_part(PyObject* part, int i, StridedSliceSpec* spec) {
  const int32_t bit = int32_t{1} << i;
  if (PySlice_Check(part)) {
    auto* s = reinterpret_cast<PySliceObject*>(part);
    bool begin_masked, end_masked, step_none;
    int64_t step;
    if (!slice_part(s->start, &spec->begin[i], &begin_masked) || !slice_part(s->stop, &spec->end[i], &end_masked) ||
        !slice_part(s->step, &step, &step_none)) {
      return false;
    }
    if (step_none) step = 1;
    if (step == 0) return false;  // the general path raises TensorFlow's error
    spec->strides[i] = step;
    if (begin_masked) spec->begin_mask |= bit;
    if (end_masked) spec->end_mask |= bit;
    return true;
  }
  int64_t value;
  if (!index_value(part, &value) || value == INT64_MAX) return false;  // its end would overflow
  spec->begin[i] = value;
  spec->end[i] = value + 1;  // as slicing.py: only the begin of a shrunk axis counts (-1 + 1 is 0)
  spec->strides[i] = 1;
  spec->shrink_axis_mask |= bit;
  return true;
}

}  // namespace

ScratchSpec::ScratchSpec() {
  if (t_spec_in_use) {
    own_ = std::make_unique<StridedSliceSpec>();
    spec_ = own_.get();
  } else {
    t_spec_in_use = true;
    spec_ = &t_spec;
  }
}

ScratchSpec::~ScratchSpec() {
  // Not `spec_ == &t_spec`: taking t_spec's address runs its thread-local initialisation check.
  if (!own_) t_spec_in_use = false;
}

bool basic_index_spec(pybind11::handle key, StridedSliceSpec* spec) {
  PyObject* const* parts = &key.ptr();
  Py_ssize_t n = 1;
  if (PyTuple_Check(key.ptr())) {
    n = PyTuple_GET_SIZE(key.ptr());
    parts = &PyTuple_GET_ITEM(key.ptr(), 0);
    if (n == 0 || n >= 32) return false;
  }
  spec->begin.resize(n);
  spec->end.resize(n);
  spec->strides.resize(n);
  spec->begin_mask = spec->end_mask = spec->ellipsis_mask = spec->new_axis_mask = spec->shrink_axis_mask = 0;
  for (Py_ssize_t i = 0; i < n; ++i) {
    if (!basic_part(parts[i], static_cast<int>(i), spec)) return false;
  }
  return true;
}

bool int_index_key(pybind11::handle key, IntIndex* index) {
  PyObject* const* parts = &key.ptr();
  Py_ssize_t n = 1;
  if (PyTuple_CheckExact(key.ptr())) {
    n = PyTuple_GET_SIZE(key.ptr());
    parts = &PyTuple_GET_ITEM(key.ptr(), 0);
    if (n == 0 || n > IntIndex::kMax) return false;
  }
  for (Py_ssize_t i = 0; i < n; ++i) {
    if (!PyLong_CheckExact(parts[i])) return false;  // bools, NumPy integers: basic_index_spec
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(parts[i], &overflow);
    if (overflow != 0 || value == INT64_MAX || (value == -1 && PyErr_Occurred())) {
      PyErr_Clear();
      return false;
    }
    index->at[i] = value;
  }
  index->n = static_cast<int>(n);
  return true;
}

}  // namespace bind
}  // namespace varrt
