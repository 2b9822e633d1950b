#include "varrt/kernels/depthwise_conv2d.h"

#include <algorithm>

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

template <class T>
void forward(const DepthwiseGeometry& g, const T* input, const T* filter, T* out) {
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
