#include "varrt/ops/linalg_ops.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/core/half.h"
#include "varrt/kernels/batch_offsets.h"
#include "varrt/kernels/binary_ops.h"
#include "varrt/kernels/gemm.h"
#include "varrt/kernels/lapack.h"
#include "varrt/ops/placed_call.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

[[noreturn]] void fail(const OpCall& c, const std::string& message, const char* name) {
  throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, message, name));
}

// TensorFlow's LinearAlgebraOp: the first input of rank >= 2, every other of its `matrices` inputs
// of its rank and outer dimensions; with `square`, the first input's matrices square.
void check_inputs(const OpCall& c, bool square, const char* name, int matrices = 0) {
  const Shape& first = c.inputs[0].shape();
  if (first.rank() < 2) fail(c, "Input tensor 0 must have rank >= 2, got " + std::to_string(first.rank()), name);
  for (int i = 1; i < (matrices > 0 ? matrices : c.num_inputs); ++i) {
    const Shape& s = c.inputs[i].shape();
    if (s.rank() != first.rank()) fail(c, "All input tensors must have the same rank.", name);
    for (int d = 0; d < first.rank() - 2; ++d) {
      if (s.dim(d) != first.dim(d)) fail(c, "All input tensors must have the same outer dimensions.", name);
    }
  }
  if (square && first.dim(first.rank() - 1) != first.dim(first.rank() - 2)) {
    fail(c, "Input matrix must be square.", name);
  }
}

// The dtype LAPACK computes in: half widens to float32.
DType compute_dtype(DType dtype) { return dtype == DType::kFloat16 ? DType::kFloat32 : dtype; }

void require_lapack(const OpCall& c, DType dtype) {
  if (!kernels::lapack_supported(dtype)) {
    throw_error(Code::kUnimplemented, std::string(c.op) + ": varrt computes it with the LAPACK of OpenBLAS (the "
                                                          "scipy-openblas32 package), which did not load");
  }
}

// A copy of `t` in `dtype` (its own, or float32 for half), which LAPACK may overwrite.
Tensor working_copy(const OpCall& c, const Tensor& t, DType dtype) {
  Tensor out = Tensor::allocate(dtype, t.shape(), c.allocator());
  const int64_t n = t.num_elements();
  if (t.dtype() == dtype) {
    if (n > 0) std::memcpy(out.mutable_data(), t.data(), static_cast<size_t>(n) * dtype_size(dtype));
    return out;
  }
  const auto* from = static_cast<const uint16_t*>(t.data());
  auto* to = static_cast<float*>(out.mutable_data());
  for (int64_t i = 0; i < n; ++i) to[i] = half_to_float(from[i]);
  return out;
}

// `t` (float32) rounded to half when the op's dtype is half, else `t` itself.
Tensor in_dtype(const OpCall& c, Tensor t, DType dtype) {
  if (t.dtype() == dtype) return t;
  Tensor out = Tensor::allocate(dtype, t.shape(), c.allocator());
  const auto* from = static_cast<const float*>(t.data());
  auto* to = static_cast<uint16_t*>(out.mutable_data());
  for (int64_t i = 0, n = t.num_elements(); i < n; ++i) to[i] = float_to_half(from[i]);
  return out;
}

template <class T>
T conj_of(T v) { return v; }
template <class R>
std::complex<R> conj_of(std::complex<R> v) { return std::conj(v); }

template <class T>
struct Real { using type = T; };
template <class R>
struct Real<std::complex<R>> { using type = R; };

template <class T>
T nan_of() {
  const typename Real<T>::type nan = std::numeric_limits<typename Real<T>::type>::quiet_NaN();
  return T(nan) + (T() * nan);  // a complex NaN has both parts NaN
}

template <class T>
void adjoint_in_place(T* a, int n) {
  for (int i = 0; i < n; ++i) {
    a[i * n + i] = conj_of(a[i * n + i]);
    for (int j = i + 1; j < n; ++j) {
      const T upper = a[i * n + j];
      a[i * n + j] = conj_of(a[j * n + i]);
      a[j * n + i] = conj_of(upper);
    }
  }
}

// Calls fn.template operator()<T>() with the element type of `dtype` (LAPACK's four).
template <class Fn>
void with_element_type(DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::kFloat32: fn(float()); break;
    case DType::kFloat64: fn(double()); break;
    case DType::kComplex64: fn(std::complex<float>()); break;
    case DType::kComplex128: fn(std::complex<double>()); break;
    default: throw_error(Code::kInternal, "no LAPACK element type for this dtype");
  }
}

