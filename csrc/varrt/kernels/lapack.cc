#include "varrt/kernels/lapack.h"

#include <complex>
#include <cstring>
#include <string>
#include <vector>

#include "varrt/kernels/blas_library.h"

namespace varrt {
namespace kernels {
namespace {

constexpr int kRowMajor = 101;  // LAPACK_ROW_MAJOR
constexpr int kColMajor = 102;  // LAPACK_COL_MAJOR: LAPACK's own layout, which LAPACKE passes through
                                // without the transposed copies (and their allocations) of row-major

// LAPACKE's signatures with the element pointers erased (float*, double* and the complex
// pointers are passed the same way).
using Getrf = int (*)(int, int, int, void*, int, int32_t*);
using GetriWork = int (*)(int, int, void*, int, const int32_t*, void*, int);
using Getrs = int (*)(int, char, int, int, const void*, int, const int32_t*, void*, int);
using Potrf = int (*)(int, char, int, void*, int);
// geqrf and orgqr (ungqr) as LAPACKE's *_work entries, which pass column-major calls straight
// to LAPACK: the workspace and its size are the caller's.
using GeqrfWork = int (*)(int, int, int, void*, int, void*, void*, int);
using OrgqrWork = int (*)(int, int, int, int, void*, int, const void*, void*, int);
using Gesdd = int (*)(int, char, int, int, void*, int, void*, void*, int, void*, int);
using Syevd = int (*)(int, char, char, int, void*, int, void*);
// gelsd's rcond is a real scalar passed by value: float for s and c, double for d and z.
using GelsdFloat = int (*)(int, int, int, int, void*, int, void*, int, void*, float, int32_t*);
using GelsdDouble = int (*)(int, int, int, int, void*, int, void*, int, void*, double, int32_t*);
// CBLAS's trsm: the scalar alpha is a value for real types and a pointer for complex ones.
using TrsmReal32 = void (*)(int, int, int, int, int, int, int, float, const void*, int, void*, int);
using TrsmReal64 = void (*)(int, int, int, int, int, int, int, double, const void*, int, void*, int);
using TrsmComplex = void (*)(int, int, int, int, int, int, int, const void*, const void*, int, void*, int);
// CBLAS's trsv (one right-hand side): no scalar, so one signature for every type.
using Trsv = void (*)(int, int, int, int, int, const void*, int, void*, int);

struct Routines {
  Getrf getrf = nullptr;
  GetriWork getri = nullptr;
  Getrs getrs = nullptr;
  Potrf potrf = nullptr;
  GeqrfWork geqrf = nullptr;
  OrgqrWork orgqr = nullptr;
  Gesdd gesdd = nullptr;
  Syevd syevd = nullptr;
  void* trsm = nullptr;
  Trsv trsv = nullptr;
  void* gelsd = nullptr;
  bool complete() const {
    return getrf && getri && getrs && potrf && geqrf && orgqr && gesdd && syevd && trsm && trsv && gelsd;
  }
};

template <class Fn>
Fn find(const char* prefix, const std::string& routine) {
  const std::string plain = "LAPACKE_" + std::string(prefix) + routine;
  return reinterpret_cast<Fn>(blas_symbol(("scipy_" + plain).c_str(), plain.c_str()));
}

Routines resolve(const char* prefix) {
  const bool complex = prefix[0] == 'c' || prefix[0] == 'z';
  Routines r;
  r.getrf = find<Getrf>(prefix, "getrf");
  r.getri = find<GetriWork>(prefix, "getri_work");
  r.getrs = find<Getrs>(prefix, "getrs");
  r.potrf = find<Potrf>(prefix, "potrf");
  r.geqrf = find<GeqrfWork>(prefix, "geqrf_work");
  r.orgqr = find<OrgqrWork>(prefix, complex ? "ungqr_work" : "orgqr_work");
  r.gesdd = find<Gesdd>(prefix, "gesdd");
  r.syevd = find<Syevd>(prefix, complex ? "heevd" : "syevd");
  r.gelsd = find<void*>(prefix, "gelsd");
  const std::string trsm = "cblas_" + std::string(prefix) + "trsm";
  r.trsm = blas_symbol(("scipy_" + trsm).c_str(), trsm.c_str());
  const std::string trsv = "cblas_" + std::string(prefix) + "trsv";
  r.trsv = reinterpret_cast<Trsv>(blas_symbol(("scipy_" + trsv).c_str(), trsv.c_str()));
  return r;
}

// LAPACK's type prefixes: s, d, c, z. Resolved once, at first use.
const Routines* routines(DType dtype) {
  static const Routines table[4] = {resolve("s"), resolve("d"), resolve("c"), resolve("z")};
  int i;
  switch (dtype) {
    case DType::kFloat32: i = 0; break;
    case DType::kFloat64: i = 1; break;
    case DType::kComplex64: i = 2; break;
    case DType::kComplex128: i = 3; break;
    default: return nullptr;
  }
  return table[i].complete() ? &table[i] : nullptr;
}

bool is_complex(DType dtype) { return dtype == DType::kComplex64 || dtype == DType::kComplex128; }

}  // namespace

bool lapack_supported(DType dtype) { return routines(dtype) != nullptr; }

// The LU routines factor the row-major buffer as LAPACK's column-major M = A^T: no copies per
// matrix (what matters for a batch of small matrices). det(M) = det(A); M^-1, column-major, is
// A^-1 row-major; A x = b is M^T x = b.
int lapack_lu(DType dtype, void* a, int n, int32_t* pivots) {
  return routines(dtype)->getrf(kColMajor, n, n, a, n, pivots);
}

int lapack_lu_inverse(DType dtype, void* a, int n, const int32_t* pivots) {
  // getri's workspace, one per thread, kept between matrices (LAPACKE's getri would query and
  // allocate it on every call): 64 columns of n, room for its blocked algorithm.
  thread_local std::vector<double> work;
  const size_t words = static_cast<size_t>(n) * 64 * (dtype_size(dtype) + sizeof(double) - 1) / sizeof(double);
  if (work.size() < words) work.resize(words);
  return routines(dtype)->getri(kColMajor, n, a, n, pivots, work.data(), n * 64);
}

namespace {

// b (n x k, row-major) <-> b^T in `scratch`: column-major n x k, what getrs reads.
void transpose_into(const char* from, char* to, int rows, int cols, size_t size) {
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) {
      std::memcpy(to + (static_cast<size_t>(j) * rows + i) * size, from + (static_cast<size_t>(i) * cols + j) * size, size);
    }
  }
}

void conjugate(void* b, int64_t count, DType dtype) {
  if (dtype == DType::kComplex64) {
    float* f = static_cast<float*>(b);
    for (int64_t i = 0; i < count; ++i) f[2 * i + 1] = -f[2 * i + 1];
  } else {
    double* d = static_cast<double*>(b);
    for (int64_t i = 0; i < count; ++i) d[2 * i + 1] = -d[2 * i + 1];
  }
}

}  // namespace

