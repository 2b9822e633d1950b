#include "varrt/ops/fused_batch_norm_ops.h"

#include <string>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/kernels/fused_batch_norm.h"
#include "varrt/ops/placed_call.h"
#include "varrt/ops/window_geometry.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

// oneDNN's node name, which TensorFlow's errors show for the dtypes it runs (runs_on_onednn).
const char* node_of(DType dtype, bool grad) {
  if (!runs_on_onednn(dtype)) return nullptr;
  return grad ? "__MklNativeFusedBatchNormGradV3" : "__MklNativeFusedBatchNormV3";
}

[[noreturn]] void fail(const OpCall& c, DType dtype, bool grad, const std::string& message, const char* name) {
  throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, message, name, node_of(dtype, grad)));
}

OpAttr real(const char* name, double value) {
  OpAttr a;
  a.name = name;
  a.real = value;
  a.is_real = true;
  return a;
}

OpAttr integer(const char* name, int64_t value) {
  OpAttr a;
  a.name = name;
  a.value = value;
  return a;
}

bool channels_last(const BatchNormAttrs& a) { return a.data_format == 0 || a.data_format == 2; }

// The geometry of x, after TensorFlow's rank check.
kernels::BatchNormGeometry geometry(const OpCall& c, DType dtype, bool grad, const BatchNormAttrs& a,
                                    const Shape& x, const char* what, const char* name) {
  const int rank = a.data_format < 2 ? 4 : 5;
  if (x.rank() != rank) {
    fail(c, dtype, grad, std::string(what) + " must be " + std::to_string(rank) + "-dimensional" + x.debug_string(),
         name);
  }
  kernels::BatchNormGeometry g;
  g.channels_last = channels_last(a);
  g.batch = x.dim(0);
  g.channels = g.channels_last ? x.dim(rank - 1) : x.dim(1);
  g.spatial = 1;
  for (int i = g.channels_last ? 1 : 2; i < (g.channels_last ? rank - 1 : rank); ++i) g.spatial *= x.dim(i);
  return g;
}

void check_vector(const OpCall& c, DType dtype, bool grad, const Tensor& t, const char* what, int64_t channels,
                  const std::string& when, const char* name) {
  if (t.shape().rank() != 1) {
    fail(c, dtype, grad, std::string(what) + " must be 1-dimensional" + t.shape().debug_string(), name);
  }
  if (t.num_elements() != channels) {
    fail(c, dtype, grad, when + what + " must have the same number of elements as the channels of x, got " +
                             std::to_string(t.num_elements()) + " and " + std::to_string(channels), name);
  }
}

const float* read(const Tensor& t) { return t.data_as<float>(); }
float* written(Tensor& t) { return static_cast<float*>(t.mutable_data()); }  // (outputs the op allocated)

Tensor vector_of(int64_t n, Allocator* allocator) { return Tensor::allocate(DType::kFloat32, Shape{n}, allocator); }

// reserve_space_3 (and the gradient's 4 and 5): TensorFlow's placeholders, an empty vector or a scalar 0.
Tensor placeholder(const OpCall& c, bool as_empty_vector) {
  if (as_empty_vector) return Tensor::allocate(DType::kFloat32, Shape{0}, c.allocator());
  Tensor t = Tensor::allocate(DType::kFloat32, Shape{}, c.allocator());
  written(t)[0] = 0.0f;
  return t;
}

// The statistics' dtype: float32 only here (TensorFlow's CPU kernels take no other).
void check_float_statistics(const OpCall& c, int first, int last) {
  for (int i = first; i <= last; ++i) {
    if (c.inputs[i].dtype() != DType::kFloat32) {
      throw_error(Code::kInternal, std::string("no core ") + c.op + " kernel");
    }
  }
}

// The attributes as a graph node records them; the data format as its index in the record's list.
std::vector<OpAttr> batch_norm_op_attrs(const BatchNormAttrs& a, bool with_factor) {
  std::vector<OpAttr> out;
  out.push_back(real("epsilon", a.epsilon));
  if (with_factor) out.push_back(real("exponential_avg_factor", a.exponential_avg_factor));
  out.push_back(integer("data_format", a.data_format));
  out.push_back(integer("is_training", a.is_training ? 1 : 0));
  return out;
}

}  // namespace

