#include "interop/convert.h"

#define PY_ARRAY_UNIQUE_SYMBOL varrt_ARRAY_API
#define NO_IMPORT_ARRAY
#include <numpy/arrayobject.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "interop/numpy.h"
#include "interop/sequence.h"
#include "varrt/core/error.h"
#include "varrt/ops/variable_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

thread_local tf::Leaves t_scratch;
thread_local bool t_scratch_in_use = false;

bool is_python_scalar(PyObject* o) {
  return PyFloat_Check(o) || PyLong_Check(o) || PyUnicode_Check(o) || PyBytes_Check(o) || PyComplex_Check(o);
}

bool is_array_like(PyObject* o) {
  return PyObject_HasAttrString(o, "__array_interface__") || PyObject_HasAttrString(o, "__array__");
}

std::string text(py::handle o) { return py::str(o).cast<std::string>(); }

// Staging for a host value of at most kSmallStaging bytes (a Python scalar: `v[1].assign(5.)`),
// reused by the next conversion on this thread when nothing kept the last one: an op consumes
// its host inputs within the call, and a hook that records them (a tape) keeps its reference,
// so that buffer is left to it and the next conversion stages into a new one.
constexpr size_t kSmallStaging = 64;

BufferRef small_staging() {
  thread_local BufferRef cached;
  if (!cached || !cached->is_unique()) {
    auto* storage = new uint64_t[kSmallStaging / sizeof(uint64_t)];
    cached = BufferRef(Buffer::borrow(storage, kSmallStaging, [storage] { delete[] storage; }));
  }
  return cached;
}

// `array` cast to `want` as NumPy's astype does, C-contiguous and native; the array itself
// when it already is. Under np.errstate(all="ignore"): TensorFlow's casts wrap and overflow
// to inf without warnings.
py::object cast(PyArrayObject* array, DType want) {
  if (dtype_of_array(reinterpret_cast<PyObject*>(array)) == want && PyArray_ISCARRAY_RO(array) &&
      PyArray_ISNOTSWAPPED(array)) {
    return py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(array));
  }
  static py::object* errstate = new py::object(py::module_::import("numpy").attr("errstate"));  // leaked: outlives teardown
  py::object quiet = (*errstate)(py::arg("all") = "ignore");
  quiet.attr("__enter__")();
  auto* descr = reinterpret_cast<PyArray_Descr*>(numpy_dtype(want));
  PyObject* out = PyArray_FromArray(array, descr, NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED | NPY_ARRAY_FORCECAST);
  if (out == nullptr) {
    py::error_already_set error;  // fetched before leaving the errstate, raised after
    quiet.attr("__exit__")(py::none(), py::none(), py::none());
    throw error;
  }
  quiet.attr("__exit__")(py::none(), py::none(), py::none());
  return py::reinterpret_steal<py::object>(out);
}

// The elements of a str/bytes/object array as strings (TensorFlow's string tensor).
void strings_of(PyArrayObject* array, tf::Leaves& leaves) {
  py::object contiguous = py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(PyArray_GETCONTIGUOUS(array)));
  if (!contiguous) throw py::error_already_set();
  auto* arr = reinterpret_cast<PyArrayObject*>(contiguous.ptr());
  leaves.clear();
  leaves.dims.assign(PyArray_DIMS(arr), PyArray_DIMS(arr) + PyArray_NDIM(arr));
  auto* data = static_cast<char*>(PyArray_DATA(arr));
  npy_intp n = PyArray_SIZE(arr), step = PyArray_ITEMSIZE(arr);
  for (npy_intp i = 0; i < n; ++i) {
    py::object item = py::reinterpret_steal<py::object>(PyArray_GETITEM(arr, data + i * step));
    if (!item) throw py::error_already_set();
    PyObject* x = item.ptr();
    if (PyBytes_Check(x)) {
      leaves.add_string(PyBytes_AS_STRING(x), static_cast<size_t>(PyBytes_GET_SIZE(x)));
    } else if (PyUnicode_Check(x)) {
      Py_ssize_t size = 0;
      const char* s = PyUnicode_AsUTF8AndSize(x, &size);
      if (s == nullptr) {
        PyErr_Clear();
        throw_value_error(tf::kNumpyBadUnicode);
      }
      leaves.add_string(s, static_cast<size_t>(size));
    } else {
      throw_value_error(tf::unsupported_object_message(text(py::type::handle_of(py::handle(x)).attr("__name__"))));
    }
  }
}

}  // namespace

bool is_host_value(PyObject* o) {
  return PyList_Check(o) || PyTuple_Check(o) || is_python_scalar(o) || o == Py_None || PyArray_Check(o) ||
         PyArray_IsScalar(o, Generic);
}

Converted::Scratch::Scratch() {
  if (t_scratch_in_use) {
    own.reset(new tf::Leaves());
    leaves = own.get();
  } else {
    leaves = &t_scratch;
    t_scratch_in_use = true;
  }
}

Converted::Scratch::~Scratch() {
  if (!own) t_scratch_in_use = false;
}

Converted::Converted(PyObject* value, DType want, bool hint) {
  if (!hint || want == DType::kInvalid) {
    convert(value, want);
    return;
  }
  try {
    convert(value, want);
    return;
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::kOp) throw;
  } catch (py::error_already_set& e) {  // NumPy's cast errors
    if (!e.matches(PyExc_TypeError) && !e.matches(PyExc_ValueError)) throw;
  }
  array_ = py::object();
  convert(value, DType::kInvalid);
}