struct Matrices {
  int64_t count;  // matrices in the batch
  int rows, cols;
};

Matrices matrices_of(const Shape& s) {
  const int rows = static_cast<int>(s.dim(s.rank() - 2)), cols = static_cast<int>(s.dim(s.rank() - 1));
  const int64_t size = static_cast<int64_t>(rows) * cols;
  return {size > 0 ? s.num_elements() / size : 0, rows, cols};
}

Shape batch_shape(const Shape& s) { return Shape(s.data(), s.rank() - 2); }

// TensorFlow's SLogDet on an LU factorization (diagonal of U, row swaps): the log of |det| and
// its sign; where the log is not finite (a zero pivot, NaN, overflow), sign 0.
template <class T>
void slogdet(const T* lu, int n, const int32_t* pivots, bool refused, T* sign, T* log_abs) {
  using R = typename Real<T>::type;
  T s = T(1);
  R log_sum = 0;
  for (int i = 0; i < n; ++i) {
    if (pivots[i] != i + 1) s = -s;
    const T d = lu[i * n + i];
    const R magnitude = std::abs(d);
    log_sum += std::log(magnitude);
    s *= d / T(magnitude);
  }
  if (refused) log_sum = std::numeric_limits<R>::quiet_NaN();  // LAPACKE refused a NaN: Eigen's LU gives NaN
  if (!std::isfinite(log_sum)) {
    s = T(0);
    log_sum = log_sum > 0 ? std::numeric_limits<R>::infinity() : -std::numeric_limits<R>::infinity();
  }
  *sign = s;
  *log_abs = T(log_sum);
}

// Both determinant ops: the LU of each matrix, then (sign, log |det|) or sign * exp(log |det|).
void determinants(OpCall& c, bool logarithm, const char* name) {
  check_inputs(c, true, name);
  const Tensor& input = c.inputs[0];
  const DType dtype = input.dtype();
  require_lapack(c, dtype);
  const Shape batch = batch_shape(input.shape());
  const Matrices m = matrices_of(input.shape());
  const int n = m.rows;
  const int64_t count = batch.num_elements();
  Tensor lu = working_copy(c, input, dtype);
  c.outputs[0] = Tensor::allocate(dtype, batch, c.allocator());
  if (logarithm) c.outputs[1] = Tensor::allocate(dtype, batch, c.allocator());
  std::vector<int32_t> pivots(static_cast<size_t>(n));
  with_element_type(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* a = static_cast<T*>(lu.mutable_data());
    T* first = static_cast<T*>(c.outputs[0].mutable_data());
    T* second = logarithm ? static_cast<T*>(c.outputs[1].mutable_data()) : nullptr;
    for (int64_t b = 0; b < count; ++b) {
      T sign = T(1), log_abs = T(0);
      if (n > 0) {
        T* matrix = a + b * n * n;
        const int info = kernels::lapack_lu(dtype, matrix, n, pivots.data());
        slogdet(matrix, n, pivots.data(), info < 0, &sign, &log_abs);
      }
      if (logarithm) {
        first[b] = sign;
        second[b] = log_abs;
      } else {
        first[b] = sign * std::exp(log_abs);
      }
    }
  });
}

// Identity columns: a [rows, cols] matrix with ones on its diagonal (the factors of an empty matrix).
template <class T>
void identity_into(T* out, int rows, int cols) {
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) out[static_cast<int64_t>(i) * cols + j] = T(i == j ? 1 : 0);
  }
}

Shape with_matrix(const Shape& batch, int64_t rows, int64_t cols) {
  std::vector<int64_t> dims = batch.dims();
  dims.push_back(rows);
  dims.push_back(cols);
  return Shape(dims);
}

Shape with_vector(const Shape& batch, int64_t size) {
  std::vector<int64_t> dims = batch.dims();
  dims.push_back(size);
  return Shape(dims);
}

}  // namespace

