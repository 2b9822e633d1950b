#include "varrt/ops/concat_split_ops.h"

#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/strided_copy.h"
#include "varrt/ops/dispatch.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

// TensorFlow's kernels are wrapped in functions named after these attributes ("ConcatV2_N_3",
// "Split_num_split_4"): their messages name that node.
[[noreturn]] void fail(const OpCall& c, const std::string& node, const std::string& message, const char* name) {
  throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, message, name, node.c_str()));
}

char* element(const Tensor& t, int64_t offset) {
  return static_cast<char*>(t.mutable_data()) + offset * static_cast<int64_t>(dtype_size(t.dtype()));
}

// Elements of `shape` from dimension `from` on, per step of the dimension before it.
int64_t inner_size(const Shape& shape, int from) {
  int64_t n = 1;
  for (int d = from; d < shape.rank(); ++d) n *= shape.dim(d);
  return n;
}

int64_t outer_size(const Shape& shape, int to) {
  int64_t n = 1;
  for (int d = 0; d < to; ++d) n *= shape.dim(d);
  return n;
}

}  // namespace

PlacedTensor ConcatV2(const PlacedTensor* values, int n, int64_t axis, const char* name) {
  std::vector<Tensor> inputs(static_cast<size_t>(n));
  std::vector<const Device*> devices(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    inputs[static_cast<size_t>(i)] = values[i].tensor;
    devices[static_cast<size_t>(i)] = values[i].device;
  }
  OpAttr attrs[2];
  attrs[0].name = "axis";
  attrs[0].value = axis;
  attrs[1].name = "N";
  attrs[1].value = n;
  Tensor out;
  OpCall call("ConcatV2", inputs.data(), n);
  call.input_devices = devices.data();
  call.attrs = attrs;
  call.num_attrs = 2;
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [axis, name](OpCall& c) {
    const std::string node = "ConcatV2_N_" + std::to_string(c.num_inputs);
    const Tensor& first = c.inputs[0];
    const int rank = first.shape().rank();
    if (rank == 0) fail(c, node, "ConcatOp : Can't concatenate scalars (use tf.stack instead)", name);
    if (axis < -rank || axis >= rank) {
      fail(c, node, "ConcatOp : Expected concatenating dimensions in the range [" + std::to_string(-rank) + ", " +
                        std::to_string(rank) + "), but got " + std::to_string(axis), name);
    }
    const int ax = static_cast<int>(axis < 0 ? axis + rank : axis);
    std::vector<int64_t> dims = first.shape().dims();
    for (int i = 1; i < c.num_inputs; ++i) {
      const Shape& s = c.inputs[i].shape();
      if (s.rank() != rank) {
        fail(c, node, "ConcatOp : Ranks of all input tensors should match: shape[0] = " +
                          first.shape().debug_string() + " vs. shape[" + std::to_string(i) + "] = " +
                          s.debug_string(), name);
      }
      for (int d = 0; d < rank; ++d) {
        if (d != ax && s.dim(d) != first.shape().dim(d)) {
          fail(c, node, "ConcatOp : Dimension " + std::to_string(d) + " in both shapes must be equal: shape[0] = " +
                            first.shape().debug_string() + " vs. shape[" + std::to_string(i) + "] = " +
                            s.debug_string(), name);
        }
      }
      if (c.inputs[i].dtype() != first.dtype()) throw_error(Code::kInternal, "ConcatV2 called with mixed dtypes");
      dims[static_cast<size_t>(ax)] += s.dim(ax);
    }
    const Shape shape(dims);
    c.outputs[0] = Tensor::allocate(first.dtype(), shape, c.allocator());
    const int64_t outer = outer_size(shape, ax), row = inner_size(shape, ax);
    int64_t offset = 0;  // where this input's block starts in each output row
    for (int i = 0; i < c.num_inputs; ++i) {
      const Tensor& in = c.inputs[i];
      const int64_t block = inner_size(in.shape(), ax);
      if (block > 0 && outer > 0) {
        kernels::strided_copy(in.dtype(), {outer, block}, in.data(), {block, 1}, element(c.outputs[0], offset),
                              {row, 1});
      }
      offset += block;
    }
  });
  return PlacedTensor{std::move(out), call.device};
}

std::vector<PlacedTensor> Split(const PlacedTensor& split_dim, const PlacedTensor& value, int num_split,
                                const char* name) {
  Tensor inputs[2] = {split_dim.tensor, value.tensor};
  const Device* devices[2] = {split_dim.device, value.device};
  OpAttr attr;
  attr.name = "num_split";
  attr.value = num_split;
  std::vector<Tensor> outs(static_cast<size_t>(num_split));
  OpCall call("Split", inputs, 2);
  call.input_devices = devices;
  call.attrs = &attr;
  call.num_attrs = 1;
  call.outputs = outs.data();
  call.num_outputs = num_split;
  Dispatch::run(call, [name](OpCall& c) {
    const int pieces = c.num_outputs;
    const std::string node = "Split_num_split_" + std::to_string(pieces);
    const Tensor& dim_tensor = c.inputs[0];
    const Tensor& in = c.inputs[1];
    const int64_t d = dim_tensor.dtype() == DType::kInt64 ? dim_tensor.data_as<int64_t>()[0]
                                                          : dim_tensor.data_as<int32_t>()[0];
    const int rank = in.shape().rank();
    if (d < -rank || d >= rank) {
      fail(c, node, "-input rank(-" + std::to_string(rank) + ") <= split_dim < input rank (" + std::to_string(rank) +
                        "), but got " + std::to_string(d), name);
    }
    const int ax = static_cast<int>(d < 0 ? d + rank : d);
    const int64_t size = in.shape().dim(ax);
    if (size % pieces != 0) {
      fail(c, node, "Number of ways to split should evenly divide the split dimension, but got split_dim " +
                        std::to_string(ax) + " (size = " + std::to_string(size) + ") and num_split " +
                        std::to_string(pieces), name);
    }
    std::vector<int64_t> dims = in.shape().dims();
    dims[static_cast<size_t>(ax)] = size / pieces;
    const Shape piece(dims);
    const int64_t outer = outer_size(in.shape(), ax), row = inner_size(in.shape(), ax), block = row / pieces;
    for (int i = 0; i < pieces; ++i) {
      c.outputs[i] = Tensor::allocate(in.dtype(), piece, c.allocator());
      if (block > 0 && outer > 0) {
        kernels::strided_copy(in.dtype(), {outer, block}, element(in, i * block), {row, 1}, c.outputs[i].mutable_data(),
                              {block, 1});
      }
    }
  });
  std::vector<PlacedTensor> result;
  result.reserve(outs.size());
  for (Tensor& t : outs) result.push_back(PlacedTensor{std::move(t), call.device});
  return result;
}

}  // namespace ops
}  // namespace varrt