void Converted::convert(PyObject* value, DType want) {
  bool numpy = !PyList_Check(value) && !PyTuple_Check(value) && !PyFloat_CheckExact(value) && !PyLong_CheckExact(value) &&
               (PyArray_Check(value) || PyArray_IsScalar(value, Generic) || (!is_python_scalar(value) && is_array_like(value)));
  if (!numpy) {
    dtype_ = walk_python_value(value, want, *leaves_);
    return;
  }
  // np.asarray(value): an ndarray as it is, a NumPy scalar or array-like as an array.
  py::object array = py::reinterpret_steal<py::object>(PyArray_FromAny(value, nullptr, 0, 0, 0, nullptr));
  if (!array) throw py::error_already_set();
  auto* arr = reinterpret_cast<PyArrayObject*>(array.ptr());
  char kind = PyArray_DESCR(arr)->kind;
  if (kind == 'U' || kind == 'S' || kind == 'O') {
    if (want == DType::kInvalid || want == DType::kString) {
      strings_of(arr, *leaves_);
      dtype_ = DType::kString;
      return;
    }
    // Another dtype: NumPy's cast ("1.5" parses, None is nan) with NumPy's errors.
  } else if (want == DType::kInvalid) {
    want = dtype_of_array(array.ptr());
    if (want == DType::kInvalid) {
      PyArray_Descr* d = PyArray_DESCR(arr);
      throw_value_error(tf::unsupported_numpy_type_message(d->type, d->kind,
                                                           text(py::handle(reinterpret_cast<PyObject*>(d)).attr("name"))));
    }
  } else if (want == DType::kString) {
    // TensorFlow reads the numbers as Python objects, then refuses them by their type.
    py::object objects = py::reinterpret_steal<py::object>(
        PyArray_FromArray(arr, PyArray_DescrFromType(NPY_OBJECT), NPY_ARRAY_FORCECAST));
    if (!objects) throw py::error_already_set();
    strings_of(reinterpret_cast<PyArrayObject*>(objects.ptr()), *leaves_);
    dtype_ = DType::kString;
    return;
  }
  array_ = cast(arr, want);
  dtype_ = want;
}

py::object Converted::to_array() const {
  if (array_) return array_;
  Shape shape(leaves_->dims);
  PyObject* out = dtype_ == DType::kString ? bytes_array(leaves_->strings(), shape) : empty_array(dtype_, shape);
  if (out == nullptr) throw py::error_already_set();
  py::object result = py::reinterpret_steal<py::object>(out);
  if (dtype_ != DType::kString) tf::fill(*leaves_, dtype_, PyArray_DATA(reinterpret_cast<PyArrayObject*>(out)));
  return result;
}

PyTensor Converted::to_device() const {
  const Device& device = ops::EagerConstInPlace();
  if (array_) return PyTensor{copy_from_array(array_.ptr(), device.allocator), &device};
  Tensor out = Tensor::allocate(dtype_, Shape(leaves_->dims), device.allocator);
  tf::fill(*leaves_, dtype_, out.mutable_data());
  return PyTensor{std::move(out), &device};
}

bool python_number_element(PyObject* value, DType want, void* out) {
  if (PyFloat_CheckExact(value)) {
    const double d = PyFloat_AS_DOUBLE(value);
    if (want == DType::kFloat64) {
      *static_cast<double*>(out) = d;
      return true;
    }
    if (want != DType::kFloat32) return false;
    const float f = static_cast<float>(d);  // round to nearest, as NumPy's float64 -> float32
    if (std::isinf(f) && !std::isinf(d)) return false;
    *static_cast<float*>(out) = f;
    return true;
  }
  if (!PyLong_CheckExact(value)) return false;
  int overflow = 0;
  const long long i = PyLong_AsLongLongAndOverflow(value, &overflow);
  if (overflow != 0 || (i == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return false;
  }
  switch (want) {
    case DType::kInt64:
      *static_cast<int64_t*>(out) = static_cast<int64_t>(i);
      return true;
    case DType::kInt32:
      if (i < INT32_MIN || i > INT32_MAX) return false;
      *static_cast<int32_t*>(out) = static_cast<int32_t>(i);
      return true;
    case DType::kFloat32:
      if (i < -(1LL << 24) || i > (1LL << 24)) return false;
      *static_cast<float*>(out) = static_cast<float>(i);
      return true;
    case DType::kFloat64:
      if (i < -(1LL << 53) || i > (1LL << 53)) return false;
      *static_cast<double*>(out) = static_cast<double>(i);
      return true;
    default:
      return false;
  }
}

Tensor python_float_tensor(PyObject* value, DType want) {
  if (!PyFloat_CheckExact(value)) return Tensor();
  alignas(8) char element[8];
  if (!python_number_element(value, want, element)) return Tensor();
  Tensor out(want, Shape{}, small_staging());
  std::memcpy(out.mutable_data(), element, dtype_size(want));
  ops::EagerConstInPlace();
  return out;
}

Tensor Converted::to_host_tensor() const {
  if (array_) {
    ops::EagerConstInPlace();
    return borrow_array(array_.ptr(), dtype_);
  }
  if (dtype_ == DType::kString) return to_device().tensor;  // std::strings need constructing: a real tensor
  Shape shape(leaves_->dims);
  size_t bytes = static_cast<size_t>(shape.num_elements()) * dtype_size(dtype_);
  if (bytes <= kSmallStaging) {
    Tensor out(dtype_, std::move(shape), small_staging());
    tf::fill(*leaves_, dtype_, out.mutable_data());
    ops::EagerConstInPlace();
    return out;
  }
  auto staging = std::shared_ptr<uint64_t[]>(new uint64_t[bytes / 8 + 1]);
  Tensor out = Tensor::borrow(dtype_, shape, staging.get(), bytes, [staging] {});
  tf::fill(*leaves_, dtype_, out.mutable_data());
  ops::EagerConstInPlace();
  return out;
}

}  // namespace bind
}  // namespace varrt
