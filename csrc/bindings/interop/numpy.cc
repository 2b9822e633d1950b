#include "interop/numpy.h"

#define PY_ARRAY_UNIQUE_SYMBOL varrt_ARRAY_API
#include <numpy/arrayobject.h>
#include <pybind11/pybind11.h>

#include <string>

#include "varrt/core/copy.h"
#include "varrt/core/allocator.h"
#include "varrt/core/error.h"
#include "bindings.h"
#include "interop/gil.h"
#include "interop/variable_inputs.h"  // kReleaseGilBytes, the updates' threshold

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// A graph's stand-in is no value: its memory is read only while its graph is built here (the
// dispatch's rule), else the out-of-scope error is set.
bool readable(const Tensor& t) {
  try {
    Dispatch::check_readable("a NumPy view", t);
    return true;
  } catch (...) {
    set_python_error_from_current_exception();
    return false;
  }
}

int g_bfloat16_typenum = -1;
PyArray_Descr* g_bfloat16_descr = nullptr;

int typenum_of(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return NPY_FLOAT32;
    case DType::kFloat64: return NPY_FLOAT64;
    case DType::kInt32: return NPY_INT32;
    case DType::kUInt8: return NPY_UINT8;
    case DType::kInt16: return NPY_INT16;
    case DType::kInt8: return NPY_INT8;
    case DType::kString: return NPY_OBJECT;
    case DType::kComplex64: return NPY_COMPLEX64;
    case DType::kInt64: return NPY_INT64;
    case DType::kBool: return NPY_BOOL;
    case DType::kBFloat16: return g_bfloat16_typenum;
    case DType::kUInt16: return NPY_UINT16;
    case DType::kComplex128: return NPY_COMPLEX128;
    case DType::kFloat16: return NPY_FLOAT16;
    case DType::kUInt32: return NPY_UINT32;
    case DType::kUInt64: return NPY_UINT64;
    default: return -1;
  }
}

PyArray_Descr* descr_of(DType dtype) {  // new reference
  if (dtype == DType::kBFloat16) {
    Py_INCREF(g_bfloat16_descr);
    return g_bfloat16_descr;
  }
  int num = typenum_of(dtype);
  if (num < 0) throw_error(Code::kInvalidArgument, std::string("no NumPy dtype for ") + dtype_name(dtype));
  return PyArray_DescrFromType(num);
}

void release_array(PyObject* obj) {
  if (!Py_IsInitialized()) return;
  // A thread without the GIL at exit would be ended by asking for it (possibly while already
  // unwinding); the process is going away, so the reference is left.
  if (interpreter_finalizing() && !PyGILState_Check()) return;
  PyGILState_STATE state = PyGILState_Ensure();
  Py_DECREF(obj);
  PyGILState_Release(state);
}

Shape shape_of(PyArrayObject* arr) {
  return Shape(reinterpret_cast<const int64_t*>(PyArray_DIMS(arr)), PyArray_NDIM(arr));
}

void capsule_release(PyObject* capsule) {
  auto* buffer = static_cast<Buffer*>(PyCapsule_GetPointer(capsule, "varrt.buffer"));
  if (buffer) buffer->unref();
}

PyObject* new_array(DType dtype, const Shape& shape, void* data, int flags) {
  PyArray_Descr* descr = descr_of(dtype);
  static_assert(sizeof(npy_intp) == sizeof(int64_t), "64-bit platforms only");
  return PyArray_NewFromDescr(&PyArray_Type, descr, shape.rank(),
                              reinterpret_cast<npy_intp*>(const_cast<int64_t*>(shape.data())), nullptr, data,
                              flags, nullptr);
}

PyObject* strings_to_array(const Tensor& t) { return bytes_array(t.data_as<std::string>(), t.shape()); }

}  // namespace

