// Slicing, gather and scatter: StridedSlice on tensors and the indexed variable ops.
// Index arrays arrive as int32/int64 ndarrays (borrowed, no copy) or TensorData; updates
// arrive as TensorData or ndarrays already converted to the variable's dtype by the Python
// layer (borrowed too), so an in-place update allocates nothing.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.h"
#include "interop/numpy.h"
#include "interop/handle.h"
#include "interop/tensor.h"
#include "interop/gil.h"
#include "interop/variable_inputs.h"
#include "varrt/ops/gather_ops.h"
#include "varrt/ops/indexing.h"
#include "varrt/ops/owned_handle.h"
#include "varrt/ops/scatter_ops.h"
#include "varrt/ops/slice_ops.h"
#include "varrt/ops/variable_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// Bytes of index and update data above which the op runs without the GIL.
constexpr size_t kReleaseGilBytes = 1 << 16;

using kernels::UpdateOp;

UpdateOp update_op(const std::string& kind) {
  if (kind == "update") return UpdateOp::kAssign;
  if (kind == "add") return UpdateOp::kAdd;
  if (kind == "sub") return UpdateOp::kSub;
  if (kind == "mul") return UpdateOp::kMul;
  if (kind == "div") return UpdateOp::kDiv;
  if (kind == "min") return UpdateOp::kMin;
  if (kind == "max") return UpdateOp::kMax;
  throw py::value_error("unknown scatter kind " + kind);
}

// A C-contiguous, aligned, native-byte-order version of an ndarray (the array itself when it
// is one): what borrow_array and copy_from_array take. Alignment matters too: a contiguous
// view at an odd offset into a byte buffer is copied (as assign accepts it, so do updates).
py::object native_contiguous(py::handle array) {
  py::object dtype = array.attr("dtype").attr("newbyteorder")("=");
  return py::module_::import("numpy").attr("require")(array, dtype, py::make_tuple("C", "A"));
}

Tensor index_tensor(const char* op, py::handle obj, py::object* keep) {
  if (py::isinstance<PyTensor>(obj)) return obj.cast<const PyTensor&>().tensor;
  if (!py::isinstance<py::array>(obj)) throw py::type_error("indices must be an ndarray or a tensor");
  DType dtype = dtype_of_array(obj.ptr());
  indexing::check_index_dtype(op, dtype);
  Tensor t = borrow_array(obj.ptr(), dtype);
  if (t.valid()) return t;
  *keep = native_contiguous(obj);
  return borrow_array(keep->ptr(), dtype);
}

// An update's values as a tensor of the variable's dtype `want`: a TensorData as is, an
// ndarray (already converted by the Python layer) borrowed without a copy when its layout
// allows, copied otherwise (strings). Either way the host value is an _EagerConst.
Tensor value_tensor(py::handle obj, DType want) {
  if (py::isinstance<PyTensor>(obj)) return obj.cast<const PyTensor&>().tensor;
  if (!py::isinstance<py::array>(obj) || dtype_of_array(obj.ptr()) != want) {
    throw py::type_error("internal: updates must be a tensor or an ndarray of the variable's dtype");
  }
  const Device& device = ops::EagerConstInPlace();
  Tensor t = borrow_array(obj.ptr(), want);
  if (t.valid()) return t;
  py::object native = native_contiguous(obj);  // copied into the tensor below, then released
  return copy_from_array(native.ptr(), device.allocator);
}

DType var_dtype(const OwnedHandle& h) { return indexing::live_var(h.handle())->dtype(); }

StridedSliceSpec make_spec(std::vector<int64_t> begin, std::vector<int64_t> end, std::vector<int64_t> strides,
                           int32_t begin_mask, int32_t end_mask, int32_t ellipsis_mask, int32_t new_axis_mask,
                           int32_t shrink_axis_mask) {
  StridedSliceSpec spec;
  spec.begin = std::move(begin);
  spec.end = std::move(end);
  spec.strides = std::move(strides);
  spec.begin_mask = begin_mask;
  spec.end_mask = end_mask;
  spec.ellipsis_mask = ellipsis_mask;
  spec.new_axis_mask = new_axis_mask;
  spec.shrink_axis_mask = shrink_axis_mask;
  return spec;
}

template <class Fn>
void maybe_without_gil(size_t bytes, Fn&& fn) {
  if (bytes >= kReleaseGilBytes) {
    without_gil(std::forward<Fn>(fn));
  } else {
    fn();
  }
}

// What an indexed update returns: the UnreadVariable of `self` (TensorFlow's).
py::object unread(py::handle self) {
  PyObject* r = new_unread(self);
  if (r == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(r);
}

}  // namespace

