// _C.FastOp: the Python entry of the ops with core kernels (tf.add, tf.matmul, Tensor and
// Variable operators). One crossing: the call classifies its operands, reads variables
// (ReadVariableOp), converts a Python or NumPy value (_EagerConst) and runs the op through
// the core dispatch, all in C++. Anything it does not cover — keyword arguments, sequences,
// dtypes or shapes without a core kernel, mismatched dtypes — goes to the op's Python
// implementation (`fallback`), which owns TensorFlow's conversion rules and messages for
// those cases. The choice is made before anything is logged; after the operands have been
// read or converted, a fallback gets those tensors, so the placement log shows each op once.
//
// A FastOp is also a method descriptor (Tensor.__add__ and Variable.__add__ are FastOps):
// CPython then calls it with the instance as first argument without binding a method.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <new>
#include <vector>

#include "bindings.h"
#include "interop/convert.h"
#include "interop/handle.h"
#include "interop/tensor_object.h"
#include "varrt/kernels/cast.h"
#include "varrt/kernels/math_functions.h"
#include "varrt/ops/math_function_ops.h"
#include "varrt/ops/math_ops.h"
#include "varrt/ops/matmul_ops.h"
#include "varrt/ops/variable_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

using kernels::BinaryOp;

// How the second operand (a Python or NumPy value) is converted, after TensorFlow's
// math_ops: with the tensor's dtype as a hint (tf.add, `tensor + value`, truediv, matmul),
// strictly (tf.subtract, tf.multiply, comparisons), or strictly with the operands swapped
// (`value - tensor`, the reflected operators).
enum class Mode { kHint, kStrict, kReflected };
enum class Kind { kBinary, kMatMul, kReduce, kUnary, kCast, kMath };

struct FastOpObject {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  Kind kind;
  BinaryOp op;
  kernels::ReduceOp reduce_op;
  kernels::UnaryOp unary_op;
  const kernels::MathFunction* math;  // kMath: a one-input function of kernels::math_functions()
  Mode mode;
  PyObject* fallback;
};

PyObject* variable_types = nullptr;  // tuple of the Variable classes read by ReadVariableOp alone

bool is_plain_variable(PyObject* o) {
  if (variable_types == nullptr) return false;
  PyObject* type = reinterpret_cast<PyObject*>(Py_TYPE(o));
  Py_ssize_t n = PyTuple_GET_SIZE(variable_types);
  for (Py_ssize_t i = 0; i < n; ++i) {
    if (PyTuple_GET_ITEM(variable_types, i) == type) return true;
  }
  return false;
}

bool is_value(PyObject* o) {
  return PyFloat_CheckExact(o) || PyLong_CheckExact(o) || PyBool_Check(o) ||
         (is_host_value(o) && !PyList_Check(o) && !PyTuple_Check(o) && o != Py_None);
}

// One operand on its way to the kernel.
struct Operand {
  PyObject* object = nullptr;
  enum { kTensor, kVariable, kValue } kind = kValue;
  DType dtype = DType::kInvalid;
  const OwnedHandle* handle = nullptr;
  PyTensor tensor;  // filled by materialize()
};

// Classifies without side effects; false when the fast path does not apply.
bool classify(PyObject* o, Operand* out) {
  out->object = o;
  if (is_tensor_object(o)) {
    out->kind = Operand::kTensor;
    out->dtype = tensor_of(o).tensor.dtype();
    return true;
  }
  if (is_plain_variable(o)) {
    try {
      out->handle = &handle_of(o);
    } catch (...) {
      return false;  // never created: the Python path raises the error
    }
    if (!out->handle->handle().valid()) return false;
    out->kind = Operand::kVariable;
    out->dtype = out->handle->handle().var()->dtype();
    return true;
  }
  out->kind = Operand::kValue;
  return is_value(o);
}

// Reads a variable (ReadVariableOp) or takes a tensor; values are converted by the caller.
void materialize(Operand& operand) {
  if (operand.kind == Operand::kTensor) {
    operand.tensor = tensor_of(operand.object);
  } else if (operand.kind == Operand::kVariable) {
    const ResourceHandle& h = operand.handle->handle();
    operand.tensor = PyTensor{ops::ReadVariableOp(h), h.device()};
  }
}

