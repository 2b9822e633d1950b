#include "interop/sequence.h"

#define PY_ARRAY_UNIQUE_SYMBOL varrt_ARRAY_API
#define NO_IMPORT_ARRAY
#include <numpy/arrayobject.h>
#include <pybind11/pybind11.h>

#include <limits>
#include <string>

#include "interop/numpy.h"
#include "varrt/core/error.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// NumPy's object arrays nest at most this deep; deeper lists end up ragged there, and here.
constexpr size_t kMaxRank = 64;

std::string repr_of(PyObject* o) {
  return py::repr(py::handle(o)).cast<std::string>();
}

void check(bool failed) {
  if (failed && PyErr_Occurred()) throw py::error_already_set();
}

void add_int(PyObject* o, tf::Leaves& out) {
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
  check(v == -1);
  if (overflow == 0) return out.add_int(v);
  if (overflow > 0) {
    unsigned long long u = PyLong_AsUnsignedLongLong(o);
    if (u != static_cast<unsigned long long>(-1) || !PyErr_Occurred()) return out.add_uint64(u);
    PyErr_Clear();  // beyond 2^64: TensorFlow's range error, raised by the rules
  }
  // Floating converters read it as float() does (PyLong_AsDouble); inf: float() overflows.
  double as_double = PyLong_AsDouble(o);
  if (as_double == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    as_double = std::numeric_limits<double>::infinity();
  }
  out.add_big_int(as_double);
}

void add_string(PyObject* o, tf::Leaves& out) {
  if (PyBytes_Check(o)) return out.add_string(PyBytes_AS_STRING(o), static_cast<size_t>(PyBytes_GET_SIZE(o)));
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(o, &size);
  if (data == nullptr) {  // lone surrogates: TensorFlow's ValueError, not the codec's error
    PyErr_Clear();
    throw_value_error(tf::kBadUnicode);
  }
  out.add_string(data, static_cast<size_t>(size));
}

void add_complex(PyObject* o, tf::Leaves& out) {
  Py_complex c = PyComplex_AsCComplex(o);
  check(c.real == -1.0);
  out.add_complex(c.real, c.imag);
}

void add_float(PyObject* o, DType numpy_type, tf::Leaves& out) {
  double v = PyFloat_AsDouble(o);
  check(v == -1.0);
  out.add_float(v, numpy_type);
}

// Adds `o` if it is an element of a kind TensorFlow converts: Python bool/int/float/complex/
// str/bytes (and their subclasses) and NumPy scalars of those kinds. Only Python's own types
// and NumPy's count, as in TensorFlow (a fractions.Fraction is unsupported there too).
bool add_scalar(PyObject* o, tf::Leaves& out) {
  if (PyFloat_CheckExact(o)) {
    out.add_float(PyFloat_AS_DOUBLE(o));
    return true;
  }
  if (PyLong_CheckExact(o)) {
    add_int(o, out);
    return true;
  }
  if (PyBool_Check(o)) {
    out.add_bool(o == Py_True);
    return true;
  }
  if (PyUnicode_Check(o) || PyBytes_Check(o)) {  // np.str_ and np.bytes_ too
    add_string(o, out);
    return true;
  }
  if (PyArray_IsScalar(o, Generic)) {
    if (PyArray_IsScalar(o, Bool)) {
      out.add_bool(PyObject_IsTrue(o) == 1, /*numpy=*/true);
    } else if (PyArray_IsScalar(o, Integer)) {
      py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(o));
      if (!index) throw py::error_already_set();
      add_int(index.ptr(), out);
    } else if (PyArray_IsScalar(o, Floating)) {
      add_float(o, numpy_scalar_dtype(o), out);  // kInvalid (longdouble): read as a Python float
    } else if (PyArray_IsScalar(o, ComplexFloating)) {
      add_complex(o, out);
    } else {
      return false;  // datetime64, void, ...
    }
    return true;
  }
  if (PyComplex_Check(o)) {
    add_complex(o, out);
    return true;
  }
  if (PyLong_Check(o)) {
    add_int(o, out);
    return true;
  }
  if (PyFloat_Check(o)) {
    add_float(o, DType::kInvalid, out);
    return true;
  }
  return false;
}

