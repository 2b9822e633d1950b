#include "varrt/kernels/pooling.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace varrt {
namespace kernels {
namespace {

// The input rows [begin, end) and columns under output (r, c)'s window.
struct Window {
  int64_t r0, r1, c0, c1;
};

Window window(const Pool2DGeometry& g, int64_t r, int64_t c) {
  const int64_t rs = r * g.stride_rows - g.pad_top, cs = c * g.stride_cols - g.pad_left;
  return Window{std::max<int64_t>(rs, 0), std::min(rs + g.window_rows, g.in_rows), std::max<int64_t>(cs, 0),
                std::min(cs + g.window_cols, g.in_cols)};
}

// Calls f(image index, output index of (b, r, c, 0), window) for every output position.
template <class F>
void for_each_window(const Pool2DGeometry& g, F f) {
  for (int64_t b = 0; b < g.batch; ++b) {
    for (int64_t r = 0; r < g.out_rows; ++r) {
      for (int64_t c = 0; c < g.out_cols; ++c) f(b, ((b * g.out_rows + r) * g.out_cols + c) * g.depth, window(g, r, c));
    }
  }
}

template <class T>
void max_pool_t(const Pool2DGeometry& g, const T* in, T* out) {
  const int64_t image = g.in_rows * g.in_cols * g.depth;
  for_each_window(g, [&](int64_t b, int64_t o, const Window& w) {
    T* dst = out + o;
    std::fill(dst, dst + g.depth, std::numeric_limits<T>::lowest());
    for (int64_t ir = w.r0; ir < w.r1; ++ir) {
      for (int64_t ic = w.c0; ic < w.c1; ++ic) {
        const T* src = in + b * image + (ir * g.in_cols + ic) * g.depth;
        for (int64_t d = 0; d < g.depth; ++d) dst[d] = std::max(dst[d], src[d]);
      }
    }
  });
}

// top[d] = top[d] < src[d] ? src[d] : top[d]: TensorFlow's `output < input` test, so a NaN wins
// only as a window's first element.
template <class T>
void keep_max(const T* __restrict src, T* __restrict top, int64_t n) {
  for (int64_t d = 0; d < n; ++d) top[d] = top[d] < src[d] ? src[d] : top[d];
}

// pos[d] = k where src[d] equals the maximum: run over a window backwards, it leaves the first
// position holding the maximum (position 0, the first, when none does: a NaN maximum).
template <class T>
void mark_max(const T* __restrict src, const T* __restrict top, int32_t k, int32_t* __restrict pos, int64_t n) {
  for (int64_t d = 0; d < n; ++d) pos[d] = src[d] == top[d] ? k : pos[d];
}

// Each output's gradient goes to the first maximum of its window in row-major order (TensorFlow's
// argmax). Branch-free passes over the channels (which vectorize) instead of a data-dependent
// branch per element.
template <class T>
void max_pool_grad_t(const Pool2DGeometry& g, const T* in, const T* grad, T* dx) {
  const int64_t image = g.in_rows * g.in_cols * g.depth;
  std::fill(dx, dx + g.batch * image, T(0));
  std::vector<int32_t> pos(static_cast<size_t>(g.depth));
  std::vector<T> top(static_cast<size_t>(g.depth));
  std::vector<int64_t> offsets(static_cast<size_t>(g.window_rows * g.window_cols));
  for_each_window(g, [&](int64_t b, int64_t o, const Window& w) {
    if (w.r0 >= w.r1 || w.c0 >= w.c1) return;
    int32_t k = 0;
    for (int64_t ir = w.r0; ir < w.r1; ++ir) {
      for (int64_t ic = w.c0; ic < w.c1; ++ic) offsets[k++] = b * image + (ir * g.in_cols + ic) * g.depth;
    }
    std::copy(in + offsets[0], in + offsets[0] + g.depth, top.begin());
    for (int32_t i = 1; i < k; ++i) keep_max(in + offsets[i], top.data(), g.depth);
    std::fill(pos.begin(), pos.end(), 0);
    for (int32_t i = k - 1; i >= 0; --i) mark_max(in + offsets[i], top.data(), i, pos.data(), g.depth);
    for (int64_t d = 0; d < g.depth; ++d) dx[offsets[pos[d]] + d] += grad[o + d];
  });
}

template <class T>
void avg_pool_t(const Pool2DGeometry& g, const T* in, T* out) {
  const int64_t image = g.in_rows * g.in_cols * g.depth;
  for_each_window(g, [&](int64_t b, int64_t o, const Window& w) {
    T* dst = out + o;
    std::fill(dst, dst + g.depth, T(0));
    for (int64_t ir = w.r0; ir < w.r1; ++ir) {
      for (int64_t ic = w.c0; ic < w.c1; ++ic) {
        const T* src = in + b * image + (ir * g.in_cols + ic) * g.depth;
        for (int64_t d = 0; d < g.depth; ++d) dst[d] += src[d];
      }
    }
    const T count = static_cast<T>((w.r1 - w.r0) * (w.c1 - w.c0));
    for (int64_t d = 0; d < g.depth; ++d) dst[d] /= count;
  });
}

template <class T>
void avg_pool_grad_t(const Pool2DGeometry& g, const T* grad, T* dx) {
  const int64_t image = g.in_rows * g.in_cols * g.depth;
  std::fill(dx, dx + g.batch * image, T(0));
  for_each_window(g, [&](int64_t b, int64_t o, const Window& w) {
    const T count = static_cast<T>((w.r1 - w.r0) * (w.c1 - w.c0));
    for (int64_t ir = w.r0; ir < w.r1; ++ir) {
      for (int64_t ic = w.c0; ic < w.c1; ++ic) {
        T* dst = dx + b * image + (ir * g.in_cols + ic) * g.depth;
        for (int64_t d = 0; d < g.depth; ++d) dst[d] += grad[o + d] / count;
      }
    }
  });
}

}  // namespace

bool pool_supported(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat64; }

void max_pool(DType dtype, const Pool2DGeometry& g, const void* input, void* out) {
  if (dtype == DType::kFloat32) return max_pool_t(g, static_cast<const float*>(input), static_cast<float*>(out));
  max_pool_t(g, static_cast<const double*>(input), static_cast<double*>(out));
}

void max_pool_grad(DType dtype, const Pool2DGeometry& g, const void* orig_input, const void* grad, void* in_backprop) {
  if (dtype == DType::kFloat32) {
    return max_pool_grad_t(g, static_cast<const float*>(orig_input), static_cast<const float*>(grad),
                           static_cast<float*>(in_backprop));
  }
  max_pool_grad_t(g, static_cast<const double*>(orig_input), static_cast<const double*>(grad),
                  static_cast<double*>(in_backprop));
}

void avg_pool(DType dtype, const Pool2DGeometry& g, const void* input, void* out) {
  if (dtype == DType::kFloat32) return avg_pool_t(g, static_cast<const float*>(input), static_cast<float*>(out));
  avg_pool_t(g, static_cast<const double*>(input), static_cast<double*>(out));
}

void avg_pool_grad(DType dtype, const Pool2DGeometry& g, const void* grad, void* in_backprop) {
  if (dtype == DType::kFloat32) {
    return avg_pool_grad_t(g, static_cast<const float*>(grad), static_cast<float*>(in_backprop));
  }
  avg_pool_grad_t(g, static_cast<const double*>(grad), static_cast<double*>(in_backprop));
}

}  // namespace kernels
}  // namespace varrt
