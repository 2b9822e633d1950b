#include "varrt/kernels/reduction_plan.h"

namespace varrt {
namespace kernels {

void ReduceDims::push(ReduceDim d) {
  if (size_ < kInline) {
    inline_[size_] = d;
  } else {
    more_.push_back(d);
  }
  ++size_;
}

int64_t ReduceDims::count() const {
  int64_t n = 1;
  for (int i = 0; i < size_; ++i) n *= (*this)[i].size;
  return n;
}

int64_t ReduceDims::offset_slow(int64_t i) const {
  int64_t offset = 0;
  for (int d = size_ - 1; d >= 0; --d) {
    const ReduceDim& dim = (*this)[d];
    offset += (i % dim.size) * dim.stride;
    i /= dim.size;
  }
  return offset;
}

ReducePlan plan_reduction(const Shape& shape, const bool* reduced) {
  // Merged dimensions, outermost first; strides of a contiguous layout survive dropping size-1
  // dimensions, and two neighbours of one kind merge into one of their product's size with the
  // inner one's stride.
  struct Merged {
    int64_t size, stride;
    bool reduced;
  };
  Merged dims[kMaxReduceRank];
  int n = 0;
  int64_t stride = 1;
  for (int d = shape.rank() - 1; d >= 0; --d) {  // innermost first, then reversed below
    const int64_t size = shape.dim(d);
    if (size != 1) {
      if (n > 0 && dims[n - 1].reduced == reduced[d]) {
        dims[n - 1].size *= size;
      } else {
        dims[n++] = {size, stride, reduced[d]};
      }
    }
    stride *= size;
  }
  ReducePlan plan;
  if (n == 0) return plan;  // a single element: an inner run of one
  plan.inner = dims[0].reduced;
  plan.run = dims[0].size;
  for (int i = n - 1; i >= 1; --i) {
    (dims[i].reduced ? plan.reduced : plan.kept).push({dims[i].size, dims[i].stride});
  }
  plan.outputs = plan.kept.count() * (plan.inner ? 1 : plan.run);
  plan.count = plan.reduced.count() * (plan.inner ? plan.run : 1);
  return plan;
}

}  // namespace kernels
}  // namespace varrt
