// The one conversion of host values into tensors, with TensorFlow's rules: Python scalars and
// nested lists are walked (interop/sequence.h) and decided by varrt/tf/conversion_rules.h;
// NumPy arrays and scalars keep their dtype or are cast by NumPy (its casting rules and
// errors are TensorFlow's here, since TensorFlow casts with NumPy too). The result goes to one
// of the three places a converted value is used: a NumPy array (the Python layer's NumPy
// kernels), a tensor on the current device (_EagerConst), or a host tensor an op consumes
// within the call.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>

#include "interop/tensor.h"
#include "varrt/core/tensor.h"
#include "varrt/tf/conversion_rules.h"

namespace varrt {
namespace bind {

// Values converted here directly: Python scalars, lists and tuples, NumPy arrays and scalars.
// Anything else (Tensors, Variables, user objects with __array__) goes through the Python
// layer's convert_to_tensor first, which owns the rules for tensors and calls back here.
bool is_host_value(PyObject* value);

// A Python float as a 0-d host tensor of `want` (float32 or float64) an op consumes within the
// call, as Converted(...).to_host_tensor() makes it, without walking it as a nested value (the
// scalar of `v[1].assign(5.)`); an invalid Tensor when `value` is anything else, or a float32
// out of range, which the general conversion decides.
Tensor python_float_tensor(PyObject* value, DType want);

// A Python float or int (not a bool) as one element of `want`, written to `out` (8 bytes, aligned),
// where TensorFlow's conversion of it to `want` gives exactly that: a float to float32 (rounded
// to nearest, finite stays finite) or float64; an int to int32 or int64 within range, or to
// float32/float64 when it is exact there (|x| <= 2^24, 2^53). False for anything else (nothing
// raised), which the general conversion decides and reports.
bool python_number_element(PyObject* value, DType want, void* out);

// A converted value: NumPy numbers as a C-contiguous native array of `dtype`, or the walked
// elements. The elements live in per-thread scratch, reused by the next conversion on the
// thread once this one is gone (a nested conversion, from Python code the walk runs, gets its own).
class Converted {
 public:
  // Throws TensorFlow's ValueError/TypeError. With `hint`, `want` is TensorFlow's dtype_hint:
  // a value that does not convert to it is converted with the inferred dtype instead.
  Converted(PyObject* value, DType want, bool hint = false);
  Converted(const Converted&) = delete;
  Converted& operator=(const Converted&) = delete;

  DType dtype() const { return dtype_; }
  // A new reference to an ndarray holding the value (object array of bytes for strings).
  pybind11::object to_array() const;
  // The value as a new tensor on the current device, placed and logged as _EagerConst.
  PyTensor to_device() const;
  // The value as a host tensor for an op that consumes it within the call (logged as
  // _EagerConst): the array itself or a staging buffer no device allocator counts.
  Tensor to_host_tensor() const;

 private:
  // The elements' storage for this conversion, given back when it ends (by an exception too).
  struct Scratch {
    Scratch();
    ~Scratch();
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;
    tf::Leaves* leaves;
    std::unique_ptr<tf::Leaves> own;  // a nested conversion's
  };

  void convert(PyObject* value, DType want);

  Scratch scratch_;
  tf::Leaves* leaves_ = scratch_.leaves;
  DType dtype_ = DType::kInvalid;
  pybind11::object array_;
};

}  // namespace bind
}  // namespace varrt
