// The core's LAPACK ops (ops/linalg_ops.h), linked without Python: inverse, determinants, solves
// and Cholesky against hand-computed values and each other on a batch, TensorFlow's texts for a
// singular or non-square input, the half inverse, the NaN factor of a matrix that is not positive
// definite, a triangular solve over broadcast batches and through a zero diagonal, QR's signs, SVD
// and eigen values, their graph nodes run natively with the eager ops' results, and tf.linalg.lstsq's
// normal equations in one call with the bits of its ops' composition.
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "check.h"
#include "varrt/core/half.h"
#include "varrt/device/device.h"
#include "varrt/device/executor.h"
#include "varrt/kernels/lapack.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/graph.h"
#include "varrt/ops/linalg_ops.h"
#include "varrt/ops/matmul_ops.h"
#include "varrt/ops/normal_equations.h"
#include "varrt/ops/op_registry.h"

using namespace varrt;

namespace {

template <class T>
PlacedTensor tensor(DType dtype, std::vector<T> v, Shape s) {
  Tensor t = Tensor::allocate(dtype, s);
  if (!v.empty()) std::memcpy(t.mutable_data(), v.data(), v.size() * sizeof(T));
  return PlacedTensor{t, &DeviceSet::global().cpu0()};
}

template <class T>
bool near(const Tensor& t, std::vector<T> want, double tolerance) {
  if (t.num_elements() != static_cast<int64_t>(want.size())) return false;
  const T* got = t.data_as<T>();
  for (size_t i = 0; i < want.size(); ++i) {
    if (!(std::abs(got[i] - want[i]) <= tolerance)) return false;
  }
  return true;
}

const char* kDevice = "{{function_node __wrapped__";

}  // namespace

TEST(lapack_loads_for_the_four_dtypes) {
  for (DType d : {DType::kFloat32, DType::kFloat64, DType::kComplex64, DType::kComplex128}) {
    CHECK(kernels::lapack_supported(d));
  }
  CHECK(!kernels::lapack_supported(DType::kInt32));
}

TEST(inverse_determinant_and_solve_of_a_batch) {
  // Two matrices: [[4, 7], [2, 6]] (det 10) and [[0, 2], [3, 1]] (det -6, a row swap).
  PlacedTensor a = tensor<double>(DType::kFloat64, {4, 7, 2, 6, 0, 2, 3, 1}, Shape{2, 2, 2});
  CHECK(near<double>(ops::MatrixInverse(a, false).tensor, {0.6, -0.7, -0.2, 0.4, -1. / 6, 1. / 3, 0.5, 0}, 1e-15));
  CHECK(near<double>(ops::MatrixInverse(a, true).tensor, {0.6, -0.2, -0.7, 0.4, -1. / 6, 0.5, 1. / 3, 0}, 1e-15));
  CHECK(near<double>(ops::MatrixDeterminant(a).tensor, {10, -6}, 1e-13));
  auto slogdet = ops::LogMatrixDeterminant(a);
  CHECK(near<double>(slogdet.first.tensor, {1, -1}, 0) && near<double>(slogdet.second.tensor, {std::log(10.), std::log(6.)}, 1e-15));
  PlacedTensor b = tensor<double>(DType::kFloat64, {1, 2, 3, 4}, Shape{2, 2, 1});
  // [[4, 7], [2, 6]] x = [1, 2]: x = [-0.8, 0.6]; [[0, 2], [3, 1]] x = [3, 4]: x = [5/6, 1.5].
  CHECK(near<double>(ops::MatrixSolve(a, b, false).tensor, {-0.8, 0.6, 5. / 6, 1.5}, 1e-15));
  // The adjoints: A^T x = b.
  PlacedTensor x = ops::MatrixSolve(a, b, true);
  const double* v = x.tensor.data_as<double>();
  CHECK(std::abs(4 * v[0] + 2 * v[1] - 1) < 1e-14 && std::abs(7 * v[0] + 6 * v[1] - 2) < 1e-14);
  CHECK(std::abs(0 * v[2] + 3 * v[3] - 3) < 1e-14 && std::abs(2 * v[2] + 1 * v[3] - 4) < 1e-14);
}

