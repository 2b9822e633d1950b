#include "varrt/ops/normal_equations.h"

#include <cstring>
#include <limits>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/core/flush_denormals.h"
#include "varrt/device/executor.h"
#include "varrt/kernels/gemm.h"
#include "varrt/kernels/lapack.h"
#include "varrt/ops/dispatch.h"

namespace varrt {
namespace ops {
namespace {

using kernels::MatOp;

bool is_value(const Tensor& t) { return t.graph() == 0 && !t.is_symbolic(); }

// The shapes the composition takes as they are: ranks >= 2 and equal, the same batch dimensions,
// A's rows those of the right-hand sides, nothing empty.
bool plain_shapes(const Shape& a, const Shape& b) {
  const int rank = a.rank();
  if (rank < 2 || b.rank() != rank) return false;
  for (int d = 0; d < rank - 2; ++d) {
    if (a.dim(d) != b.dim(d)) return false;
  }
  return a.dim(rank - 2) == b.dim(rank - 2) && a.num_elements() > 0 && b.num_elements() > 0;
}

// One matrix's solve: each step as the composition's op computes it (matmul_ops.cc's MatMul or
// BatchMatMulV2 kernel, the Mul and AddV2 of l2 I, linalg_ops.cc's Cholesky and
// MatrixTriangularSolve kernels).
template <class T>
struct Solver {
  DType dtype;
  int m, n, k;
  MatOp adjoint;  // how MatMul (transpose) or BatchMatMulV2 (adjoint) passes an adjoint_a operand
  bool regularize;
  T l2;
  std::vector<T> gram, y, solution;  // y: A^H rhs or rhs, then L^-1 of it; solution: L^-H y (wide A)

  void solve(const T* a, const T* b, T* x) {
    const bool over = m >= n;
    const int small = over ? n : m;
    // gramian = matmul(A, A, adjoint_a=over, adjoint_b=not over)
    if (over) {
      kernels::gemm(dtype, adjoint, MatOp::kNone, n, n, m, a, n, a, n, gram.data(), n);
    } else {
      kernels::gemm(dtype, MatOp::kNone, adjoint, m, m, n, a, n, a, n, gram.data(), m);
    }
    // gramian += l2 * eye: l2 times each of the identity's elements, then the sum.
    if (regularize) {
      for (int i = 0; i < small; ++i) {
        for (int j = 0; j < small; ++j) gram[static_cast<size_t>(i) * small + j] += l2 * T(i == j ? 1 : 0);
      }
    }
    // Cholesky: the factor's strict upper triangle zeroed, its lower one NaN if it failed.
    const bool failed = kernels::lapack_cholesky(dtype, gram.data(), small) != 0;
    for (int i = 0; i < small; ++i) {
      for (int j = 0; j < small; ++j) {
        T& v = gram[static_cast<size_t>(i) * small + j];
        if (j > i) {
          v = T(0);
        } else if (failed) {
          v = std::numeric_limits<T>::quiet_NaN();
        }
      }
    }
    // Over: cholesky_solve(L, matmul(A, rhs, adjoint_a=True)). Under: matmul(A,
    // cholesky_solve(L, rhs), adjoint_a=True). Each triangular solve copies its right-hand sides
    // into its output first, as the op does.
    T* z = over ? x : solution.data();
    if (over) {
      kernels::gemm(dtype, adjoint, MatOp::kNone, n, k, m, a, n, b, k, y.data(), k);
    } else {
      std::memcpy(y.data(), b, static_cast<size_t>(m) * k * sizeof(T));
    }
    kernels::blas_triangular_solve(dtype, true, false, gram.data(), small, y.data(), k);
    std::memcpy(z, y.data(), static_cast<size_t>(small) * k * sizeof(T));
    kernels::blas_triangular_solve(dtype, true, true, gram.data(), small, z, k);
    if (!over) kernels::gemm(dtype, adjoint, MatOp::kNone, n, k, m, a, n, z, k, x, k);
  }
};

template <class T>
void solve_all(const Tensor& matrix, const Tensor& rhs, double l2, bool regularize, Tensor* out) {
  const Shape& s = matrix.shape();
  const int rank = s.rank();
  Solver<T> solver;
  solver.dtype = matrix.dtype();
  solver.m = static_cast<int>(s.dim(rank - 2));
  solver.n = static_cast<int>(s.dim(rank - 1));
  solver.k = static_cast<int>(rhs.shape().dim(rank - 1));
  solver.adjoint = rank > 2 ? MatOp::kAdjoint : MatOp::kTranspose;
  solver.regularize = regularize;
  solver.l2 = static_cast<T>(l2);
  const int small = solver.m < solver.n ? solver.m : solver.n;
  const int big = solver.m < solver.n ? solver.n : solver.m;
  solver.gram.resize(static_cast<size_t>(small) * small);
  solver.y.resize(static_cast<size_t>(big) * solver.k);
  solver.solution.resize(static_cast<size_t>(small) * solver.k);
  const int64_t count = s.num_elements() / (static_cast<int64_t>(solver.m) * solver.n);
  const T* a = static_cast<const T*>(matrix.data());
  const T* b = static_cast<const T*>(rhs.data());
  T* x = static_cast<T*>(out->mutable_data());
  const int64_t a_size = static_cast<int64_t>(solver.m) * solver.n, b_size = static_cast<int64_t>(solver.m) * solver.k,
                x_size = static_cast<int64_t>(solver.n) * solver.k;
  for (int64_t i = 0; i < count; ++i) solver.solve(a + i * a_size, b + i * b_size, x + i * x_size);
}

}  // namespace

bool NormalEquationsLeastSquares(const PlacedTensor& matrix, const PlacedTensor& rhs, double l2, bool regularize,
                                 PlacedTensor* out) {
  if (Dispatch::intercepted() || Executor::log_device_placement()) return false;
  const Tensor& a = matrix.tensor;
  const Tensor& b = rhs.tensor;
  const DType dtype = a.dtype();
  if ((dtype != DType::kFloat32 && dtype != DType::kFloat64) || b.dtype() != dtype) return false;
  if (!is_value(a) || !is_value(b) || !plain_shapes(a.shape(), b.shape())) return false;
  if ((matrix.device != nullptr && matrix.device->remote) || (rhs.device != nullptr && rhs.device->remote)) return false;
  if (!kernels::lapack_supported(dtype)) return false;
  const Device* device;
  try {
    device = &Executor::place("MatMul");  // unlogged: the log is off
  } catch (const Error&) {
    return false;  // the composition's first op raises the scope's error
  }
  if (device->remote) return false;
  const Shape& s = a.shape();
  std::vector<int64_t> dims = s.dims();
  dims.back() = b.shape().dim(s.rank() - 1);  // [..., N, K]
  dims[dims.size() - 2] = s.dim(s.rank() - 1);
  Tensor x = Tensor::allocate(dtype, Shape(dims), device->allocator);
  {
    ScopedFlushDenormals flush;  // as the dispatch runs every kernel
    if (dtype == DType::kFloat32) {
      solve_all<float>(a, b, l2, regularize, &x);
    } else {
      solve_all<double>(a, b, l2, regularize, &x);
    }
  }
  x.renew_id();
  *out = PlacedTensor{std::move(x), device};
  return true;
}

}  // namespace ops
}  // namespace varrt
