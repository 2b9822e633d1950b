// Copying elements of any dtype: memcpy for fixed-size types (split across the thread pool
// for large buffers), element-wise assignment for strings. In the core because Tensor's
// deep copy (the copy of copy-on-write) needs it.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {

// Copies `n` elements of `dtype` from `src` to `dst` (which must not overlap unless equal).
void copy_elements(DType dtype, const void* src, void* dst, int64_t n);

// The same, for a `dst` just allocated and never written (a new tensor or ndarray). Memory first
// touched here page-faults, and memcpy fills it about twice as fast in one large call as in small
// pieces (its large-copy paths avoid reading the destination first), so this is one memcpy; into
// memory already written, small pieces on the thread pool are as fast or faster (copy_elements).
void copy_elements_to_new(DType dtype, const void* src, void* dst, int64_t n);

}  // namespace varrt