PlacedTensor MatrixInverse(const PlacedTensor& input, bool adjoint, const char* name) {
  Tensor out[1];
  const PlacedTensor in[1] = {input};
  OpAttr attrs[1];
  attrs[0].name = "adjoint";
  attrs[0].value = adjoint;
  const Device* d = run_placed("MatrixInverse", in, attrs, 1, out, 1, [adjoint, name](OpCall& c) {
    check_inputs(c, true, name);
    const DType dtype = c.inputs[0].dtype(), work = compute_dtype(dtype);
    require_lapack(c, work);
    Tensor a = working_copy(c, c.inputs[0], work);
    const Matrices m = matrices_of(a.shape());
    const int n = m.rows;
    std::vector<int32_t> pivots(static_cast<size_t>(n));
    with_element_type(work, [&](auto zero) {
      using T = decltype(zero);
      T* data = static_cast<T*>(a.mutable_data());
      for (int64_t b = 0; b < m.count; ++b) {
        T* matrix = data + b * n * n;
        if (adjoint) adjoint_in_place(matrix, n);
        // TensorFlow's test is the LU's smallest pivot > 0, which NaN fails too.
        if (kernels::lapack_lu(work, matrix, n, pivots.data()) != 0 ||
            kernels::lapack_lu_inverse(work, matrix, n, pivots.data()) != 0) {
          fail(c, "Input is not invertible.", name);
        }
      }
    });
    c.outputs[0] = in_dtype(c, std::move(a), dtype);
  });
  return PlacedTensor{std::move(out[0]), d};
}

PlacedTensor MatrixDeterminant(const PlacedTensor& input, const char* name) {
  Tensor out[1];
  const PlacedTensor in[1] = {input};
  const Device* d = run_placed("MatrixDeterminant", in, nullptr, 0, out, 1,
                               [name](OpCall& c) { determinants(c, false, name); });
  return PlacedTensor{std::move(out[0]), d};
}

std::pair<PlacedTensor, PlacedTensor> LogMatrixDeterminant(const PlacedTensor& input, const char* name) {
  Tensor out[2];
  const PlacedTensor in[1] = {input};
  const Device* d = run_placed("LogMatrixDeterminant", in, nullptr, 0, out, 2,
                               [name](OpCall& c) { determinants(c, true, name); });
  return {PlacedTensor{std::move(out[0]), d}, PlacedTensor{std::move(out[1]), d}};
}

PlacedTensor MatrixSolve(const PlacedTensor& matrix, const PlacedTensor& rhs, bool adjoint, const char* name) {
  Tensor out[1];
  const PlacedTensor in[2] = {matrix, rhs};
  OpAttr attrs[1];
  attrs[0].name = "adjoint";
  attrs[0].value = adjoint;
  const Device* d = run_placed("MatrixSolve", in, attrs, 1, out, 1, [adjoint, name](OpCall& c) {
    check_inputs(c, false, name);
    const Matrices m = matrices_of(c.inputs[0].shape());
    const Matrices r = matrices_of(c.inputs[1].shape());
    if (m.rows != m.cols) fail(c, "First input (lhs) must be a square matrix.", name);
    if (m.rows != r.rows) fail(c, "Input matrix and rhs are incompatible.", name);
    const DType dtype = c.inputs[0].dtype();
    if (c.inputs[1].dtype() != dtype) throw_error(Code::kInternal, "MatrixSolve: inputs of two dtypes");
    require_lapack(c, dtype);
    const int n = m.rows, k = r.cols;
    Tensor lu = working_copy(c, c.inputs[0], dtype);
    c.outputs[0] = working_copy(c, c.inputs[1], dtype);
    if (n == 0 || k == 0) return;
    const size_t size = dtype_size(dtype);
    char* a = static_cast<char*>(lu.mutable_data());
    char* x = static_cast<char*>(c.outputs[0].mutable_data());
    std::vector<int32_t> pivots(static_cast<size_t>(n));
    for (int64_t b = 0; b < m.count; ++b) {
      char* matrix_b = a + static_cast<size_t>(b) * n * n * size;
      if (kernels::lapack_lu(dtype, matrix_b, n, pivots.data()) != 0) fail(c, "Input matrix is not invertible.", name);
      kernels::lapack_lu_solve(dtype, adjoint, matrix_b, n, pivots.data(), x + static_cast<size_t>(b) * n * k * size, k);
    }
  });
  return PlacedTensor{std::move(out[0]), d};
}

