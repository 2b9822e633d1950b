#include "varrt/kernels/lapack.h"

#include <string>

#include "varrt/kernels/blas_library.h"

namespace varrt {
namespace kernels {
namespace {

constexpr int kRowMajor = 101;  // LAPACK_ROW_MAJOR

// LAPACKE's signatures with the element pointers erased (float*, double* and the complex
// pointers are passed the same way).
using Getrf = int (*)(int, int, int, void*, int, int32_t*);
using Getri = int (*)(int, int, void*, int, const int32_t*);
using Getrs = int (*)(int, char, int, int, const void*, int, const int32_t*, void*, int);
using Potrf = int (*)(int, char, int, void*, int);
using Geqrf = int (*)(int, int, int, void*, int, void*);
using Orgqr = int (*)(int, int, int, int, void*, int, const void*);
using Gesdd = int (*)(int, char, int, int, void*, int, void*, void*, int, void*, int);
using Syevd = int (*)(int, char, char, int, void*, int, void*);
// gelsd's rcond is a real scalar passed by value: float for s and c, double for d and z.
using GelsdFloat = int (*)(int, int, int, int, void*, int, void*, int, void*, float, int32_t*);
using GelsdDouble = int (*)(int, int, int, int, void*, int, void*, int, void*, double, int32_t*);
// CBLAS's trsm: the scalar alpha is a value for real types and a pointer for complex ones.
using TrsmReal32 = void (*)(int, int, int, int, int, int, int, float, const void*, int, void*, int);
using TrsmReal64 = void (*)(int, int, int, int, int, int, int, double, const void*, int, void*, int);
using TrsmComplex = void (*)(int, int, int, int, int, int, int, const void*, const void*, int, void*, int);

struct Routines {
  Getrf getrf = nullptr;
  Getri getri = nullptr;
  Getrs getrs = nullptr;
  Potrf potrf = nullptr;
  Geqrf geqrf = nullptr;
  Orgqr orgqr = nullptr;
  Gesdd gesdd = nullptr;
  Syevd syevd = nullptr;
  void* trsm = nullptr;
  void* gelsd = nullptr;
  bool complete() const {
    return getrf && getri && getrs && potrf && geqrf && orgqr && gesdd && syevd && trsm && gelsd;
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
  r.getri = find<Getri>(prefix, "getri");
  r.getrs = find<Getrs>(prefix, "getrs");
  r.potrf = find<Potrf>(prefix, "potrf");
  r.geqrf = find<Geqrf>(prefix, "geqrf");
  r.orgqr = find<Orgqr>(prefix, complex ? "ungqr" : "orgqr");
  r.gesdd = find<Gesdd>(prefix, "gesdd");
  r.syevd = find<Syevd>(prefix, complex ? "heevd" : "syevd");
  r.gelsd = find<void*>(prefix, "gelsd");
  const std::string trsm = "cblas_" + std::string(prefix) + "trsm";
  r.trsm = blas_symbol(("scipy_" + trsm).c_str(), trsm.c_str());
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

int lapack_lu(DType dtype, void* a, int n, int32_t* pivots) {
  return routines(dtype)->getrf(kRowMajor, n, n, a, n, pivots);
}

int lapack_lu_inverse(DType dtype, void* a, int n, const int32_t* pivots) {
  return routines(dtype)->getri(kRowMajor, n, a, n, pivots);
}

int lapack_lu_solve(DType dtype, bool adjoint, const void* lu, int n, const int32_t* pivots, void* b, int k) {
  const char trans = !adjoint ? 'N' : is_complex(dtype) ? 'C' : 'T';
  return routines(dtype)->getrs(kRowMajor, trans, n, k, lu, n, pivots, b, k);
}

int lapack_cholesky(DType dtype, void* a, int n) { return routines(dtype)->potrf(kRowMajor, 'L', n, a, n); }

void blas_triangular_solve(DType dtype, bool lower, bool adjoint, const void* t, int n, void* b, int k) {
  constexpr int kLeft = 141, kUpper = 121, kLower = 122, kNoTrans = 111, kTrans = 112, kConjTrans = 113,
                kNonUnit = 131;
  const int uplo = lower ? kLower : kUpper;
  const int trans = !adjoint ? kNoTrans : is_complex(dtype) ? kConjTrans : kTrans;
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

int lapack_qr(DType dtype, void* a, int m, int n, void* tau) {
  return routines(dtype)->geqrf(kRowMajor, m, n, a, n, tau);
}

int lapack_qr_q(DType dtype, void* q, int m, int cols, int k, const void* tau) {
  return routines(dtype)->orgqr(kRowMajor, m, cols, k, q, cols, tau);
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
