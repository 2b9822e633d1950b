#include "interop/int_index.h"

#include <cstdint>

#include "interop/numpy.h"

namespace varrt {
namespace bind {
namespace {

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

}  // namespace

bool int_index_spec(pybind11::handle key, StridedSliceSpec* spec) {
  PyObject* const* parts = &key.ptr();
  Py_ssize_t n = 1;
  if (PyTuple_Check(key.ptr())) {
    n = PyTuple_GET_SIZE(key.ptr());
    parts = &PyTuple_GET_ITEM(key.ptr(), 0);
    if (n == 0 || n >= 32) return false;
  }
  spec->begin.resize(n);
  spec->end.resize(n);
  spec->strides.assign(n, 1);
  for (Py_ssize_t i = 0; i < n; ++i) {
    int64_t value;
    if (!index_value(parts[i], &value)) return false;
    if (value == INT64_MAX) return false;  // its end would overflow; the general path reports it
    spec->begin[i] = value;
    spec->end[i] = value + 1;  // as slicing.py: only the begin of a shrunk axis counts (-1 + 1 is 0)
  }
  spec->begin_mask = spec->end_mask = spec->ellipsis_mask = spec->new_axis_mask = 0;
  spec->shrink_axis_mask = static_cast<int32_t>((1u << n) - 1);
  return true;
}

}  // namespace bind
}  // namespace varrt
