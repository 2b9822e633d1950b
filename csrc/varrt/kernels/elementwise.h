// Element-wise kernels the variable ops need, dispatched on dtype. Destination may alias
// a source. Integer arithmetic wraps (two's complement) as TensorFlow's does; float16 and
// bfloat16 compute in float32 and round to nearest even.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

// dst[i] = *element for i < n (TensorFlow's Fill); strings are assigned element by element.
void fill(DType dtype, const void* element, void* dst, int64_t n);
// dst[i] = a[i] + b[i] / a[i] - b[i]. Numeric dtypes only (the caller checks).
void add(DType dtype, const void* a, const void* b, void* dst, int64_t n);
void sub(DType dtype, const void* a, const void* b, void* dst, int64_t n);
// The same into new memory that does not overlap a or b and is not read again soon (a
// copy-on-write update's fresh buffer): large float32/float64 results go out with streaming
// stores, which do not read the destination first. Results identical to add/sub.
void add_to_new(DType dtype, const void* a, const void* b, void* dst, int64_t n);
void sub_to_new(DType dtype, const void* a, const void* b, void* dst, int64_t n);

}  // namespace kernels
}  // namespace varrt