void init_numpy() {
  if (_import_array() < 0) throw py::error_already_set();
  py::object bf16 = py::module_::import("ml_dtypes").attr("bfloat16");
  py::object descr = py::module_::import("numpy").attr("dtype")(bf16);
  g_bfloat16_descr = reinterpret_cast<PyArray_Descr*>(descr.release().ptr());  // kept for the process
  g_bfloat16_typenum = g_bfloat16_descr->type_num;
}

namespace {

DType dtype_of_descr(PyArray_Descr* d) {
  switch (d->type_num) {
    case NPY_FLOAT32: return DType::kFloat32;
    case NPY_FLOAT64: return DType::kFloat64;
    case NPY_INT32: return DType::kInt32;
    case NPY_UINT8: return DType::kUInt8;
    case NPY_INT16: return DType::kInt16;
    case NPY_INT8: return DType::kInt8;
    case NPY_OBJECT: return DType::kString;
    case NPY_COMPLEX64: return DType::kComplex64;
    case NPY_BOOL: return DType::kBool;
    case NPY_UINT16: return DType::kUInt16;
    case NPY_COMPLEX128: return DType::kComplex128;
    case NPY_FLOAT16: return DType::kFloat16;
    default: break;
  }
  // long/longlong and their unsigned forms alias int64/uint64 on LP64 but differ in type_num.
  if (PyDataType_ISINTEGER(d) && PyDataType_ELSIZE(d) == 8) return PyDataType_ISSIGNED(d) ? DType::kInt64 : DType::kUInt64;
  if (PyDataType_ISINTEGER(d) && PyDataType_ELSIZE(d) == 4) return PyDataType_ISSIGNED(d) ? DType::kInt32 : DType::kUInt32;
  if (d->type_num == g_bfloat16_typenum) return DType::kBFloat16;
  return DType::kInvalid;
}

}  // namespace

DType dtype_of_array(PyObject* array) { return dtype_of_descr(PyArray_DESCR(reinterpret_cast<PyArrayObject*>(array))); }

DType numpy_scalar_dtype(PyObject* scalar) {
  PyArray_Descr* d = PyArray_DescrFromScalar(scalar);
  if (d == nullptr) throw py::error_already_set();
  DType dtype = dtype_of_descr(d);
  Py_DECREF(d);
  return dtype;
}

PyObject* empty_array(DType dtype, const Shape& shape) { return new_array(dtype, shape, nullptr, 0); }

PyObject* bytes_array(const std::string* strings, const Shape& shape) {
  PyObject* out = new_array(DType::kString, shape, nullptr, 0);
  if (!out) return nullptr;
  auto** items = static_cast<PyObject**>(PyArray_DATA(reinterpret_cast<PyArrayObject*>(out)));
  for (int64_t i = 0; i < shape.num_elements(); ++i) {
    PyObject* b = PyBytes_FromStringAndSize(strings[i].data(), static_cast<Py_ssize_t>(strings[i].size()));
    if (!b) {
      Py_DECREF(out);
      return nullptr;
    }
    Py_XSETREF(items[i], b);
  }
  return out;
}

PyObject* numpy_dtype(DType dtype) { return reinterpret_cast<PyObject*>(descr_of(dtype)); }

Tensor borrow_array(PyObject* obj, DType want) {
  if (!PyArray_Check(obj)) return Tensor();
  auto* arr = reinterpret_cast<PyArrayObject*>(obj);
  if (want == DType::kString || !PyArray_ISCARRAY_RO(arr) || !PyArray_ISNOTSWAPPED(arr)) return Tensor();
  if (dtype_of_array(obj) != want) return Tensor();
  Py_INCREF(obj);
  return Tensor::borrow(want, shape_of(arr), PyArray_DATA(arr), static_cast<size_t>(PyArray_NBYTES(arr)),
                        [obj] { release_array(obj); });
}