TEST(a_singular_matrix_is_tensorflows_error_and_a_zero_determinant) {
  PlacedTensor s = tensor<float>(DType::kFloat32, {1, 2, 2, 4}, Shape{2, 2});
  CHECK_THROWS_WITH(ops::MatrixInverse(s, false, "inv"),
                    CHECK(e.code() == Code::kInvalidArgument);
                    CHECK(e.message().find(kDevice) == 0);
                    CHECK(e.message().find("}} Input is not invertible. [Op:MatrixInverse] name: inv") !=
                          std::string::npos));
  CHECK_THROWS_WITH(ops::MatrixSolve(s, tensor<float>(DType::kFloat32, {1, 1}, Shape{2, 1}), false),
                    CHECK(e.message().find("Input matrix is not invertible.") != std::string::npos));
  CHECK(near<float>(ops::MatrixDeterminant(s).tensor, {0}, 0));
  auto slogdet = ops::LogMatrixDeterminant(s);
  CHECK(near<float>(slogdet.first.tensor, {0}, 0) && std::isinf(slogdet.second.tensor.data_as<float>()[0]));
  PlacedTensor nan = tensor<float>(DType::kFloat32, {std::nanf(""), 1, 1, 1}, Shape{2, 2});
  CHECK_THROWS_CODE(ops::MatrixInverse(nan, false), Code::kInvalidArgument);
}

TEST(shapes_are_checked_with_tensorflows_texts) {
  PlacedTensor rect = tensor<float>(DType::kFloat32, {1, 2, 3, 4, 5, 6}, Shape{2, 3});
  PlacedTensor vec = tensor<float>(DType::kFloat32, {1, 2}, Shape{2});
  CHECK_THROWS_WITH(ops::MatrixInverse(rect, false), CHECK(e.message().find("}} Input matrix must be square.") != std::string::npos));
  CHECK_THROWS_WITH(ops::Cholesky(vec), CHECK(e.message().find("}} Input tensor 0 must have rank >= 2, got 1") != std::string::npos));
  PlacedTensor eye = tensor<float>(DType::kFloat32, {1, 0, 0, 1}, Shape{2, 2});
  CHECK_THROWS_WITH(ops::MatrixSolve(eye, vec, false),
                    CHECK(e.message().find("All input tensors must have the same rank.") != std::string::npos));
  CHECK_THROWS_WITH(ops::MatrixSolve(eye, tensor<float>(DType::kFloat32, {1, 2, 3}, Shape{3, 1}), false),
                    CHECK(e.message().find("Input matrix and rhs are incompatible.") != std::string::npos));
  CHECK_THROWS_WITH(ops::MatrixSolve(rect, tensor<float>(DType::kFloat32, {1, 2}, Shape{2, 1}), false),
                    CHECK(e.message().find("First input (lhs) must be a square matrix.") != std::string::npos));
}

TEST(cholesky_reads_the_lower_triangle_and_fails_to_nan) {
  // [[4, x], [2, 3]]: L = [[2, 0], [1, sqrt(2)]] whatever the upper entry.
  PlacedTensor a = tensor<double>(DType::kFloat64, {4, 100, 2, 3, -1, 0, 0, 1}, Shape{2, 2, 2});
  const Tensor l = ops::Cholesky(a).tensor;
  const double* v = l.data_as<double>();
  CHECK(v[0] == 2 && v[1] == 0 && v[2] == 1 && std::abs(v[3] - std::sqrt(2.)) < 1e-15);
  CHECK(std::isnan(v[4]) && v[5] == 0 && std::isnan(v[6]) && std::isnan(v[7]));  // not positive definite
}

TEST(half_inverts_through_float32_and_complex_inverts) {
  PlacedTensor h = tensor<uint16_t>(DType::kFloat16, {float_to_half(4), float_to_half(2), float_to_half(1),
                                                      float_to_half(3)}, Shape{2, 2});
  const Tensor inv = ops::MatrixInverse(h, false).tensor;
  CHECK(inv.dtype() == DType::kFloat16);
  const uint16_t* p = inv.data_as<uint16_t>();
  CHECK(p[0] == float_to_half(0.3f) && p[1] == float_to_half(-0.2f) && p[2] == float_to_half(-0.1f) &&
        p[3] == float_to_half(0.4f));
  using C = std::complex<double>;
  PlacedTensor c = tensor<C>(DType::kComplex128, {C(0, 1), C(0, 0), C(0, 0), C(2, 0)}, Shape{2, 2});
  CHECK(near<C>(ops::MatrixInverse(c, false).tensor, {C(0, -1), C(0, 0), C(0, 0), C(0.5, 0)}, 1e-15));
  CHECK(near<C>(ops::MatrixInverse(c, true).tensor, {C(0, 1), C(0, 0), C(0, 0), C(0.5, 0)}, 1e-15));
  CHECK(near<C>(ops::MatrixDeterminant(c).tensor, {C(0, 2)}, 1e-15));
}