int lapack_lu_solve(DType dtype, bool adjoint, const void* lu, int n, const int32_t* pivots, void* b, int k) {
  // With M = A^T factored: A x = b is M^T x = b; A^T x = b is M x = b; A^H x = b is conj(M) x = b,
  // that is M conj(x) = conj(b).
  const bool conj = adjoint && is_complex(dtype);
  const char trans = adjoint ? 'N' : 'T';
  const size_t size = dtype_size(dtype);
  thread_local std::vector<char> scratch;
  char* x = static_cast<char*>(b);
  if (k > 1) {
    scratch.resize(static_cast<size_t>(n) * k * size);
    transpose_into(x, scratch.data(), n, k, size);
    x = scratch.data();
  }
  const int64_t count = static_cast<int64_t>(n) * k;
  if (conj) conjugate(x, count, dtype);
  const int info = routines(dtype)->getrs(kColMajor, trans, n, k, lu, n, pivots, x, n);
  if (conj) conjugate(x, count, dtype);
  if (k > 1) transpose_into(x, static_cast<char*>(b), k, n, size);
  return info;
}

// Small matrices (a batch of them): the row-major buffer is LAPACK's column-major M = a^T,
// Hermitian as a is: M's upper factor (M = U^H U), read row-major, is a's lower one
// (a = U^T conj(U) = L L^H), with no copies. From kCopyFreeCholeskyMax on, OpenBLAS's upper
// factorization is slower than its lower one by more than LAPACKE's transposing copies cost
// (measured at n = 64: 1.29x against 1.06-1.15x numpy.linalg), so those go through LAPACKE.
constexpr int kCopyFreeCholeskyMax = 32;

