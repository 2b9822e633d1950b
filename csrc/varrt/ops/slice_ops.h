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
// variable. `value` must have the variable's dtype.
void ResourceStridedSliceAssign(const ResourceHandle& handle, const StridedSliceSpec& spec, const Tensor& value);

}  // namespace ops
}  // namespace varrt
