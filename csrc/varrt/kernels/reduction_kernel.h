// The reduction loop over one (element type, op) pair, and the dtype switch of one op. Internal
// to the reduction kernels: each op's instantiations compile in their own file (reduction_sum.cc,
// reduction_prod.cc, reduction_max.cc, reduction_min.cc, reduction_mean.cc), so no single file
// carries every op x dtype combination and the build runs them side by side; reduction.cc
// picks the op. The loops themselves are in reduction_tree.h.
#pragma once

#include <algorithm>
#include <complex>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "varrt/core/dtype.h"
#include "varrt/core/parallel.h"
#include "varrt/kernels/reduction_plan.h"
#include "varrt/kernels/reduction_tree.h"
#include "varrt/kernels/simd_dispatch.h"

namespace varrt {
namespace kernels {

// One op's reduction of `in` into `outputs` elements of `out`, for every dtype reduce_supported
// allows it; plan == nullptr: nothing is reduced into each output (an empty axis). One per file.
void reduce_sum(DType dtype, const ReducePlan* plan, const void* in, void* out, int64_t outputs);
void reduce_prod(DType dtype, const ReducePlan* plan, const void* in, void* out, int64_t outputs);
void reduce_max(DType dtype, const ReducePlan* plan, const void* in, void* out, int64_t outputs);
void reduce_min(DType dtype, const ReducePlan* plan, const void* in, void* out, int64_t outputs);
void reduce_mean(DType dtype, const ReducePlan* plan, const void* in, void* out, int64_t outputs);

namespace reduce {

// A full reduction cut into chunks of 2^8 blocks (64K elements) for the thread pool; aligned
// chunks of whole subtrees, so the result is the serial one.
constexpr int64_t kChunkBlocks = 256;
// Columns per task of a reduction along outer axes: 16 KB of accumulators (with the tree's
// levels, in L2), so rows are read in long contiguous runs.
constexpr int64_t kTileBytes = 16 << 10;
// Input per task when the rows of one tile are split between threads.
constexpr int64_t kRowChunkBytes = 1 << 20;

inline bool large(int64_t bytes) { return bytes >= 2 * kParallelMinBytesPerThread; }

template <class T, class Op>
class Reduction {
  using A = Acc<T, Op>;

 public:
  Reduction(const ReducePlan& plan, const T* in, T* out) : plan_(plan), in_(in), out_(out) {}

  void run() {
    if (plan_.inner) {
      inner();
    } else {
      outer();
    }
  }

 private:
  static constexpr int64_t kItem = static_cast<int64_t>(sizeof(T));

  // Innermost dimension reduced: each output reduces contiguous runs.
  void inner() {
    if (plan_.outputs == 1) {  // every dimension reduced (they merge into one run)
      out_[0] = reduce::finish<T, Op>(whole_run(), plan_.count);
      return;
    }
    parallel_for(plan_.outputs, plan_.count * kItem, [&](int64_t begin, int64_t end) {
      for (int64_t o = begin; o < end; ++o) {
        const T* base = in_ + plan_.kept.offset(o);
        A a;
        if (plan_.reduced.size() == 0) {
          a = reduce::reduce_run<A, Op>(base, plan_.run);
        } else {
          Counter<A, Op> tree;
          const int64_t runs = plan_.reduced.count();
          for (int64_t p = 0; p < runs; ++p) tree.push(reduce::reduce_run<A, Op>(base + plan_.reduced.offset(p), plan_.run));
          a = tree.finish(A(), false);
        }
        out_[o] = reduce::finish<T, Op>(a, plan_.count);
      }
    });
  }

  A whole_run() {
    const int64_t n = plan_.run;
    const int64_t chunk = reduce::kBlock * kChunkBlocks;
    if (!large(n * kItem) || n <= chunk) return reduce::reduce_run<A, Op>(in_, n);
    const int64_t chunks = (n + chunk - 1) / chunk;
    std::unique_ptr<A[]> partial(new A[static_cast<size_t>(chunks)]);
    auto task = [&](int64_t c) {
      partial[static_cast<size_t>(c)] = reduce::reduce_run<A, Op>(in_ + c * chunk, std::min(chunk, n - c * chunk));
    };
    parallel_tasks(chunks, TaskRef(task));
    const bool ragged = n % chunk != 0;  // the last chunk is not a whole subtree: it closes the tree
    Counter<A, Op> tree;
    for (int64_t c = 0; c < chunks - (ragged ? 1 : 0); ++c) tree.push(partial[static_cast<size_t>(c)]);
    return tree.finish(ragged ? partial[static_cast<size_t>(chunks - 1)] : A(), ragged);
  }

  // Innermost dimension kept: rows of `run` outputs accumulate input rows, in column tiles.
  void outer() {
    const int64_t K = plan_.run;
    const int64_t rows_out = plan_.kept.count();
    const int64_t rows_in = plan_.reduced.count();
    const int64_t width = std::min(K, std::max<int64_t>(16, kTileBytes / static_cast<int64_t>(sizeof(A))));
    const int64_t tiles = (K + width - 1) / width;
    const int64_t items = rows_out * tiles;
    const int64_t item_bytes = rows_in * width * kItem;
    // Few tiles over many rows: split the rows too, in chunks of whole subtrees.
    const int threads = parallel_threads();
    if (threads > 1 && large(items * item_bytes) && items < 2 * threads) {
      int64_t chunk_rows = reduce::kLeafRows;
      while (chunk_rows * width * kItem < kRowChunkBytes) chunk_rows *= 2;
      if (rows_in > chunk_rows) return outer_split(K, tiles, width, items, rows_in, chunk_rows);
    }
    parallel_for(items, item_bytes, [&](int64_t begin, int64_t end) {
      alignas(64) unsigned char raw[std::max<size_t>(kTileBytes, 16 * sizeof(A))];
      A* acc = reinterpret_cast<A*>(raw);
      for (int64_t item = begin; item < end; ++item) {
        const int64_t q = item / tiles, c0 = (item % tiles) * width, w = std::min(width, K - c0);
        tile(q, c0, w, 0, rows_in, acc);
        T* out = out_ + q * K + c0;
        for (int64_t k = 0; k < w; ++k) out[k] = reduce::finish<T, Op>(acc[k], plan_.count);
      }
    });
  }