int lapack_cholesky(DType dtype, void* a, int n) {
  if (n <= kCopyFreeCholeskyMax) return routines(dtype)->potrf(kColMajor, 'U', n, a, n);
  return routines(dtype)->potrf(kRowMajor, 'L', n, a, n);
}

void blas_triangular_solve(DType dtype, bool lower, bool adjoint, const void* t, int n, void* b, int k) {
  constexpr int kLeft = 141, kUpper = 121, kLower = 122, kNoTrans = 111, kTrans = 112, kConjTrans = 113,
                kNonUnit = 131;
  const int uplo = lower ? kLower : kUpper;
  const int trans = !adjoint ? kNoTrans : is_complex(dtype) ? kConjTrans : kTrans;
  if (k == 1) {  // one right-hand side: trsv, a matrix-vector sweep, not trsm's blocked machinery
    routines(dtype)->trsv(kRowMajor, uplo, trans, kNonUnit, n, t, n, b, 1);
    return;
  }
  void* fn = routines(dtype)->trsm;
  switch (dtype) {
    case DType::kFloat32:
      reinterpret_cast<TrsmReal32>(fn)(kRowMajor, kLeft, uplo, trans, kNonUnit, n, k, 1.0f, t, n, b, k);
      break;
    case DType::kFloat64:
      reinterpret_cast<TrsmReal64>(fn)(kRowMajor, kLeft, uplo, trans, kNonUnit, n, k, 1.0, t, n, b, k);
      break;
    default: {
      const double one[2] = {1.0, 0.0};
      const float one_f[2] = {1.0f, 0.0f};
      const void* alpha = dtype == DType::kComplex64 ? static_cast<const void*>(one_f) : one;
      reinterpret_cast<TrsmComplex>(fn)(kRowMajor, kLeft, uplo, trans, kNonUnit, n, k, alpha, t, n, b, k);
    }
  }
}

