#include "varrt/ops/gather_ops.h"

#include <shared_mutex>
#include <string>
#include <vector>

#include "varrt/core/copy.h"
#include "varrt/core/error.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/indexing.h"

namespace varrt {
namespace ops {
namespace {

// Runs the gather `op` of the variable `handle` names through the dispatch, where the variable
// lives: `kernel(placed op, indices)` makes the output once the index dtype is checked.
template <class Kernel>
Tensor dispatch_gather(const char* op, const ResourceHandle& handle, const Tensor& indices, Kernel&& kernel) {
  Var* var = indexing::live_var(handle);
  Tensor inputs[1] = {indices};
  Tensor out;
  OpCall call(op, inputs, 1);
  call.resource = &handle;
  call.colocate = var->device();
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [&](OpCall& c) {
    indexing::check_index_dtype(op, c.inputs[0].dtype());
    c.outputs[0] = kernel(indexing::PlacedOp{op, var, c.device}, c.inputs[0]);
  });
  return out;
}

Tensor gather_rows(const indexing::PlacedOp& p, const ResourceHandle& handle, const Tensor& indices) {
  auto fail = [&](const std::string& message) { p.fail(message); };
  // Held for the whole copy: a writer waits instead of seeing a second holder of the buffer
  // and copying the whole variable.
  std::shared_lock<std::shared_mutex> lock(p.var->mu());
  indexing::require_initialized(*p.var, handle);
  const Tensor& params = p.var->tensor();
  const Shape& ps = params.shape();
  if (ps.rank() < 1) fail("params must be at least 1 dimensional");
  const int64_t rows = ps.dim(0);
  const int64_t n = indices.num_elements();
  indexing::check_row_indices(p, indices, rows);
  indexing::IndexView idx(indices);
  std::vector<int64_t> dims = indices.shape().dims();
  for (int d = 1; d < ps.rank(); ++d) dims.push_back(ps.dim(d));
  Tensor out = Tensor::allocate(params.dtype(), Shape(dims), p.var->device()->allocator);
  const int64_t row_len = rows > 0 ? params.num_elements() / rows : 0;
  const size_t item = dtype_size(params.dtype());
  for (int64_t i = 0; i < n && row_len > 0; ++i) {
    copy_elements(params.dtype(), indexing::element(params.data(), item, idx[i] * row_len),
                  indexing::element(out.mutable_data(), item, i * row_len), row_len);
  }
  return out;
}

Tensor gather_nd(const indexing::PlacedOp& p, const ResourceHandle& handle, const Tensor& indices) {
  auto fail = [&](const std::string& message) { p.fail(message); };
  std::shared_lock<std::shared_mutex> lock(p.var->mu());
  indexing::require_initialized(*p.var, handle);
  const Tensor& params = p.var->tensor();
  const Shape& ps = params.shape();
  const Shape& is = indices.shape();
  if (ps.rank() < 1) fail("params must be at least a vector");
  if (is.rank() < 1) fail("indices must be at least a vector");
  const int64_t depth = is.dim(is.rank() - 1);
  if (depth > ps.rank()) {
    fail("index innermost dimension length must be <= params rank; saw: " + std::to_string(depth) + " vs. " +
         std::to_string(ps.rank()));
  }
  Shape outer(is.data(), is.rank() - 1);
  const int64_t n = outer.num_elements();
  std::vector<int64_t> dims = outer.dims();
  int64_t slice = 1;
  for (int d = static_cast<int>(depth); d < ps.rank(); ++d) {
    dims.push_back(ps.dim(d));
    slice *= ps.dim(d);
  }
  if (n == 0) return Tensor::allocate(params.dtype(), Shape(dims), p.var->device()->allocator);
  if (params.num_elements() == 0) {
    fail("Requested more than 0 entries, but params is empty.  Params shape: " + ps.debug_string());
  }
  std::vector<int64_t> strides(static_cast<size_t>(depth), 1);  // in units of `slice`
  for (int64_t d = depth - 2; d >= 0; --d) {
    strides[static_cast<size_t>(d)] = strides[static_cast<size_t>(d) + 1] * ps.dim(static_cast<int>(d) + 1);
  }
  indexing::IndexView idx(indices);
  int64_t bad = indexing::last_bad_nd_index(idx, n, depth, ps);
  if (bad >= 0) {
    std::string joined;
    for (int64_t d = 0; d < depth; ++d) joined += (d ? ", " : "") + std::to_string(idx[bad * depth + d]);
    fail("indices" + indexing::slice_debug_string(outer, bad) + " = [" + joined + "] does not index into param shape " +
         ps.debug_string() + ", node name: " + p.op);
  }
  Tensor out = Tensor::allocate(params.dtype(), Shape(dims), p.var->device()->allocator);
  const size_t item = dtype_size(params.dtype());
  for (int64_t i = 0; i < n && slice > 0; ++i) {
    int64_t row = 0;
    for (int64_t d = 0; d < depth; ++d) row += idx[i * depth + d] * strides[static_cast<size_t>(d)];
    copy_elements(params.dtype(), indexing::element(params.data(), item, row * slice),
                  indexing::element(out.mutable_data(), item, i * slice), slice);
  }
  return out;
}

}  // namespace

Tensor ResourceGather(const ResourceHandle& handle, const Tensor& indices) {
  return dispatch_gather("ResourceGather", handle, indices,
                         [&](const indexing::PlacedOp& p, const Tensor& idx) { return gather_rows(p, handle, idx); });
}

Tensor ResourceGatherNd(const ResourceHandle& handle, const Tensor& indices) {
  return dispatch_gather("ResourceGatherNd", handle, indices,
                         [&](const indexing::PlacedOp& p, const Tensor& idx) { return gather_nd(p, handle, idx); });
}

}  // namespace ops
}  // namespace varrt
