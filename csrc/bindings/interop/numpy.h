// NumPy <-> core Tensor adaptation: dtype mapping, zero-copy borrowing of arrays as kernel
// inputs, copies out (numpy()), and read-only views that keep a buffer alive.
#pragma once

#include <Python.h>

#include "varrt/device/device.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace bind {

// Imports NumPy's C API and ml_dtypes (for bfloat16). Throws error_already_set on failure.
void init_numpy();

// The DType of an ndarray's element type, or kInvalid if varrt has none for it.
DType dtype_of_array(PyObject* array);
// The DType of a NumPy scalar (np.float16(1) -> kFloat16), or kInvalid.
DType numpy_scalar_dtype(PyObject* scalar);
// A new uninitialised C-contiguous ndarray (of None for kString) to fill.
PyObject* empty_array(DType dtype, const Shape& shape);
// A new object ndarray of bytes from `shape.num_elements()` strings.
PyObject* bytes_array(const std::string* strings, const Shape& shape);
// A new reference to the NumPy dtype object for `dtype` (object for strings).
PyObject* numpy_dtype(DType dtype);

// If `obj` is an ndarray of exactly `want` (native byte order, aligned, C-contiguous,
// not an object array), a tensor borrowing its memory (holding a reference to the array);
// otherwise an invalid Tensor. No copy, no allocation in any varrt allocator.
Tensor borrow_array(PyObject* obj, DType want);
// Copies a C-contiguous, aligned, native array (of any supported dtype, object arrays of
// bytes for strings) into memory from `allocator`. Throws varrt::Error on bad elements.
Tensor copy_from_array(PyObject* array, Allocator* allocator);

// A new writable ndarray with a copy of `t`.
PyObject* copy_to_array(const Tensor& t);
// Like copy_to_array, but a 0-d result becomes a NumPy scalar (what numpy() returns).
PyObject* copy_to_value(const Tensor& t);
// A read-only ndarray over `t`'s buffer, keeping the buffer alive (strings are copied).
PyObject* view_of(const Tensor& t);

}  // namespace bind
}  // namespace varrt
