// How a reduction walks its input: the shape with size-1 dimensions dropped and neighbouring
// dimensions of the same kind (reduced or kept) merged, so that every reduction is one of two
// loops over contiguous memory:
//   inner: the innermost dimension is reduced; each output reduces contiguous runs of `run`
//          elements (one run unless other reduced dimensions remain in `reduced`);
//   outer: the innermost dimension is kept; each row of `run` outputs accumulates input rows of
//          `run` contiguous elements, one per index of `reduced`.
// Internal to the reduction kernels.
#pragma once

#include <cstdint>
#include <vector>

#include "varrt/core/shape.h"

namespace varrt {
namespace kernels {

struct ReduceDim {
  int64_t size;
  int64_t stride;  // in elements of the input
};

// A few dimensions, inline (a reduction of a small tensor allocates nothing here).
class ReduceDims {
 public:
  void push(ReduceDim d);
  int size() const { return size_; }
  const ReduceDim& operator[](int i) const { return i < kInline ? inline_[i] : more_[static_cast<size_t>(i - kInline)]; }
  // Product of the sizes.
  int64_t count() const;
  // The input offset of the i-th index of these dimensions (row-major, the last fastest).
  int64_t offset(int64_t i) const {
    if (size_ == 0) return 0;
    if (size_ == 1) return i * inline_[0].stride;
    return offset_slow(i);
  }

 private:
  static constexpr int kInline = 6;
  int64_t offset_slow(int64_t i) const;
  int size_ = 0;
  ReduceDim inline_[kInline];  // [0, size_) set by push
  std::vector<ReduceDim> more_;
};

struct ReducePlan {
  bool inner = true;
  int64_t run = 1;      // elements of the contiguous innermost dimension
  ReduceDims kept;      // inner: every kept dimension; outer: all but the innermost
  ReduceDims reduced;   // inner: all but the innermost; outer: every reduced dimension
  int64_t outputs = 1;  // elements of the result
  int64_t count = 1;    // elements reduced into each output
};

// TensorFlow's limit on a tensor's rank.
constexpr int kMaxReduceRank = 254;

// The plan for a C-contiguous tensor of `shape` (rank <= kMaxReduceRank) with the dimensions d
// where `reduced[d]` is true reduced. Every dimension must be non-empty (empty reductions are
// handled before planning).
ReducePlan plan_reduction(const Shape& shape, const bool* reduced);

}  // namespace kernels
}  // namespace varrt
