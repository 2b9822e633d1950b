#include "varrt/ops/slice_ops.h"

#include <cstring>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/indexing.h"
#include "varrt/kernels/strided_copy.h"
#include "varrt/resource/prepare_to_update.h"

namespace varrt {
namespace ops {
namespace {

// TensorFlow's name scope for `x[...]` and the assign closure it attaches.
constexpr const char* kSliceName = "strided_slice/";
constexpr const char* kAssignName = "strided_slice/_assign";

[[noreturn]] void fail(const char* op, const Device& device, const std::string& message, const char* name) {
  throw_error(Code::kInvalidArgument, tf::kernel_error(op, device.name, message, name));
}

// Row-major element strides of `shape`.
std::vector<int64_t> element_strides(const Shape& shape) {
  std::vector<int64_t> strides(static_cast<size_t>(shape.rank()), 1);
  for (int i = shape.rank() - 2; i >= 0; --i) {
    strides[static_cast<size_t>(i)] = strides[static_cast<size_t>(i) + 1] * shape.dim(i + 1);
  }
  return strides;
}

// The selected elements of a tensor of shape `shape`: offset of the first one and the
// stride of each processing dimension.
int64_t selection(const SliceGeometry& g, const Shape& shape, std::vector<int64_t>* strides) {
  std::vector<int64_t> es = element_strides(shape);
  int64_t offset = 0;
  strides->resize(es.size());
  for (size_t d = 0; d < es.size(); ++d) {
    offset += g.begin[d] * es[d];
    (*strides)[d] = g.strides[d] * es[d];
  }
  return offset;
}

// A tensor over rows [begin, begin + rows) of `input` without copying; the parent buffer
// stays alive (and, for a variable's buffer, non-unique) while the view exists.
Tensor row_view(const Tensor& input, int64_t first_element, const Shape& shape) {
  int64_t n = shape.num_elements();
  if (n == 0) return Tensor::allocate(input.dtype(), shape);
  size_t item = dtype_size(input.dtype());
  BufferRef parent = input.buffer();
  void* data = indexing::element(parent->data(), item, first_element);
  return Tensor::borrow(input.dtype(), shape, data, static_cast<size_t>(n) * item, [parent] {});
}

// An index of integers only (`x[1]`, `x[1, -2]`, as slicing.py and the bindings spell it)
// selects one contiguous block, the trailing dimensions (`*block`) at `*offset`, found without
// resolving the general spec (whose vectors cost more than the copy). False for anything else,
// an index out of range included: the general path then decides, and reports errors, as always.
bool spec_block(const StridedSliceSpec& spec, const Shape& shape, int64_t* offset, Shape* block) {
  IntIndex index;
  int64_t elements = 0;
  if (!int_index_of(spec, &index) || !int_index_block(index, shape, offset, &elements)) return false;
  *block = Shape(shape.data() + index.n, shape.rank() - index.n);
  return true;
}

Tensor strided_slice(const Tensor& input, const StridedSliceSpec& spec, const Device& device, bool share) {
  int64_t block_at = 0;
  Shape block;
  if (!share && input.dtype() != DType::kString && spec_block(spec, input.shape(), &block_at, &block)) {
    Tensor out = Tensor::allocate(input.dtype(), block, device.allocator);
    size_t item = dtype_size(input.dtype());
    if (out.num_elements() > 0) {
      std::memcpy(out.mutable_data(), indexing::element(input.data(), item, block_at),
                  static_cast<size_t>(out.num_elements()) * item);
    }
    return out;
  }
  SliceGeometry g;
  std::string error;
  if (!resolve_strided_slice(spec, input.shape(), &g, &error)) fail("StridedSlice", device, error, kSliceName);
  Shape final_shape(g.final_dims);
  if (share && g.is_identity) return input.reshaped(final_shape);
  std::vector<int64_t> src_strides;
  int64_t offset = selection(g, input.shape(), &src_strides);
  bool contiguous_rows = g.slice_dim0 && (g.strides.empty() || g.strides[0] == 1);
  if (share && contiguous_rows && input.buffer()) return row_view(input, offset, final_shape);
  Tensor out = Tensor::allocate(input.dtype(), final_shape, device.allocator);
  if (out.num_elements() == 0) return out;
  std::vector<int64_t> dst_strides(g.processing_dims.size(), 1);
  for (int i = static_cast<int>(dst_strides.size()) - 2; i >= 0; --i) {
    dst_strides[static_cast<size_t>(i)] = dst_strides[static_cast<size_t>(i) + 1] * g.processing_dims[static_cast<size_t>(i) + 1];
  }
  size_t item = dtype_size(input.dtype());
  kernels::strided_copy(input.dtype(), g.processing_dims, indexing::element(input.data(), item, offset), src_strides,
                        out.mutable_data(), dst_strides);
  return out;
}

void assign_slice(const ResourceHandle& handle, Var* var, const StridedSliceSpec& spec, const Tensor& value,
                  const Device& device) {
  static constexpr const char* kOp = "ResourceStridedSliceAssign";
  if (value.dtype() != var->dtype()) {
    throw_error(Code::kInvalidArgument, indexing::input_dtype_error(kOp, 4, var->dtype(), value.dtype()));
  }
  std::unique_lock<std::shared_mutex> lock(var->mu());
  indexing::require_initialized(*var, handle);
  Tensor& params = var->tensor();
  int64_t block_at = 0;
  Shape block;
  if (params.dtype() != DType::kString && spec_block(spec, params.shape(), &block_at, &block) &&
      block.num_elements() > 0 &&
      (value.shape() == block || (value.num_elements() == 1 && value.shape().rank() <= block.rank()))) {
    // One contiguous block: the value itself, or its one element repeated (a broadcast).
    Tensor& target = PrepareToUpdateVariable(handle.shared_var());
    const size_t item = dtype_size(target.dtype());
    char* dst = indexing::element(target.mutable_data(), item, block_at);
    const int64_t n = block.num_elements();
    if (value.num_elements() == n) {
      std::memcpy(dst, value.data(), static_cast<size_t>(n) * item);
    } else {
      for (int64_t i = 0; i < n; ++i) std::memcpy(dst + static_cast<size_t>(i) * item, value.data(), item);
    }
    return;
  }
  SliceGeometry g;
  std::string error;
  if (!resolve_strided_slice(spec, params.shape(), &g, &error)) fail(kOp, device, error, kAssignName);
  if (g.processing_elements() == 0) return;  // nothing selected: TensorFlow checks nothing more

  // The value broadcasts to the final shape: aligned from the right, each of its dimensions
  // equal or 1, and any extra leading dimensions 1.
  const Shape& vs = value.shape();
  const int vrank = vs.rank();
  const int frank = static_cast<int>(g.final_dims.size());
  bool ok = true;
  for (int j = 0; j < vrank && ok; ++j) {
    int f = j - (vrank - frank);
    int64_t vd = vs.dim(j);
    ok = f < 0 ? vd == 1 : (vd == 1 || vd == g.final_dims[static_cast<size_t>(f)]);
  }
  if (!ok) {
    fail(kOp, device, "Cannot broadcast input shape " + vs.debug_string() + " into final shape " +
                          Shape(g.final_dims).debug_string(), kAssignName);
  }
  std::vector<int64_t> value_es = element_strides(vs);
  std::vector<int64_t> src_strides(g.processing_dims.size(), 0);  // shrunk dims read the same element
  for (int f = 0; f < frank; ++f) {
    int source = g.final_source[static_cast<size_t>(f)];
    int j = f + (vrank - frank);
    if (source < 0 || j < 0 || vs.dim(j) == 1) continue;
    src_strides[static_cast<size_t>(source)] = value_es[static_cast<size_t>(j)];
  }

  Tensor& target = PrepareToUpdateVariable(handle.shared_var());
  std::vector<int64_t> dst_strides;
  int64_t offset = selection(g, target.shape(), &dst_strides);
  size_t item = dtype_size(target.dtype());
  kernels::strided_copy(target.dtype(), g.processing_dims, value.data(), src_strides,
                        indexing::element(target.mutable_data(), item, offset), dst_strides);
}

}  // namespace

namespace {

// TensorFlow's attributes of a strided slice (its begin/end/strides inputs as int lists): what
// the gradient (StridedSliceGrad) needs to put the output's gradient back into the input's
// shape, and what a graph node needs to run the op again.
struct SliceAttrs {
  OpAttr attrs[8];
  explicit SliceAttrs(const StridedSliceSpec& spec) {
    const std::vector<int64_t>* lists[3] = {&spec.begin, &spec.end, &spec.strides};
    const char* list_names[3] = {"begin", "end", "strides"};
    for (int i = 0; i < 3; ++i) {
      attrs[i].name = list_names[i];
      attrs[i].ints = lists[i]->empty() ? OpAttr::kNoInts : lists[i]->data();
      attrs[i].num_ints = static_cast<int>(lists[i]->size());
    }
    const char* mask_names[5] = {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"};
    const int32_t masks[5] = {spec.begin_mask, spec.end_mask, spec.ellipsis_mask, spec.new_axis_mask,
                              spec.shrink_axis_mask};
    for (int i = 0; i < 5; ++i) {
      attrs[3 + i].name = mask_names[i];
      attrs[3 + i].value = masks[i];
    }
  }
};

}  // namespace

Tensor StridedSlice(const Tensor& input, const StridedSliceSpec& spec, const Device** placed_on, bool share) {
  Tensor inputs[1] = {input};
  Tensor out;
  OpCall call("StridedSlice", inputs, 1);
  call.outputs = &out;
  call.num_outputs = 1;
  SliceAttrs attrs(spec);
  call.attrs = attrs.attrs;
  call.num_attrs = 8;
  Dispatch::run(call, [&](OpCall& c) { c.outputs[0] = strided_slice(c.inputs[0], spec, *c.device, share); });
  // A replace hook runs nothing and may leave the op unplaced: its output is on the current device.
  if (placed_on) *placed_on = call.device != nullptr ? call.device : &Executor::current_device();
  return out;
}

namespace {

// ReadForSlice's and ReadForIndex's common part; `fits(shape)` says whether the index applies.
template <class Fits>
bool read_for_slice(const ResourceHandle& handle, Tensor* value, const Device** device, Fits&& fits) {
  if (Dispatch::intercepted() || Executor::log_device_placement()) return false;
  Var* var = indexing::live_var(handle);
  {
    std::shared_lock<std::shared_mutex> lock(var->mu());
    if (!var->is_initialized()) return false;
    const Tensor& current = var->tensor();
    if (current.dtype() == DType::kString || current.byte_size() > kDeferredSliceMaxBytes) return false;
    *value = current;
  }
  if (!fits(value->shape())) {
    *value = Tensor();
    return false;
  }
  // Placed as Dispatch::run places it (the scope's device; soft placement's error if unsatisfiable).
  const Device& placed = Executor::place("StridedSlice");
  if (placed.remote) {
    *value = Tensor();
    return false;
  }
  *device = &placed;
  return true;
}

}  // namespace

bool ReadForSlice(const ResourceHandle& handle, const StridedSliceSpec& spec, Tensor* value, const Device** device) {
  return read_for_slice(handle, value, device, [&](const Shape& shape) {
    int64_t block_at = 0;
    Shape block;
    SliceGeometry g;
    std::string error;
    return spec_block(spec, shape, &block_at, &block) || resolve_strided_slice(spec, shape, &g, &error);
  });
}

bool ReadForIndex(const ResourceHandle& handle, const IntIndex& index, Tensor* value, const Device** device) {
  return read_for_slice(handle, value, device, [&](const Shape& shape) {
    int64_t offset = 0, elements = 0;
    return int_index_block(index, shape, &offset, &elements);
  });
}

bool AssignElementAtIndex(const ResourceHandle& handle, const IntIndex& index, DType dtype, const void* element) {
  if (Dispatch::intercepted() || Executor::log_device_placement()) return false;
  Var* var = indexing::live_var(handle);
  if (var->dtype() != dtype || dtype == DType::kString) return false;
  // Placed as Dispatch::run places a resource op: with its variable, unreachable when remote.
  const Device& placed = Executor::place("ResourceStridedSliceAssign", var->device());
  if (placed.remote) return false;
  std::unique_lock<std::shared_mutex> lock(var->mu());
  if (!var->is_initialized()) return false;
  int64_t offset = 0, n = 0;
  if (!int_index_block(index, var->tensor().shape(), &offset, &n)) return false;
  if (n == 0) return true;
  Tensor& target = PrepareToUpdateVariable(handle.shared_var());
  const size_t item = dtype_size(dtype);
  char* dst = indexing::element(target.mutable_data(), item, offset);
  for (int64_t i = 0; i < n; ++i) std::memcpy(dst + static_cast<size_t>(i) * item, element, item);
  return true;
}

Tensor SliceOfRead(const Tensor& value, const StridedSliceSpec& spec, const Device& device) {
  Tensor out = strided_slice(value, spec, device, /*share=*/false);
  out.renew_id();
  return out;
}

void ResourceStridedSliceAssign(const ResourceHandle& handle, const StridedSliceSpec& spec, Tensor value) {
  Var* var = indexing::live_var(handle);
  Tensor inputs[1] = {std::move(value)};
  OpCall call("ResourceStridedSliceAssign", inputs, 1);
  call.resource = &handle;
  // The attributes are for those who see the op (a tape, a graph, a forwarder): with nobody
  // listening nothing reads them, and making them is a tenth of a small assign.
  std::optional<SliceAttrs> attrs;
  if (Dispatch::intercepted()) {
    attrs.emplace(spec);
    call.attrs = attrs->attrs;
    call.num_attrs = 8;
  }
  call.colocate = var->device();
  Dispatch::run(call, [&](OpCall& c) { assign_slice(handle, var, spec, c.inputs[0], *c.device); });
}

}  // namespace ops
}  // namespace varrt
