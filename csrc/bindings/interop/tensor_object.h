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
  // Nonzero for a variable's slice whose copy is deferred (variable_slice.cc: `value` holds the
  // variable's value the slice is taken from, not the slice); tensor_of makes the slice first.
  int deferred;
};

// Adds TensorBase and _set_tensor_class to the module.
void add_tensor_type(PyObject* module);
// Whether `o` is a TensorBase (a varrt.Tensor).
bool is_tensor_object(PyObject* o);
// Makes a deferred slice's value (variable_slice.cc); only out of memory can fail it, which ends
// the process (its callers include getters that cannot fail).
void make_deferred_slice(PyObject* o) noexcept;
// The object's tensor, whatever reads it: a deferred slice is made here, on first use.
inline PyTensor& tensor_of(PyObject* o) {
  TensorObject* t = reinterpret_cast<TensorObject*>(o);
  if (t->deferred != 0) make_deferred_slice(o);
  return t->value;
}
// Keeps instances of `type` (a Python subclass of TensorBase without a __dict__: varrt.Tensor,
// VariableSlice) for reuse (interop/instance_pool.h). TypeError for any other class.
void pool_tensor_instances(PyTypeObject* type);
// A new instance of the TensorBase subclass `type`, its tensor not yet constructed (placement-new
// a PyTensor into it): a kept one when `type` is pooled. Null with an error set on failure.
PyObject* new_tensor_object(PyTypeObject* type);
// A new varrt.Tensor holding `t` (null with an error set on failure).
PyObject* wrap_tensor(PyTensor t);
// A new graph tensor (the registered SymbolicTensor class) holding `t`, whatever this thread builds.
PyObject* wrap_symbolic_tensor(PyTensor t);
// Whether `o` is a graph tensor (its static shape, even its rank, may be unknown).
bool is_symbolic_tensor(PyObject* o);

}  // namespace bind
}  // namespace varrt
