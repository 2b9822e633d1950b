// Copying elements of any dtype: memcpy for fixed-size types (split across the thread pool
// for large buffers), element-wise assignment for strings. In the core because Tensor's
// deep copy (the copy of copy-on-write) needs it.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {

// Copies `n` elements of `dtype` from `src` to `dst` (which must not overlap unless equal).
void copy_elements(DType dtype, const void* src, void* dst, int64_t n);

}  // namespace varrt