  void outer_split(int64_t K, int64_t tiles, int64_t width, int64_t items, int64_t rows_in, int64_t chunk_rows) {
    const int64_t chunks = (rows_in + chunk_rows - 1) / chunk_rows;
    std::unique_ptr<A[]> partial(new A[static_cast<size_t>(items * chunks * width)]);
    auto task = [&](int64_t t) {
      const int64_t item = t / chunks, c = t % chunks;
      const int64_t q = item / tiles, c0 = (item % tiles) * width, w = std::min(width, K - c0);
      const int64_t r0 = c * chunk_rows;
      tile(q, c0, w, r0, std::min(rows_in, r0 + chunk_rows), &partial[static_cast<size_t>(t * width)]);
    };
    parallel_tasks(items * chunks, TaskRef(task));
    // The chunks' rows combined by the same tree; a ragged last chunk closes it.
    const bool ragged = rows_in % chunk_rows != 0;
    std::unique_ptr<A[]> acc(new A[static_cast<size_t>(width)]);
    for (int64_t item = 0; item < items; ++item) {
      const int64_t q = item / tiles, c0 = (item % tiles) * width, w = std::min(width, K - c0);
      const A* p = &partial[static_cast<size_t>(item * chunks * width)];
      reduce::RowCounter<A, Op> tree(w, chunks, nullptr, 0);
      for (int64_t c = 0; c < chunks - (ragged ? 1 : 0); ++c) {
        std::copy(p + c * width, p + c * width + w, tree.leaf());
        tree.push();
      }
      if (ragged) std::copy(p + (chunks - 1) * width, p + (chunks - 1) * width + w, acc.get());
      tree.finish(acc.get(), ragged);
      for (int64_t k = 0; k < w; ++k) out_[q * K + c0 + k] = reduce::finish<T, Op>(acc[static_cast<size_t>(k)], plan_.count);
    }
  }

  // acc[k] for k < w = the tree over input rows [r0, r1) of output row q, columns c0 + k.
  void tile(int64_t q, int64_t c0, int64_t w, int64_t r0, int64_t r1, A* acc) const {
    const T* base = in_ + plan_.kept.offset(q) + c0;
    const ReduceDims& reduced = plan_.reduced;
    auto rows = [&] {
      reduce::reduce_rows<A, Op, T>([&](int64_t r) { return base + reduced.offset(r0 + r); }, r1 - r0, w, acc);
    };
    // float32 and float64 rows as the CPU's widest vectors (a bias gradient's sum over a batch of
    // images: float32 widened to double, then added, element by element; the same operations, in
    // the same order, at every width).
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      simd_call(rows);
    } else {
      rows();
    }
  }

  const ReducePlan& plan_;
  const T* in_;
  T* out_;
};

template <class T, class Op>
void fill_empty(T* out, int64_t n) {
  const T value = reduce::finish<T, Op>(Op::template identity<Acc<T, Op>>(), 0);
  std::fill(out, out + n, value);
}

template <class T, class Op>
void reduce_typed(const ReducePlan* plan, const void* in, void* out, int64_t outputs) {
  if (plan == nullptr) {
    fill_empty<T, Op>(static_cast<T*>(out), outputs);
  } else {
    Reduction<T, Op>(*plan, static_cast<const T*>(in), static_cast<T*>(out)).run();
  }
}

// plan == nullptr: nothing is reduced into each output (an empty axis).
template <class Op>
void reduce_dtype(DType dtype, const ReducePlan* plan, const void* in, void* out, int64_t outputs) {
  using reduce::BFloat16;
  using reduce::Half;
  switch (dtype) {
    case DType::kFloat32: return reduce_typed<float, Op>(plan, in, out, outputs);
    case DType::kFloat64: return reduce_typed<double, Op>(plan, in, out, outputs);
    case DType::kFloat16: return reduce_typed<Half, Op>(plan, in, out, outputs);
    case DType::kBFloat16: return reduce_typed<BFloat16, Op>(plan, in, out, outputs);
    case DType::kInt8: return reduce_typed<int8_t, Op>(plan, in, out, outputs);
    case DType::kInt16: return reduce_typed<int16_t, Op>(plan, in, out, outputs);
    case DType::kInt32: return reduce_typed<int32_t, Op>(plan, in, out, outputs);
    case DType::kInt64: return reduce_typed<int64_t, Op>(plan, in, out, outputs);
    case DType::kUInt8: return reduce_typed<uint8_t, Op>(plan, in, out, outputs);
    case DType::kUInt16: return reduce_typed<uint16_t, Op>(plan, in, out, outputs);
    case DType::kUInt32: return reduce_typed<uint32_t, Op>(plan, in, out, outputs);
    case DType::kUInt64: return reduce_typed<uint64_t, Op>(plan, in, out, outputs);
    case DType::kComplex64:
      if constexpr (Op::kArithmetic) return reduce_typed<std::complex<float>, Op>(plan, in, out, outputs);
      break;
    case DType::kComplex128:
      if constexpr (Op::kArithmetic) return reduce_typed<std::complex<double>, Op>(plan, in, out, outputs);
      break;
    default: break;
  }
}

}  // namespace reduce
}  // namespace kernels
}  // namespace varrt
