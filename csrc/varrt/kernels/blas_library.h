// OpenBLAS, loaded at first use with dlopen rather than linked, for two reasons: OpenBLAS picks
// its CPU kernels when it is loaded (from OPENBLAS_CORETYPE, else its own CPU detection, which
// on AMD CPUs with AVX-512 may pick the Haswell kernels at half the speed), so the loader must
// set that first (blas_library.cc: core_type, VARRT_BLAS_CORETYPE overrides); and the core
// stays usable without it (kernels/gemm.cc then computes with its own loop).
//
// Search order: $VARRT_BLAS_LIBRARY (a path; set, it is the only candidate), then
// libscipy_openblas.so through libvarrt_core.so's RUNPATH (the scipy-openblas32 wheel beside the
// varrt package), then the scipy-openblas32 library directory found when the core was
// configured (in-tree builds, the C++ tests). Symbols are the scipy-openblas32 wheel's
// (scipy_cblas_sgemm, ...) or plain OpenBLAS's (cblas_sgemm, ...).
#pragma once

#include <string>

namespace varrt {
namespace kernels {

// CBLAS's row-major ?gemm, with 32-bit indices (the scipy-openblas32 interface). Complex
// scalars and matrices are passed as pointers to interleaved (real, imaginary) pairs.
struct BlasLibrary {
  using Sgemm = void (*)(int, int, int, int, int, int, float, const float*, int, const float*, int, float, float*,
                         int);
  using Dgemm = void (*)(int, int, int, int, int, int, double, const double*, int, const double*, int, double,
                         double*, int);
  using Cgemm = void (*)(int, int, int, int, int, int, const void*, const void*, int, const void*, int,
                         const void*, void*, int);
  Sgemm sgemm = nullptr;
  Dgemm dgemm = nullptr;
  Cgemm cgemm = nullptr;
  Cgemm zgemm = nullptr;
  void (*set_num_threads)(int) = nullptr;
  const char* (*get_corename)() = nullptr;
};

// CBLAS's enum values (cblas.h), which the loaded functions take.
constexpr int kCblasRowMajor = 101;
constexpr int kCblasNoTrans = 111;
constexpr int kCblasTrans = 112;
constexpr int kCblasConjTrans = 113;

// The loaded library, single-threaded (each call runs on its caller: OpenBLAS's own threads split
// a product statically and spin while they wait, so on a busy machine a descheduled worker stalls
// the caller; kernels/gemm.cc splits large products over varrt's pool, which does not wait on
// one), or null when none loads. The first call loads (once per process).
const BlasLibrary* blas_library();

// A symbol of the loaded library, by the scipy-openblas32 wheel's name or plain OpenBLAS's
// ("scipy_LAPACKE_dgetrf", "LAPACKE_dgetrf"), or null when none loads or it lacks the symbol: the
// one place symbols are looked up (the LAPACK kernels, kernels/lapack.h, find theirs here).
void* blas_symbol(const char* scipy_name, const char* plain_name);

// What was loaded, for `python -m varrt` and the benchmarks.
struct BlasInfo {
  bool loaded = false;
  std::string path;   // the file dlopen opened
  std::string core;   // OpenBLAS's kernel family ("SkylakeX", "Haswell", ...)
  int threads = 0;    // the threads a product runs on (varrt's pool, parallel_threads())
  std::string error;  // why nothing loaded (the last dlopen error)
};
BlasInfo blas_info();

}  // namespace kernels
}  // namespace varrt
