#include "varrt/ops/array_ops.h"

#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/fill.h"
#include "varrt/ops/placed_call.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

[[noreturn]] void fail(const OpCall& c, const std::string& message, const char* name) {
  throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, message, name));
}

std::string shape_text(const std::vector<int64_t>& dims, const char* separator) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? separator : "") + std::to_string(dims[i]);
  return s + "]";
}

// TensorFlow's Reshape kernel (reshape_op.h, ValidateSizes): the -1 inferred from the input's
// size; zero sizes stay out of the product, so a -1 beside a 0 is still inferred from the others.
varrt::Shape reshaped(const OpCall& c, const Tensor& x, std::vector<int64_t> dims, const char* name) {
  int64_t unknown = -1, product = 1;
  bool sizes_have_zero = false;
  for (int64_t d : dims) sizes_have_zero |= d == 0;
  for (size_t i = 0; i < dims.size(); ++i) {
    const int64_t d = dims[i];
    if (d == -1) {
      if (unknown != -1) {
        fail(c, "Only one input size may be -1, not both " + std::to_string(unknown) + " and " + std::to_string(i), name);
      }
      unknown = static_cast<int64_t>(i);
    } else if (d < 0) {
      fail(c, "Size " + std::to_string(i) + " must be non-negative, not " + std::to_string(d), name);
    } else if (d > 0) {
      if (__builtin_mul_overflow(product, d, &product)) {
        fail(c, "Shape " + shape_text(dims, ", ") + " has too many elements", name);
      }
    }
  }
  const int64_t n = x.num_elements();
  if (unknown != -1) {
    int64_t elements = 1;
    bool all_counted = true;
    for (int i = 0; i < x.shape().rank(); ++i) {
      const int64_t d = x.shape().dim(i);
      if (d > 0 || !sizes_have_zero) {
        elements *= d;
      } else {
        all_counted = false;
      }
    }
    const int64_t missing = product == 0 ? 0 : elements / product;
    if (all_counted && product * missing != elements) {
      fail(c, "Input to reshape is a tensor with " + std::to_string(elements) +
                  " values, but the requested shape requires a multiple of " + std::to_string(product), name);
    }
    dims[static_cast<size_t>(unknown)] = missing;
  }
  int64_t wanted = 1;
  for (int64_t d : dims) wanted *= d;
  if (wanted != n) {
    fail(c, "Input to reshape is a tensor with " + std::to_string(n) + " values, but the requested shape has " +
                std::to_string(wanted), name);
  }
  return varrt::Shape(dims);
}

// A shape input's values (int32 or int64, a vector: what the graph recorded was checked then).
std::vector<int64_t> shape_values(const Tensor& t) {
  std::vector<int64_t> dims(static_cast<size_t>(t.num_elements()));
  for (size_t i = 0; i < dims.size(); ++i) {
    dims[i] = t.dtype() == DType::kInt32 ? t.data_as<int32_t>()[i] : t.data_as<int64_t>()[i];
  }
  return dims;
}

OpAttr shape_attr(const std::vector<int64_t>& dims) {
  OpAttr a;
  a.name = "shape";
  a.ints = dims.empty() ? OpAttr::kNoInts : dims.data();
  a.num_ints = static_cast<int>(dims.size());
  return a;
}

Tensor broadcast(const OpCall& c, const Tensor& x, const std::vector<int64_t>& dims, const char* name) {
  const varrt::Shape to(dims);
  if (x.shape().rank() > to.rank()) {
    fail(c, "Rank of input (" + std::to_string(x.shape().rank()) + ") must be no greater than rank of output shape (" +
                std::to_string(to.rank()) + ").", name);
  }
  for (int i = 1; i <= x.shape().rank(); ++i) {
    const int64_t s = x.shape().dim(x.shape().rank() - i), d = to.dim(to.rank() - i);
    if (s != d && s != 1) {
      // TensorFlow's two texts: a target dimension other than 1 is an incompatible shape.
      fail(c, d != 1 ? "Incompatible shapes: " + x.shape().debug_string() + " vs. " + to.debug_string()
                     : "Unable to broadcast tensor of shape " + x.shape().debug_string() + " to tensor of shape " +
                           to.debug_string(), name);
    }
  }
  Tensor out = Tensor::allocate(x.dtype(), to, c.allocator());
  kernels::broadcast_to(x, out);
  return out;
}

PlacedTensor like(const char* op, const PlacedTensor& input, void (*fill)(const Tensor&)) {
  Tensor out;
  const PlacedTensor in[1] = {input};
  const Device* d = run_placed(op, in, nullptr, 0, &out, 1, [fill](OpCall& c) {
    c.outputs[0] = Tensor::allocate(c.inputs[0].dtype(), c.inputs[0].shape(), c.allocator());
    fill(c.outputs[0]);
  });
  return PlacedTensor{std::move(out), d};
}

}  // namespace

