// Basic indices (`x[1]`, `x[1, -2]`, `x[1:3]`, `x[:, ::2]`) read straight into a
// StridedSliceSpec, so the most common slices of a variable and their assigns skip the Python
// layer's general index compiler (python/varrt/ops/slicing.py, which owns the rules for every
// other kind of index and raises TensorFlow's errors for bad ones).
#pragma once

#include <pybind11/pybind11.h>

#include <memory>

#include "varrt/kernels/strided_slice.h"

namespace varrt {
namespace bind {

// True, with `spec` filled as slicing.slice_spec would fill it, when `key` is a Python int
// (not a bool), a NumPy int16/int32/int64 scalar, a slice whose start, stop and step are such
// integers or None (step not 0), or a non-empty tuple of those, every integer within int64.
// False for anything else (nothing raised): the caller takes the general path.
bool basic_index_spec(pybind11::handle key, StridedSliceSpec* spec);

// True, with `index` filled, when `key` is a Python int (not a bool) or a tuple of 1 to
// IntIndex::kMax of them, each within int64 and below its maximum: the keys basic_index_spec
// reads as shrunk axes only, without the spec (`v[1]`, `v[1, -2]`). False for anything else.
bool int_index_key(pybind11::handle key, IntIndex* index);

// A spec for basic_index_spec that the thread's next one reuses once this one is gone, so
// compiling `v[1]` and its assign allocates nothing after the first time (three vectors each
// time was a tenth of `v[1].assign(5.)`); a nested one, from Python code an op's hook runs,
// gets its own.
class ScratchSpec {
 public:
  ScratchSpec();
  ~ScratchSpec();
  ScratchSpec(const ScratchSpec&) = delete;
  ScratchSpec& operator=(const ScratchSpec&) = delete;

  StridedSliceSpec* get() const { return spec_; }

 private:
  StridedSliceSpec* spec_;
  std::unique_ptr<StridedSliceSpec> own_;  // a nested one's
};

}  // namespace bind
}  // namespace varrt
