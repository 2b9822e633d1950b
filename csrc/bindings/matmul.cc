// The core's MatMul and BatchMatMulV2 from Python (varrt.linalg.matmul, after TensorFlow's
// conversion and dtype checks there), and what BLAS library the core's GEMM loaded.
#include <pybind11/pybind11.h>

#include <string>

#include "bindings.h"
#include "interop/tensor_object.h"
#include "varrt/kernels/blas_library.h"
#include "varrt/ops/matmul_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

PlacedTensor placed_input(py::handle o) {
  OpInput in = op_input(o);
  return PlacedTensor{std::move(in.tensor), in.device};
}

py::object wrapped(PlacedTensor t) {
  PyObject* o = wrap_tensor(PyTensor{std::move(t.tensor), t.device});
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

}  // namespace

void bind_matmul(py::module_& m) {
  m.def("mat_mul", [](py::handle a, py::handle b, bool transpose_a, bool transpose_b, const std::string& name) {
    return wrapped(ops::MatMul(placed_input(a), placed_input(b), transpose_a, transpose_b, name.c_str()));
  }, py::arg("a"), py::arg("b"), py::arg("transpose_a"), py::arg("transpose_b"), py::arg("name"),
        "The core's MatMul (a, b: Tensors, TensorDatas or converted host arrays of one dtype).");
  m.def("batch_mat_mul_v2", [](py::handle x, py::handle y, bool adj_x, bool adj_y, const std::string& name) {
    return wrapped(ops::BatchMatMulV2(placed_input(x), placed_input(y), adj_x, adj_y, name.c_str()));
  }, py::arg("x"), py::arg("y"), py::arg("adj_x"), py::arg("adj_y"), py::arg("name"),
        "The core's BatchMatMulV2 (batch dimensions broadcast; adj_* conjugate-transposes).");
  m.def("blas_info", [] {
    const kernels::BlasInfo info = kernels::blas_info();
    py::dict d;
    d["loaded"] = info.loaded;
    d["path"] = info.path;
    d["core"] = info.core;
    d["threads"] = info.threads;
    d["error"] = info.error;
    return d;
  }, "The BLAS library the core's GEMM uses: {loaded, path, core, threads, error} (loads it on first call).");
}

}  // namespace bind
}  // namespace varrt