void bind_scatter(py::module_& m) {
  m.def("strided_slice",
        [](const PyTensor& input, std::vector<int64_t> begin, std::vector<int64_t> end, std::vector<int64_t> strides,
           int32_t begin_mask, int32_t end_mask, int32_t ellipsis_mask, int32_t new_axis_mask,
           int32_t shrink_axis_mask, bool share) {
          StridedSliceSpec spec = make_spec(std::move(begin), std::move(end), std::move(strides), begin_mask, end_mask,
                                            ellipsis_mask, new_axis_mask, shrink_axis_mask);
          const Device* device = nullptr;
          Tensor out = ops::StridedSlice(input.tensor, spec, &device, share);
          return PyTensor{std::move(out), device};
        },
        py::arg("input"), py::arg("begin"), py::arg("end"), py::arg("strides"), py::arg("begin_mask"),
        py::arg("end_mask"), py::arg("ellipsis_mask"), py::arg("new_axis_mask"), py::arg("shrink_axis_mask"),
        py::arg("share") = true,
        "StridedSlice: input[begin:end:strides] with TensorFlow's masks; `share` allows a view of the input.");
  m.def("resource_strided_slice_assign",
        [](py::handle self, std::vector<int64_t> begin, std::vector<int64_t> end, std::vector<int64_t> strides,
           int32_t begin_mask, int32_t end_mask, int32_t ellipsis_mask, int32_t new_axis_mask,
           int32_t shrink_axis_mask, py::handle value) {
          const OwnedHandle& h = handle_of(self);
          StridedSliceSpec spec = make_spec(std::move(begin), std::move(end), std::move(strides), begin_mask, end_mask,
                                            ellipsis_mask, new_axis_mask, shrink_axis_mask);
          Tensor v = value_tensor(value, var_dtype(h));
          maybe_without_gil(v.byte_size(), [&] { ops::ResourceStridedSliceAssign(h.handle(), spec, v); });
          return unread(self);
        },
        "ResourceStridedSliceAssign: v[begin:end:strides] = value (broadcast), copy-on-write; the UnreadVariable.");
  m.def("resource_scatter",
        [](py::handle self, const std::string& kind, py::handle indices, py::handle updates) {
          const OwnedHandle& h = handle_of(self);
          UpdateOp op = update_op(kind);
          py::object keep;
          Tensor idx = index_tensor(ops::scatter_op_name(op), indices, &keep);
          Tensor u = value_tensor(updates, var_dtype(h));
          maybe_without_gil(idx.byte_size() + u.byte_size(), [&] { ops::ResourceScatter(op, h.handle(), idx, u); });
          return unread(self);
        },
        "ResourceScatter{Update,Add,Sub,Mul,Div,Min,Max} (kind: update, add, ...); the UnreadVariable.");
  m.def("resource_scatter_nd",
        [](py::handle self, const std::string& kind, py::handle indices, py::handle updates) {
          const OwnedHandle& h = handle_of(self);
          UpdateOp op = update_op(kind);
          py::object keep;
          Tensor idx = index_tensor(ops::scatter_nd_op_name(op), indices, &keep);
          Tensor u = value_tensor(updates, var_dtype(h));
          maybe_without_gil(idx.byte_size() + u.byte_size(), [&] { ops::ResourceScatterNd(op, h.handle(), idx, u); });
          return unread(self);
        },
        "ResourceScatterNd{Update,Add,Sub,Min,Max}; the UnreadVariable.");
  m.def("resource_gather",
        [](py::handle self, py::handle indices) {
          const OwnedHandle& h = handle_of(self);
          py::object keep;
          Tensor idx = index_tensor("ResourceGather", indices, &keep);
          Tensor out;
          maybe_without_gil(idx.byte_size(), [&] { out = ops::ResourceGather(h.handle(), idx); });
          return PyTensor{std::move(out), h.handle().device()};
        },
        "ResourceGather: rows of the variable's first dimension.");
  m.def("resource_gather_nd",
        [](py::handle self, py::handle indices) {
          const OwnedHandle& h = handle_of(self);
          py::object keep;
          Tensor idx = index_tensor("ResourceGatherNd", indices, &keep);
          Tensor out;
          maybe_without_gil(idx.byte_size(), [&] { out = ops::ResourceGatherNd(h.handle(), idx); });
          return PyTensor{std::move(out), h.handle().device()};
        },
        "ResourceGatherNd: slices addressed by the last dimension of indices.");
}

}  // namespace bind
}  // namespace varrt