bool supported(const FastOpObject* self, DType dtype) {
  if (self->kind == Kind::kMatMul) return ops::matmul_kernel_dtype(dtype);
  return kernels::binary_supported(self->op, dtype);
}

PyObject* call_fallback(FastOpObject* self, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
  return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

// The fallback with the operands as the tensors already read or converted, in the order
// the method or function received them.
PyObject* fallback_with(FastOpObject* self, Operand& x, Operand& y) {
  PyObject* a = wrap_tensor(x.tensor);
  if (a == nullptr) return nullptr;
  PyObject* b = wrap_tensor(y.tensor);
  if (b == nullptr) {
    Py_DECREF(a);
    return nullptr;
  }
  PyObject* args[2] = {a, b};
  PyObject* r = PyObject_Vectorcall(self->fallback, args, 2, nullptr);
  Py_DECREF(a);
  Py_DECREF(b);
  return r;
}

// Runs the core kernel on `first OP second`, or returns null without an error set when it
// has none for these shapes (the caller then falls back with the tensors).
PyObject* run_kernel(FastOpObject* self, const PyTensor& first, const PyTensor& second) {
  const Shape& sa = first.tensor.shape();
  const Shape& sb = second.tensor.shape();
  PlacedTensor out;
  if (self->kind == Kind::kMatMul) {
    if (sa.rank() != 2 || sb.rank() != 2) return nullptr;  // BatchMatMulV2 or an error: the Python path decides
    out = ops::MatMul(PlacedTensor{first.tensor, first.device}, PlacedTensor{second.tensor, second.device}, false,
                      false);
  } else {
    // Shapes that do not broadcast fail in the op's kernel with TensorFlow's message, as the
    // Python path's does.
    out = ops::BinaryOp(self->op, PlacedTensor{first.tensor, first.device}, PlacedTensor{second.tensor, second.device});
  }
  return wrap_tensor(PyTensor{std::move(out.tensor), out.device});
}

// Reduction axes from None, an int or a list/tuple of ints, normalised to [0, rank) and sorted;
// false (the Python path then raises TensorFlow's error) for anything else.
bool reduction_axes(PyObject* axis, int rank, std::vector<int>* axes) {
  axes->clear();
  if (axis == nullptr || axis == Py_None) {
    for (int i = 0; i < rank; ++i) axes->push_back(i);
    return true;
  }
  auto add = [&](PyObject* o) {
    if (!PyLong_CheckExact(o)) return false;
    long a = PyLong_AsLong(o);
    if (a == -1 && PyErr_Occurred()) {
      PyErr_Clear();
      return false;
    }
    if (a < -rank || a >= rank) return false;
    int n = static_cast<int>(a < 0 ? a + rank : a);
    for (int seen : *axes) {
      if (seen == n) return false;
    }
    axes->push_back(n);
    return true;
  };
  if (PyList_CheckExact(axis) || PyTuple_CheckExact(axis)) {
    PyObject* seq = axis;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n; ++i) {
      if (!add(PySequence_Fast_GET_ITEM(seq, i))) return false;
    }
  } else if (!add(axis)) {
    return false;
  }
  std::sort(axes->begin(), axes->end());
  return true;
}

bool reduce_dtype(DType d) {
  // The dtypes whose core reduction gives what the Python kernel gives (narrow floats and
  // complex stay there: it accumulates them differently).
  switch (d) {
    case DType::kFloat32: case DType::kFloat64: case DType::kInt32: case DType::kInt64: case DType::kInt8:
    case DType::kInt16: case DType::kUInt8: case DType::kUInt16: case DType::kUInt32: case DType::kUInt64:
      return true;
    default:
      return false;
  }
}

// Python's predicate: whether a graph tensor's rank is unknown (ops/reduction_ops.py sets it).
PyObject*& rank_unknown() {
  static PyObject* fn = nullptr;
  return fn;
}

