#include "varrt/kernels/gemm.h"

#include <algorithm>
#include <complex>
#include <cstring>
#include <limits>
#include <vector>

#include "varrt/core/half.h"
#include "varrt/core/parallel.h"
#include "varrt/kernels/blas_library.h"
#include "varrt/kernels/wrapping.h"

namespace varrt {
namespace kernels {
namespace {

template <class T>
T conj_of(const T& v) {
  return v;
}
template <class T>
std::complex<T> conj_of(const std::complex<T>& v) {
  return std::conj(v);
}

// op(x) as a contiguous rows x cols row-major matrix (x stored rows x cols, or cols x rows when
// transposed), so the loop below reads both operands along rows.
template <class T>
std::vector<T> apply_op(const T* x, int64_t ld, MatOp op, int64_t rows, int64_t cols) {
  std::vector<T> out(static_cast<size_t>(rows * cols));
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) {
      const T& v = op == MatOp::kNone ? x[i * ld + j] : x[j * ld + i];
      out[i * cols + j] = op == MatOp::kAdjoint ? conj_of(v) : v;
    }
  }
  return out;
}

// The core's own product: blocked over k and n so a block of b stays in cache while every row
// of a passes over it; the inner loop runs along rows of b and c (vectorisable). Integers wrap.
template <class T>
void loop_gemm(MatOp op_a, MatOp op_b, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
               int64_t ldb, T* c, int64_t ldc) {
  using W = Wrapping<T>;
  std::vector<T> a_copy, b_copy;
  if (op_a != MatOp::kNone) {
    a_copy = apply_op(a, lda, op_a, m, k);
    a = a_copy.data();
    lda = k;
  }
  if (op_b != MatOp::kNone) {
    b_copy = apply_op(b, ldb, op_b, k, n);
    b = b_copy.data();
    ldb = n;
  }
  for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, T(0));
  constexpr int64_t kBlockK = 128, kBlockN = 512;
  for (int64_t p0 = 0; p0 < k; p0 += kBlockK) {
    const int64_t p1 = std::min(k, p0 + kBlockK);
    for (int64_t j0 = 0; j0 < n; j0 += kBlockN) {
      const int64_t j1 = std::min(n, j0 + kBlockN);
      for (int64_t i = 0; i < m; ++i) {
        T* row = c + i * ldc;
        for (int64_t p = p0; p < p1; ++p) {
          const W s = static_cast<W>(a[i * lda + p]);
          const T* brow = b + p * ldb;
          for (int64_t j = j0; j < j1; ++j) {
            row[j] = static_cast<T>(static_cast<W>(row[j]) + s * static_cast<W>(brow[j]));
          }
        }
      }
    }
  }
}

int cblas_op(MatOp op) {
  return op == MatOp::kNone ? kCblasNoTrans : op == MatOp::kTranspose ? kCblasTrans : kCblasConjTrans;
}

bool fits_blas(int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc) {
  constexpr int64_t kMax = std::numeric_limits<int>::max();
  return m <= kMax && n <= kMax && k <= kMax && lda <= kMax && ldb <= kMax && ldc <= kMax;
}

// One OpenBLAS call: c[m, n] = op_a(a) @ op_b(b).
template <class T>
void blas_call(const BlasLibrary* blas, MatOp op_a, MatOp op_b, int64_t m, int64_t n, int64_t k, const T* a,
               int64_t lda, const T* b, int64_t ldb, T* c, int64_t ldc) {
  // OpenBLAS checks lda >= max(1, columns stored) even when a dimension is 0 or 1.
  const int ta = cblas_op(op_a), tb = cblas_op(op_b);
  const int ia = static_cast<int>(std::max<int64_t>(lda, op_a == MatOp::kNone ? k : m));
  const int ib = static_cast<int>(std::max<int64_t>(ldb, op_b == MatOp::kNone ? n : k));
  const int ic = static_cast<int>(std::max<int64_t>(ldc, n));
  const int im = static_cast<int>(m), in = static_cast<int>(n), ik = static_cast<int>(k);
  if constexpr (std::is_same_v<T, float>) {
    blas->sgemm(kCblasRowMajor, ta, tb, im, in, ik, 1.0f, a, std::max(ia, 1), b, std::max(ib, 1), 0.0f, c,
                std::max(ic, 1));
  } else if constexpr (std::is_same_v<T, double>) {
    blas->dgemm(kCblasRowMajor, ta, tb, im, in, ik, 1.0, a, std::max(ia, 1), b, std::max(ib, 1), 0.0, c,
                std::max(ic, 1));
  } else {
    const T one(1), zero(0);
    auto fn = std::is_same_v<T, std::complex<float>> ? blas->cgemm : blas->zgemm;
    fn(kCblasRowMajor, ta, tb, im, in, ik, &one, a, std::max(ia, 1), b, std::max(ib, 1), &zero, c, std::max(ic, 1));
  }
}

// Below this many multiply-adds a product runs on its caller alone (tens of microseconds).
constexpr int64_t kParallelMinMacs = int64_t{1} << 22;
// A task's rows (or columns) at least: a block of C OpenBLAS's kernels fill at full speed.
constexpr int64_t kMinBlock = 64;

