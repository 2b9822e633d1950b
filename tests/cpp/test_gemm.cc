// The core's GEMM (kernels/gemm.h), linked without Python: every operand form (as stored,
// transposed, adjoint) at odd sizes against a plain double-precision reference, through
// OpenBLAS when it loads and through the core's own loop otherwise (VARRT_BLAS_LIBRARY naming
// a missing file, in a child process); integer wrapping; half rounded once from float32; k == 0.
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "check.h"
#include "varrt/core/half.h"
#include "varrt/kernels/blas_library.h"
#include "varrt/kernels/gemm.h"

using namespace varrt;
using kernels::MatOp;

namespace {

template <class T>
std::vector<T> random_matrix(int64_t n, std::mt19937& rng) {
  std::uniform_real_distribution<double> d(-1, 1);
  std::vector<T> v(static_cast<size_t>(n));
  for (auto& x : v) {
    if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
      x = T(d(rng), d(rng));
    } else {
      x = T(d(rng));
    }
  }
  return v;
}

template <class T>
std::complex<double> at(const std::vector<T>& x, int64_t ld, MatOp op, int64_t i, int64_t j) {
  std::complex<double> v(op == MatOp::kNone ? x[i * ld + j] : x[j * ld + i]);
  return op == MatOp::kAdjoint ? std::conj(v) : v;
}

// Checks gemm on m x k @ k x n (padded leading dimensions) for one dtype against the reference.
template <class T>
void check_product(DType dtype, MatOp op_a, MatOp op_b, int64_t m, int64_t n, int64_t k, double tolerance) {
  std::mt19937 rng(static_cast<unsigned>(m * 131 + n * 17 + k));
  const int64_t lda = (op_a == MatOp::kNone ? k : m) + 3, ldb = (op_b == MatOp::kNone ? n : k) + 1, ldc = n + 2;
  const auto a = random_matrix<T>((op_a == MatOp::kNone ? m : k) * lda, rng);
  const auto b = random_matrix<T>((op_b == MatOp::kNone ? k : n) * ldb, rng);
  std::vector<T> c(static_cast<size_t>(m * ldc), T(7));
  kernels::gemm(dtype, op_a, op_b, m, n, k, a.data(), lda, b.data(), ldb, c.data(), ldc);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      std::complex<double> want = 0;
      for (int64_t p = 0; p < k; ++p) want += at(a, lda, op_a, i, p) * at(b, ldb, op_b, p, j);
      CHECK(std::abs(std::complex<double>(c[i * ldc + j]) - want) <= tolerance * (1 + std::abs(want)));
    }
    for (int64_t j = n; j < ldc; ++j) CHECK(c[i * ldc + j] == T(7));  // padding untouched
  }
}

template <class T>
void check_every_form(DType dtype, double tolerance) {
  const MatOp forms[] = {MatOp::kNone, MatOp::kTranspose, MatOp::kAdjoint};
  const int64_t sizes[][3] = {{1, 1, 1}, {3, 5, 257}, {130, 257, 64}, {2, 1, 9}};
  for (MatOp op_a : forms) {
    for (MatOp op_b : forms) {
      for (const auto& s : sizes) check_product<T>(dtype, op_a, op_b, s[0], s[1], s[2], tolerance);
    }
  }
}

void check_all_floats() {
  check_every_form<float>(DType::kFloat32, 1e-4);
  check_every_form<double>(DType::kFloat64, 1e-12);
  check_every_form<std::complex<float>>(DType::kComplex64, 1e-4);
  check_every_form<std::complex<double>>(DType::kComplex128, 1e-12);
}

TEST(floats_and_complex_every_form) { check_all_floats(); }

// The same in a new process whose VARRT_BLAS_LIBRARY names no file: the core's loop computes.
TEST(the_core_loop_computes_without_openblas) {
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    setenv("VARRT_BLAS_LIBRARY", "/nonexistent/libopenblas.so", 1);
    char arg0[] = "test_gemm", arg1[] = "--without-openblas";
    char* argv[] = {arg0, arg1, nullptr};
    execv("/proc/self/exe", argv);
    _exit(3);
  }
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

TEST(integers_wrap) {
  const int32_t a[2] = {65536, 3}, b[2] = {65536, -5};  // 2^32 wraps to 0
  int32_t c[1] = {1};
  kernels::gemm(DType::kInt32, MatOp::kNone, MatOp::kNone, 1, 1, 2, a, 2, b, 1, c, 1);
  CHECK(c[0] == -15);
  const int16_t x[1] = {300}, y[1] = {300};
  int16_t z[1] = {0};
  kernels::gemm(DType::kInt16, MatOp::kNone, MatOp::kTranspose, 1, 1, 1, x, 1, y, 1, z, 1);
  CHECK(z[0] == static_cast<int16_t>(90000 - 65536));
  const int64_t p[2] = {INT64_MAX, 1}, q[2] = {2, 2};
  int64_t r[1] = {0};
  kernels::gemm(DType::kInt64, MatOp::kNone, MatOp::kNone, 1, 1, 2, p, 2, q, 1, r, 1);
  CHECK(r[0] == 0);  // 2 * (2^63 - 1) + 2 wraps to 0
}

TEST(half_accumulates_in_float32_and_rounds_once) {
  // 2048 + 1 + 1 in half steps would stay 2048 (1 is below half's resolution there); float32
  // accumulation gives 2050, which half represents.
  const uint16_t a[3] = {float_to_half(2048.f), float_to_half(1.f), float_to_half(1.f)};
  const uint16_t b[3] = {float_to_half(1.f), float_to_half(1.f), float_to_half(1.f)};
  uint16_t c[1] = {0};
  kernels::gemm(DType::kFloat16, MatOp::kNone, MatOp::kNone, 1, 1, 3, a, 3, b, 1, c, 1);
  CHECK(half_to_float(c[0]) == 2050.f);
  const uint16_t e[3] = {float_to_bfloat16(256.f), float_to_bfloat16(1.f), float_to_bfloat16(1.f)};
  const uint16_t f[3] = {float_to_bfloat16(1.f), float_to_bfloat16(1.f), float_to_bfloat16(1.f)};
  kernels::gemm(DType::kBFloat16, MatOp::kNone, MatOp::kTranspose, 1, 1, 3, e, 3, f, 3, c, 1);
  CHECK(bfloat16_to_float(c[0]) == 258.f);
}

TEST(empty_inner_dimension_gives_zeros) {
  float c[4] = {1, 2, 3, 4};
  kernels::gemm(DType::kFloat32, MatOp::kNone, MatOp::kNone, 2, 2, 0, nullptr, 0, nullptr, 2, c, 2);
  for (float v : c) CHECK(v == 0.f);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--without-openblas") {
    if (kernels::blas_library() != nullptr || kernels::blas_info().error.empty()) return 2;
    try {
      check_all_floats();
    } catch (const std::exception& e) {
      std::printf("FAILED without OpenBLAS: %s\n", e.what());
      return 1;
    }
    return 0;
  }
  return check::run_all();
}