PlacedTensor Cholesky(const PlacedTensor& input, const char* name) {
  Tensor out[1];
  const PlacedTensor in[1] = {input};
  const Device* d = run_placed("Cholesky", in, nullptr, 0, out, 1, [name](OpCall& c) {
    check_inputs(c, true, name);
    const DType dtype = c.inputs[0].dtype();
    require_lapack(c, dtype);
    c.outputs[0] = working_copy(c, c.inputs[0], dtype);
    const Matrices m = matrices_of(c.inputs[0].shape());
    const int n = m.rows;
    with_element_type(dtype, [&](auto zero) {
      using T = decltype(zero);
      T* data = static_cast<T*>(c.outputs[0].mutable_data());
      for (int64_t b = 0; b < m.count; ++b) {
        T* l = data + b * n * n;
        const bool failed = kernels::lapack_cholesky(dtype, l, n) != 0;
        for (int i = 0; i < n; ++i) {
          for (int j = 0; j < n; ++j) {
            if (j > i) {
              l[i * n + j] = T(0);
            } else if (failed) {
              l[i * n + j] = nan_of<T>();
            }
          }
        }
      }
    });
  });
  return PlacedTensor{std::move(out[0]), d};
}

PlacedTensor MatrixTriangularSolve(const PlacedTensor& matrix, const PlacedTensor& rhs, bool lower, bool adjoint,
                                   const char* name) {
  Tensor out[1];
  const PlacedTensor in[2] = {matrix, rhs};
  OpAttr attrs[2];
  attrs[0].name = "lower";
  attrs[0].value = lower;
  attrs[1].name = "adjoint";
  attrs[1].value = adjoint;
  const Device* d = run_placed("MatrixTriangularSolve", in, attrs, 2, out, 1, [lower, adjoint, name](OpCall& c) {
    // TensorFlow's MatrixTriangularSolveOp: ranks, a square matrix, its size against the right-hand
    // sides', then the batch dimensions (broadcast).
    const Shape& sm = c.inputs[0].shape();
    const Shape& sr = c.inputs[1].shape();
    for (int i = 0; i < 2; ++i) {
      const int rank = (i == 0 ? sm : sr).rank();
      if (rank < 2) fail(c, "In[" + std::to_string(i) + "] ndims must be >= 2: " + std::to_string(rank), name);
    }
    const int64_t rows = sm.dim(sm.rank() - 2), cols = sm.dim(sm.rank() - 1), rhs_rows = sr.dim(sr.rank() - 2);
    if (rows != cols) {
      fail(c, "In[0] matrices in the last dimensions must be square (" + std::to_string(cols) + " =/= " +
                  std::to_string(rows) + ")", name);
    }
    if (cols != rhs_rows) {
      fail(c, "In[0] mismatch In[1] shape: " + std::to_string(cols) + " vs. " + std::to_string(rhs_rows) + ": " +
                  sm.debug_string() + " " + sr.debug_string() + " " + std::to_string(lower ? 1 : 0) + " " +
                  std::to_string(adjoint ? 1 : 0), name);
    }
    Shape batch;
    if (!kernels::broadcast_shapes(batch_shape(sm), batch_shape(sr), &batch)) {
      fail(c, "In[0] and In[1] must have compatible batch dimensions: " + sm.debug_string() + " vs. " +
                  sr.debug_string(), name);
    }
    const DType dtype = c.inputs[0].dtype();
    if (c.inputs[1].dtype() != dtype) throw_error(Code::kInternal, "MatrixTriangularSolve: inputs of two dtypes");
    require_lapack(c, dtype);
    const int n = static_cast<int>(rows), k = static_cast<int>(sr.dim(sr.rank() - 1));
    c.outputs[0] = Tensor::allocate(dtype, with_matrix(batch, n, k), c.allocator());
    if (n == 0 || k == 0) return;
    const std::vector<int64_t> om = kernels::batch_offsets(sm, batch, static_cast<int64_t>(n) * n);
    const std::vector<int64_t> orhs = kernels::batch_offsets(sr, batch, static_cast<int64_t>(n) * k);
    const size_t size = dtype_size(dtype);
    const char* t = static_cast<const char*>(c.inputs[0].data());
    const char* b = static_cast<const char*>(c.inputs[1].data());
    char* x = static_cast<char*>(c.outputs[0].mutable_data());
    const size_t block = static_cast<size_t>(n) * k * size;
    for (size_t i = 0; i < om.size(); ++i) {
      char* xi = x + i * block;
      std::memcpy(xi, b + static_cast<size_t>(orhs[i]) * size, block);
      kernels::blas_triangular_solve(dtype, lower, adjoint, t + static_cast<size_t>(om[i]) * size, n, xi, k);
    }
  });
  return PlacedTensor{std::move(out[0]), d};
}

