// The Python Tensor object. `_C.TensorBase` is a C type holding a PyTensor inline, so an op
// returns a tensor with one allocation and reads its inputs without a Python attribute
// lookup; varrt.Tensor subclasses it (the Python methods) and is registered back with
// `_C._set_tensor_class`, so results are varrt.Tensor instances.
#pragma once

#include <Python.h>

#include "interop/tensor.h"

namespace varrt {
namespace bind {

struct TensorObject {
  PyObject_HEAD
  PyTensor value;
};

// Adds TensorBase and _set_tensor_class to the module.
void add_tensor_type(PyObject* module);
// Whether `o` is a TensorBase (a varrt.Tensor).
bool is_tensor_object(PyObject* o);
inline PyTensor& tensor_of(PyObject* o) { return reinterpret_cast<TensorObject*>(o)->value; }
// A new varrt.Tensor holding `t` (null with an error set on failure).
PyObject* wrap_tensor(PyTensor t);
// A new graph tensor (the registered SymbolicTensor class) holding `t`, whatever this thread builds.
PyObject* wrap_symbolic_tensor(PyTensor t);

}  // namespace bind
}  // namespace varrt
