#include "varrt/kernels/pooling.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "varrt/core/parallel.h"
#include "varrt/kernels/simd_dispatch.h"

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

// Calls f(output index of (r, c, 0) within the image, window) for every output position of an image.
template <class F>
void for_each_window_of(const Pool2DGeometry& g, F f) {
  for (int64_t r = 0; r < g.out_rows; ++r) {
    for (int64_t c = 0; c < g.out_cols; ++c) f((r * g.out_cols + c) * g.depth, window(g, r, c));
  }
}

// offsets[i] = where the window's i-th element (row-major) starts within the image; returns how many.
int32_t window_offsets(const Pool2DGeometry& g, const Window& w, int64_t* offsets) {
  int32_t k = 0;
  for (int64_t ir = w.r0; ir < w.r1; ++ir) {
    for (int64_t ic = w.c0; ic < w.c1; ++ic) offsets[k++] = (ir * g.in_cols + ic) * g.depth;
  }
  return k;
}

// Calls per_image(b) for every image, the images split over the pool's threads, compiled for the
// CPU's widest vectors (comparisons, selects and one addition per element: the same results at
// every width); `bytes_per_image` is what one image's pass touches.
template <class F>
void for_each_image(const Pool2DGeometry& g, int64_t bytes_per_image, F per_image) {
  parallel_for(g.batch, bytes_per_image, [&](int64_t begin, int64_t end) {
    simd_call([&] {
      for (int64_t b = begin; b < end; ++b) per_image(b);
    });
  });
}

template <class T>
void max_pool_t(const Pool2DGeometry& g, const T* in, T* out) {
  const int64_t image = g.in_rows * g.in_cols * g.depth, out_image = g.out_rows * g.out_cols * g.depth;
  for_each_image(g, static_cast<int64_t>(sizeof(T)) * (image + out_image), [&](int64_t b) {
    const T* x = in + b * image;
    for_each_window_of(g, [&](int64_t o, const Window& w) {
      T* dst = out + b * out_image + o;
      std::fill(dst, dst + g.depth, std::numeric_limits<T>::lowest());
      for (int64_t ir = w.r0; ir < w.r1; ++ir) {
        for (int64_t ic = w.c0; ic < w.c1; ++ic) {
          const T* src = x + (ir * g.in_cols + ic) * g.depth;
          for (int64_t d = 0; d < g.depth; ++d) dst[d] = std::max(dst[d], src[d]);
        }
      }
    });
  });
}

// top[d] = top[d] < src[d] ? src[d] : top[d]: TensorFlow's `output < input` test, so a NaN wins
// only as a window's first element.
template <class T>
void keep_max(const T* __restrict src, T* __restrict top, int64_t n) {
  for (int64_t d = 0; d < n; ++d) top[d] = top[d] < src[d] ? src[d] : top[d];
}

// The window's maximum in every channel, by keep_max over its elements in row-major order.
template <class T>
void window_max(const T* in, const int64_t* offsets, int32_t k, T* top, int64_t depth) {
  std::copy(in + offsets[0], in + offsets[0] + depth, top);
  for (int32_t i = 1; i < k; ++i) keep_max(in + offsets[i], top, depth);
}

// pos[d] = k where src[d] equals the maximum: run over a window backwards, it leaves the first
// position holding the maximum (position 0, the first, when none does: a NaN maximum).
template <class T>
void mark_max(const T* __restrict src, const T* __restrict top, int32_t k, int32_t* __restrict pos, int64_t n) {
  for (int64_t d = 0; d < n; ++d) pos[d] = src[d] == top[d] ? k : pos[d];
}

// pos[d] = the position (0..k-1) of the first element of the window holding channel d's maximum
// (TensorFlow's argmax); 0, the first, when none does: a NaN maximum, which only the first can be.
template <class T>
void first_max(const T* in, const int64_t* offsets, int32_t k, const T* top, int32_t* pos, int64_t depth) {
  std::fill(pos, pos + depth, 0);
  for (int32_t i = k - 1; i >= 0; --i) mark_max(in + offsets[i], top, i, pos, depth);
}

// Windows that overlap (a stride below the window): each output's gradient is added at its
// window's first maximum, window after window in TensorFlow's order, into the zeroed image.
template <class T>
void max_pool_grad_overlapping(const Pool2DGeometry& g, const T* in, const T* grad, T* dx, int64_t* offsets,
                               T* top, int32_t* pos) {
  std::fill(dx, dx + g.in_rows * g.in_cols * g.depth, T(0));
  for_each_window_of(g, [&](int64_t o, const Window& w) {
    const int32_t k = window_offsets(g, w, offsets);
    if (k == 0) return;
    window_max(in, offsets, k, top, g.depth);
    first_max(in, offsets, k, top, pos, g.depth);
    for (int64_t d = 0; d < g.depth; ++d) dx[offsets[pos[d]] + d] += grad[o + d];
  });
}