PlacedTensor MatrixSolveLs(const PlacedTensor& matrix, const PlacedTensor& rhs, const PlacedTensor& l2_regularizer,
                           bool fast, const char* name) {
  Tensor out[1];
  const PlacedTensor in[3] = {matrix, rhs, l2_regularizer};
  OpAttr attrs[1];
  attrs[0].name = "fast";
  attrs[0].value = fast;
  const Device* d = run_placed("MatrixSolveLs", in, attrs, 1, out, 1, [fast, name](OpCall& c) {
    const Tensor& l2 = c.inputs[2];
    if (l2.shape().rank() != 0) {
      throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, "l2_regularizer must be scalar, "
                                                           "got shape " + l2.shape().debug_string(), nullptr));
    }
    const double lambda = *l2.data_as<double>();
    check_inputs(c, false, name, 2);  // the matrix and the right-hand sides, not the regularizer
    const Matrices a = matrices_of(c.inputs[0].shape());
    const Matrices r = matrices_of(c.inputs[1].shape());
    if (a.rows != r.rows) fail(c, "Input matrix and rhs are incompatible.", name);
    const DType dtype = c.inputs[0].dtype();
    if (c.inputs[1].dtype() != dtype) throw_error(Code::kInternal, "MatrixSolveLs: inputs of two dtypes");
    require_lapack(c, dtype);
    const int m = a.rows, n = a.cols, k = r.cols;
    const Shape batch = batch_shape(c.inputs[0].shape());
    c.outputs[0] = Tensor::allocate(dtype, with_matrix(batch, n, k), c.allocator());
    std::memset(c.outputs[0].mutable_data(), 0, c.outputs[0].byte_size());
    if (m == 0 || n == 0 || k == 0) return;
    const int64_t count = batch.num_elements();
    const size_t size = dtype_size(dtype);
    const char* pa = static_cast<const char*>(c.inputs[0].data());
    const char* pb = static_cast<const char*>(c.inputs[1].data());
    char* px = static_cast<char*>(c.outputs[0].mutable_data());
    using kernels::MatOp;
    with_element_type(dtype, [&](auto zero) {
      using T = decltype(zero);
      using R = typename Real<T>::type;
      const bool over = m >= n;
      const int small = over ? n : m, big = m > n ? m : n;
      std::vector<T> gram(static_cast<size_t>(small) * small), y(static_cast<size_t>(big) * k);
      std::vector<T> work(static_cast<size_t>(m) * n);
      std::vector<R> s(static_cast<size_t>(small));
      for (int64_t b = 0; b < count; ++b) {
        const char* ab = pa + static_cast<size_t>(b) * m * n * size;
        const char* bb = pb + static_cast<size_t>(b) * m * k * size;
        T* xb = reinterpret_cast<T*>(px + static_cast<size_t>(b) * n * k * size);
        if (!fast) {
          std::memcpy(work.data(), ab, static_cast<size_t>(m) * n * size);
          std::fill(y.begin(), y.end(), T(0));
          std::memcpy(y.data(), bb, static_cast<size_t>(m) * k * size);
          kernels::lapack_least_squares(dtype, work.data(), m, n, y.data(), k, s.data(), -1.0);
          std::memcpy(xb, y.data(), static_cast<size_t>(n) * k * size);
          continue;
        }
        // The Gram matrix A^H A (over) or A A^H (under), plus l2 on its diagonal.
        if (over) {
          kernels::gemm(dtype, MatOp::kAdjoint, MatOp::kNone, n, n, m, ab, n, ab, n, gram.data(), n);
        } else {
          kernels::gemm(dtype, MatOp::kNone, MatOp::kAdjoint, m, m, n, ab, n, ab, n, gram.data(), m);
        }
        if (lambda > 0) {
          for (int i = 0; i < small; ++i) gram[static_cast<size_t>(i) * small + i] += T(static_cast<R>(lambda));
        }
        if (kernels::lapack_cholesky(dtype, gram.data(), small) != 0) {
          fail(c, "Input matrix was rank deficient or ill-conditioned. Try setting fast=False or provide a "
                  "larger l2_regularizer > 0.", name);
        }
        // Over: L L^H x = A^H b. Under: L L^H y = b, x = A^H y.
        if (over) {
          kernels::gemm(dtype, MatOp::kAdjoint, MatOp::kNone, n, k, m, ab, n, bb, k, xb, k);
          kernels::blas_triangular_solve(dtype, true, false, gram.data(), n, xb, k);
          kernels::blas_triangular_solve(dtype, true, true, gram.data(), n, xb, k);
        } else {
          std::memcpy(y.data(), bb, static_cast<size_t>(m) * k * size);
          kernels::blas_triangular_solve(dtype, true, false, gram.data(), m, y.data(), k);
          kernels::blas_triangular_solve(dtype, true, true, gram.data(), m, y.data(), k);
          kernels::gemm(dtype, MatOp::kAdjoint, MatOp::kNone, n, k, m, ab, n, y.data(), k, xb, k);
        }
      }
    });
  });
  return PlacedTensor{std::move(out[0]), d};
}

