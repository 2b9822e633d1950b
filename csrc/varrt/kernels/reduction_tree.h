// The pairwise loops of the reductions. Internal to the reduction kernels (reduction_kernel.h).
//
// Contiguous runs: blocks of kBlock elements are each reduced in kLanes interleaved accumulators
// (independent chains the compiler vectorises) that are then combined pairwise; block results
// are combined by a binary counter, which is pairwise summation over the blocks. Rows (a
// reduction along outer axes): leaves of kLeafRows rows accumulated element-wise, combined by the
// same counter over whole rows. The tree's shape depends only on the element count, and a range
// that starts at a multiple of 2^k leaves and spans 2^k leaves is one of its subtrees, so chunks
// of that form can be reduced on different threads and combined into the same result.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <type_traits>

#include "varrt/kernels/reduction_types.h"

namespace varrt {
namespace kernels {
namespace reduce {

constexpr int64_t kBlock = 256;
constexpr int kLanes = 16;
constexpr int64_t kLeafRows = 16;

// Binary counter of subtree values: level l holds the combination of 2^l leaves.
template <class A, class Op>
class Counter {
 public:
  void push(A x) {
    int level = 0;
    for (uint64_t c = count_; c & 1; c >>= 1, ++level) x = Op::apply(levels_[level], x);
    levels_[level] = x;
    ++count_;
  }
  // The combination of everything pushed, smaller subtrees first; `seed` (if `have_seed`) is a
  // trailing partial subtree, smaller than any pushed one.
  A finish(A seed, bool have_seed) const {
    A r = seed;
    bool have = have_seed;
    for (int level = 0; level < 64; ++level) {
      if (!((count_ >> level) & 1)) continue;
      r = have ? Op::apply(levels_[level], r) : levels_[level];
      have = true;
    }
    return have ? r : Op::template identity<A>();
  }

