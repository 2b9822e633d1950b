#include "varrt/ops/linalg_ops.h"

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/core/half.h"
#include "varrt/kernels/lapack.h"
#include "varrt/ops/placed_call.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

[[noreturn]] void fail(const OpCall& c, const std::string& message, const char* name) {
  throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, message, name));
}

// TensorFlow's LinearAlgebraOp: the first input of rank >= 2, every other of its rank and outer
// dimensions; with `square`, the first input's matrices square.
void check_inputs(const OpCall& c, bool square, const char* name) {
  const Shape& first = c.inputs[0].shape();
  if (first.rank() < 2) fail(c, "Input tensor 0 must have rank >= 2, got " + std::to_string(first.rank()), name);
  for (int i = 1; i < c.num_inputs; ++i) {
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

}  // namespace ops
}  // namespace varrt
