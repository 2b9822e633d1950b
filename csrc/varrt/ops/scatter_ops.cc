#include "varrt/ops/scatter_ops.h"

#include <mutex>
#include <shared_mutex>
#include <string>

#include "varrt/core/error.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/indexing.h"
#include "varrt/resource/prepare_to_update.h"

namespace varrt {
namespace ops {
namespace {

using kernels::UpdateOp;

std::string join(const indexing::IndexView& idx, int64_t first, int64_t n) {
  std::string s;
  for (int64_t d = 0; d < n; ++d) {
    if (d) s += ", ";
    s += std::to_string(idx[first + d]);
  }
  return s;
}

// dim_size(0) as the shape checks read it; TensorFlow reads past a scalar's dimensions
// (printing garbage), varrt treats a scalar as one entry.
int64_t outer_dim(const Shape& s) { return s.rank() > 0 ? s.dim(0) : 1; }

// The arithmetic scatter ops' `dtype` attr (TensorFlow's NumberTypes), as their attr check lists it.
constexpr const char* kNumberTypes =
    "float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, "
    "uint16, complex128, half, uint32, uint64";

// The checks TensorFlow makes before the kernel runs (op registration), on the placed op.
indexing::PlacedOp prepare(const char* op, UpdateOp kind, bool nd, const ResourceHandle& handle, const Device& device,
                           const Tensor& indices, const Tensor& updates) {
  Var* var = indexing::live_var(handle);
  const DType dtype = var->dtype();
  if (!kernels::update_supported(kind, dtype, nd)) {
    bool attr_rejects = !nd && (dtype == DType::kString || dtype == DType::kBool);
    if (!attr_rejects) throw_error(Code::kInvalidArgument, tf::no_kernel_error(op, dtype, nullptr));
    std::string message = tf::attr_value_error("dtype", dtype, tf::not_in_allowed_values(op, kNumberTypes));
    throw_error(Code::kInvalidArgument, tf::op_error(op, message, nullptr));
  }
  indexing::check_index_dtype(op, indices.dtype());
  if (updates.dtype() != dtype) {
    throw_error(Code::kInvalidArgument, indexing::input_dtype_error(op, 2, dtype, updates.dtype()));
  }
  return {op, var, &device};
}

}  // namespace

const char* scatter_op_name(UpdateOp op) {
  switch (op) {
    case UpdateOp::kAssign: return "ResourceScatterUpdate";
    case UpdateOp::kAdd: return "ResourceScatterAdd";
    case UpdateOp::kSub: return "ResourceScatterSub";
    case UpdateOp::kMul: return "ResourceScatterMul";
    case UpdateOp::kDiv: return "ResourceScatterDiv";
    case UpdateOp::kMin: return "ResourceScatterMin";
    case UpdateOp::kMax: return "ResourceScatterMax";
  }
  return "ResourceScatterUpdate";
}

const char* scatter_nd_op_name(UpdateOp op) {
  switch (op) {
    case UpdateOp::kAssign: return "ResourceScatterNdUpdate";
    case UpdateOp::kAdd: return "ResourceScatterNdAdd";
    case UpdateOp::kSub: return "ResourceScatterNdSub";
    case UpdateOp::kMin: return "ResourceScatterNdMin";
    case UpdateOp::kMax: return "ResourceScatterNdMax";
    case UpdateOp::kMul:
    case UpdateOp::kDiv: break;
  }
  return "ResourceScatterNdUpdate";
}

namespace {

// A scatter op through the dispatch: placed with the variable, then `kernel(device, indices, updates)`.
template <class Kernel>
void dispatch_scatter(const char* op, const ResourceHandle& handle, const Tensor& indices, const Tensor& updates,
                      Kernel&& kernel) {
  Var* var = indexing::live_var(handle);
  Tensor inputs[2] = {indices, updates};
  OpCall call(op, inputs, 2);
  call.resource = &handle;
  call.colocate = var->device();
  Dispatch::run(call, [&](OpCall& c) { kernel(*c.device, c.inputs[0], c.inputs[1]); });
}

void scatter_kernel(UpdateOp kind, const ResourceHandle& handle, const Device& device, const Tensor& indices,
                    const Tensor& updates) {
  const char* op = scatter_op_name(kind);
  indexing::PlacedOp c = prepare(op, kind, false, handle, device, indices, updates);
  auto fail = [&](const std::string& message) { c.fail(message); };
  std::unique_lock<std::shared_mutex> lock(c.var->mu());
  indexing::require_initialized(*c.var, handle);
  const Tensor& params = c.var->tensor();
  const Shape& ps = params.shape();
  const Shape& is = indices.shape();
  const Shape& us = updates.shape();
  const bool scalar = us.rank() == 0;
  auto shape_message = [&] {
    return "Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = [], got updates.shape " +
           us.debug_string() + ", indices.shape " + is.debug_string() + ", params.shape " + ps.debug_string();
  };
  if (!scalar && us.rank() != is.rank() + ps.rank() - 1) fail(shape_message());
  const int64_t n = indices.num_elements();
  if (n == 0) return;
  if (!scalar) {
    for (int d = 0; d < is.rank(); ++d) {
      if (us.dim(d) != is.dim(d)) {
        fail("The shape of indices (" + is.debug_string() + ") must be a prefix of the shape of updates (" +
             us.debug_string() + ")");
      }
    }
    // TensorFlow checks only the rank of the trailing dimensions and then writes out of
    // place (undefined behaviour); varrt requires them to equal params.shape[1:].
    for (int d = 1; d < ps.rank(); ++d) {
      if (us.dim(is.rank() + d - 1) != ps.dim(d)) fail(shape_message());
    }
  }
  if (kind == UpdateOp::kDiv && kernels::contains_zero(updates.dtype(), updates.data(), updates.num_elements())) {
    fail("updates must not contain 0");
  }
  const int64_t rows = outer_dim(ps);
  indexing::check_row_indices(c, indices, rows);
  Tensor& target = PrepareToUpdateVariable(handle.shared_var());
  const int64_t row_len = rows > 0 ? target.num_elements() / rows : 0;
  kernels::RowIndex where{indices.data(), indices.dtype() == DType::kInt64, 1, {1}};
  kernels::scatter_rows(kind, target.dtype(), target.mutable_data(), updates.data(), scalar, row_len, n, where);
}

void scatter_nd_kernel(UpdateOp kind, const ResourceHandle& handle, const Device& device, const Tensor& indices,
                       const Tensor& updates) {
  const char* op = scatter_nd_op_name(kind);
  indexing::PlacedOp c = prepare(op, kind, true, handle, device, indices, updates);
  auto fail = [&](const std::string& message) { c.fail(message); };
  std::unique_lock<std::shared_mutex> lock(c.var->mu());
  indexing::require_initialized(*c.var, handle);
  const Tensor& params = c.var->tensor();
  const Shape& ps = params.shape();
  const Shape& is = indices.shape();
  const Shape& us = updates.shape();

  if (ps.rank() < 1) fail("Output must be at least 1-D, got shape: " + ps.debug_string());
  const int64_t n_params = params.num_elements(), n_indices = indices.num_elements(), n_updates = updates.num_elements();
  if (!((n_indices == 0 && n_updates == 0) || (n_params != 0 && n_indices != 0 && n_updates != 0))) {
    fail("Indices and updates specified for empty output.  indices shape: " + is.debug_string());
  }
  if (outer_dim(us) != outer_dim(is)) {
    fail("Dimensions [0,1) of indices[shape=" + is.debug_string() + "] = " + std::to_string(outer_dim(is)) +
         " must match dimensions [0,1) of updates[shape=" + us.debug_string() + "] = " + std::to_string(outer_dim(us)));
  }
  // updates.shape must be indices.shape[:batch] + params.shape[depth:].
  const int64_t depth = is.rank() > 1 ? is.dim(is.rank() - 1) : 1;
  const int batch = is.rank() > 1 ? is.rank() - 1 : 1;
  auto prefix_error = [&] {
    fail("Dimensions [0," + std::to_string(batch) + ") of indices[shape=" + is.debug_string() +
         "] must match dimensions [0," + std::to_string(batch) + ") of updates[shape=" + us.debug_string() + "]");
  };
  auto suffix_error = [&] {
    fail("Dimensions [" + std::to_string(depth) + "," + std::to_string(ps.rank()) + ") of input[shape=" +
         ps.debug_string() + "] must match dimensions [" + std::to_string(depth) + "," + std::to_string(us.rank()) +
         ") of updates[shape=" + us.debug_string() + "]");
  };
  if (us.rank() < batch) prefix_error();
  if (ps.rank() < depth + (us.rank() - batch)) suffix_error();
  if (us.rank() != batch + ps.rank() - depth) suffix_error();
  for (int d = 0; d < batch; ++d) {
    int64_t idim = is.rank() > d ? is.dim(d) : 1;
    if (us.dim(d) != idim) prefix_error();
  }
  for (int d = 0; d < us.rank() - batch; ++d) {
    if (us.dim(d + batch) != ps.dim(static_cast<int>(depth) + d)) suffix_error();
  }
  if (n_indices == 0) return;

  // Row strides over the first `depth` dimensions, in units of the trailing slice.
  kernels::RowIndex where{indices.data(), indices.dtype() == DType::kInt64, depth, std::vector<int64_t>(static_cast<size_t>(depth), 1)};
  for (int64_t d = depth - 2; d >= 0; --d) {
    where.row_strides[static_cast<size_t>(d)] = where.row_strides[static_cast<size_t>(d) + 1] * ps.dim(static_cast<int>(d) + 1);
  }
  const int64_t num_updates = n_indices / depth;
  indexing::IndexView idx(indices);
  int64_t bad = indexing::last_bad_nd_index(idx, num_updates, depth, ps);
  if (bad >= 0) {
    Shape outer = is.rank() > 1 ? Shape(is.data(), is.rank() - 1) : Shape{num_updates};
    fail("indices" + indexing::slice_debug_string(outer, bad) + " = [" + join(idx, bad * depth, depth) +
         "] does not index into shape " + ps.debug_string());
  }
  Tensor& target = PrepareToUpdateVariable(handle.shared_var());
  int64_t slice = 1;
  for (int d = static_cast<int>(depth); d < ps.rank(); ++d) slice *= ps.dim(d);
  kernels::scatter_rows(kind, target.dtype(), target.mutable_data(), updates.data(), false, slice, num_updates, where);
}

}  // namespace

void ResourceScatter(UpdateOp kind, const ResourceHandle& handle, const Tensor& indices, const Tensor& updates) {
  dispatch_scatter(scatter_op_name(kind), handle, indices, updates,
                   [&](const Device& device, const Tensor& i, const Tensor& u) {
                     scatter_kernel(kind, handle, device, i, u);
                   });
}

void ResourceScatterNd(UpdateOp kind, const ResourceHandle& handle, const Tensor& indices, const Tensor& updates) {
  dispatch_scatter(scatter_nd_op_name(kind), handle, indices, updates,
                   [&](const Device& device, const Tensor& i, const Tensor& u) {
                     scatter_nd_kernel(kind, handle, device, i, u);
                   });
}

}  // namespace ops
}  // namespace varrt