// reduce_*(input_tensor, axis=None, keepdims=False): a tensor or variable, axes as ints.
PyObject* fast_reduce(FastOpObject* self, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  PyObject* slots[3] = {nullptr, nullptr, nullptr};
  if (nargs < 1 || nargs > 3) return call_fallback(self, args, nargsf, kwnames);
  for (Py_ssize_t i = 0; i < nargs; ++i) slots[i] = args[i];
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, k);
    int slot = PyUnicode_CompareWithASCIIString(key, "axis") == 0       ? 1
               : PyUnicode_CompareWithASCIIString(key, "keepdims") == 0 ? 2
                                                                        : -1;
    if (slot < 0 || slots[slot] != nullptr) return call_fallback(self, args, nargsf, kwnames);
    slots[slot] = args[nargs + k];
  }
  PyObject* keep = slots[2];
  if (keep != nullptr && keep != Py_True && keep != Py_False) return call_fallback(self, args, nargsf, kwnames);
  // All axes of a graph tensor whose rank is known only when the graph runs: the Python path
  // records a node that reduces whatever rank it then has (Python knows what the graph knows).
  if ((slots[1] == nullptr || slots[1] == Py_None) && is_symbolic_tensor(slots[0]) && rank_unknown() != nullptr) {
    PyObject* unknown = PyObject_CallOneArg(rank_unknown(), slots[0]);
    if (unknown == nullptr) return nullptr;
    const int truth = PyObject_IsTrue(unknown);
    Py_DECREF(unknown);
    if (truth < 0) return nullptr;
    if (truth) return call_fallback(self, args, nargsf, kwnames);
  }
  Operand x;
  if (!classify(slots[0], &x) || x.kind == Operand::kValue || !reduce_dtype(x.dtype)) {
    return call_fallback(self, args, nargsf, kwnames);
  }
  try {
    materialize(x);
    std::vector<int> axes;
    if (!reduction_axes(slots[1], x.tensor.tensor.shape().rank(), &axes)) {
      // The Python path checks the axes (after the read, as here) and raises TensorFlow's error.
      PyObject* t = wrap_tensor(x.tensor);
      if (t == nullptr) return nullptr;
      PyObject* call_args[4] = {t, nullptr, nullptr, nullptr};
      std::copy(args + 1, args + nargs + nkw, call_args + 1);
      PyObject* r = PyObject_Vectorcall(self->fallback, call_args, nargs, kwnames);
      Py_DECREF(t);
      return r;
    }
    PlacedTensor out = ops::Reduce(self->reduce_op, PlacedTensor{x.tensor.tensor, x.tensor.device}, axes, keep == Py_True);
    return wrap_tensor(PyTensor{std::move(out.tensor), out.device});
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

// negative/square/abs(x), the one-input math functions (lgamma(x), ...) and cast(x, dtype) of a
// tensor or variable: one input, positional.
PyObject* fast_single(FastOpObject* self, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  const bool is_cast = self->kind == Kind::kCast;
  if (nargs != (is_cast ? 2 : 1) || kwnames != nullptr) return call_fallback(self, args, nargsf, kwnames);
  Operand x;
  if (!classify(args[0], &x) || x.kind == Operand::kValue) return call_fallback(self, args, nargsf, kwnames);
  DType to = DType::kInvalid;
  if (is_cast) {
    // A varrt DType (its enum); names and NumPy types take the Python path (dtypes.as_dtype).
    static PyObject* const enum_name = PyUnicode_InternFromString("_enum");
    PyObject* e = PyObject_GetAttr(args[1], enum_name);
    if (e == nullptr) {
      PyErr_Clear();
      return call_fallback(self, args, nargsf, kwnames);
    }
    long v = PyLong_Check(e) ? PyLong_AsLong(e) : -1;
    Py_DECREF(e);
    to = static_cast<DType>(v);
    // The same dtype returns the input itself (TensorFlow's rule, in the Python function).
    if (v < 0 || to == x.dtype || !kernels::cast_supported(x.dtype, to)) {
      PyErr_Clear();
      return call_fallback(self, args, nargsf, kwnames);
    }
  } else if (self->kind == Kind::kMath ? !kernels::math_function_supported(x.dtype)
                                        : !kernels::unary_supported(self->unary_op, x.dtype)) {
    return call_fallback(self, args, nargsf, kwnames);
  }
  try {
    materialize(x);
    PlacedTensor in{x.tensor.tensor, x.tensor.device};
    PlacedTensor out = is_cast                       ? ops::Cast(in, to)
                       : self->kind == Kind::kMath ? ops::MathFunction(*self->math, &in, "")
                                                     : ops::UnaryOp(self->unary_op, in);
    return wrap_tensor(PyTensor{std::move(out.tensor), out.device});
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

// x is args[0] (the tensor whose dtype rules: `self` of a method, the first argument of a
// function), y args[1]. The op computes x OP y, or y OP x for the reflected operators.
PyObject* fast_call(PyObject* callable, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
  auto* self = reinterpret_cast<FastOpObject*>(callable);
  if (self->kind == Kind::kReduce) return fast_reduce(self, args, nargsf, kwnames);
  if (self->kind == Kind::kUnary || self->kind == Kind::kCast || self->kind == Kind::kMath) {
    return fast_single(self, args, nargsf, kwnames);
  }
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  if (nargs != 2 || kwnames != nullptr) return call_fallback(self, args, nargsf, kwnames);
  const bool reflected = self->mode == Mode::kReflected;
  Operand x, y;
  if (!classify(args[0], &x) || !classify(args[1], &y) || x.kind == Operand::kValue || !supported(self, x.dtype) ||
      (y.kind != Operand::kValue && y.dtype != x.dtype)) {
    return call_fallback(self, args, nargsf, kwnames);
  }
  try {
    if (y.kind != Operand::kValue) {
      // Tensors are read in the order the op takes them (the order TensorFlow logs the reads).
      materialize(reflected ? y : x);
      materialize(reflected ? x : y);
    } else {
      std::unique_ptr<Converted> value;
      try {
        value.reset(new Converted(y.object, x.dtype, self->mode == Mode::kHint));
      } catch (...) {
        PyErr_Clear();
        return call_fallback(self, args, nargsf, kwnames);  // the Python rules raise the right error
      }
      if (value->dtype() != x.dtype) return call_fallback(self, args, nargsf, kwnames);
      materialize(x);  // the tensor first, then the value's _EagerConst, as the Python path logs them
      y.tensor = value->to_device();
    }
    PyObject* r = reflected ? run_kernel(self, y.tensor, x.tensor) : run_kernel(self, x.tensor, y.tensor);
    if (r != nullptr || PyErr_Occurred()) return r;
    return fallback_with(self, x, y);
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

void fast_dealloc(PyObject* o) {
  Py_XDECREF(reinterpret_cast<FastOpObject*>(o)->fallback);
  Py_TYPE(o)->tp_free(o);
}

PyObject* fast_get(PyObject* o, PyObject* obj, PyObject*) {
  if (obj == nullptr || obj == Py_None) {
    Py_INCREF(o);
    return o;
  }
  return PyMethod_New(o, obj);
}

// Name, docs and signature are the Python implementation's.
PyObject* fast_getattro(PyObject* o, PyObject* name) {
  PyObject* r = PyObject_GenericGetAttr(o, name);
  if (r != nullptr || !PyErr_ExceptionMatches(PyExc_AttributeError)) return r;
  PyErr_Clear();
  if (PyUnicode_CompareWithASCIIString(name, "__wrapped__") == 0) {
    PyObject* f = reinterpret_cast<FastOpObject*>(o)->fallback;
    Py_INCREF(f);
    return f;
  }
  return PyObject_GetAttr(reinterpret_cast<FastOpObject*>(o)->fallback, name);
}

PyObject* fast_doc(PyObject* o, void*) {
  return PyObject_GetAttrString(reinterpret_cast<FastOpObject*>(o)->fallback, "__doc__");
}

PyObject* fast_repr(PyObject* o) {
  return PyObject_Repr(reinterpret_cast<FastOpObject*>(o)->fallback);
}

PyGetSetDef fast_getset[] = {
    {"__doc__", fast_doc, nullptr, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyTypeObject fast_op_type = [] {
  PyTypeObject t{};  // every slot zero, then the header PyVarObject_HEAD_INIT(nullptr, 0) would set
  t.ob_base = PyVarObject{PyObject_HEAD_INIT(nullptr) 0};
  t.tp_name = "varrt._C.FastOp";
  t.tp_basicsize = sizeof(FastOpObject);
  t.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_METHOD_DESCRIPTOR;
  t.tp_vectorcall_offset = offsetof(FastOpObject, vectorcall);
  t.tp_call = PyVectorcall_Call;
  t.tp_dealloc = fast_dealloc;
  t.tp_descr_get = fast_get;
  t.tp_getattro = fast_getattro;
  t.tp_getset = fast_getset;
  t.tp_repr = fast_repr;
  return t;
}();

// _C.fast_op(kind, op, mode, fallback): kind "binary", "matmul", "reduce", "unary", "math" or "cast";
// op a BINARY_OPS, REDUCE_OPS, UNARY_OPS or MATH_FUNCTIONS (of one input) value (0 otherwise);
// mode "hint", "strict" or "reflected".
PyObject* make_fast_op(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 4) {
    PyErr_SetString(PyExc_TypeError, "fast_op(kind, op, mode, fallback)");
    return nullptr;
  }
  const char* kind = PyUnicode_AsUTF8(args[0]);
  long op = PyLong_AsLong(args[1]);
  const char* mode = PyUnicode_AsUTF8(args[2]);
  if (kind == nullptr || mode == nullptr || (op == -1 && PyErr_Occurred())) return nullptr;
  const std::string k = kind;
  const auto& math = kernels::math_functions();
  if (k == "math" && (op < 0 || op >= static_cast<long>(math.size()) || math[static_cast<size_t>(op)].arity != 1)) {
    PyErr_SetString(PyExc_ValueError, "fast_op: not a one-input MATH_FUNCTIONS value");
    return nullptr;
  }
  auto* self = PyObject_New(FastOpObject, &fast_op_type);
  if (self == nullptr) return nullptr;
  self->vectorcall = fast_call;
  self->kind = k == "matmul"   ? Kind::kMatMul
               : k == "reduce" ? Kind::kReduce
               : k == "unary"  ? Kind::kUnary
               : k == "cast"   ? Kind::kCast
               : k == "math"   ? Kind::kMath
                               : Kind::kBinary;
  self->math = self->kind == Kind::kMath ? &math[static_cast<size_t>(op)] : nullptr;
  self->op = static_cast<BinaryOp>(self->kind == Kind::kBinary ? op : 0);
  self->reduce_op = static_cast<kernels::ReduceOp>(self->kind == Kind::kReduce ? op : 0);
  self->unary_op = static_cast<kernels::UnaryOp>(self->kind == Kind::kUnary ? op : 0);
  self->mode = std::string(mode) == "strict" ? Mode::kStrict
               : std::string(mode) == "reflected" ? Mode::kReflected
                                                  : Mode::kHint;
  Py_INCREF(args[3]);
  self->fallback = args[3];
  return reinterpret_cast<PyObject*>(self);
}

PyObject* set_variable_types(PyObject*, PyObject* types) {
  if (!PyTuple_Check(types)) {
    PyErr_SetString(PyExc_TypeError, "_set_variable_types takes a tuple of classes");
    return nullptr;
  }
  Py_INCREF(types);
  Py_XSETREF(variable_types, types);
  Py_RETURN_NONE;
}

PyMethodDef functions[] = {
    {"fast_op", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&make_fast_op)), METH_FASTCALL,
     "fast_op(kind, op, mode, fallback): an op entry with a core kernel and a Python fallback (internal)."},
    {"_set_variable_types", set_variable_types, METH_O,
     "The Variable classes whose value is their ReadVariableOp (operands of the fast ops)."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void bind_fast_ops(py::module_& m) {
  if (PyType_Ready(&fast_op_type) < 0) throw py::error_already_set();
  if (PyModule_AddFunctions(m.ptr(), functions) < 0) throw py::error_already_set();
  py::dict ops;
  for (auto op : kernels::kBinaryOps) ops[ops::binary_op_name(op)] = static_cast<int>(op);
  m.attr("BINARY_OPS") = ops;
  py::dict reduce_ops;
  for (auto op : {kernels::ReduceOp::kSum, kernels::ReduceOp::kProd, kernels::ReduceOp::kMax, kernels::ReduceOp::kMin,
                  kernels::ReduceOp::kMean}) {
    reduce_ops[kernels::reduce_op_name(op)] = static_cast<int>(op);
  }
  m.attr("REDUCE_OPS") = reduce_ops;
  m.def(
      "_set_rank_unknown",
      [](py::object fn) {
        Py_XDECREF(rank_unknown());
        rank_unknown() = fn.release().ptr();
      },
      py::arg("fn"), "Sets the predicate the reductions' fast entries ask whether a graph tensor's rank is unknown.");
  py::dict unary_ops;
  for (auto op : kernels::kUnaryOps) {
    unary_ops[ops::unary_op_name(op)] = static_cast<int>(op);
  }
  m.attr("UNARY_OPS") = unary_ops;
  add_tensor_type(m.ptr());
}

}  // namespace bind
}  // namespace varrt
