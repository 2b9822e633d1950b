// Reductions (TensorFlow's Sum, Prod, Max, Min, Mean) over a set of axes, in the core.
//
// Semantics are TensorFlow's: integer Sum and Prod wrap in the input's dtype; the integer Mean is
// the sum (in int64, or uint64 for unsigned types, wrapping there) divided with truncation toward
// zero; Max and Min propagate NaN, and over an empty set give the dtype's lowest and highest value
// (-inf and +inf for floating types); Sum of nothing is 0, Prod 1; Mean of nothing is NaN for
// floating types and 0 for integer and complex ones.
//
// Floating sums are pairwise: blocks of 256 contiguous elements summed in 16 interleaved lanes,
// then a binary tree over the blocks (over rows of 16 for reductions along outer axes), so the
// error grows with log(n) as NumPy's pairwise sum does, also along axes NumPy sums sequentially.
// The tree depends only on the shape, so results do not depend on the number of threads.
// float32, float16 and bfloat16 sums, products and means accumulate in double and round once at
// the end (reduction_types.h says why); Max and Min compare in float.
//
// Large reductions run on the thread pool (core/parallel.h); small ones allocate nothing but the
// output.
#pragma once

#include <vector>

#include "varrt/core/allocator.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace kernels {

enum class ReduceOp { kSum, kProd, kMax, kMin, kMean };

// TensorFlow's op name: "Sum", "Prod", "Max", "Min", "Mean".
const char* reduce_op_name(ReduceOp op);

// Whether `op` is defined for `dtype`: every real numeric dtype (float16, bfloat16, float32,
// float64, int8-64, uint8-64), and complex64/complex128 for Sum, Prod and Mean (not Max/Min).
bool reduce_supported(ReduceOp op, DType dtype);

// Reduces `input` over `axes` (distinct, each in [0, rank); empty reduces nothing, every element
// then being its own result). The result has the input's dtype and shape, without the reduced
// dimensions or, with `keep_dims`, with them as 1; its memory comes from `allocator`.
// Throws InvalidArgument when reduce_supported(op, dtype) is false or an axis is out of range or
// repeated (the caller checks both first, with TensorFlow's wording).
Tensor Reduce(ReduceOp op, const Tensor& input, const std::vector<int>& axes, bool keep_dims, Allocator& allocator);

}  // namespace kernels
}  // namespace varrt
