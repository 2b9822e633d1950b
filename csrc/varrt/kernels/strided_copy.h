// strided_copy: copies between two strided views of one logical shape, the kernel behind
// StridedSlice (strided source, contiguous destination) and ResourceStridedSliceAssign
// (broadcast source, strided destination). Strings are copied element by element.
#pragma once

#include <cstdint>
#include <vector>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

// For every position p in [0, sizes): dst[dst_strides . p] = src[src_strides . p].
// Strides count elements and may be negative; a 0 source stride broadcasts. `src` and `dst`
// point at the element of position 0. Views must not overlap.
void strided_copy(DType dtype, const std::vector<int64_t>& sizes, const void* src,
                  const std::vector<int64_t>& src_strides, void* dst, const std::vector<int64_t>& dst_strides);

}  // namespace kernels
}  // namespace varrt
