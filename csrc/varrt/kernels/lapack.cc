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

struct Routines {
  Getrf getrf = nullptr;
  Getri getri = nullptr;
  Getrs getrs = nullptr;
  Potrf potrf = nullptr;
  bool complete() const { return getrf && getri && getrs && potrf; }
};

template <class Fn>
Fn find(const char* prefix, const std::string& routine) {
  const std::string plain = "LAPACKE_" + std::string(prefix) + routine;
  return reinterpret_cast<Fn>(blas_symbol(("scipy_" + plain).c_str(), plain.c_str()));
}

Routines resolve(const char* prefix) {
  Routines r;
  r.getrf = find<Getrf>(prefix, "getrf");
  r.getri = find<Getri>(prefix, "getri");
  r.getrs = find<Getrs>(prefix, "getrs");
  r.potrf = find<Potrf>(prefix, "potrf");
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

}  // namespace kernels
}  // namespace varrt
