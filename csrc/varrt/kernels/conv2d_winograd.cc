#include "varrt/kernels/conv2d_winograd.h"

#include <algorithm>
#include <memory>
#include <type_traits>
#include <vector>

#include "varrt/core/parallel.h"
#include "varrt/kernels/gemm.h"
#include "varrt/kernels/simd_dispatch.h"

namespace varrt {
namespace kernels {
namespace {

// Below this many input or output channels the GEMMs are too narrow to gain from Winograd.
constexpr int64_t kWinogradMinDepth = 16;
// The transformed tiles of a chunk (V: 16 x tiles x in_depth, M: 16 x tiles x out_depth floats)
// in about this many bytes, so that the GEMMs read them from the core's L2 cache where the
// transforms have just written them (and the output transform reads M from there).
constexpr int64_t kChunkBytes = 384 << 10;
// The filter gradient's chunks go in this many groups, each summed on one thread (kept apart so
// that the sums do not depend on the thread count; few, so that adding them up costs little).
constexpr int64_t kFilterGroups = 8;
// Channels per step of the transforms: one AVX-512 vector (the compiler splits it for narrower ones).
constexpr int64_t kLanes = 16;

// Calls block(c0, n) for the channel blocks [c0, c0 + n) of `depth` channels: n is the constant
// kLanes for whole blocks (loads and stores of fixed length, which the compiler keeps in vector
// registers; a copy of a runtime length becomes a memmove call) and a plain count for the last,
// partial one.
template <class F>
inline void for_each_block(int64_t depth, F block) {
  int64_t c0 = 0;
  for (; c0 + kLanes <= depth; c0 += kLanes) block(c0, std::integral_constant<int64_t, kLanes>());
  if (c0 < depth) block(c0, depth - c0);
}

// A block's channels to registers and back: fixed-length loops for whole blocks (contiguous vector
// loads and stores), zeros past a partial block's end.
template <class N>
inline void load_block(const float* __restrict src, N n, float* __restrict dst) {
  if constexpr (std::is_same_v<N, int64_t>) {
    for (int64_t l = 0; l < kLanes; ++l) dst[l] = l < n ? src[l] : 0.0f;
  } else {
    for (int64_t l = 0; l < kLanes; ++l) dst[l] = src[l];
  }
}

template <class N>
inline void store_block(const float* __restrict src, N n, float* __restrict dst) {
  for (int64_t l = 0; l < (std::is_same_v<N, int64_t> ? static_cast<int64_t>(n) : kLanes); ++l) dst[l] = src[l];
}

// out[b, r, c, :] = sum over 3x3 taps and input channels of in[b, r + fr - pad_top, c + fc -
// pad_left, :] (zeros outside) times the filter: the forward pass, and the input's gradient as
// the correlation of the output's gradient with the filter turned round.
struct Correlation {
  int64_t batch, in_rows, in_cols, in_depth;
  int64_t out_rows, out_cols, out_depth;
  int64_t pad_top, pad_left;
  int64_t tile_rows() const { return (out_rows + 1) / 2; }
  int64_t tile_cols() const { return (out_cols + 1) / 2; }
  int64_t image_in() const { return in_rows * in_cols * in_depth; }
  int64_t image_out() const { return out_rows * out_cols * out_depth; }
};

Correlation forward_correlation(const Conv2DGeometry& g) {
  return Correlation{g.batch, g.in_rows, g.in_cols, g.in_depth, g.out_rows, g.out_cols, g.out_depth, g.pad_top,
                     g.pad_left};
}

// Chunks of whole tile rows (a tile row: 2 output rows of an image, or 1 at its end), counted
// over the batch; a chunk's output rows are one contiguous range of the output.
struct Chunks {
  int64_t tile_rows_per_chunk, count;
};

Chunks chunks_of(const Correlation& p) {
  const int64_t per_tile = 16 * (p.in_depth + p.out_depth) * static_cast<int64_t>(sizeof(float));
  const int64_t rows = std::max<int64_t>(1, kChunkBytes / (per_tile * p.tile_cols()));
  const int64_t total = p.batch * p.tile_rows();
  return Chunks{rows, (total + rows - 1) / rows};
}

// Scratch kept by each thread from call to call (no allocation, no page faults): kChunk for one
// chunk's tiles, kCall for what a call keeps while its chunks run (the transformed filter, the
// filter gradient's partial sums), on the calling thread, which runs chunks too.
enum Scratch { kChunk = 0, kCall = 1 };

float* thread_scratch(int64_t floats, Scratch which = kChunk) {
  thread_local std::vector<float> scratch[2];
  std::vector<float>& s = scratch[which];
  if (static_cast<int64_t>(s.size()) < floats) s.resize(static_cast<size_t>(floats));
  return s.data();
}

// A call's own scratch (kCall): the calling thread's when it is small, else allocated for the
// call alone, so that a thread does not hold a large layer's (up to 8 x 16 x in x out floats)
// for its life.
constexpr int64_t kKeptCallFloats = int64_t{1} << 20;  // 4 MB

class CallScratch {
 public:
  explicit CallScratch(int64_t floats) {
    if (floats <= kKeptCallFloats) {
      data_ = thread_scratch(floats, kCall);
    } else {
      heap_.reset(new float[static_cast<size_t>(floats)]);
      data_ = heap_.get();
    }
  }
  float* get() const { return data_; }