Tensor copy_from_array(PyObject* obj, Allocator* allocator) {
  if (!PyArray_Check(obj)) throw_type_error("expected a NumPy array");
  auto* arr = reinterpret_cast<PyArrayObject*>(obj);
  DType dtype = dtype_of_array(obj);
  if (dtype == DType::kInvalid) {
    throw_type_error("unsupported NumPy dtype " +
                     py::str(reinterpret_cast<PyObject*>(PyArray_DESCR(arr))).cast<std::string>());
  }
  if (!PyArray_ISCARRAY_RO(arr) || !PyArray_ISNOTSWAPPED(arr)) {
    throw_error(Code::kInternal, "copy_from_array needs a C-contiguous native array");
  }
  Tensor out = Tensor::allocate(dtype, shape_of(arr), allocator);
  if (dtype != DType::kString) {
    copy_elements_to_new(dtype, PyArray_DATA(arr), out.mutable_data(), out.num_elements());
    return out;
  }
  auto** items = static_cast<PyObject**>(PyArray_DATA(arr));
  auto* dst = static_cast<std::string*>(out.mutable_data());
  for (int64_t i = 0; i < out.num_elements(); ++i) {
    char* data = nullptr;
    Py_ssize_t size = 0;
    if (items[i] == nullptr || PyBytes_AsStringAndSize(items[i], &data, &size) < 0) {
      PyErr_Clear();
      throw_type_error("string tensors hold bytes; got an element of another type");
    }
    dst[i].assign(data, static_cast<size_t>(size));
  }
  return out;
}

// A symbolic tensor (a graph's, see Tensor::symbolic) has no value to show: NotImplementedError,
// as TensorFlow's for a symbolic tensor converted to an array. Python code reading a value
// while tracing checks value_known() first and says which tensor; this is the last guard.
bool refuse_symbolic(const Tensor& t) {
  if (!t.is_symbolic()) return false;
  PyErr_SetString(PyExc_NotImplementedError,
                  "Cannot convert a symbolic tf.Tensor to a numpy array: its value is known only when its graph runs.");
  return true;
}

PyObject* copy_to_array(const Tensor& t) {
  if (!readable(t)) return nullptr;
  if (refuse_symbolic(t)) return nullptr;
  if (t.dtype() == DType::kString) return strings_to_array(t);
  PyObject* out = new_array(t.dtype(), t.shape(), nullptr, 0);
  if (out) {
    void* dst = PyArray_DATA(reinterpret_cast<PyArrayObject*>(out));
    // A large copy (and the first touch of the new array's pages) runs without the GIL, as the
    // updates do; `t` keeps its buffer alive and nobody else sees `out` yet.
    if (t.byte_size() >= kReleaseGilBytes) {
      without_gil([&] { copy_elements_to_new(t.dtype(), t.data(), dst, t.num_elements()); });
    } else {
      copy_elements_to_new(t.dtype(), t.data(), dst, t.num_elements());
    }
  }
  return out;
}

PyObject* copy_to_value(const Tensor& t) {
  PyObject* out = copy_to_array(t);
  if (out == nullptr || t.shape().rank() != 0) return out;
  return PyArray_Return(reinterpret_cast<PyArrayObject*>(out));  // steals out
}

PyObject* view_of(const Tensor& t) {
  if (!readable(t)) return nullptr;
  if (t.dtype() == DType::kString || !t.buffer()) {
    PyObject* out = copy_to_array(t);
    if (out) PyArray_CLEARFLAGS(reinterpret_cast<PyArrayObject*>(out), NPY_ARRAY_WRITEABLE);
    return out;
  }
  PyObject* out = new_array(t.dtype(), t.shape(), t.mutable_data(), NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED);
  if (!out) return nullptr;
  Buffer* buffer = t.buffer().get();
  buffer->ref();
  PyObject* capsule = PyCapsule_New(buffer, "varrt.buffer", capsule_release);
  if (!capsule) {
    buffer->unref();
    Py_DECREF(out);
    return nullptr;
  }
  if (PyArray_SetBaseObject(reinterpret_cast<PyArrayObject*>(out), capsule) < 0) {  // steals capsule
    Py_DECREF(out);
    return nullptr;
  }
  return out;
}

}  // namespace bind
}  // namespace varrt