// The items of an element that nests further although it is no list or tuple, as NumPy's
// object-array discovery treats it: an ndarray or array-like (a 0-d one becomes its scalar),
// or another sequence (range, ...). Null for a plain element.
py::object nested_items(PyObject* o, py::object& scalar) {
  py::object array;
  if (PyArray_Check(o)) {
    array = py::reinterpret_borrow<py::object>(o);
  } else if (PyObject_HasAttrString(o, "__array__") || PyObject_HasAttrString(o, "__array_interface__")) {
    array = py::reinterpret_steal<py::object>(PyArray_FromAny(o, nullptr, 0, 0, 0, nullptr));
    if (!array) throw py::error_already_set();
  } else if (!PySequence_Check(o) || PySequence_Size(o) < 0) {  // NumPy needs len() too
    PyErr_Clear();
    return py::object();
  }
  if (array && PyArray_NDIM(reinterpret_cast<PyArrayObject*>(array.ptr())) == 0) {
    auto* arr = reinterpret_cast<PyArrayObject*>(array.ptr());
    scalar = py::reinterpret_steal<py::object>(PyArray_ToScalar(PyArray_DATA(arr), arr));
    if (!scalar) throw py::error_already_set();
    return py::object();
  }
  PyObject* items = PySequence_Fast(array ? array.ptr() : o, "");
  if (items == nullptr) {  // a sequence that is not one after all (len() fails): an element
    PyErr_Clear();
    return py::object();
  }
  return py::reinterpret_steal<py::object>(items);
}

// Walks nested lists depth-first; the first path down fixes the shape, every other must match.
class Walker {
 public:
  explicit Walker(tf::Leaves& out) : out_(out) {}

  void walk(PyObject* o, size_t depth) {
    if (PyList_Check(o) || PyTuple_Check(o)) {
      if (PyList_CheckExact(o) || PyTuple_CheckExact(o)) return items(o, depth);
      py::object fast = py::reinterpret_steal<py::object>(PySequence_Fast(o, ""));  // list/tuple subclasses
      if (!fast) throw py::error_already_set();
      return items(fast.ptr(), depth);
    }
    if (add_scalar(o, out_)) return leaf(depth);
    if (depth > 0) {  // at the top, the caller has taken arrays; other values are elements
      py::object scalar;
      py::object nested = nested_items(o, scalar);
      if (nested) return items(nested.ptr(), depth);
      if (scalar && add_scalar(scalar.ptr(), out_)) return leaf(depth);
    }
    if (first_unsupported_ == nullptr) first_unsupported_ = o;
    out_.add_unsupported();
    leaf(depth);
  }

  PyObject* first_unsupported() const { return first_unsupported_; }

 private:
  void items(PyObject* seq, size_t depth) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    std::vector<int64_t>& dims = out_.dims;
    if (leaf_depth_ >= 0 && depth >= static_cast<size_t>(leaf_depth_)) throw_value_error(tf::kNonRectangular);
    if (depth < dims.size()) {
      if (dims[depth] != n) throw_value_error(tf::kNonRectangular);
    } else {
      if (depth >= kMaxRank) throw_value_error(tf::kNonRectangular);
      dims.push_back(n);
    }
    if (n == 0) return leaf(depth + 1);
    PyObject** elements = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; ++i) {
      PyObject* e = elements[i];
      if (PyFloat_CheckExact(e) && leaf_depth_ == static_cast<int>(depth) + 1) {  // the common case, inline
        out_.add_float(PyFloat_AS_DOUBLE(e));
        continue;
      }
      walk(e, depth + 1);
    }
  }

  void leaf(size_t depth) {
    if (leaf_depth_ < 0) {
      leaf_depth_ = static_cast<int>(depth);
    } else if (static_cast<size_t>(leaf_depth_) != depth) {
      throw_value_error(tf::kNonRectangular);
    }
  }

  tf::Leaves& out_;
  int leaf_depth_ = -1;  // the rank, once the first element (or empty list) fixes it
  PyObject* first_unsupported_ = nullptr;
};

}  // namespace

DType walk_python_value(PyObject* value, DType want, tf::Leaves& leaves) {
  leaves.clear();
  Walker walker(leaves);
  walker.walk(value, 0);
  if (leaves.first_unsupported()) {
    PyObject* bad = walker.first_unsupported();
    throw_value_error(tf::unsupported_value_message(repr_of(bad), repr_of(reinterpret_cast<PyObject*>(Py_TYPE(bad)))));
  }
  DType dtype = tf::resolve_dtype(leaves, want);
  if (dtype == DType::kInvalid) throw_type_error(tf::cannot_convert_message(repr_of(value), want));
  return dtype;
}

}  // namespace bind
}  // namespace varrt
