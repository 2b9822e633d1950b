#include "varrt/kernels/conv2d.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "varrt/core/parallel.h"
#include "varrt/kernels/activations.h"
#include "varrt/kernels/conv2d_winograd.h"
#include "varrt/kernels/gemm.h"
#include "varrt/kernels/simd_dispatch.h"

namespace varrt {
namespace kernels {
namespace {

// The patches of this many elements at most are laid out at once: large enough for the GEMM to
// run at speed (hundreds of rows), small enough (512 KB of floats) that the GEMM (or col2im)
// reads them from the core's L2 cache, where im2col (or the GEMM) has just written them.
constexpr int64_t kPatchBudget = 1 << 17;  // elements

int64_t patch_size(const Conv2DGeometry& g) { return g.filter_rows * g.filter_cols * g.in_depth; }

// True when the patches matrix of an image is the image itself (1x1 filter, stride 1, no padding).
bool patches_are_input(const Conv2DGeometry& g) {
  return g.filter_rows == 1 && g.filter_cols == 1 && g.stride_rows == 1 && g.stride_cols == 1 && g.pad_top == 0 &&
         g.pad_left == 0 && g.out_rows == g.in_rows && g.out_cols == g.in_cols;
}

// Room for `n` patch elements, uninitialised (im2col or the GEMM writes every one).
template <class T>
std::unique_ptr<T[]> patch_buffer(int64_t n) {
  return std::unique_ptr<T[]>(new T[static_cast<size_t>(n)]);
}

// Room for `n` patch elements, kept by each thread from call to call: a buffer allocated per chunk
// (hundreds of KB, on the pool's threads) costs more than the chunk's im2col, from the second thread on.
template <class T>
T* thread_patch_buffer(int64_t n) {
  thread_local std::vector<T> buffer;
  if (static_cast<int64_t>(buffer.size()) < n) buffer.resize(static_cast<size_t>(n));
  return buffer.data();
}

// How many images' patches to lay out together.
int64_t images_per_chunk(const Conv2DGeometry& g) {
  const int64_t per_image = std::max<int64_t>(1, g.out_rows * g.out_cols * patch_size(g));
  return std::max<int64_t>(1, std::min<int64_t>(g.batch, kPatchBudget / per_image));
}

// Channels per block (of output channels in the short-patch kernels, of copied channels in
// im2col): two AVX-512 vectors (four AVX2, eight SSE2).
template <class T>
constexpr int64_t kBlock = 128 / sizeof(T);

// dst[0, n) = src[0, n): whole blocks as fixed-size copies, which the compiler inlines (a copy of
// a tap's few dozen channels as a memcpy call costs more than the copy).
template <class T>
void copy_channels(const T* src, T* dst, int64_t n) {
  int64_t d = 0;
  for (; d + kBlock<T> <= n; d += kBlock<T>) std::memcpy(dst + d, src + d, sizeof(T) * kBlock<T>);
  for (; d < n; ++d) dst[d] = src[d];
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
          } else {
            copy_channels(image + (ir * g.in_cols + ic) * depth, row, depth);
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

// im2col of `n` images into consecutive patch matrices: the images in parallel, each copy
// compiled for the CPU's widest vectors.
template <class T>
void images_im2col(const Conv2DGeometry& g, const T* input, int64_t n, T* cols) {
  const int64_t image_in = g.in_rows * g.in_cols * g.in_depth, image_cols = g.out_rows * g.out_cols * patch_size(g);
  parallel_for(n, static_cast<int64_t>(sizeof(T)) * (image_in + image_cols), [&](int64_t i0, int64_t i1) {
    simd_call([&] {
      for (int64_t i = i0; i < i1; ++i) im2col(g, input + i * image_in, cols + i * image_cols);
    });
  });
}

// col2im of `n` images' patch matrices into their (zeroed) gradients, likewise: each image's sums
// in the same order whichever thread and vector width runs it.
template <class T>
void images_col2im(const Conv2DGeometry& g, const T* cols, int64_t n, T* dx) {
  const int64_t image_in = g.in_rows * g.in_cols * g.in_depth, image_cols = g.out_rows * g.out_cols * patch_size(g);
  parallel_for(n, static_cast<int64_t>(sizeof(T)) * (image_in + image_cols), [&](int64_t i0, int64_t i1) {
    simd_call([&] {
      for (int64_t i = i0; i < i1; ++i) col2im(g, cols + i * image_cols, dx + i * image_in);
    });
  });
}

// The epilogue (Conv2DEpilogue) over output elements [begin, end) of the whole output, whole
// positions (multiples of out_depth): each channel's bias, then Relu's packet rule, or its scalar
// rule in the output's last n % lanes elements, as Relu over the whole output applies them.
template <class T>
void finish_outputs(const Conv2DGeometry& g, const Conv2DEpilogue& e, T* out, int64_t begin, int64_t end) {
  if (e.bias == nullptr && !e.relu) return;
  const T* bias = static_cast<const T*>(e.bias);
  const int64_t n = g.out_depth;
  const int64_t packet_end = relu_packet_end<T>(g.batch * g.out_rows * g.out_cols * n);
  for (int64_t row = begin; row < end; row += n) {
    T* y = out + row;
    if (bias != nullptr) {
      for (int64_t d = 0; d < n; ++d) y[d] = y[d] + bias[d];
    }
    if (!e.relu) continue;
    if (row + n <= packet_end) {
      for (int64_t d = 0; d < n; ++d) y[d] = relu_packet(y[d]);
    } else {
      for (int64_t d = 0; d < n; ++d) y[d] = row + d < packet_end ? relu_packet(y[d]) : relu_scalar(y[d]);
    }
  }
}

// The epilogue over the outputs of images [b0, b1), compiled for the CPU's widest vectors (an
// addition and a select per element: the same results at every width).
template <class T>
void finish_images(const Conv2DGeometry& g, const Conv2DEpilogue& e, T* out, int64_t b0, int64_t b1) {
  if (e.bias == nullptr && !e.relu) return;
  const int64_t image_out = g.out_rows * g.out_cols * g.out_depth;
  simd_call([&] { finish_outputs(g, e, out, b0 * image_out, b1 * image_out); });
}

// --- short patches, without the GEMM --------------------------------------------------------
// An image's first layer (3x3 over one to three channels) has patches of a few elements: as a GEMM
// its inner dimension is 9 or 27, too short for the GEMM's blocking, and im2col copies elements
// one at a time. These kernels read each tap straight from the image (with its padding written
// out, so no tap needs a bounds check) and keep blocks of output channels in vector registers
// (simd_call compiles them for the CPU's widest vectors), several positions or taps at once so
// that the additions into each register do not wait on one another.
constexpr int64_t kDirectMaxPatch = 32;

bool runs_direct(const Conv2DGeometry& g) { return patch_size(g) <= kDirectMaxPatch && !patches_are_input(g); }

// Output positions per step of the forward pass, taps per pass of the filter's gradient.
constexpr int kPositions = 4;
constexpr int kTaps = 3;

int64_t padded_depth(int64_t depth, int64_t block) { return (depth + block - 1) / block * block; }

// An image with its padding written out as zeros: the rows and columns the windows reach.
struct PaddedImage {
  int64_t rows, cols;
  std::vector<int64_t> taps;  // where tap (fr, fc, d) is from a window's first element
};

PaddedImage padded_image(const Conv2DGeometry& g) {
  PaddedImage p;
  p.rows = std::max<int64_t>(1, (g.out_rows - 1) * g.stride_rows + (g.filter_rows - 1) * g.dilation_rows + 1);
  p.cols = std::max<int64_t>(1, (g.out_cols - 1) * g.stride_cols + (g.filter_cols - 1) * g.dilation_cols + 1);
  for (int64_t fr = 0; fr < g.filter_rows; ++fr) {
    for (int64_t fc = 0; fc < g.filter_cols; ++fc) {
      for (int64_t d = 0; d < g.in_depth; ++d) {
        p.taps.push_back((fr * g.dilation_rows * p.cols + fc * g.dilation_cols) * g.in_depth + d);
      }
    }
  }
  return p;
}

template <class T>
void pad_image(const Conv2DGeometry& g, const PaddedImage& p, const T* image, T* out) {
  const int64_t depth = g.in_depth;
  std::fill(out, out + p.rows * p.cols * depth, T(0));
  const int64_t c0 = std::max<int64_t>(0, -g.pad_left), c1 = std::min(g.in_cols, p.cols - g.pad_left);
  for (int64_t ir = 0; ir < g.in_rows; ++ir) {
    const int64_t row = ir + g.pad_top;
    if (row >= p.rows || c0 >= c1) continue;
    std::copy(image + (ir * g.in_cols + c0) * depth, image + (ir * g.in_cols + c1) * depth,
              out + (row * p.cols + c0 + g.pad_left) * depth);
  }
}

// Where output position (r, c)'s window starts in the padded image.
inline int64_t window_start(const Conv2DGeometry& g, const PaddedImage& p, int64_t r, int64_t c) {
  return (r * g.stride_rows * p.cols + c * g.stride_cols) * g.in_depth;
}

// y[q, :] = sum over taps of image[start_q + tap] * filter[tap, :], for Q positions, each a row
// of w_row (whole blocks; k >= 1 taps). The first tap starts the sums (0 + its product, as adding
// to zeros does) and every block is stored whole, so the sums stay in vector registers: with a
// zero-tap path or a copy of a runtime length the compiler kept them in memory, zeroed by a rep
// stos and copied out twice, per block of positions.
template <int Q, class T>
inline void forward_positions(const T* image, const int64_t* start, const int64_t* taps, int64_t k, const T* w,
                              int64_t w_row, T* y) {
  for (int64_t ob = 0; ob < w_row; ob += kBlock<T>) {
    T acc[Q][kBlock<T>];
    for (int q = 0; q < Q; ++q) {
      const T v = image[start[q] + taps[0]];
      for (int64_t j = 0; j < kBlock<T>; ++j) acc[q][j] = T(0) + v * w[ob + j];
    }
    for (int64_t t = 1; t < k; ++t) {
      const T* wr = w + t * w_row + ob;
      for (int q = 0; q < Q; ++q) {
        const T v = image[start[q] + taps[t]];
        for (int64_t j = 0; j < kBlock<T>; ++j) acc[q][j] += v * wr[j];
      }
    }
    for (int q = 0; q < Q; ++q) {
      for (int64_t j = 0; j < kBlock<T>; ++j) y[q * w_row + ob + j] = acc[q][j];
    }
  }
}

template <class T>
void forward_direct(const Conv2DGeometry& g, const T* input, const T* filter, T* out, const Conv2DEpilogue& e) {
  const int64_t k = patch_size(g), n = g.out_depth, w_row = padded_depth(n, kBlock<T>);
  // The filter's rows padded to whole blocks with zeros: every block is a full one.
  std::vector<T> padded_filter(static_cast<size_t>(k * w_row), T(0));
  for (int64_t i = 0; i < k; ++i) std::copy(filter + i * n, filter + (i + 1) * n, padded_filter.data() + i * w_row);
  const PaddedImage p = padded_image(g);
  const int64_t image_in = g.in_rows * g.in_cols * g.in_depth, image_out = g.out_rows * g.out_cols * n;
  parallel_for(g.batch, static_cast<int64_t>(sizeof(T)) * (image_in + image_out), [&](int64_t b0, int64_t b1) {
    std::vector<T> image(static_cast<size_t>(p.rows * p.cols * g.in_depth));
    // An output row with its positions padded to whole blocks, when they are not (then copied out).
    std::vector<T> padded_row(w_row == n ? 0 : static_cast<size_t>(g.out_cols * w_row));
    simd_call([&] {
      const T* w = padded_filter.data();
      const int64_t* taps = p.taps.data();
      for (int64_t b = b0; b < b1; ++b) {
        pad_image(g, p, input + b * image_in, image.data());
        for (int64_t r = 0; r < g.out_rows; ++r) {
          T* y = out + b * image_out + r * g.out_cols * n;
          T* rows = w_row == n ? y : padded_row.data();
          int64_t c = 0;
          for (; c + kPositions <= g.out_cols; c += kPositions) {
            int64_t start[kPositions];
            for (int q = 0; q < kPositions; ++q) start[q] = window_start(g, p, r, c + q);
            forward_positions<kPositions>(image.data(), start, taps, k, w, w_row, rows + c * w_row);
          }
          for (; c < g.out_cols; ++c) {
            const int64_t start = window_start(g, p, r, c);
            forward_positions<1>(image.data(), &start, taps, k, w, w_row, rows + c * w_row);
          }
          if (rows != y) {
            for (c = 0; c < g.out_cols; ++c) std::copy(rows + c * w_row, rows + c * w_row + n, y + c * n);
          }
          const int64_t row = b * image_out + r * g.out_cols * n;  // the row just written, still in L1
          finish_outputs(g, e, out, row, row + g.out_cols * n);
        }
      }
    });
  });
}

// Each image's sums go into its own partial filter gradient (rows padded to whole blocks), added
// up in image order at the end: the result does not depend on how the images were split over
// threads. Within an image, kTaps taps at a time over every position, the sums in registers.
template <class T>
void backprop_filter_direct(const Conv2DGeometry& g, const T* input, const T* dy, T* dw) {
  const int64_t k = patch_size(g), n = g.out_depth, w_row = padded_depth(n, kBlock<T>);
  const int64_t positions = g.out_rows * g.out_cols;
  if (g.batch == 0 || positions == 0) {
    std::fill(dw, dw + k * n, T(0));
    return;
  }
  const PaddedImage p = padded_image(g);
  const int64_t image_in = g.in_rows * g.in_cols * g.in_depth, image_out = positions * n;
  const std::unique_ptr<T[]> partial = patch_buffer<T>(g.batch * k * w_row);
  parallel_for(g.batch, static_cast<int64_t>(sizeof(T)) * (image_in + image_out), [&](int64_t b0, int64_t b1) {
    std::vector<T> image(static_cast<size_t>(p.rows * p.cols * g.in_depth));
    // dy's channels padded to whole blocks (zeros) when they are not: every block is a full one.
    std::vector<T> grad(w_row == n ? 0 : static_cast<size_t>(positions * w_row), T(0));
    simd_call([&] {
      for (int64_t b = b0; b < b1; ++b) {
        pad_image(g, p, input + b * image_in, image.data());
        const T* d = dy + b * image_out;
        if (w_row != n) {
          for (int64_t i = 0; i < positions; ++i) std::copy(d + i * n, d + (i + 1) * n, grad.data() + i * w_row);
          d = grad.data();
        }
        T* sums = partial.get() + b * k * w_row;
        for (int64_t t0 = 0; t0 < k; t0 += kTaps) {
          int64_t taps[kTaps];
          for (int i = 0; i < kTaps; ++i) taps[i] = p.taps[static_cast<size_t>(std::min(t0 + i, k - 1))];
          for (int64_t ob = 0; ob < w_row; ob += kBlock<T>) {
            T acc[kTaps][kBlock<T>];
            for (int i = 0; i < kTaps; ++i) {
              for (int64_t j = 0; j < kBlock<T>; ++j) acc[i][j] = T(0);
            }
            const T* block = d + ob;
            for (int64_t r = 0; r < g.out_rows; ++r) {
              for (int64_t c = 0; c < g.out_cols; ++c, block += w_row) {
                const T* x = image.data() + window_start(g, p, r, c);
                for (int i = 0; i < kTaps; ++i) {
                  const T v = x[taps[i]];
                  for (int64_t j = 0; j < kBlock<T>; ++j) acc[i][j] += v * block[j];
                }
              }
            }
            for (int i = 0; i < kTaps && t0 + i < k; ++i) {
              std::copy(acc[i], acc[i] + kBlock<T>, sums + (t0 + i) * w_row + ob);
            }
          }
        }
      }
    });
  });
  for (int64_t i = 0; i < k; ++i) {
    T* row = dw + i * n;
    std::copy(partial.get() + i * w_row, partial.get() + i * w_row + n, row);
    for (int64_t b = 1; b < g.batch; ++b) {
      const T* s = partial.get() + (b * k + i) * w_row;
      for (int64_t o = 0; o < n; ++o) row[o] += s[o];
    }
  }
}

// --- im2col and the GEMM -------------------------------------------------------------------

// Calls per_chunk(c, first image, images, patch buffer) for every chunk of images_per_chunk(g)
// images. With threads to spare and more than one chunk, the chunks run on the pool, each with
// its own buffer (the im2col, GEMM and col2im inside one then run on their caller): a chunk's
// products are too short (~0.1 ms) for the pool to split them well, a worker waking late. Else
// one after the other, each product split over the pool. `parallel` false keeps them in order.
template <class T, class F>
void for_each_chunk(const Conv2DGeometry& g, bool parallel, F per_chunk) {
  const int64_t chunk = images_per_chunk(g), chunks = (g.batch + chunk - 1) / chunk;
  const int64_t buffer = chunk * g.out_rows * g.out_cols * patch_size(g);
  auto run = [&](int64_t c, T* cols) { per_chunk(c, c * chunk, std::min(chunk, g.batch - c * chunk), cols); };
  if (!parallel || chunks == 1 || parallel_threads() == 1) {
    T* cols = thread_patch_buffer<T>(buffer);
    for (int64_t c = 0; c < chunks; ++c) run(c, cols);
    return;
  }
  auto task = [&](int64_t c) { run(c, thread_patch_buffer<T>(buffer)); };
  parallel_tasks(chunks, TaskRef(task));
}

template <class T>
void forward(DType dtype, const Conv2DGeometry& g, const T* input, const T* filter, T* out, const Conv2DEpilogue& e) {
  const int64_t k = patch_size(g), positions = g.out_rows * g.out_cols;
  const int64_t image_in = g.in_rows * g.in_cols * g.in_depth;
  if (runs_direct(g)) return forward_direct(g, input, filter, out, e);
  if constexpr (std::is_same_v<T, float>) {
    if (winograd_applies(dtype, g)) {
      auto finish = [&](int64_t begin, int64_t end) {
        if (e.bias != nullptr || e.relu) simd_call([&] { finish_outputs(g, e, out, begin, end); });
      };
      return winograd_conv2d(g, input, filter, out, OutputRangeRef(finish));
    }
  }
  if (patches_are_input(g)) {
    gemm(dtype, MatOp::kNone, MatOp::kNone, g.batch * positions, g.out_depth, k, input, k, filter, g.out_depth, out,
         g.out_depth);
    parallel_for(g.batch, static_cast<int64_t>(sizeof(T)) * 2 * positions * g.out_depth,
                 [&](int64_t b0, int64_t b1) { finish_images(g, e, out, b0, b1); });
    return;
  }
  for_each_chunk<T>(g, true, [&](int64_t, int64_t b, int64_t n, T* cols) {
    images_im2col(g, input + b * image_in, n, cols);
    gemm(dtype, MatOp::kNone, MatOp::kNone, n * positions, g.out_depth, k, cols, k, filter, g.out_depth,
         out + b * positions * g.out_depth, g.out_depth);
    finish_images(g, e, out, b, b + n);  // the chunk's outputs, which the GEMM has just written
  });
}

template <class T>
void backprop_input(DType dtype, const Conv2DGeometry& g, const T* filter, const T* dy, T* dx) {
  const int64_t k = patch_size(g), positions = g.out_rows * g.out_cols;
  const int64_t image_in = g.in_rows * g.in_cols * g.in_depth;
  if constexpr (std::is_same_v<T, float>) {
    if (winograd_applies(dtype, g)) return winograd_backprop_input(g, filter, dy, dx);
  }
  if (patches_are_input(g)) {
    gemm(dtype, MatOp::kNone, MatOp::kTranspose, g.batch * positions, k, g.out_depth, dy, g.out_depth, filter,
         g.out_depth, dx, k);
    return;
  }
  for_each_chunk<T>(g, true, [&](int64_t, int64_t b, int64_t n, T* cols) {
    gemm(dtype, MatOp::kNone, MatOp::kTranspose, n * positions, k, g.out_depth, dy + b * positions * g.out_depth,
         g.out_depth, filter, g.out_depth, cols, k);
    std::fill(dx + b * image_in, dx + (b + n) * image_in, T(0));
    images_col2im(g, cols, n, dx + b * image_in);
  });
}

// Partial products of more chunks than this many elements in all are not kept for a parallel
// pass: the chunks then run in order, adding as they go (each product split over the pool).
constexpr int64_t kMaxPartials = int64_t{1} << 22;

template <class T>
void backprop_filter(DType dtype, const Conv2DGeometry& g, const T* input, const T* dy, T* dw) {
  const int64_t k = patch_size(g), positions = g.out_rows * g.out_cols;
  const int64_t image_in = g.in_rows * g.in_cols * g.in_depth;
  const int64_t filter_size = k * g.out_depth;
  if (runs_direct(g)) return backprop_filter_direct(g, input, dy, dw);
  if constexpr (std::is_same_v<T, float>) {
    if (winograd_applies(dtype, g)) return winograd_backprop_filter(g, input, dy, dw);
  }
  if (patches_are_input(g) || g.batch == 0 || positions == 0) {
    gemm(dtype, MatOp::kTranspose, MatOp::kNone, k, g.out_depth, g.batch * positions, input, k, dy, g.out_depth, dw,
         g.out_depth);
    return;
  }
  // The first chunk writes the result; each later one's product is added to it in chunk order
  // (the same sums whether the chunks ran in parallel, each into its own partial, or in order).
  const int64_t chunk = images_per_chunk(g), chunks = (g.batch + chunk - 1) / chunk;
  const bool parallel = (chunks - 1) * filter_size <= kMaxPartials;
  // (Uninitialised: each GEMM writes its whole partial.)
  const std::unique_ptr<T[]> partials = patch_buffer<T>(parallel ? (chunks - 1) * filter_size : filter_size);
  auto add = [&](const T* p) {
    for (int64_t i = 0; i < filter_size; ++i) dw[i] += p[i];
  };
  for_each_chunk<T>(g, parallel, [&](int64_t c, int64_t b, int64_t n, T* cols) {
    images_im2col(g, input + b * image_in, n, cols);
    T* target = c == 0 ? dw : partials.get() + (parallel ? (c - 1) * filter_size : 0);
    gemm(dtype, MatOp::kTranspose, MatOp::kNone, k, g.out_depth, n * positions, cols, k,
         dy + b * positions * g.out_depth, g.out_depth, target, g.out_depth);
    if (!parallel && c > 0) add(target);
  });
  if (parallel) {
    for (int64_t c = 1; c < chunks; ++c) add(partials.get() + (c - 1) * filter_size);
  }
}

}  // namespace

bool conv2d_supported(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat64; }

void conv2d(DType dtype, const Conv2DGeometry& g, const void* input, const void* filter, void* out,
            const Conv2DEpilogue& epilogue) {
  if (dtype == DType::kFloat32) {
    forward(dtype, g, static_cast<const float*>(input), static_cast<const float*>(filter), static_cast<float*>(out),
            epilogue);
  } else {
    forward(dtype, g, static_cast<const double*>(input), static_cast<const double*>(filter),
            static_cast<double*>(out), epilogue);
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