std::array<PlacedTensor, 6> FusedBatchNormV3(const PlacedTensor& x, const PlacedTensor& scale,
                                             const PlacedTensor& offset, const PlacedTensor& mean,
                                             const PlacedTensor& variance, const BatchNormAttrs& attrs,
                                             const char* name) {
  Tensor out[6];
  const PlacedTensor in[5] = {x, scale, offset, mean, variance};
  const std::vector<OpAttr> op_attrs = batch_norm_op_attrs(attrs, true);
  const Device* d = run_placed("FusedBatchNormV3", in, op_attrs.data(), static_cast<int>(op_attrs.size()), out, 6,
                               [&attrs, name](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    check_float_statistics(c, 1, 4);
    const kernels::BatchNormGeometry g = geometry(c, dtype, false, attrs, c.inputs[0].shape(), "input", name);
    check_vector(c, dtype, false, c.inputs[1], "scale", g.channels, "", name);
    check_vector(c, dtype, false, c.inputs[2], "offset", g.channels, "", name);
    const bool factor = attrs.exponential_avg_factor != 1.0;
    if (!attrs.is_training || factor) {
      const std::string when = !attrs.is_training ? "When is_training=false, " : "When exponential_avg_factor != 1, ";
      check_vector(c, dtype, false, c.inputs[3], "mean", g.channels, when, name);
      check_vector(c, dtype, false, c.inputs[4], "variance", g.channels, when, name);
    }
    const Tensor xf = widened(c.inputs[0], c.allocator());
    Tensor y = Tensor::allocate(DType::kFloat32, xf.shape(), c.allocator());
    Tensor saved_mean = vector_of(g.channels, c.allocator());
    Tensor saved_var = vector_of(g.channels, c.allocator());
    Tensor batch_mean = vector_of(g.channels, c.allocator());
    Tensor batch_var = vector_of(g.channels, c.allocator());
    if (attrs.is_training) {
      kernels::batch_norm_training(g, read(xf), read(c.inputs[1]), read(c.inputs[2]), attrs.epsilon,
                                   written(y), written(saved_mean), written(saved_var));
      // The moving statistics: the batch's (variance with Bessel's correction), or their
      // exponential average with the old ones.
      const double n = static_cast<double>(g.per_channel());
      const float correction = static_cast<float>(n / (n > 1 ? n - 1 : 1));
      const float f = static_cast<float>(attrs.exponential_avg_factor);
      for (int64_t i = 0; i < g.channels; ++i) {
        const float m = written(saved_mean)[i], v = written(saved_var)[i] * correction;
        written(batch_mean)[i] = factor ? (1 - f) * read(c.inputs[3])[i] + f * m : m;
        written(batch_var)[i] = factor ? (1 - f) * read(c.inputs[4])[i] + f * v : v;
      }
    } else {
      kernels::batch_norm_inference(g, read(xf), read(c.inputs[1]), read(c.inputs[2]), read(c.inputs[3]),
                                    read(c.inputs[4]), attrs.epsilon, written(y));
      for (int64_t i = 0; i < g.channels; ++i) {
        written(batch_mean)[i] = written(saved_mean)[i] = read(c.inputs[3])[i];
        written(batch_var)[i] = written(saved_var)[i] = read(c.inputs[4])[i];
      }
    }
    c.outputs[0] = narrowed(y, dtype, c.allocator());
    c.outputs[1] = std::move(batch_mean);
    c.outputs[2] = std::move(batch_var);
    c.outputs[3] = std::move(saved_mean);
    c.outputs[4] = std::move(saved_var);
    c.outputs[5] = placeholder(c, runs_on_onednn(dtype) && attrs.data_format < 2);  // (5-D runs on Eigen)
  });
  std::array<PlacedTensor, 6> r;
  for (int i = 0; i < 6; ++i) r[i] = PlacedTensor{std::move(out[i]), d};
  return r;
}

std::array<PlacedTensor, 5> FusedBatchNormGradV3(const PlacedTensor& y_backprop, const PlacedTensor& x,
                                                 const PlacedTensor& scale, const PlacedTensor& reserve_space_1,
                                                 const PlacedTensor& reserve_space_2,
                                                 const PlacedTensor& reserve_space_3, const BatchNormAttrs& attrs,
                                                 const char* name) {
  Tensor out[5];
  const PlacedTensor in[6] = {y_backprop, x, scale, reserve_space_1, reserve_space_2, reserve_space_3};
  const std::vector<OpAttr> op_attrs = batch_norm_op_attrs(attrs, false);
  const Device* d = run_placed("FusedBatchNormGradV3", in, op_attrs.data(), static_cast<int>(op_attrs.size()), out,
                               5, [&attrs, name](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    check_float_statistics(c, 2, 4);
    geometry(c, dtype, true, attrs, c.inputs[0].shape(), "input", name);
    const kernels::BatchNormGeometry g = geometry(c, dtype, true, attrs, c.inputs[1].shape(), "input", name);
    if (!(c.inputs[0].shape() == c.inputs[1].shape())) {
      fail(c, dtype, true, "x and y_backprop must have same shape, but x has shape " +
                               c.inputs[1].shape().debug_string() + " and y_backprop has shape " +
                               c.inputs[0].shape().debug_string(), name);
    }
    check_vector(c, dtype, true, c.inputs[2], "scale", g.channels, "", name);
    check_vector(c, dtype, true, c.inputs[3], "reserve_space_1", g.channels, "", name);
    check_vector(c, dtype, true, c.inputs[4], "reserve_space_2", g.channels, "", name);
    const Tensor dy = widened(c.inputs[0], c.allocator());
    const Tensor xf = widened(c.inputs[1], c.allocator());
    Tensor dx = Tensor::allocate(DType::kFloat32, xf.shape(), c.allocator());
    Tensor dscale = vector_of(g.channels, c.allocator());
    Tensor doffset = vector_of(g.channels, c.allocator());
    kernels::batch_norm_grad(g, attrs.is_training, read(dy), read(xf), read(c.inputs[2]), read(c.inputs[3]),
                             read(c.inputs[4]), attrs.epsilon, written(dx), written(dscale), written(doffset));
    c.outputs[0] = narrowed(dx, dtype, c.allocator());
    c.outputs[1] = std::move(dscale);
    c.outputs[2] = std::move(doffset);
    c.outputs[3] = placeholder(c, false);
    c.outputs[4] = placeholder(c, false);
  });
  std::array<PlacedTensor, 5> r;
  for (int i = 0; i < 5; ++i) r[i] = PlacedTensor{std::move(out[i]), d};
  return r;
}

}  // namespace ops
}  // namespace varrt