// dst[d] = the gradient where the window's maximum is (pos[d] == i), else +0; `0 + grad` is what
// TensorFlow's `+=` into zeros gives (-0 becomes +0). As bit masks, which vectorize (a select
// between two floats does not, the compiler keeping the addition under a branch).
template <class T>
void put_grad(const T* __restrict grad, const int32_t* __restrict pos, int32_t i, T* __restrict dst, int64_t n) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  for (int64_t d = 0; d < n; ++d) {
    const T value = T(0) + grad[d];
    Bits bits;
    std::memcpy(&bits, &value, sizeof(T));
    bits &= Bits(0) - Bits(pos[d] == i);
    std::memcpy(dst + d, &bits, sizeof(T));
  }
}

// A whole 2x2 window (the usual pooling) in one pass over the channels: the maximum and its first
// position as window_max and first_max find them (a later element takes over only when strictly
// greater, so the first of equal maxima, and a first NaN, stay), then each element gets
// put_grad's value, then with `Relu` ReluGrad's factor (the input as the features, relu_grad_in_place).
// One loop over the channels (masks, each pointer its own, which vectorises) instead of thirteen.
template <bool Relu, class T>
void window_grad_2x2(const T* __restrict x0, const T* __restrict x1, const T* __restrict x2, const T* __restrict x3,
                     const T* __restrict grad, T* __restrict d0, T* __restrict d1, T* __restrict d2,
                     T* __restrict d3, int64_t depth) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  for (int64_t d = 0; d < depth; ++d) {
    const T v0 = x0[d], v1 = x1[d], v2 = x2[d], v3 = x3[d];
    const Bits m1 = Bits(0) - Bits(v0 < v1);
    const T top1 = v0 < v1 ? v1 : v0;
    const Bits m2 = Bits(0) - Bits(top1 < v2);
    const T top2 = top1 < v2 ? v2 : top1;
    const Bits m3 = Bits(0) - Bits(top2 < v3);
    const Bits pos = (m3 & Bits(3)) | (~m3 & ((m2 & Bits(2)) | (~m2 & (m1 & Bits(1)))));
    const T value = T(0) + grad[d];
    Bits bits;
    std::memcpy(&bits, &value, sizeof(T));
    const Bits b0 = bits & (Bits(0) - Bits(pos == 0)), b1 = bits & (Bits(0) - Bits(pos == 1));
    const Bits b2 = bits & (Bits(0) - Bits(pos == 2)), b3 = bits & (Bits(0) - Bits(pos == 3));
    T o0, o1, o2, o3;
    std::memcpy(&o0, &b0, sizeof(T));
    std::memcpy(&o1, &b1, sizeof(T));
    std::memcpy(&o2, &b2, sizeof(T));
    std::memcpy(&o3, &b3, sizeof(T));
    if constexpr (Relu) {
      o0 = o0 * (v0 > T(0) ? T(1) : T(0));
      o1 = o1 * (v1 > T(0) ? T(1) : T(0));
      o2 = o2 * (v2 > T(0) ? T(1) : T(0));
      o3 = o3 * (v3 > T(0) ? T(1) : T(0));
    }
    d0[d] = o0;
    d1[d] = o1;
    d2[d] = o2;
    d3[d] = o3;
  }
}

// Windows that do not overlap (the usual stride = window): every input element is under one
// window at most, so one pass writes each element once, the gradient or zero.
// Returns whether it applied ReluGrad too (`relu`, and the image tiled by 2x2 windows: each
// element is then written once, by window_grad_2x2).
template <class T>
bool max_pool_grad_disjoint(const Pool2DGeometry& g, const T* in, const T* grad, T* dx, int64_t* offsets, T* top,
                            int32_t* pos, bool relu) {
  const bool tiled = g.pad_top == 0 && g.pad_left == 0 && g.out_rows * g.stride_rows == g.in_rows &&
                     g.out_cols * g.stride_cols == g.in_cols && g.stride_rows == g.window_rows &&
                     g.stride_cols == g.window_cols;
  const bool with_relu = relu && tiled && g.window_rows == 2 && g.window_cols == 2;
  if (!tiled) std::fill(dx, dx + g.in_rows * g.in_cols * g.depth, T(0));  // elements no window covers
  for_each_window_of(g, [&](int64_t o, const Window& w) {
    const int32_t k = window_offsets(g, w, offsets);
    if (k == 0) return;
    if (k == 4 && w.r1 - w.r0 == 2) {
      // (Direct calls, inlined into the caller's widest-vector clone; a pointer would not be.)
      const T* x[4] = {in + offsets[0], in + offsets[1], in + offsets[2], in + offsets[3]};
      T* out[4] = {dx + offsets[0], dx + offsets[1], dx + offsets[2], dx + offsets[3]};
      if (with_relu) {
        return window_grad_2x2<true>(x[0], x[1], x[2], x[3], grad + o, out[0], out[1], out[2], out[3], g.depth);
      }
      return window_grad_2x2<false>(x[0], x[1], x[2], x[3], grad + o, out[0], out[1], out[2], out[3], g.depth);
    }
    window_max(in, offsets, k, top, g.depth);
    first_max(in, offsets, k, top, pos, g.depth);
    for (int32_t i = 0; i < k; ++i) put_grad(grad + o, pos, i, dx + offsets[i], g.depth);
  });
  return with_relu;
}

