#include "varrt/kernels/depthwise_conv2d.h"

#include <algorithm>
#include <vector>

#include "varrt/kernels/simd_dispatch.h"

namespace varrt {
namespace kernels {
namespace {

// The input row (or column) under filter tap `f` of output position `o`, possibly outside the input.
inline int64_t tap_row(const DepthwiseGeometry& g, int64_t o, int64_t f) {
  return o * g.stride_rows - g.pad_top + f * g.dilation_rows;
}
inline int64_t tap_col(const DepthwiseGeometry& g, int64_t o, int64_t f) {
  return o * g.stride_cols - g.pad_left + f * g.dilation_cols;
}

// acc[d * M + m] += x[d] * w[d * M + m] for one filter tap over all channels.
template <class T>
inline void multiply_add(const DepthwiseGeometry& g, const T* x, const T* w, T* acc) {
  const int64_t depth = g.in_depth, mult = g.multiplier;
  if (mult == 1) {
    for (int64_t d = 0; d < depth; ++d) acc[d] += x[d] * w[d];
    return;
  }
  for (int64_t d = 0; d < depth; ++d) {
    const T v = x[d];
    for (int64_t m = 0; m < mult; ++m) acc[d * mult + m] += v * w[d * mult + m];
  }
}

// The output columns [first, last) whose filter tap column `fc` reads inside the input.
inline void inside_cols(const DepthwiseGeometry& g, int64_t fc, int64_t* first, int64_t* last) {
  const int64_t offset = fc * g.dilation_cols - g.pad_left;  // input column of output column 0
  *first = std::min(g.out_cols, std::max<int64_t>(0, (-offset + g.stride_cols - 1) / g.stride_cols));
  *last = std::max(*first, std::min(g.out_cols, (g.in_cols - offset + g.stride_cols - 1) / g.stride_cols));
}

// One filter tap's weights repeated along a row of `cols` pixels: with a depth multiplier of 1
// and column stride 1, a tap's contribution to an output row is then one element-wise
// multiply-add over a contiguous run of the input row, which simd_for runs at the CPU's width.
template <class T>
std::vector<T> tiled_taps(const DepthwiseGeometry& g, const T* filter) {
  const int64_t taps = g.filter_rows * g.filter_cols, depth = g.in_depth, cols = g.out_cols;
  std::vector<T> tiled(static_cast<size_t>(taps * cols * depth));
  for (int64_t t = 0; t < taps; ++t) {
    for (int64_t c = 0; c < cols; ++c) {
      std::copy(filter + t * depth, filter + (t + 1) * depth, &tiled[(t * cols + c) * depth]);
    }
  }
  return tiled;
}

bool row_vectorizable(const DepthwiseGeometry& g) { return g.multiplier == 1 && g.stride_cols == 1; }

// out[b, r, :, :] += the taps' products, a row at a time (row_vectorizable geometries).
template <class T>
void forward_rows(const DepthwiseGeometry& g, const T* input, const T* filter, T* out) {
  const int64_t depth = g.in_depth;
  const std::vector<T> tiled = tiled_taps(g, filter);
  std::fill(out, out + g.batch * g.out_rows * g.out_cols * depth, T(0));
  for (int64_t b = 0; b < g.batch; ++b) {
    const T* image = input + b * g.in_rows * g.in_cols * depth;
    for (int64_t r = 0; r < g.out_rows; ++r) {
      T* row = out + (b * g.out_rows + r) * g.out_cols * depth;
      for (int64_t fr = 0; fr < g.filter_rows; ++fr) {
        const int64_t ir = tap_row(g, r, fr);
        if (ir < 0 || ir >= g.in_rows) continue;
        for (int64_t fc = 0; fc < g.filter_cols; ++fc) {
          int64_t first, last;
          inside_cols(g, fc, &first, &last);
          T* acc = row + first * depth;
          const T* x = image + (ir * g.in_cols + tap_col(g, first, fc)) * depth;
          const T* w = &tiled[((fr * g.filter_cols + fc) * g.out_cols + first) * depth];
          simd_for(0, (last - first) * depth, [acc, x, w](int64_t i) { acc[i] += x[i] * w[i]; });
        }
      }
    }
  }
}

// in_backprop[b, ir, :, :] += the taps' products, a row at a time (row_vectorizable geometries).
template <class T>
void backprop_input_rows(const DepthwiseGeometry& g, const T* filter, const T* dy, T* dx) {
  const int64_t depth = g.in_depth;
  const std::vector<T> tiled = tiled_taps(g, filter);
  std::fill(dx, dx + g.batch * g.in_rows * g.in_cols * depth, T(0));
  for (int64_t b = 0; b < g.batch; ++b) {
    T* image = dx + b * g.in_rows * g.in_cols * depth;
    for (int64_t r = 0; r < g.out_rows; ++r) {
      const T* row = dy + (b * g.out_rows + r) * g.out_cols * depth;
      for (int64_t fr = 0; fr < g.filter_rows; ++fr) {
        const int64_t ir = tap_row(g, r, fr);
        if (ir < 0 || ir >= g.in_rows) continue;
        for (int64_t fc = 0; fc < g.filter_cols; ++fc) {
          int64_t first, last;
          inside_cols(g, fc, &first, &last);
          const T* grad = row + first * depth;
          T* target = image + (ir * g.in_cols + tap_col(g, first, fc)) * depth;
          const T* w = &tiled[((fr * g.filter_cols + fc) * g.out_cols + first) * depth];
          simd_for(0, (last - first) * depth, [target, grad, w](int64_t i) { target[i] += grad[i] * w[i]; });
        }
      }
    }
  }
}

// filter_backprop by rows (row_vectorizable geometries): each tap's products summed per output
// column under simd_for, then the columns summed.
template <class T>
void backprop_filter_rows(const DepthwiseGeometry& g, const T* input, const T* dy, T* dw) {
  const int64_t depth = g.in_depth, taps = g.filter_rows * g.filter_cols;
  std::vector<T> partial(static_cast<size_t>(taps * g.out_cols * depth), T(0));
  for (int64_t b = 0; b < g.batch; ++b) {
    const T* image = input + b * g.in_rows * g.in_cols * depth;
    for (int64_t r = 0; r < g.out_rows; ++r) {
      const T* row = dy + (b * g.out_rows + r) * g.out_cols * depth;
      for (int64_t fr = 0; fr < g.filter_rows; ++fr) {
        const int64_t ir = tap_row(g, r, fr);
        if (ir < 0 || ir >= g.in_rows) continue;
        for (int64_t fc = 0; fc < g.filter_cols; ++fc) {
          int64_t first, last;
          inside_cols(g, fc, &first, &last);
          const T* grad = row + first * depth;
          const T* x = image + (ir * g.in_cols + tap_col(g, first, fc)) * depth;
          T* acc = &partial[((fr * g.filter_cols + fc) * g.out_cols + first) * depth];
          simd_for(0, (last - first) * depth, [acc, x, grad](int64_t i) { acc[i] += x[i] * grad[i]; });
        }
      }
    }
  }
  std::fill(dw, dw + taps * depth, T(0));
  for (int64_t t = 0; t < taps; ++t) {
    for (int64_t c = 0; c < g.out_cols; ++c) {
      const T* column = &partial[(t * g.out_cols + c) * depth];
      for (int64_t d = 0; d < depth; ++d) dw[t * depth + d] += column[d];
    }
  }
}

template <class T>
void forward(const DepthwiseGeometry& g, const T* input, const T* filter, T* out) {
  if (row_vectorizable(g)) return forward_rows(g, input, filter, out);
  const int64_t od = g.out_depth();
  for (int64_t b = 0; b < g.batch; ++b) {
    const T* image = input + b * g.in_rows * g.in_cols * g.in_depth;
    for (int64_t r = 0; r < g.out_rows; ++r) {
      for (int64_t c = 0; c < g.out_cols; ++c) {
        T* acc = out + ((b * g.out_rows + r) * g.out_cols + c) * od;
        std::fill(acc, acc + od, T(0));
        for (int64_t fr = 0; fr < g.filter_rows; ++fr) {
          const int64_t ir = tap_row(g, r, fr);
          if (ir < 0 || ir >= g.in_rows) continue;
          for (int64_t fc = 0; fc < g.filter_cols; ++fc) {
            const int64_t ic = tap_col(g, c, fc);
            if (ic < 0 || ic >= g.in_cols) continue;
            multiply_add(g, image + (ir * g.in_cols + ic) * g.in_depth, filter + (fr * g.filter_cols + fc) * od, acc);
          }
        }
      }
    }
  }
}

template <class T>
void backprop_input(const DepthwiseGeometry& g, const T* filter, const T* dy, T* dx) {
  if (row_vectorizable(g)) return backprop_input_rows(g, filter, dy, dx);
  const int64_t od = g.out_depth(), depth = g.in_depth, mult = g.multiplier;
  std::fill(dx, dx + g.batch * g.in_rows * g.in_cols * depth, T(0));
  for (int64_t b = 0; b < g.batch; ++b) {
    T* image = dx + b * g.in_rows * g.in_cols * depth;
    for (int64_t r = 0; r < g.out_rows; ++r) {
      for (int64_t c = 0; c < g.out_cols; ++c) {
        const T* grad = dy + ((b * g.out_rows + r) * g.out_cols + c) * od;
        for (int64_t fr = 0; fr < g.filter_rows; ++fr) {
          const int64_t ir = tap_row(g, r, fr);
          if (ir < 0 || ir >= g.in_rows) continue;
          for (int64_t fc = 0; fc < g.filter_cols; ++fc) {
            const int64_t ic = tap_col(g, c, fc);
            if (ic < 0 || ic >= g.in_cols) continue;
            const T* w = filter + (fr * g.filter_cols + fc) * od;
            T* target = image + (ir * g.in_cols + ic) * depth;
            if (mult == 1) {
              for (int64_t d = 0; d < depth; ++d) target[d] += grad[d] * w[d];
            } else {
              for (int64_t d = 0; d < depth; ++d) {
                T sum = 0;
                for (int64_t m = 0; m < mult; ++m) sum += grad[d * mult + m] * w[d * mult + m];
                target[d] += sum;
              }
            }
          }
        }
      }
    }
  }
}

template <class T>
void backprop_filter(const DepthwiseGeometry& g, const T* input, const T* dy, T* dw) {
  if (row_vectorizable(g)) return backprop_filter_rows(g, input, dy, dw);
  const int64_t od = g.out_depth();
  std::fill(dw, dw + g.filter_rows * g.filter_cols * od, T(0));
  for (int64_t b = 0; b < g.batch; ++b) {
    const T* image = input + b * g.in_rows * g.in_cols * g.in_depth;
    for (int64_t r = 0; r < g.out_rows; ++r) {
      for (int64_t c = 0; c < g.out_cols; ++c) {
        const T* grad = dy + ((b * g.out_rows + r) * g.out_cols + c) * od;
        for (int64_t fr = 0; fr < g.filter_rows; ++fr) {
          const int64_t ir = tap_row(g, r, fr);
          if (ir < 0 || ir >= g.in_rows) continue;
          for (int64_t fc = 0; fc < g.filter_cols; ++fc) {
            const int64_t ic = tap_col(g, c, fc);
            if (ic < 0 || ic >= g.in_cols) continue;
            // dw[tap, d * M + m] += x[d] * dy[d * M + m]: multiply_add with the roles of w and dy swapped.
            multiply_add(g, image + (ir * g.in_cols + ic) * g.in_depth, grad, dw + (fr * g.filter_cols + fc) * od);
          }
        }
      }
    }
  }
}

}  // namespace

bool depthwise_conv2d_supported(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat64; }

void depthwise_conv2d(DType dtype, const DepthwiseGeometry& g, const void* input, const void* filter, void* out) {
  if (dtype == DType::kFloat32) {
    forward(g, static_cast<const float*>(input), static_cast<const float*>(filter), static_cast<float*>(out));
  } else {
    forward(g, static_cast<const double*>(input), static_cast<const double*>(filter), static_cast<double*>(out));
  }
}

void depthwise_conv2d_backprop_input(DType dtype, const DepthwiseGeometry& g, const void* filter,
                                     const void* out_backprop, void* in_backprop) {
  if (dtype == DType::kFloat32) {
    backprop_input(g, static_cast<const float*>(filter), static_cast<const float*>(out_backprop),
                   static_cast<float*>(in_backprop));
  } else {
    backprop_input(g, static_cast<const double*>(filter), static_cast<const double*>(out_backprop),
                   static_cast<double*>(in_backprop));
  }
}

void depthwise_conv2d_backprop_filter(DType dtype, const DepthwiseGeometry& g, const void* input,
                                      const void* out_backprop, void* filter_backprop) {
  if (dtype == DType::kFloat32) {
    backprop_filter(g, static_cast<const float*>(input), static_cast<const float*>(out_backprop),
                    static_cast<float*>(filter_backprop));
  } else {
    backprop_filter(g, static_cast<const double*>(input), static_cast<const double*>(out_backprop),
                    static_cast<double*>(filter_backprop));
  }
}

}  // namespace kernels
}  // namespace varrt
