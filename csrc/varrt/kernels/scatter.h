// Row-wise update kernels for the scatter ops, dispatched once per op on dtype and update
// kind. Integer arithmetic wraps (two's complement) as TensorFlow's does, integer division
// truncates (INT_MIN / -1 wraps instead of trapping), float16/bfloat16 compute in float32,
// and min/max keep the current value unless the update compares strictly better (so a NaN
// already stored stays, a NaN update is ignored: Eigen's cwiseMin/cwiseMax on CPU).
#pragma once

#include <cstdint>
#include <vector>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

enum class UpdateOp { kAssign, kAdd, kSub, kMul, kDiv, kMin, kMax };

// Which update kinds a dtype supports: assign for every dtype; add/sub/mul/div for numeric
// dtypes; min/max for real numeric dtypes. `bool_arith` additionally allows add (logical
// or) and sub (exclusive or) on bool, as TensorFlow's ScatterNd kernels do.
bool update_supported(UpdateOp op, DType dtype, bool bool_arith = false);

// Where row i of the updates goes: row sum_d indices[i * depth + d] * row_strides[d] of the
// destination (int32 or int64 indices, already bounds-checked).
struct RowIndex {
  const void* indices;
  bool is64;
  int64_t depth;
  std::vector<int64_t> row_strides;
};

// For i in [0, n): dst row r(i) op= update row i (or the single element `updates[0]` for
// every element when `scalar_update`); rows are `row_len` elements. Rows are applied in
// order, so duplicate indices accumulate (add, mul, ...) and the last one wins (assign).
void scatter_rows(UpdateOp op, DType dtype, void* dst, const void* updates, bool scalar_update, int64_t row_len,
                  int64_t n, const RowIndex& index);

// True if any of the `n` elements is zero (the divisor check of ScatterDiv).
bool contains_zero(DType dtype, const void* data, int64_t n);

}  // namespace kernels
}  // namespace varrt