PlacedTensor Reshape(const PlacedTensor& input, const std::vector<int64_t>& dims, const char* name) {
  Tensor out;
  const PlacedTensor in[1] = {input};
  const OpAttr attr = shape_attr(dims);
  const Device* d = run_placed("Reshape", in, &attr, 1, &out, 1, [&](OpCall& c) {
    c.outputs[0] = c.inputs[0].reshaped(reshaped(c, c.inputs[0], dims, name));
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor Reshape(const PlacedTensor& input, const PlacedTensor& shape, const char* name) {
  Tensor out;
  const PlacedTensor in[2] = {input, shape};
  const Device* d = run_placed("Reshape", in, nullptr, 0, &out, 1, [&](OpCall& c) {
    c.outputs[0] = c.inputs[0].reshaped(reshaped(c, c.inputs[0], shape_values(c.inputs[1]), name));
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor BroadcastTo(const PlacedTensor& input, const std::vector<int64_t>& dims, const char* name) {
  Tensor out;
  const PlacedTensor in[1] = {input};
  const OpAttr attr = shape_attr(dims);
  const Device* d = run_placed("BroadcastTo", in, &attr, 1, &out, 1,
                               [&](OpCall& c) { c.outputs[0] = broadcast(c, c.inputs[0], dims, name); });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor BroadcastTo(const PlacedTensor& input, const PlacedTensor& shape, const char* name) {
  Tensor out;
  const PlacedTensor in[2] = {input, shape};
  const Device* d = run_placed("BroadcastTo", in, nullptr, 0, &out, 1, [&](OpCall& c) {
    c.outputs[0] = broadcast(c, c.inputs[0], shape_values(c.inputs[1]), name);
  });
  return PlacedTensor{std::move(out), d};
}

PlacedTensor ZerosLike(const PlacedTensor& input) { return like("ZerosLike", input, &kernels::fill_zeros); }

PlacedTensor OnesLike(const PlacedTensor& input) {
  if (!kernels::ones_supported(input.tensor.dtype())) throw_error(Code::kInternal, "no core OnesLike for this dtype");
  return like("OnesLike", input, &kernels::fill_ones);
}

namespace {

// The dims of `s` into a new vector of `out_type` (int32 or int64).
Tensor shape_vector(const varrt::Shape& s, DType out_type, Allocator* allocator) {
  Tensor out = Tensor::allocate(out_type, varrt::Shape{s.rank()}, allocator);
  for (int i = 0; i < s.rank(); ++i) {
    if (out_type == DType::kInt32) {
      static_cast<int32_t*>(out.mutable_data())[i] = static_cast<int32_t>(s.dim(i));
    } else {
      static_cast<int64_t*>(out.mutable_data())[i] = s.dim(i);
    }
  }
  return out;
}

OpAttr out_type_attr(DType out_type) {
  if (out_type != DType::kInt32 && out_type != DType::kInt64) throw_error(Code::kInternal, "Shape's out_type");
  OpAttr attr;
  attr.name = "out_type";
  attr.value = static_cast<int64_t>(out_type);
  return attr;
}

}  // namespace

PlacedTensor Shape(const PlacedTensor& input, DType out_type) {
  Tensor out;
  const PlacedTensor in[1] = {input};
  const OpAttr attr = out_type_attr(out_type);
  const Device* d = run_placed("Shape", in, &attr, 1, &out, 1, [out_type](OpCall& c) {
    c.outputs[0] = shape_vector(c.inputs[0].shape(), out_type, c.allocator());
  });
  return PlacedTensor{std::move(out), d};
}

std::vector<PlacedTensor> ShapeN(const PlacedTensor* inputs, int n, DType out_type) {
  if (n < 1) throw_error(Code::kInternal, "ShapeN takes at least one input");
  const OpAttr attr = out_type_attr(out_type);
  std::vector<Tensor> in(static_cast<size_t>(n));
  std::vector<const Device*> devices(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    in[static_cast<size_t>(i)] = inputs[i].tensor;
    devices[static_cast<size_t>(i)] = inputs[i].device;
  }
  std::vector<Tensor> out(static_cast<size_t>(n));
  OpCall call("ShapeN", in.data(), n);
  call.input_devices = devices.data();
  call.attrs = &attr;
  call.num_attrs = 1;
  call.outputs = out.data();
  call.num_outputs = n;
  Dispatch::run(call, [out_type](OpCall& c) {
    for (int i = 0; i < c.num_inputs; ++i) c.outputs[i] = shape_vector(c.inputs[i].shape(), out_type, c.allocator());
  });
  std::vector<PlacedTensor> result;
  result.reserve(out.size());
  for (Tensor& t : out) result.push_back(PlacedTensor{std::move(t), call.device});
  return result;
}

}  // namespace ops
}  // namespace varrt