TEST(graph_nodes_run_natively_with_the_eager_results) {
  Graph g(2);
  OwnedAttr adjoint;
  adjoint.name = "adjoint";
  adjoint.value = 1;
  int inv = g.add_node("MatrixInverse", {0}, {adjoint}, {}, 1, core_node_kernel("MatrixInverse"));
  int solve = g.add_node("MatrixSolve", {0, 1}, {}, {}, 1, core_node_kernel("MatrixSolve"));
  int det = g.add_node("LogMatrixDeterminant", {0}, {}, {}, 2, core_node_kernel("LogMatrixDeterminant"));
  int chol = g.add_node("Cholesky", {0}, {}, {}, 1, core_node_kernel("Cholesky"));
  g.set_outputs({inv, solve, det, det + 1, chol});
  for (int i = 0; i < g.num_nodes(); ++i) CHECK(g.node_is_native(i));
  PlacedTensor a = tensor<float>(DType::kFloat32, {5, 1, 1, 3}, Shape{1, 2, 2});
  PlacedTensor b = tensor<float>(DType::kFloat32, {1, 2, 3, 4}, Shape{1, 2, 2});
  std::vector<PlacedTensor> out = g.run({a, b});
  auto same = [](const Tensor& x, const Tensor& y) {
    return x.shape() == y.shape() && std::memcmp(x.data(), y.data(), x.byte_size()) == 0;
  };
  CHECK(same(out[0].tensor, ops::MatrixInverse(a, true).tensor));
  CHECK(same(out[1].tensor, ops::MatrixSolve(a, b, false).tensor));
  CHECK(same(out[2].tensor, ops::LogMatrixDeterminant(a).first.tensor));
  CHECK(same(out[3].tensor, ops::LogMatrixDeterminant(a).second.tensor));
  CHECK(same(out[4].tensor, ops::Cholesky(a).tensor));
}

TEST(triangular_solve_broadcasts_and_divides_by_zero) {
  // One lower matrix [[2, 0], [1, 4]] (the upper entry never read) against two right-hand sides.
  PlacedTensor t = tensor<double>(DType::kFloat64, {2, 99, 1, 4}, Shape{2, 2});
  PlacedTensor b = tensor<double>(DType::kFloat64, {2, 9, 4, 6}, Shape{2, 2, 1});
  CHECK(near<double>(ops::MatrixTriangularSolve(t, b, true, false).tensor, {1, 2, 2, 1}, 1e-15));
  // T^T x = b: [[2, 1], [0, 4]] x = [2, 9]: x1 = 9/4, x0 = (2 - 9/4) / 2.
  CHECK(near<double>(ops::MatrixTriangularSolve(t, b, true, true).tensor, {-0.125, 2.25, 1.25, 1.5}, 1e-15));
  PlacedTensor zero = tensor<float>(DType::kFloat32, {2, 0, 1, 0}, Shape{2, 2});
  const Tensor x = ops::MatrixTriangularSolve(zero, tensor<float>(DType::kFloat32, {1, 1}, Shape{2, 1}), true, false).tensor;
  CHECK(x.data_as<float>()[0] == 0.5f && std::isinf(x.data_as<float>()[1]));
  CHECK_THROWS_WITH(ops::MatrixTriangularSolve(tensor<float>(DType::kFloat32, {1, 0, 0, 1, 1, 0, 0, 1}, Shape{2, 2, 2}),
                                               tensor<float>(DType::kFloat32, {1, 1, 1, 1, 1, 1}, Shape{3, 2, 1}), true, false),
                    CHECK(e.message().find("}} In[0] and In[1] must have compatible batch dimensions: [2,2,2] vs. [3,2,1]") !=
                          std::string::npos));
}