namespace {

// One thread's QR buffers: the column-major matrix (m x max(n, q_cols)), tau, and the workspace
// with the sizes geqrf and orgqr asked for at the shape they were last asked at.
template <class T>
struct QrScratch {
  std::vector<T> matrix, tau, work;
  int m = -1, n = -1, q_cols = -1;
  int geqrf_lwork = 0, orgqr_lwork = 0;
};

// LAPACK's answer to a workspace query (the size in its first element's real part).
template <class T>
int queried_size(T answer) { return static_cast<int>(std::real(answer)); }

template <class T>
int qr_of(const Routines& lapack, const T* a, int m, int n, T* q, int q_cols, T* r, int r_rows) {
  thread_local QrScratch<T> s;
  const int p = m < n ? m : n, cols = n > q_cols ? n : q_cols;
  s.matrix.resize(static_cast<size_t>(m) * cols);
  T* c = s.matrix.data();
  if (s.m != m || s.n != n || s.q_cols != q_cols) {
    // The sizes LAPACKE's row-major geqrf and orgqr query per call (the same, since they query
    // with the column-major copy's dimensions), so the blocking and the bits are theirs.
    s.tau.resize(static_cast<size_t>(p));
    T answer[1];
    int info = lapack.geqrf(kColMajor, m, n, c, m, s.tau.data(), answer, -1);
    if (info != 0) return info;
    s.geqrf_lwork = queried_size(answer[0]);
    info = lapack.orgqr(kColMajor, m, q_cols, p, c, m, s.tau.data(), answer, -1);
    if (info != 0) return info;
    s.orgqr_lwork = queried_size(answer[0]);
    const int most = s.geqrf_lwork > s.orgqr_lwork ? s.geqrf_lwork : s.orgqr_lwork;
    s.work.resize(static_cast<size_t>(most > 1 ? most : 1));
    s.m = m, s.n = n, s.q_cols = q_cols;
  }
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) c[static_cast<size_t>(j) * m + i] = a[static_cast<size_t>(i) * n + j];
  }
  int info = lapack.geqrf(kColMajor, m, n, c, m, s.tau.data(), s.work.data(), s.geqrf_lwork);
  if (info != 0) return info;
  for (int i = 0; i < r_rows; ++i) {
    for (int j = 0; j < n; ++j) r[static_cast<size_t>(i) * n + j] = j >= i ? c[static_cast<size_t>(j) * m + i] : T(0);
  }
  // Q's columns beyond the reflectors' start as zeros (full_matrices of a tall matrix).
  for (size_t k = static_cast<size_t>(n) * m; k < static_cast<size_t>(q_cols) * m; ++k) c[k] = T(0);
  info = lapack.orgqr(kColMajor, m, q_cols, p, c, m, s.tau.data(), s.work.data(), s.orgqr_lwork);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < q_cols; ++j) q[static_cast<size_t>(i) * q_cols + j] = c[static_cast<size_t>(j) * m + i];
  }
  return info;
}

}  // namespace

int lapack_qr(DType dtype, const void* a, int m, int n, void* q, int q_cols, void* r, int r_rows) {
  const Routines& lapack = *routines(dtype);
  switch (dtype) {
    case DType::kFloat32:
      return qr_of(lapack, static_cast<const float*>(a), m, n, static_cast<float*>(q), q_cols,
                   static_cast<float*>(r), r_rows);
    case DType::kFloat64:
      return qr_of(lapack, static_cast<const double*>(a), m, n, static_cast<double*>(q), q_cols,
                   static_cast<double*>(r), r_rows);
    case DType::kComplex64:
      return qr_of(lapack, static_cast<const std::complex<float>*>(a), m, n, static_cast<std::complex<float>*>(q),
                   q_cols, static_cast<std::complex<float>*>(r), r_rows);
    default:
      return qr_of(lapack, static_cast<const std::complex<double>*>(a), m, n, static_cast<std::complex<double>*>(q),
                   q_cols, static_cast<std::complex<double>*>(r), r_rows);
  }
}

int lapack_svd(DType dtype, void* a, int m, int n, void* s, bool vectors, bool full, void* u, void* vt) {
  const int p = m < n ? m : n;
  const char job = !vectors ? 'N' : full ? 'A' : 'S';
  const int ucols = full ? m : p;
  return routines(dtype)->gesdd(kRowMajor, job, m, n, a, n, s, u, vectors ? ucols : 1, vt, vectors ? n : 1);
}

int lapack_least_squares(DType dtype, void* a, int m, int n, void* b, int k, void* s, double rcond) {
  const int ldb = k;
  int32_t rank = 0;
  void* fn = routines(dtype)->gelsd;
  if (dtype == DType::kFloat32 || dtype == DType::kComplex64) {
    return reinterpret_cast<GelsdFloat>(fn)(kRowMajor, m, n, k, a, n, b, ldb, s, static_cast<float>(rcond), &rank);
  }
  return reinterpret_cast<GelsdDouble>(fn)(kRowMajor, m, n, k, a, n, b, ldb, s, rcond, &rank);
}

int lapack_eigh(DType dtype, void* a, int n, void* w, bool vectors) {
  return routines(dtype)->syevd(kRowMajor, vectors ? 'V' : 'N', 'L', n, a, n, w);
}

}  // namespace kernels
}  // namespace varrt
