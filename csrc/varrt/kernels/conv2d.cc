#include "varrt/kernels/conv2d.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "varrt/kernels/gemm.h"

namespace varrt {
namespace kernels {
namespace {

// The patches of this many output positions at most are laid out at once: large enough for the
// GEMM to run at speed, small enough (a few MB) to stay near the cache whatever the batch.
constexpr int64_t kPatchBudget = 1 << 20;  // elements

int64_t patch_size(const Conv2DGeometry& g) { return g.filter_rows * g.filter_cols * g.in_depth; }

// True when the patches matrix of an image is the image itself (1x1 filter, stride 1, no padding).
bool patches_are_input(const Conv2DGeometry& g) {
  return g.filter_rows == 1 && g.filter_cols == 1 && g.stride_rows == 1 && g.stride_cols == 1 && g.pad_top == 0 &&
         g.pad_left == 0 && g.out_rows == g.in_rows && g.out_cols == g.in_cols;
}

// How many images' patches to lay out together.
int64_t images_per_chunk(const Conv2DGeometry& g) {
  const int64_t per_image = std::max<int64_t>(1, g.out_rows * g.out_cols * patch_size(g));
  return std::max<int64_t>(1, std::min<int64_t>(g.batch, kPatchBudget / per_image));
}

// cols[p, (fr, fc, d)] = the input under filter tap (fr, fc) for output position p of `image`, or 0 in the padding.
template <class T>
void im2col(const Conv2DGeometry& g, const T* image, T* cols) {
  const int64_t depth = g.in_depth;
  for (int64_t r = 0; r < g.out_rows; ++r) {
    for (int64_t c = 0; c < g.out_cols; ++c) {
      T* row = cols + (r * g.out_cols + c) * patch_size(g);
      for (int64_t fr = 0; fr < g.filter_rows; ++fr) {
        const int64_t ir = r * g.stride_rows - g.pad_top + fr * g.dilation_rows;
        for (int64_t fc = 0; fc < g.filter_cols; ++fc, row += depth) {
          const int64_t ic = c * g.stride_cols - g.pad_left + fc * g.dilation_cols;
          if (ir < 0 || ir >= g.in_rows || ic < 0 || ic >= g.in_cols) {
            std::fill(row, row + depth, T(0));
          } else if (depth < 16) {  // a few channels (an image's first layer): a call per tap costs more
            const T* src = image + (ir * g.in_cols + ic) * depth;
            for (int64_t d = 0; d < depth; ++d) row[d] = src[d];
          } else {
            std::memcpy(row, image + (ir * g.in_cols + ic) * depth, sizeof(T) * depth);
          }
        }
      }
    }
  }
}

// image += the patches in `cols` put back where im2col took them from.
template <class T>
void col2im(const Conv2DGeometry& g, const T* cols, T* image) {
  const int64_t depth = g.in_depth;
  for (int64_t r = 0; r < g.out_rows; ++r) {
    for (int64_t c = 0; c < g.out_cols; ++c) {
      const T* row = cols + (r * g.out_cols + c) * patch_size(g);
      for (int64_t fr = 0; fr < g.filter_rows; ++fr) {
        const int64_t ir = r * g.stride_rows - g.pad_top + fr * g.dilation_rows;
        for (int64_t fc = 0; fc < g.filter_cols; ++fc, row += depth) {
          const int64_t ic = c * g.stride_cols - g.pad_left + fc * g.dilation_cols;
          if (ir < 0 || ir >= g.in_rows || ic < 0 || ic >= g.in_cols) continue;
          T* dst = image + (ir * g.in_cols + ic) * depth;
          for (int64_t d = 0; d < depth; ++d) dst[d] += row[d];
        }
      }
    }
  }
}

template <class T>
void forward(DType dtype, const Conv2DGeometry& g, const T* input, const T* filter, T* out) {
  const int64_t k = patch_size(g), positions = g.out_rows * g.out_cols;
  const int64_t image_in = g.in_rows * g.in_cols * g.in_depth;
  if (patches_are_input(g)) {
    gemm(dtype, MatOp::kNone, MatOp::kNone, g.batch * positions, g.out_depth, k, input, k, filter, g.out_depth, out,
         g.out_depth);
    return;
  }
  const int64_t chunk = images_per_chunk(g);
  std::vector<T> cols(static_cast<size_t>(chunk * positions * k));
  for (int64_t b = 0; b < g.batch; b += chunk) {
    const int64_t n = std::min(chunk, g.batch - b);
    for (int64_t i = 0; i < n; ++i) im2col(g, input + (b + i) * image_in, cols.data() + i * positions * k);
    gemm(dtype, MatOp::kNone, MatOp::kNone, n * positions, g.out_depth, k, cols.data(), k, filter, g.out_depth,
         out + b * positions * g.out_depth, g.out_depth);
  }
}

template <class T>
void backprop_input(DType dtype, const Conv2DGeometry& g, const T* filter, const T* dy, T* dx) {
  const int64_t k = patch_size(g), positions = g.out_rows * g.out_cols;
  const int64_t image_in = g.in_rows * g.in_cols * g.in_depth;
  if (patches_are_input(g)) {
    gemm(dtype, MatOp::kNone, MatOp::kTranspose, g.batch * positions, k, g.out_depth, dy, g.out_depth, filter,
         g.out_depth, dx, k);
    return;
  }
  std::fill(dx, dx + g.batch * image_in, T(0));
  const int64_t chunk = images_per_chunk(g);
  std::vector<T> cols(static_cast<size_t>(chunk * positions * k));
  for (int64_t b = 0; b < g.batch; b += chunk) {
    const int64_t n = std::min(chunk, g.batch - b);
    gemm(dtype, MatOp::kNone, MatOp::kTranspose, n * positions, k, g.out_depth, dy + b * positions * g.out_depth,
         g.out_depth, filter, g.out_depth, cols.data(), k);
    for (int64_t i = 0; i < n; ++i) col2im(g, cols.data() + i * positions * k, dx + (b + i) * image_in);
  }
}

template <class T>
void backprop_filter(DType dtype, const Conv2DGeometry& g, const T* input, const T* dy, T* dw) {
  const int64_t k = patch_size(g), positions = g.out_rows * g.out_cols;
  const int64_t image_in = g.in_rows * g.in_cols * g.in_depth;
  const int64_t filter_size = k * g.out_depth;
  if (patches_are_input(g) || g.batch == 0 || positions == 0) {
    gemm(dtype, MatOp::kTranspose, MatOp::kNone, k, g.out_depth, g.batch * positions, input, k, dy, g.out_depth, dw,
         g.out_depth);
    return;
  }
  const int64_t chunk = images_per_chunk(g);
  std::vector<T> cols(static_cast<size_t>(chunk * positions * k));
  std::vector<T> partial;
  for (int64_t b = 0; b < g.batch; b += chunk) {
    const int64_t n = std::min(chunk, g.batch - b);
    for (int64_t i = 0; i < n; ++i) im2col(g, input + (b + i) * image_in, cols.data() + i * positions * k);
    // The first chunk writes the result; later ones add their product to it.
    T* target = dw;
    if (b > 0) {
      partial.resize(static_cast<size_t>(filter_size));
      target = partial.data();
    }
    gemm(dtype, MatOp::kTranspose, MatOp::kNone, k, g.out_depth, n * positions, cols.data(), k,
         dy + b * positions * g.out_depth, g.out_depth, target, g.out_depth);
    if (b > 0) {
      for (int64_t i = 0; i < filter_size; ++i) dw[i] += partial[i];
    }
  }
}

}  // namespace

bool conv2d_supported(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat64; }

void conv2d(DType dtype, const Conv2DGeometry& g, const void* input, const void* filter, void* out) {
  if (dtype == DType::kFloat32) {
    forward(dtype, g, static_cast<const float*>(input), static_cast<const float*>(filter), static_cast<float*>(out));
  } else {
    forward(dtype, g, static_cast<const double*>(input), static_cast<const double*>(filter),
            static_cast<double*>(out));
  }
}

void conv2d_backprop_input(DType dtype, const Conv2DGeometry& g, const void* filter, const void* out_backprop,
                           void* in_backprop) {
  if (dtype == DType::kFloat32) {
    backprop_input(dtype, g, static_cast<const float*>(filter), static_cast<const float*>(out_backprop),
                   static_cast<float*>(in_backprop));
  } else {
    backprop_input(dtype, g, static_cast<const double*>(filter), static_cast<const double*>(out_backprop),
                   static_cast<double*>(in_backprop));
  }
}

void conv2d_backprop_filter(DType dtype, const Conv2DGeometry& g, const void* input, const void* out_backprop,
                            void* filter_backprop) {
  if (dtype == DType::kFloat32) {
    backprop_filter(dtype, g, static_cast<const float*>(input), static_cast<const float*>(out_backprop),
                    static_cast<float*>(filter_backprop));
  } else {
    backprop_filter(dtype, g, static_cast<const double*>(input), static_cast<const double*>(out_backprop),
                    static_cast<double*>(filter_backprop));
  }
}

}  // namespace kernels
}  // namespace varrt