 private:
  std::unique_ptr<float[]> heap_;
  float* data_ = nullptr;
};

// The 16 rows of tile (tr, tc) of an image (rows x cols x depth), zeros outside it.
void tile_rows_of(const float* image, int64_t rows, int64_t cols, int64_t depth, int64_t r0, int64_t c0,
                  const float* zeros, int size, const float** src) {
  for (int i = 0; i < size; ++i) {
    for (int j = 0; j < size; ++j) {
      const int64_t r = r0 + i, c = c0 + j;
      src[i * size + j] = r >= 0 && r < rows && c >= 0 && c < cols ? image + (r * cols + c) * depth : zeros;
    }
  }
}

// v[e][t][:] = (B^T d B)[e] for the 4x4 input tile d at output tile (tr, tc); v's matrices are
// `tiles` x in_depth.
void input_tile(const Correlation& p, const float* image, const float* zeros, int64_t tr, int64_t tc, float* v,
                int64_t t, int64_t tiles) {
  const int64_t depth = p.in_depth, stride = tiles * depth;
  const float* src[16];
  tile_rows_of(image, p.in_rows, p.in_cols, depth, 2 * tr - p.pad_top, 2 * tc - p.pad_left, zeros, 4, src);
  float* dst = v + t * depth;
  for_each_block(depth, [&](int64_t c0, auto n) {
    float d[16][kLanes], x[16][kLanes];
    for (int e = 0; e < 16; ++e) load_block(src[e] + c0, n, d[e]);
    for (int j = 0; j < 4; ++j) {  // B^T d: along the tile's columns
      for (int64_t l = 0; l < kLanes; ++l) {
        x[j][l] = d[j][l] - d[8 + j][l];
        x[4 + j][l] = d[4 + j][l] + d[8 + j][l];
        x[8 + j][l] = d[8 + j][l] - d[4 + j][l];
        x[12 + j][l] = d[4 + j][l] - d[12 + j][l];
      }
    }
    for (int i = 0; i < 4; ++i) {  // (B^T d) B: along its rows
      for (int64_t l = 0; l < kLanes; ++l) {
        d[4 * i][l] = x[4 * i][l] - x[4 * i + 2][l];
        d[4 * i + 1][l] = x[4 * i + 1][l] + x[4 * i + 2][l];
        d[4 * i + 2][l] = x[4 * i + 2][l] - x[4 * i + 1][l];
        d[4 * i + 3][l] = x[4 * i + 1][l] - x[4 * i + 3][l];
      }
    }
    for (int e = 0; e < 16; ++e) store_block(d[e], n, dst + e * stride + c0);
  });
}

// The output tile (tr, tc) = A^T m A, where m[e] is row t of the `tiles` x out_depth matrix e:
// the tile's positions inside the output are written.
void output_tile(const Correlation& p, const float* m, int64_t t, int64_t tiles, int64_t tr, int64_t tc,
                 float* image_out) {
  const int64_t depth = p.out_depth, stride = tiles * depth;
  const int64_t rows = std::min<int64_t>(2, p.out_rows - 2 * tr), cols = std::min<int64_t>(2, p.out_cols - 2 * tc);
  const float* src = m + t * depth;
  for_each_block(depth, [&](int64_t k0, auto n) {
    float a[16][kLanes], z[8][kLanes], y[4][kLanes];
    for (int e = 0; e < 16; ++e) load_block(src + e * stride + k0, n, a[e]);
    for (int j = 0; j < 4; ++j) {  // A^T m
      for (int64_t l = 0; l < kLanes; ++l) {
        z[j][l] = a[j][l] + a[4 + j][l] + a[8 + j][l];
        z[4 + j][l] = a[4 + j][l] - a[8 + j][l] - a[12 + j][l];
      }
    }
    for (int i = 0; i < 2; ++i) {  // (A^T m) A
      for (int64_t l = 0; l < kLanes; ++l) {
        y[2 * i][l] = z[4 * i][l] + z[4 * i + 1][l] + z[4 * i + 2][l];
        y[2 * i + 1][l] = z[4 * i + 1][l] - z[4 * i + 2][l] - z[4 * i + 3][l];
      }
    }
    for (int i = 0; i < rows; ++i) {
      for (int j = 0; j < cols; ++j) {
        store_block(y[2 * i + j], n, image_out + ((2 * tr + i) * p.out_cols + 2 * tc + j) * depth + k0);
      }
    }
  });
}

// u[e][ci][co] = (G g G^T)[e] for the 3x3 filter g[fr][fc] = w[tap[3 * fr + fc] + ci * ci_stride +
// co * co_stride] (restrict pointers and strides, so that the loop over co vectorises).
void transform_filter(const float* __restrict w, const int64_t* tap, int64_t ci_stride, int64_t co_stride,
                      int64_t in_depth, int64_t out_depth, float* __restrict u) {
  for (int64_t ci = 0; ci < in_depth; ++ci) {
    for (int64_t co = 0; co < out_depth; ++co) {
      const float* src = w + ci * ci_stride + co * co_stride;
      float h[4][3];
      for (int fc = 0; fc < 3; ++fc) {  // G g
        const float g0 = src[tap[fc]], g1 = src[tap[3 + fc]], g2 = src[tap[6 + fc]];
        h[0][fc] = g0;
        h[1][fc] = 0.5f * (g0 + g1 + g2);
        h[2][fc] = 0.5f * (g0 - g1 + g2);
        h[3][fc] = g2;
      }
      for (int i = 0; i < 4; ++i) {  // (G g) G^T
        float* dst = u + (4 * i * in_depth + ci) * out_depth + co;
        const int64_t next = in_depth * out_depth;
        dst[0] = h[i][0];
        dst[next] = 0.5f * (h[i][0] + h[i][1] + h[i][2]);
        dst[2 * next] = 0.5f * (h[i][0] - h[i][1] + h[i][2]);
        dst[3 * next] = h[i][2];
      }
    }
  }
}

// Runs per_chunk(first tile row, tile rows, scratch) for every chunk, on the pool.
template <class F>
void for_each_chunk(const Correlation& p, const Chunks& chunks, int64_t scratch_floats, F per_chunk) {
  const int64_t total = p.batch * p.tile_rows();
  auto task = [&](int64_t c) {
    const int64_t s0 = c * chunks.tile_rows_per_chunk;
    const int64_t rows = std::min(chunks.tile_rows_per_chunk, total - s0);
    float* scratch = thread_scratch(scratch_floats);
    simd_call([&] { per_chunk(c, s0, rows, scratch); });
  };
  parallel_tasks(chunks.count, TaskRef(task));
}

// out = the correlation of `in` with the transformed filter u (16 x in_depth x out_depth);
// finish(begin, end) after each chunk's output rows.
void correlate(const Correlation& p, const float* in, const float* u, float* out, const OutputRangeRef* finish) {
  if (p.batch == 0 || p.out_rows == 0 || p.out_cols == 0) return;
  const Chunks chunks = chunks_of(p);
  const int64_t tc_count = p.tile_cols(), tr_count = p.tile_rows();
  const int64_t max_tiles = chunks.tile_rows_per_chunk * tc_count;
  const std::vector<float> zeros(static_cast<size_t>(p.in_depth), 0.0f);
  for_each_chunk(p, chunks, 16 * max_tiles * (p.in_depth + p.out_depth), [&](int64_t, int64_t s0, int64_t rows,
                                                                              float* scratch) {
    const int64_t tiles = rows * tc_count;
    float* v = scratch;
    float* m = scratch + 16 * tiles * p.in_depth;
    for (int64_t s = s0; s < s0 + rows; ++s) {
      const int64_t b = s / tr_count, tr = s % tr_count;
      for (int64_t tc = 0; tc < tc_count; ++tc) {
        input_tile(p, in + b * p.image_in(), zeros.data(), tr, tc, v, (s - s0) * tc_count + tc, tiles);
      }
    }
    for (int e = 0; e < 16; ++e) {
      gemm(DType::kFloat32, MatOp::kNone, MatOp::kNone, tiles, p.out_depth, p.in_depth, v + e * tiles * p.in_depth,
           p.in_depth, u + e * p.in_depth * p.out_depth, p.out_depth, m + e * tiles * p.out_depth, p.out_depth);
    }
    for (int64_t s = s0; s < s0 + rows; ++s) {
      const int64_t b = s / tr_count, tr = s % tr_count;
      for (int64_t tc = 0; tc < tc_count; ++tc) {
        output_tile(p, m, (s - s0) * tc_count + tc, tiles, tr, tc, out + b * p.image_out());
      }
    }
    if (finish != nullptr) {
      // Output rows [first, last) of the whole batch, counted as image * out_rows + row.
      auto row_of = [&](int64_t s) { return (s / tr_count) * p.out_rows + std::min(2 * (s % tr_count), p.out_rows); };
      (*finish)(row_of(s0) * p.out_cols * p.out_depth, row_of(s0 + rows) * p.out_cols * p.out_depth);
    }
  });
}

// w[e][t][:] = (A dy A^T)[e] for the 2x2 tile of the output's gradient at (tr, tc) (zeros past
// the output's end); w's matrices are `tiles` x out_depth.
void gradient_tile(const Correlation& p, const float* dy, const float* zeros, int64_t tr, int64_t tc, float* w,
                   int64_t t, int64_t tiles) {
  const int64_t depth = p.out_depth, stride = tiles * depth;
  const float* src[4];
  tile_rows_of(dy, p.out_rows, p.out_cols, depth, 2 * tr, 2 * tc, zeros, 2, src);
  float* dst = w + t * depth;
  for_each_block(depth, [&](int64_t k0, auto n) {
    float d[4][kLanes], x[8][kLanes], y[16][kLanes];
    for (int e = 0; e < 4; ++e) load_block(src[e] + k0, n, d[e]);
    for (int j = 0; j < 2; ++j) {  // A dy
      for (int64_t l = 0; l < kLanes; ++l) {
        x[j][l] = d[j][l];
        x[2 + j][l] = d[j][l] + d[2 + j][l];
        x[4 + j][l] = d[j][l] - d[2 + j][l];
        x[6 + j][l] = -d[2 + j][l];
      }
    }
    for (int i = 0; i < 4; ++i) {  // (A dy) A^T
      for (int64_t l = 0; l < kLanes; ++l) {
        y[4 * i][l] = x[2 * i][l];
        y[4 * i + 1][l] = x[2 * i][l] + x[2 * i + 1][l];
        y[4 * i + 2][l] = x[2 * i][l] - x[2 * i + 1][l];
        y[4 * i + 3][l] = -x[2 * i + 1][l];
      }
    }
    for (int e = 0; e < 16; ++e) store_block(y[e], n, dst + e * stride + k0);
  });
}

// dw[fr][fc][ci][co] = (G^T s G)[fr][fc], s[e] = du[e][ci][co] (16 x in_depth x out_depth).
void untransform_filter_gradient(int64_t in_depth, int64_t out_depth, const float* du, float* dw) {
  const int64_t plane = in_depth * out_depth;
  for (int64_t i = 0; i < plane; ++i) {
    float s[16], h[3][4];
    for (int e = 0; e < 16; ++e) s[e] = du[e * plane + i];
    for (int j = 0; j < 4; ++j) {  // G^T s
      h[0][j] = s[j] + 0.5f * (s[4 + j] + s[8 + j]);
      h[1][j] = 0.5f * (s[4 + j] - s[8 + j]);
      h[2][j] = 0.5f * (s[4 + j] + s[8 + j]) + s[12 + j];
    }
    for (int fr = 0; fr < 3; ++fr) {  // (G^T s) G
      dw[(fr * 3) * plane + i] = h[fr][0] + 0.5f * (h[fr][1] + h[fr][2]);
      dw[(fr * 3 + 1) * plane + i] = 0.5f * (h[fr][1] - h[fr][2]);
      dw[(fr * 3 + 2) * plane + i] = 0.5f * (h[fr][1] + h[fr][2]) + h[fr][3];
    }
  }
}

}  // namespace

bool winograd_applies(DType dtype, const Conv2DGeometry& g) {
  return dtype == DType::kFloat32 && g.filter_rows == 3 && g.filter_cols == 3 && g.stride_rows == 1 &&
         g.stride_cols == 1 && g.dilation_rows == 1 && g.dilation_cols == 1 && g.in_depth >= kWinogradMinDepth &&
         g.out_depth >= kWinogradMinDepth && g.pad_top >= 0 && g.pad_top <= 2 && g.pad_left >= 0 && g.pad_left <= 2;
}

void winograd_conv2d(const Conv2DGeometry& g, const float* input, const float* filter, float* out,
                     OutputRangeRef finish) {
  const int64_t C = g.in_depth, K = g.out_depth;
  const CallScratch transformed(16 * C * K);
  float* u = transformed.get();
  int64_t tap[9];
  for (int t = 0; t < 9; ++t) tap[t] = t * C * K;  // HWIO
  // (The transforms of the filter and of its gradient: along output channels, as vectors.)
  simd_call([&] { transform_filter(filter, tap, K, 1, C, K, u); });
  correlate(forward_correlation(g), input, u, out, &finish);
}

void winograd_backprop_input(const Conv2DGeometry& g, const float* filter, const float* out_backprop,
                             float* in_backprop) {
  const int64_t C = g.in_depth, K = g.out_depth;
  // in_backprop[i] = sum over taps of out_backprop[i + pad - fr] * filter[fr]: the correlation of
  // the output's gradient (padded by 2 - pad) with the filter turned round, its channels swapped.
  const CallScratch transformed(16 * C * K);
  float* u = transformed.get();
  int64_t tap[9];
  for (int t = 0; t < 9; ++t) tap[t] = (8 - t) * C * K;  // tap (fr, fc) is the filter's (2 - fr, 2 - fc)
  simd_call([&] { transform_filter(filter, tap, 1, K, K, C, u); });
  const Correlation p{g.batch, g.out_rows, g.out_cols, K, g.in_rows, g.in_cols, C, 2 - g.pad_top, 2 - g.pad_left};
  correlate(p, out_backprop, u, in_backprop, nullptr);
}

void winograd_backprop_filter(const Conv2DGeometry& g, const float* input, const float* out_backprop,
                              float* filter_backprop) {
  const int64_t C = g.in_depth, K = g.out_depth, plane = C * K;
  const Correlation p = forward_correlation(g);
  if (p.batch == 0 || p.out_rows == 0 || p.out_cols == 0) {
    std::fill(filter_backprop, filter_backprop + 9 * plane, 0.0f);
    return;
  }
  const Chunks chunks = chunks_of(p);
  const int64_t tc_count = p.tile_cols(), tr_count = p.tile_rows(), total = p.batch * tr_count;
  const int64_t max_tiles = chunks.tile_rows_per_chunk * tc_count;
  // Consecutive chunks in kFilterGroups groups (fewer when there are fewer chunks), each group's
  // products added up in chunk order into its own partial sums, the partials in group order at
  // the end: the grouping follows the geometry alone, so the result does not depend on how the
  // groups were spread over threads.
  const int64_t per_group = (chunks.count + kFilterGroups - 1) / kFilterGroups;
  const int64_t groups = (chunks.count + per_group - 1) / per_group;
  const CallScratch scratch_partials(groups * 16 * plane);
  float* const partials = scratch_partials.get();
  const std::vector<float> zeros(static_cast<size_t>(std::max(C, K)), 0.0f);
  auto task = [&](int64_t group) {
    float* scratch = thread_scratch(16 * max_tiles * (C + K) + 16 * plane);
    float* sums = partials + group * 16 * plane;
    float* product = scratch + 16 * max_tiles * (C + K);
    simd_call([&] {
      const int64_t first = group * per_group, last = std::min(chunks.count, first + per_group);
      for (int64_t c = first; c < last; ++c) {
        const int64_t s0 = c * chunks.tile_rows_per_chunk;
        const int64_t rows = std::min(chunks.tile_rows_per_chunk, total - s0), tiles = rows * tc_count;
        float* v = scratch;
        float* w = scratch + 16 * tiles * C;
        for (int64_t s = s0; s < s0 + rows; ++s) {
          const int64_t b = s / tr_count, tr = s % tr_count;
          for (int64_t tc = 0; tc < tc_count; ++tc) {
            const int64_t t = (s - s0) * tc_count + tc;
            input_tile(p, input + b * p.image_in(), zeros.data(), tr, tc, v, t, tiles);
            gradient_tile(p, out_backprop + b * p.image_out(), zeros.data(), tr, tc, w, t, tiles);
          }
        }
        float* target = c == first ? sums : product;
        for (int e = 0; e < 16; ++e) {
          gemm(DType::kFloat32, MatOp::kTranspose, MatOp::kNone, C, K, tiles, v + e * tiles * C, C,
               w + e * tiles * K, K, target + e * plane, K);
        }
        if (c != first) {
          for (int64_t i = 0; i < 16 * plane; ++i) sums[i] += product[i];
        }
      }
    });
  };
  parallel_tasks(groups, TaskRef(task));
  float* sum = partials;
  simd_call([&] {
    for (int64_t group = 1; group < groups; ++group) {
      const float* part = partials + group * 16 * plane;
      for (int64_t i = 0; i < 16 * plane; ++i) sum[i] += part[i];
    }
    untransform_filter_gradient(C, K, sum, filter_backprop);
  });
}

}  // namespace kernels
}  // namespace varrt