TEST(qr_has_householder_signs_svd_and_eigh_their_values) {
  // [[3, 1], [4, 2]]: the first reflection maps column 0 (norm 5) to -5 e0.
  PlacedTensor a = tensor<double>(DType::kFloat64, {3, 1, 4, 2}, Shape{2, 2});
  auto qr = ops::Qr(a, false);
  const double* q = qr.first.tensor.data_as<double>();
  const double* r = qr.second.tensor.data_as<double>();
  CHECK(std::abs(r[0] + 5) < 1e-15 && r[2] == 0 && std::abs(q[0] + 0.6) < 1e-15 && std::abs(q[2] + 0.8) < 1e-15);
  CHECK(std::abs(q[0] * r[1] + q[1] * r[3] - 1) < 1e-14 && std::abs(q[2] * r[1] + q[3] * r[3] - 2) < 1e-14);
  auto full = ops::Qr(tensor<double>(DType::kFloat64, {1, 2, 3}, Shape{3, 1}), true);
  CHECK(full.first.tensor.shape() == (Shape{3, 3}) && full.second.tensor.shape() == (Shape{3, 1}));
  // diag(3, -2) padded with a zero row: singular values 3, 2.
  ops::SvdResult svd = ops::Svd(tensor<float>(DType::kFloat32, {3, 0, 0, -2, 0, 0}, Shape{3, 2}), true, false);
  CHECK(near<float>(svd.s.tensor, {3, 2}, 1e-6) && svd.u.tensor.shape() == (Shape{3, 2}) && svd.v.tensor.shape() == (Shape{2, 2}));
  ops::SvdResult values = ops::Svd(tensor<float>(DType::kFloat32, {3, 0, 0, -2}, Shape{2, 2}), false, false);
  CHECK(values.u.tensor.shape() == (Shape{0}) && near<float>(values.s.tensor, {3, 2}, 1e-6));
  // [[2, x], [1, 2]] from its lower triangle: eigenvalues 1 and 3.
  auto eig = ops::SelfAdjointEigV2(tensor<double>(DType::kFloat64, {2, 50, 1, 2}, Shape{2, 2}), true);
  CHECK(near<double>(eig.first.tensor, {1, 3}, 1e-15));
  const double* v = eig.second.tensor.data_as<double>();
  CHECK(std::abs(std::abs(v[0]) - std::sqrt(0.5)) < 1e-15 && std::abs(v[0] + v[2]) < 1e-15);  // (1, -1) / sqrt 2
  CHECK_THROWS_WITH(ops::SelfAdjointEigV2(tensor<float>(DType::kFloat32, {1, 0, INFINITY, 1}, Shape{2, 2}), false),
                    CHECK(e.message().find("Self-adjoint eigen decomposition was not successful.") != std::string::npos));
}

TEST(least_squares_fast_and_minimum_norm) {
  PlacedTensor zero = tensor<double>(DType::kFloat64, {0.0}, Shape{});
  // [[1, 0], [0, 1], [1, 1]] x = [1, 2, 3]: exactly x = [1, 2].
  PlacedTensor tall = tensor<double>(DType::kFloat64, {1, 0, 0, 1, 1, 1}, Shape{3, 2});
  PlacedTensor b3 = tensor<double>(DType::kFloat64, {1, 2, 3}, Shape{3, 1});
  CHECK(near<double>(ops::MatrixSolveLs(tall, b3, zero, true).tensor, {1, 2}, 1e-14));
  CHECK(near<double>(ops::MatrixSolveLs(tall, b3, zero, false).tensor, {1, 2}, 1e-14));
  // [1, 1] x = 2: the minimum-norm solution [1, 1], by either path.
  PlacedTensor wide = tensor<double>(DType::kFloat64, {1, 1}, Shape{1, 2});
  PlacedTensor b1 = tensor<double>(DType::kFloat64, {2}, Shape{1, 1});
  CHECK(near<double>(ops::MatrixSolveLs(wide, b1, zero, true).tensor, {1, 1}, 1e-14));
  CHECK(near<double>(ops::MatrixSolveLs(wide, b1, zero, false).tensor, {1, 1}, 1e-14));
  // Rank deficient: the fast path refuses with TensorFlow's text, the other gives the minimum norm.
  PlacedTensor flat = tensor<double>(DType::kFloat64, {1, 1, 1, 1}, Shape{2, 2});
  PlacedTensor b2 = tensor<double>(DType::kFloat64, {2, 2}, Shape{2, 1});
  CHECK_THROWS_WITH(ops::MatrixSolveLs(tensor<double>(DType::kFloat64, {0, 0, 0, 0}, Shape{2, 2}), b2, zero, true),
                    CHECK(e.message().find("}} Input matrix was rank deficient or ill-conditioned. Try setting "
                                           "fast=False or provide a larger l2_regularizer > 0.") != std::string::npos));
  CHECK(near<double>(ops::MatrixSolveLs(flat, b2, zero, false).tensor, {1, 1}, 1e-14));
  // A regularizer: (A^T A + I) x = A^T b for A = I: x = b / 2.
  PlacedTensor eye = tensor<double>(DType::kFloat64, {1, 0, 0, 1}, Shape{2, 2});
  CHECK(near<double>(ops::MatrixSolveLs(eye, b2, tensor<double>(DType::kFloat64, {1.0}, Shape{}), true).tensor,
                     {1, 1}, 1e-15));
  CHECK_THROWS_WITH(ops::MatrixSolveLs(eye, b2, tensor<double>(DType::kFloat64, {1.0}, Shape{1}), true),
                    CHECK(e.message().find("l2_regularizer must be scalar, got shape [1] [Op:MatrixSolveLs]") !=
                          std::string::npos));
}