// Float32/float64/complex through OpenBLAS; false when it did not load (or the sizes exceed its
// 32-bit indices). A large product is cut into blocks of C's rows (or of its columns, when it
// has more of those), each one OpenBLAS call on the thread pool, several per thread so that a
// descheduled thread holds up little. Every element of C is still one call's dot product over
// the whole of k, so the result does not depend on the thread count.
template <class T>
bool blas_gemm(MatOp op_a, MatOp op_b, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
               int64_t ldb, T* c, int64_t ldc) {
  const BlasLibrary* blas = blas_library();
  if (blas == nullptr || !fits_blas(m, n, k, lda, ldb, ldc)) return false;
  const int threads = parallel_threads();
  const bool by_rows = m >= n;
  const int64_t extent = by_rows ? m : n;
  if (threads <= 1 || m * n * k < kParallelMinMacs || extent < 2 * kMinBlock) {
    blas_call(blas, op_a, op_b, m, n, k, a, lda, b, ldb, c, ldc);
    return true;
  }
  const int64_t block = std::max(kMinBlock, (extent + 4 * threads - 1) / (4 * threads));
  auto run = [&](int64_t task) {
    const int64_t begin = task * block, size = std::min(block, extent - begin);
    if (by_rows) {  // rows [begin, begin + size) of op_a(a) and of c
      const T* a_rows = op_a == MatOp::kNone ? a + begin * lda : a + begin;
      blas_call(blas, op_a, op_b, size, n, k, a_rows, lda, b, ldb, c + begin * ldc, ldc);
    } else {  // columns [begin, begin + size) of op_b(b) and of c
      const T* b_cols = op_b == MatOp::kNone ? b + begin : b + begin * ldb;
      blas_call(blas, op_a, op_b, m, size, k, a, lda, b_cols, ldb, c + begin, ldc);
    }
  };
  parallel_tasks((extent + block - 1) / block, TaskRef(run));
  return true;
}

template <class T>
void typed_gemm(MatOp op_a, MatOp op_b, int64_t m, int64_t n, int64_t k, const void* a, int64_t lda, const void* b,
                int64_t ldb, void* c, int64_t ldc) {
  const T* x = static_cast<const T*>(a);
  const T* y = static_cast<const T*>(b);
  T* z = static_cast<T*>(c);
  if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, std::complex<float>> ||
                std::is_same_v<T, std::complex<double>>) {
    if (blas_gemm(op_a, op_b, m, n, k, x, lda, y, ldb, z, ldc)) return;
  }
  loop_gemm(op_a, op_b, m, n, k, x, lda, y, ldb, z, ldc);
}

// Half and bfloat16: widened to float32 (op applied, contiguous), one float32 product, each
// result rounded once.
void narrow_gemm(DType dtype, MatOp op_a, MatOp op_b, int64_t m, int64_t n, int64_t k, const void* a, int64_t lda,
                 const void* b, int64_t ldb, void* c, int64_t ldc) {
  const bool half = dtype == DType::kFloat16;
  auto widen = [&](const void* x, int64_t ld, MatOp op, int64_t rows, int64_t cols) {
    const uint16_t* bits = static_cast<const uint16_t*>(x);
    std::vector<float> out(static_cast<size_t>(rows * cols));
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) {
        const uint16_t v = op == MatOp::kNone ? bits[i * ld + j] : bits[j * ld + i];
        out[i * cols + j] = half ? half_to_float(v) : bfloat16_to_float(v);
      }
    }
    return out;
  };
  const std::vector<float> fa = widen(a, lda, op_a, m, k), fb = widen(b, ldb, op_b, k, n);
  std::vector<float> fc(static_cast<size_t>(m * n));
  typed_gemm<float>(MatOp::kNone, MatOp::kNone, m, n, k, fa.data(), k, fb.data(), n, fc.data(), n);
  uint16_t* out = static_cast<uint16_t*>(c);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      const float v = fc[i * n + j];
      out[i * ldc + j] = half ? float_to_half(v) : float_to_bfloat16(v);
    }
  }
}

}  // namespace

bool gemm_supported(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: case DType::kFloat64: case DType::kComplex64: case DType::kComplex128:
    case DType::kFloat16: case DType::kBFloat16: case DType::kInt16: case DType::kInt32: case DType::kInt64:
      return true;
    default:
      return false;
  }
}

void gemm(DType dtype, MatOp op_a, MatOp op_b, int64_t m, int64_t n, int64_t k, const void* a, int64_t lda,
          const void* b, int64_t ldb, void* c, int64_t ldc) {
  if (m <= 0 || n <= 0) return;
  if (k <= 0) {
    const size_t row = static_cast<size_t>(n) * dtype_size(dtype);
    for (int64_t i = 0; i < m; ++i) std::memset(static_cast<char*>(c) + i * ldc * dtype_size(dtype), 0, row);
    return;
  }
  switch (dtype) {
    case DType::kFloat32: return typed_gemm<float>(op_a, op_b, m, n, k, a, lda, b, ldb, c, ldc);
    case DType::kFloat64: return typed_gemm<double>(op_a, op_b, m, n, k, a, lda, b, ldb, c, ldc);
    case DType::kComplex64: return typed_gemm<std::complex<float>>(op_a, op_b, m, n, k, a, lda, b, ldb, c, ldc);
    case DType::kComplex128: return typed_gemm<std::complex<double>>(op_a, op_b, m, n, k, a, lda, b, ldb, c, ldc);
    case DType::kInt16: return typed_gemm<int16_t>(op_a, op_b, m, n, k, a, lda, b, ldb, c, ldc);
    case DType::kInt32: return typed_gemm<int32_t>(op_a, op_b, m, n, k, a, lda, b, ldb, c, ldc);
    case DType::kInt64: return typed_gemm<int64_t>(op_a, op_b, m, n, k, a, lda, b, ldb, c, ldc);
    case DType::kFloat16: case DType::kBFloat16:
      return narrow_gemm(dtype, op_a, op_b, m, n, k, a, lda, b, ldb, c, ldc);
    default:
      return;
  }
}

}  // namespace kernels
}  // namespace varrt
