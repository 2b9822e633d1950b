// Basic indices (`x[1]`, `x[1, -2]`, `x[1:3]`, `x[:, ::2]`) read straight into a
// StridedSliceSpec, so the most common slices of a variable and their assigns skip the Python
// layer's general index compiler (python/varrt/ops/slicing.py, which owns the rules for every
// other kind of index and raises TensorFlow's errors for bad ones).
#pragma once

#include <pybind11/pybind11.h>

#include "varrt/kernels/strided_slice.h"

namespace varrt {
namespace bind {

// True, with `spec` filled as slicing.slice_spec would fill it, when `key` is a Python int
// (not a bool), a NumPy int16/int32/int64 scalar, a slice whose start, stop and step are such
// integers or None (step not 0), or a non-empty tuple of those, every integer within int64.
// False for anything else (nothing raised): the caller takes the general path.
bool basic_index_spec(pybind11::handle key, StridedSliceSpec* spec);

}  // namespace bind
}  // namespace varrt
