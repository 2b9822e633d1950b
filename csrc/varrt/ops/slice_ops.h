// StridedSlice (reading `x[...]`) and ResourceStridedSliceAssign (`v[...].assign(value)`).
//
// StridedSlice may share memory with its input when the slice is the whole input or a
// contiguous range of rows (as TensorFlow aliases such slices); otherwise it copies.
// ResourceStridedSliceAssign runs under the variable's exclusive lock, validates everything
// first (a failed assign leaves the variable unchanged), and is copy-on-write: it writes in
// place only when nobody else holds the variable's buffer.
#pragma once

#include "varrt/resource/resource_mgr.h"
#include "varrt/kernels/strided_slice.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace ops {

// `input[spec]`, placed on the current device (reported in `placed_on` when given). With
// `share` false the result is always new memory: a slice of a variable's value must not
// keep the variable's buffer alive, or the next update would copy the whole variable.
Tensor StridedSlice(const Tensor& input, const StridedSliceSpec& spec, const Device** placed_on = nullptr,
                    bool share = true);

// Writes `value`, broadcast to the slice's shape, into the selected elements of the
// variable. `value` must have the variable's dtype (moved in: a copy would cost a reference count).
void ResourceStridedSliceAssign(const ResourceHandle& handle, const StridedSliceSpec& spec, Tensor value);

// ResourceStridedSliceAssign of one host number, `element` (of `dtype`, converted by the caller
// by TensorFlow's rules), to an index of integers only (`v[1].assign(5.)`), in eager code nothing
// observes (as ReadForSlice) on a local variable: written to every element of the indexed block
// under the variable's exclusive lock, copy-on-write, with no tensor made for the value and no
// op call. False, with nothing done, when any of that does not hold (another dtype, an index out
// of range, a string variable): the caller then runs ResourceStridedSliceAssign, which raises
// TensorFlow's errors.
bool AssignElementAtIndex(const ResourceHandle& handle, const IntIndex& index, DType dtype, const void* element);

// `variable[spec]` in eager code nothing observes (no hook, no forwarder, placement logging off),
// for a variable of at most kDeferredSliceMaxBytes: ReadVariableOp and StridedSlice with the
// slice's copy deferred. Sets `*value` to the variable's current value (sharing its buffer) and
// `*device` to where StridedSlice is placed; SliceOfRead makes the slice from them when it is
// used, and nothing is copied when it is only assigned through (`v[1].assign(x)`). False, with
// nothing done, when any of that does not hold or the spec does not fit the value: the caller
// then runs the two ops, which raise TensorFlow's errors.
bool ReadForSlice(const ResourceHandle& handle, const StridedSliceSpec& spec, Tensor* value, const Device** device);
// ReadForSlice for an index of integers only, without a spec (`v[1]`).
bool ReadForIndex(const ResourceHandle& handle, const IntIndex& index, Tensor* value, const Device** device);
// A read kept by a deferred slice pins the variable's buffer, so the variable's next update
// copies it: cheap for a small variable, not for a large one, whose slice is copied at once.
constexpr size_t kDeferredSliceMaxBytes = 1 << 16;
// The deferred slice: `value[spec]` as new memory on `device` (a spec ReadForSlice accepted).
Tensor SliceOfRead(const Tensor& value, const StridedSliceSpec& spec, const Device& device);

}  // namespace ops
}  // namespace varrt