 private:
  uint64_t count_ = 0;
  A levels_[64];
};

// Max/Min of float or double: compilers do not vectorise a NaN-propagating select on scalars, so
// this spells the vectors out (GCC/Clang vector extensions: SSE2 on x86-64, NEON on ARM): the
// max/min of the values, and apart from it whether any value was NaN.
template <class A, class Op>
constexpr bool kVectorExtreme = std::is_floating_point<A>::value && !Op::kArithmetic;

template <class A, class Op>
A extreme_block(const A* x, int64_t n) {
  typedef A V __attribute__((vector_size(16)));
  typedef decltype(V() != V()) M;  // lanes of all-ones / all-zeros
  constexpr int kPer = 16 / sizeof(A), kVecs = 4, kStep = kPer * kVecs;
  constexpr bool kMax = std::is_same<Op, MaxOp>::value;
  V acc[kVecs];
  M nan[kVecs];
  for (int j = 0; j < kVecs; ++j) {
    __builtin_memcpy(&acc[j], x + j * kPer, sizeof(V));
    nan[j] = acc[j] != acc[j];
  }
  int64_t i = kStep;
  for (; i + kStep <= n; i += kStep) {
    for (int j = 0; j < kVecs; ++j) {
      V b;
      __builtin_memcpy(&b, x + i + j * kPer, sizeof(V));
      const M take = kMax ? (b > acc[j]) : (b < acc[j]);
      acc[j] = (V)((take & (M)b) | (~take & (M)acc[j]));
      nan[j] |= b != b;
    }
  }
  A r = acc[0][0];
  bool any_nan = false;
  for (int j = 0; j < kVecs; ++j) {
    for (int k = 0; k < kPer; ++k) {
      r = Op::apply(r, acc[j][k]);
      any_nan = any_nan || nan[j][k] != 0;
    }
  }
  for (; i < n; ++i) r = Op::apply(r, x[i]);
  return any_nan ? std::numeric_limits<A>::quiet_NaN() : r;
}

// One block (1 <= n <= kBlock elements).
template <class A, class Op, class T>
A reduce_block(const T* x, int64_t n) {
  if constexpr (kVectorExtreme<A, Op> && std::is_same<A, T>::value) {
    if (n >= 2 * kLanes) return extreme_block<A, Op>(x, n);
  }
  if (n < 2 * kLanes) {
    A a = load<A>(x[0]);
    for (int64_t i = 1; i < n; ++i) a = Op::apply(a, load<A>(x[i]));
    return a;
  }
  A acc[kLanes];
  for (int j = 0; j < kLanes; ++j) acc[j] = load<A>(x[j]);
  int64_t i = kLanes;
  for (; i + kLanes <= n; i += kLanes) {
    for (int j = 0; j < kLanes; ++j) acc[j] = Op::apply(acc[j], load<A>(x[i + j]));
  }
  for (int j = 0; i < n; ++i, ++j) acc[j] = Op::apply(acc[j], load<A>(x[i]));
  for (int width = kLanes / 2; width > 0; width /= 2) {
    for (int j = 0; j < width; ++j) acc[j] = Op::apply(acc[j], acc[j + width]);
  }
  return acc[0];
}

// n >= 1 contiguous elements.
template <class A, class Op, class T>
A reduce_run(const T* x, int64_t n) {
  if constexpr (kVectorExtreme<A, Op> && std::is_same<A, T>::value) {  // no rounding: no tree needed
    if (n >= 2 * kLanes) return extreme_block<A, Op>(x, n);
  }
  if (n <= kBlock) return reduce_block<A, Op>(x, n);
  Counter<A, Op> tree;
  for (int64_t i = 0; i < n; i += kBlock) tree.push(reduce_block<A, Op>(x + i, std::min(kBlock, n - i)));
  return tree.finish(A(), false);
}

// A binary counter of rows of `width` accumulators, in caller-provided or heap scratch.
template <class A, class Op>
class RowCounter {
 public:
  // Room for `leaves` pushes.
  RowCounter(int64_t width, int64_t leaves, A* scratch, int64_t scratch_size) : width_(width) {
    while ((int64_t{1} << levels_) <= leaves) ++levels_;
    const int64_t need = (levels_ + 1) * width;
    if (need > scratch_size) {
      heap_.reset(new A[static_cast<size_t>(need)]);
      scratch = heap_.get();
    }
    for (int l = 0; l <= levels_; ++l) slots_[l] = scratch + l * width;
    leaf_ = slots_[levels_];
  }
  // Where the next leaf is built.
  A* leaf() { return leaf_; }
  void push() {
    int level = 0;
    for (uint64_t c = count_; c & 1; c >>= 1, ++level) {
      const A* s = slots_[level];
      for (int64_t k = 0; k < width_; ++k) leaf_[k] = Op::apply(s[k], leaf_[k]);
    }
    std::swap(slots_[level], leaf_);
    ++count_;
  }
  // Combines everything pushed into `out` (which holds a trailing partial subtree if `have_seed`).
  void finish(A* out, bool have_seed) const {
    bool have = have_seed;
    for (int level = 0; level < levels_; ++level) {
      if (!((count_ >> level) & 1)) continue;
      const A* s = slots_[level];
      if (have) {
        for (int64_t k = 0; k < width_; ++k) out[k] = Op::apply(s[k], out[k]);
      } else {
        std::copy(s, s + width_, out);
      }
      have = true;
    }
    if (!have) std::fill(out, out + width_, Op::template identity<A>());
  }

 private:
  int64_t width_;
  int levels_ = 0;
  uint64_t count_ = 0;
  A* slots_[65];  // [0, levels_] set by the constructor
  A* leaf_ = nullptr;
  std::unique_ptr<A[]> heap_;
};

// out[k] for k < width = the tree over rows r in [0, rows) of row(r)[k], where row(r) points at
// the row's first element to reduce.
template <class A, class Op, class T, class RowAt>
void reduce_rows(RowAt row, int64_t rows, int64_t width, A* out) {
  // Raw storage: zero-initialising 16 KB (std::complex's constructor) would cost more than a
  // small reduction. A is arithmetic or std::complex, trivially copyable and destructible.
  constexpr int64_t kScratchBytes = 16 << 10;
  alignas(64) unsigned char scratch[kScratchBytes];
  RowCounter<A, Op> tree(width, (rows + kLeafRows - 1) / kLeafRows, reinterpret_cast<A*>(scratch),
                         kScratchBytes / static_cast<int64_t>(sizeof(A)));
  for (int64_t r = 0; r < rows; r += kLeafRows) {
    A* leaf = tree.leaf();
    const T* x = row(r);
    for (int64_t k = 0; k < width; ++k) leaf[k] = load<A>(x[k]);
    const int64_t end = std::min(rows, r + kLeafRows);
    for (int64_t rr = r + 1; rr < end; ++rr) {
      x = row(rr);
      for (int64_t k = 0; k < width; ++k) leaf[k] = Op::apply(leaf[k], load<A>(x[k]));
    }
    tree.push();
  }
  tree.finish(out, false);
}

}  // namespace reduce
}  // namespace kernels
}  // namespace varrt