std::pair<PlacedTensor, PlacedTensor> Qr(const PlacedTensor& input, bool full_matrices, const char* name) {
  Tensor out[2];
  const PlacedTensor in[1] = {input};
  OpAttr attrs[1];
  attrs[0].name = "full_matrices";
  attrs[0].value = full_matrices;
  const Device* d = run_placed("Qr", in, attrs, 1, out, 2, [full_matrices, name](OpCall& c) {
    check_inputs(c, false, name);
    const DType dtype = c.inputs[0].dtype(), work = compute_dtype(dtype);
    require_lapack(c, work);
    const Shape& shape = c.inputs[0].shape();
    const Shape batch = batch_shape(shape);
    const int m = static_cast<int>(shape.dim(shape.rank() - 2)), n = static_cast<int>(shape.dim(shape.rank() - 1));
    const int p = m < n ? m : n, q_cols = full_matrices ? m : p, r_rows = full_matrices ? m : p;
    // Half is factored in float32; LAPACK's types are read where they are.
    const Tensor a = dtype == work ? c.inputs[0] : working_copy(c, c.inputs[0], work);
    Tensor q = Tensor::allocate(work, with_matrix(batch, m, q_cols), c.allocator());
    Tensor r = Tensor::allocate(work, with_matrix(batch, r_rows, n), c.allocator());
    const int64_t count = batch.num_elements();
    with_element_type(work, [&](auto zero) {
      using T = decltype(zero);
      for (int64_t b = 0; b < count; ++b) {
        const T* ab = static_cast<const T*>(a.data()) + b * m * n;
        T* qb = static_cast<T*>(q.mutable_data()) + b * m * q_cols;
        T* rb = static_cast<T*>(r.mutable_data()) + b * r_rows * n;
        if (p > 0) {
          kernels::lapack_qr(work, ab, m, n, qb, q_cols, rb, r_rows);
          continue;
        }
        for (int64_t i = 0; i < static_cast<int64_t>(r_rows) * n; ++i) rb[i] = T(0);
        identity_into(qb, m, q_cols);
      }
    });
    c.outputs[0] = in_dtype(c, std::move(q), dtype);
    c.outputs[1] = in_dtype(c, std::move(r), dtype);
  });
  return {PlacedTensor{std::move(out[0]), d}, PlacedTensor{std::move(out[1]), d}};
}