// ReluGrad's rule (kernels/activations.h's relu_grad): gradients * (features > 0).
template <class T>
void relu_grad_in_place(const T* __restrict features, T* __restrict dx, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dx[i] = dx[i] * (features[i] > T(0) ? T(1) : T(0));
}

// Each output's gradient goes to the first maximum of its window in row-major order (TensorFlow's
// argmax). Branch-free passes over the channels (which vectorize) instead of a data-dependent
// branch per element; images in parallel (each writes only its own part of dx). With `relu`,
// ReluGrad of the result with the input as the features, in the window pass or in one more pass
// over the image while it is in cache.

template <class T>
void max_pool_grad_t(const Pool2DGeometry& g, const T* in, const T* grad, T* dx, bool relu) {
  const int64_t image = g.in_rows * g.in_cols * g.depth, out_image = g.out_rows * g.out_cols * g.depth;
  const bool disjoint = g.stride_rows >= g.window_rows && g.stride_cols >= g.window_cols;
  parallel_for(g.batch, static_cast<int64_t>(sizeof(T)) * (2 * image + out_image), [&](int64_t begin, int64_t end) {
    std::vector<int64_t> offsets(static_cast<size_t>(g.window_rows * g.window_cols));
    std::vector<T> top(static_cast<size_t>(g.depth));
    std::vector<int32_t> pos(static_cast<size_t>(g.depth));
    simd_call([&] {
      for (int64_t b = begin; b < end; ++b) {
        const T* x = in + b * image;
        const T* dy = grad + b * out_image;
        bool relu_done = false;
        if (disjoint) {
          relu_done = max_pool_grad_disjoint(g, x, dy, dx + b * image, offsets.data(), top.data(), pos.data(), relu);
        } else {
          max_pool_grad_overlapping(g, x, dy, dx + b * image, offsets.data(), top.data(), pos.data());
        }
        if (relu && !relu_done) relu_grad_in_place(x, dx + b * image, image);
      }
    });
  });
}

template <class T>
void avg_pool_t(const Pool2DGeometry& g, const T* in, T* out) {
  const int64_t image = g.in_rows * g.in_cols * g.depth, out_image = g.out_rows * g.out_cols * g.depth;
  for_each_image(g, static_cast<int64_t>(sizeof(T)) * (image + out_image), [&](int64_t b) {
    const T* x = in + b * image;
    for_each_window_of(g, [&](int64_t o, const Window& w) {
      T* dst = out + b * out_image + o;
      std::fill(dst, dst + g.depth, T(0));
      for (int64_t ir = w.r0; ir < w.r1; ++ir) {
        for (int64_t ic = w.c0; ic < w.c1; ++ic) {
          const T* src = x + (ir * g.in_cols + ic) * g.depth;
          for (int64_t d = 0; d < g.depth; ++d) dst[d] += src[d];
        }
      }
      const T count = static_cast<T>((w.r1 - w.r0) * (w.c1 - w.c0));
      for (int64_t d = 0; d < g.depth; ++d) dst[d] /= count;
    });
  });
}

template <class T>
void avg_pool_grad_t(const Pool2DGeometry& g, const T* grad, T* dx) {
  const int64_t image = g.in_rows * g.in_cols * g.depth, out_image = g.out_rows * g.out_cols * g.depth;
  for_each_image(g, static_cast<int64_t>(sizeof(T)) * (image + out_image), [&](int64_t b) {
    T* x = dx + b * image;
    const T* dy = grad + b * out_image;
    std::fill(x, x + image, T(0));
    for_each_window_of(g, [&](int64_t o, const Window& w) {
      const T count = static_cast<T>((w.r1 - w.r0) * (w.c1 - w.c0));
      for (int64_t ir = w.r0; ir < w.r1; ++ir) {
        for (int64_t ic = w.c0; ic < w.c1; ++ic) {
          T* dst = x + (ir * g.in_cols + ic) * g.depth;
          for (int64_t d = 0; d < g.depth; ++d) dst[d] += dy[o + d] / count;
        }
      }
    });
  });
}

}  // namespace

bool pool_supported(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat64; }

void max_pool(DType dtype, const Pool2DGeometry& g, const void* input, void* out) {
  if (dtype == DType::kFloat32) return max_pool_t(g, static_cast<const float*>(input), static_cast<float*>(out));
  max_pool_t(g, static_cast<const double*>(input), static_cast<double*>(out));
}

void max_pool_grad(DType dtype, const Pool2DGeometry& g, const void* orig_input, const void* grad, void* in_backprop,
                   bool relu) {
  if (dtype == DType::kFloat32) {
    return max_pool_grad_t(g, static_cast<const float*>(orig_input), static_cast<const float*>(grad),
                           static_cast<float*>(in_backprop), relu);
  }
  max_pool_grad_t(g, static_cast<const double*>(orig_input), static_cast<const double*>(grad),
                  static_cast<double*>(in_backprop), relu);
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