// TensorFlow's lstsq composition, op by op: cholesky_solve over the Gram matrix's Cholesky factor.
PlacedTensor composed_least_squares(const PlacedTensor& a, const PlacedTensor& b) {
  const bool over = a.tensor.shape().dim(0) >= a.tensor.shape().dim(1);
  const PlacedTensor chol = ops::Cholesky(ops::MatMul(a, a, over, !over));
  auto solve = [&](const PlacedTensor& rhs) {
    return ops::MatrixTriangularSolve(chol, ops::MatrixTriangularSolve(chol, rhs, true, false), true, true);
  };
  return over ? solve(ops::MatMul(a, b, true, false)) : ops::MatMul(a, solve(b), true, false);
}

struct Watcher : DispatchHook {
  Watcher() : DispatchHook(Mode::kObserve) {}
  void on_op(OpCall&) override { ++ops; }
  int ops = 0;
};

TEST(normal_equations_in_one_call_have_the_compositions_bits_unless_someone_watches) {
  std::vector<double> values(15);
  for (size_t i = 0; i < values.size(); ++i) values[i] = std::sin(1.0 + 3.7 * static_cast<double>(i));
  const PlacedTensor tall = tensor<double>(DType::kFloat64, values, Shape{5, 3});
  const PlacedTensor wide = tensor<double>(DType::kFloat64, values, Shape{3, 5});
  const PlacedTensor b5 = tensor<double>(DType::kFloat64, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, Shape{5, 2});
  const PlacedTensor b3 = tensor<double>(DType::kFloat64, {1, 2, 3}, Shape{3, 1});
  auto same = [](const Tensor& x, const Tensor& y) {
    return x.shape() == y.shape() && std::memcmp(x.data(), y.data(), x.byte_size()) == 0;
  };
  PlacedTensor x;
  CHECK(ops::NormalEquationsLeastSquares(tall, b5, 0.0, false, &x));
  CHECK(x.tensor.shape() == (Shape{3, 2}) && same(x.tensor, composed_least_squares(tall, b5).tensor));
  CHECK(ops::NormalEquationsLeastSquares(wide, b3, 0.0, false, &x));
  CHECK(x.tensor.shape() == (Shape{5, 1}) && same(x.tensor, composed_least_squares(wide, b3).tensor));
  // A tape (any hook) or the placement log must see the ops: the one call declines.
  Watcher watcher;
  Dispatch::push_hook(&watcher);
  const bool taken = ops::NormalEquationsLeastSquares(tall, b5, 0.0, false, &x);
  Dispatch::pop_hook(&watcher);
  CHECK(!taken && watcher.ops == 0);
  Executor::set_log_device_placement(true);
  const bool logged = ops::NormalEquationsLeastSquares(tall, b5, 0.0, false, &x);
  Executor::set_log_device_placement(false);
  CHECK(!logged);
  CHECK(!ops::NormalEquationsLeastSquares(tall, b3, 0.0, false, &x));  // rows differ: MatMul's error to raise
}

TEST_MAIN()
