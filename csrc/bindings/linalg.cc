// The core's LAPACK ops from Python (varrt.ops.linalg_solvers and decompositions, after
// TensorFlow's conversion and dtype checks there).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.h"
#include "interop/tensor_object.h"
#include "varrt/ops/linalg_ops.h"
#include "varrt/ops/normal_equations.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

PlacedTensor linalg_input(py::handle o) {
  OpInput in = op_input(o);
  return PlacedTensor{std::move(in.tensor), in.device};
}

// The op's name for its messages; None drops TensorFlow's " name: " part (its slow path).
const char* linalg_name(const std::optional<std::string>& name) { return name ? name->c_str() : nullptr; }

py::object linalg_result(PlacedTensor t) {
  PyObject* o = wrap_tensor(PyTensor{std::move(t.tensor), t.device});
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

}  // namespace

void bind_linalg(py::module_& m) {
  m.def("matrix_inverse", [](py::handle input, bool adjoint, const std::optional<std::string>& name) {
    return linalg_result(ops::MatrixInverse(linalg_input(input), adjoint, linalg_name(name)));
  }, py::arg("input"), py::arg("adjoint"), py::arg("name"), "The core's MatrixInverse.");
  m.def("matrix_determinant", [](py::handle input, const std::optional<std::string>& name) {
    return linalg_result(ops::MatrixDeterminant(linalg_input(input), linalg_name(name)));
  }, py::arg("input"), py::arg("name"), "The core's MatrixDeterminant.");
  m.def("log_matrix_determinant", [](py::handle input, const std::optional<std::string>& name) {
    auto r = ops::LogMatrixDeterminant(linalg_input(input), linalg_name(name));
    return py::make_tuple(linalg_result(std::move(r.first)), linalg_result(std::move(r.second)));
  }, py::arg("input"), py::arg("name"), "The core's LogMatrixDeterminant: (sign, log_abs_determinant).");
  m.def("matrix_solve", [](py::handle matrix, py::handle rhs, bool adjoint, const std::optional<std::string>& name) {
    return linalg_result(ops::MatrixSolve(linalg_input(matrix), linalg_input(rhs), adjoint, linalg_name(name)));
  }, py::arg("matrix"), py::arg("rhs"), py::arg("adjoint"), py::arg("name"), "The core's MatrixSolve.");
  m.def("cholesky", [](py::handle input, const std::optional<std::string>& name) {
    return linalg_result(ops::Cholesky(linalg_input(input), linalg_name(name)));
  }, py::arg("input"), py::arg("name"), "The core's Cholesky.");
  m.def("matrix_triangular_solve", [](py::handle matrix, py::handle rhs, bool lower, bool adjoint,
                                      const std::optional<std::string>& name) {
    return linalg_result(ops::MatrixTriangularSolve(linalg_input(matrix), linalg_input(rhs), lower, adjoint,
                                                    linalg_name(name)));
  }, py::arg("matrix"), py::arg("rhs"), py::arg("lower"), py::arg("adjoint"), py::arg("name"),
        "The core's MatrixTriangularSolve.");
  m.def("matrix_solve_ls", [](py::handle matrix, py::handle rhs, py::handle l2_regularizer, bool fast,
                              const std::optional<std::string>& name) {
    return linalg_result(ops::MatrixSolveLs(linalg_input(matrix), linalg_input(rhs), linalg_input(l2_regularizer), fast,
                                            linalg_name(name)));
  }, py::arg("matrix"), py::arg("rhs"), py::arg("l2_regularizer"), py::arg("fast"), py::arg("name"),
        "The core's MatrixSolveLs.");
  m.def("normal_equations_least_squares", [](py::handle matrix, py::handle rhs, double l2, bool regularize) {
    PlacedTensor out;
    if (!ops::NormalEquationsLeastSquares(linalg_input(matrix), linalg_input(rhs), l2, regularize, &out)) {
      return py::none().cast<py::object>();
    }
    return linalg_result(std::move(out));
  }, py::arg("matrix"), py::arg("rhs"), py::arg("l2"), py::arg("regularize"),
        "tf.linalg.lstsq's normal equations in one core call, or None where its ops must run.");
  m.def("qr", [](py::handle input, bool full_matrices, const std::optional<std::string>& name) {
    auto r = ops::Qr(linalg_input(input), full_matrices, linalg_name(name));
    return py::make_tuple(linalg_result(std::move(r.first)), linalg_result(std::move(r.second)));
  }, py::arg("input"), py::arg("full_matrices"), py::arg("name"), "The core's Qr: (q, r).");
  m.def("svd", [](py::handle input, bool compute_uv, bool full_matrices, const std::optional<std::string>& name) {
    ops::SvdResult r = ops::Svd(linalg_input(input), compute_uv, full_matrices, linalg_name(name));
    return py::make_tuple(linalg_result(std::move(r.s)), linalg_result(std::move(r.u)), linalg_result(std::move(r.v)));
  }, py::arg("input"), py::arg("compute_uv"), py::arg("full_matrices"), py::arg("name"), "The core's Svd: (s, u, v).");
  m.def("self_adjoint_eig_v2", [](py::handle input, bool compute_v, const std::optional<std::string>& name) {
    auto r = ops::SelfAdjointEigV2(linalg_input(input), compute_v, linalg_name(name));
    return py::make_tuple(linalg_result(std::move(r.first)), linalg_result(std::move(r.second)));
  }, py::arg("input"), py::arg("compute_v"), py::arg("name"), "The core's SelfAdjointEigV2: (e, v).");
}

}  // namespace bind
}  // namespace varrt