SvdResult Svd(const PlacedTensor& input, bool compute_uv, bool full_matrices, const char* name) {
  Tensor out[3];
  const PlacedTensor in[1] = {input};
  OpAttr attrs[2];
  attrs[0].name = "compute_uv";
  attrs[0].value = compute_uv;
  attrs[1].name = "full_matrices";
  attrs[1].value = full_matrices;
  const Device* d = run_placed("Svd", in, attrs, 2, out, 3, [compute_uv, full_matrices, name](OpCall& c) {
    check_inputs(c, false, name);
    const DType dtype = c.inputs[0].dtype();
    require_lapack(c, dtype);
    const Shape& shape = c.inputs[0].shape();
    const Shape batch = batch_shape(shape);
    const int m = static_cast<int>(shape.dim(shape.rank() - 2)), n = static_cast<int>(shape.dim(shape.rank() - 1));
    const int p = m < n ? m : n, u_cols = full_matrices ? m : p, v_cols = full_matrices ? n : p;
    Tensor a = working_copy(c, c.inputs[0], dtype);
    c.outputs[0] = Tensor::allocate(dtype, with_vector(batch, p), c.allocator());
    c.outputs[1] = Tensor::allocate(dtype, compute_uv ? with_matrix(batch, m, u_cols) : Shape{0}, c.allocator());
    c.outputs[2] = Tensor::allocate(dtype, compute_uv ? with_matrix(batch, n, v_cols) : Shape{0}, c.allocator());
    const int64_t count = batch.num_elements();
    with_element_type(dtype, [&](auto zero) {
      using T = decltype(zero);
      using R = typename Real<T>::type;
      std::vector<R> s(static_cast<size_t>(p > 0 ? p : 1));
      std::vector<T> vt(static_cast<size_t>(compute_uv && v_cols * n > 0 ? v_cols * n : 1));
      for (int64_t b = 0; b < count; ++b) {
        T* ab = static_cast<T*>(a.mutable_data()) + b * m * n;
        T* sb = static_cast<T*>(c.outputs[0].mutable_data()) + b * p;
        T* ub = compute_uv ? static_cast<T*>(c.outputs[1].mutable_data()) + b * m * u_cols : nullptr;
        T* vb = compute_uv ? static_cast<T*>(c.outputs[2].mutable_data()) + b * n * v_cols : nullptr;
        if (p == 0) {
          if (compute_uv) {
            identity_into(ub, m, u_cols);
            identity_into(vb, n, v_cols);
          }
          continue;
        }
        // LAPACK does not converge on NaN (LAPACKE refuses it): TensorFlow's kernel returns NaN.
        const bool failed = kernels::lapack_svd(dtype, ab, m, n, s.data(), compute_uv, full_matrices, ub, vt.data()) != 0;
        for (int i = 0; i < p; ++i) sb[i] = failed ? nan_of<T>() : T(s[static_cast<size_t>(i)]);
        if (!compute_uv) continue;
        for (int i = 0; i < n; ++i) {
          for (int j = 0; j < v_cols; ++j) vb[i * v_cols + j] = failed ? nan_of<T>() : conj_of(vt[static_cast<size_t>(j) * n + i]);
        }
        if (failed) {
          for (int64_t i = 0; i < static_cast<int64_t>(m) * u_cols; ++i) ub[i] = nan_of<T>();
        }
      }
    });
  });
  return {PlacedTensor{std::move(out[0]), d}, PlacedTensor{std::move(out[1]), d}, PlacedTensor{std::move(out[2]), d}};
}

std::pair<PlacedTensor, PlacedTensor> SelfAdjointEigV2(const PlacedTensor& input, bool compute_v, const char* name) {
  Tensor out[2];
  const PlacedTensor in[1] = {input};
  OpAttr attrs[1];
  attrs[0].name = "compute_v";
  attrs[0].value = compute_v;
  const Device* d = run_placed("SelfAdjointEigV2", in, attrs, 1, out, 2, [compute_v, name](OpCall& c) {
    check_inputs(c, true, name);
    const DType dtype = c.inputs[0].dtype();
    require_lapack(c, dtype);
    const Shape& shape = c.inputs[0].shape();
    const Shape batch = batch_shape(shape);
    const int n = static_cast<int>(shape.dim(shape.rank() - 1));
    Tensor a = working_copy(c, c.inputs[0], dtype);
    c.outputs[0] = Tensor::allocate(dtype, with_vector(batch, n), c.allocator());
    const int64_t count = batch.num_elements();
    with_element_type(dtype, [&](auto zero) {
      using T = decltype(zero);
      using R = typename Real<T>::type;
      std::vector<R> w(static_cast<size_t>(n > 0 ? n : 1));
      for (int64_t b = 0; b < count; ++b) {
        T* ab = static_cast<T*>(a.mutable_data()) + b * n * n;
        bool finite = true;
        for (int i = 0; i < n; ++i) {
          for (int j = 0; j <= i; ++j) finite = finite && std::isfinite(std::abs(ab[i * n + j]));
        }
        if (!finite || (n > 0 && kernels::lapack_eigh(dtype, ab, n, w.data(), compute_v) != 0)) {
          fail(c, "Self-adjoint eigen decomposition was not successful. The input might not be valid.", name);
        }
        T* eb = static_cast<T*>(c.outputs[0].mutable_data()) + b * n;
        for (int i = 0; i < n; ++i) eb[i] = T(w[static_cast<size_t>(i)]);
      }
    });
    c.outputs[1] = compute_v ? std::move(a) : Tensor::allocate(dtype, Shape{0}, c.allocator());
  });
  return {PlacedTensor{std::move(out[0]), d}, PlacedTensor{std::move(out[1]), d}};
}

}  // namespace ops
}  // namespace varrt
