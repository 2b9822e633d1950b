// Integer indices (`x[1]`, `x[1, -2]`) read straight into a StridedSliceSpec, so the most
// common slice of a variable and its assign skip the Python layer's general index compiler
// (python/varrt/ops/slicing.py, which owns the rules for every other kind of index).
#pragma once

#include <pybind11/pybind11.h>

#include "varrt/kernels/strided_slice.h"

namespace varrt {
namespace bind {

// True, with `spec` filled as slicing.slice_spec would fill it, when `key` is a Python int
// (not a bool), a NumPy int16/int32/int64 scalar, or a non-empty tuple of those that fits
// int64. False for anything else (nothing raised): the caller takes the general path.
bool int_index_spec(pybind11::handle key, StridedSliceSpec* spec);

}  // namespace bind
}  // namespace varrt
