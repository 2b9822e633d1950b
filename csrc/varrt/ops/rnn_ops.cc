#include "varrt/ops/rnn_ops.h"

#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/block_lstm.h"
#include "varrt/ops/placed_call.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

[[noreturn]] void fail(const OpCall& c, const std::string& message, const char* name) {
  throw_error(Code::kInvalidArgument, tf::kernel_error(c.op, c.device->name, message, name));
}

void require(const OpCall& c, bool ok, const std::string& message, const char* name) {
  if (!ok) fail(c, message, name);
}

std::string vs(int64_t a, int64_t b) { return std::to_string(a) + " vs. " + std::to_string(b); }

void check_float32(const OpCall& c) {
  if (c.inputs[1].dtype() != DType::kFloat32) {
    throw_error(Code::kUnimplemented, std::string("varrt's ") + c.op + " has no " +
                                          std::string(dtype_name(c.inputs[1].dtype())) + " kernel yet (float32 only)");
  }
}

// TensorFlow's first check: seq_len_max is a scalar.
void check_scalar(const OpCall& c, const char* name) {
  const Tensor& s = c.inputs[0];
  require(c, s.shape().rank() == 0,
          "`seq_len_max_tensor` must be rank 0 but is rank " + std::to_string(s.shape().rank()), name);
}

void check_steps(const OpCall& c, int64_t steps, int64_t time, const char* name) {
  require(c, steps >= 0 && steps <= time,
          "seq_len_max must be between 0 and " + std::to_string(time) + " but is " + std::to_string(steps), name);
}

// A tensor the kernel reads as `rank` dimensions of these sizes (TensorFlow's kernel reads past
// or short of a tensor of another shape; varrt refuses it).
void check_shape(const OpCall& c, int input, const char* what, const Shape& want, const char* name) {
  const Shape& got = c.inputs[input].shape();
  require(c, got == want, std::string(what) + " must have shape " + want.debug_string() + " but has shape " +
                              got.debug_string(), name);
}

kernels::LstmParams params_of(const OpCall& c, bool use_peephole, bool icfo, double forget_bias = 0.0) {
  kernels::LstmParams p;
  p.w = c.inputs[4].data_as<float>();
  p.wci = c.inputs[5].data_as<float>();
  p.wcf = c.inputs[6].data_as<float>();
  p.wco = c.inputs[7].data_as<float>();
  p.b = c.inputs[8].data_as<float>();
  p.use_peephole = use_peephole;
  p.icfo = icfo;
  p.forget_bias = static_cast<float>(forget_bias);
  return p;
}

float* written(Tensor& t) { return static_cast<float*>(t.mutable_data()); }  // (outputs the op allocated)

OpAttr real(const char* attr, double value) {
  OpAttr a;
  a.name = attr;
  a.real = value;
  a.is_real = true;
  return a;
}

OpAttr flag(const char* attr, bool value) {
  OpAttr a;
  a.name = attr;
  a.value = value;
  return a;
}

template <size_t N>
std::array<PlacedTensor, N> placed(Tensor (&out)[N], const Device* d) {
  std::array<PlacedTensor, N> r;
  for (size_t k = 0; k < N; ++k) r[k] = PlacedTensor{std::move(out[k]), d};
  return r;
}

// BlockLSTM (icfo, with a forget bias) or BlockLSTMV2.
std::array<PlacedTensor, 7> block_lstm(const PlacedTensor (&in)[9], bool icfo, double forget_bias, double cell_clip,
                                       bool use_peephole, const char* name) {
  Tensor out[7];
  const OpAttr all[3] = {real("forget_bias", forget_bias), real("cell_clip", cell_clip),
                         flag("use_peephole", use_peephole)};
  const OpAttr* attrs = icfo ? all : all + 1;
  auto kernel = [icfo, forget_bias, cell_clip, use_peephole, name](OpCall& c) {
    check_float32(c);
    const Tensor* t = c.inputs;
    check_scalar(c, name);
    require(c, t[1].shape().rank() == 3, "x must be 3D", name);
    kernels::LstmGeometry g;
    g.time = t[1].shape().dim(0);
    g.batch = t[1].shape().dim(1);
    g.input = t[1].shape().dim(2);
    require(c, t[2].shape().rank() == 2, "cs_prev must be 2D", name);
    require(c, t[2].shape().dim(0) == g.batch, "cs_prev.dims(0) != batch_size: " + vs(t[2].shape().dim(0), g.batch),
            name);
    g.cell = t[2].shape().dim(1);
    const int64_t H = g.cell;
    require(c, t[3].shape().rank() == 2, "h_prev must be 2D", name);
    require(c, t[3].shape().dim(0) == g.batch, "h_prev.dims(0) != batch_size: " + vs(t[3].shape().dim(0), g.batch),
            name);
    require(c, t[3].shape().dim(1) == H, "h_prev.dims(1) != cell_size: " + vs(t[3].shape().dim(1), H), name);
    require(c, t[4].shape().rank() == 2, "w must be 2D", name);
    require(c, t[4].shape().dim(0) == g.input + H,
            "w.dim_size(0) != input_size + cell_size: " + vs(t[4].shape().dim(0), g.input + H), name);
    require(c, t[4].shape().dim(1) == 4 * H, "w.dim_size(1) != cell_size * 4: " + vs(t[4].shape().dim(1), 4 * H),
            name);
    const char* peepholes[3] = {"wci", "wcf", "wco"};
    for (int k = 0; k < 3; ++k) {
      const Shape& s = t[5 + k].shape();
      require(c, s.rank() == 1, std::string(peepholes[k]) + " must be 1D", name);
      require(c, s.dim(0) == H, std::string(peepholes[k]) + ".dim_size(0) != cell_size: " + vs(s.dim(0), H), name);
    }
    require(c, t[8].shape().rank() == 1, "b must be 1D", name);
    require(c, t[8].shape().dim(0) == 4 * H, "b.dim_size(0) != cell_size * 4: " + vs(t[8].shape().dim(0), 4 * H),
            name);
    g.steps = t[0].data_as<int64_t>()[0];
    check_steps(c, g.steps, g.time, name);
    for (int k = 0; k < 7; ++k) c.outputs[k] = Tensor::allocate(DType::kFloat32, Shape{g.time, g.batch, H}, c.allocator());
    kernels::block_lstm(g, params_of(c, use_peephole, icfo, forget_bias), static_cast<float>(cell_clip),
                        t[1].data_as<float>(), t[2].data_as<float>(), t[3].data_as<float>(), written(c.outputs[0]),
                        written(c.outputs[1]), written(c.outputs[2]), written(c.outputs[3]), written(c.outputs[4]),
                        written(c.outputs[5]), written(c.outputs[6]));
  };
  const Device* d = run_placed(icfo ? "BlockLSTM" : "BlockLSTMV2", in, attrs, icfo ? 3 : 2, out, 7, kernel);
  return placed(out, d);
}

// BlockLSTMGrad (icfo) or BlockLSTMGradV2.
std::array<PlacedTensor, 8> block_lstm_grad(const PlacedTensor (&in)[18], bool icfo, bool use_peephole,
                                            const char* name, bool x_grad_needed) {
  Tensor out[8];
  const OpAttr attrs[1] = {flag("use_peephole", use_peephole)};
  auto kernel = [icfo, use_peephole, name, x_grad_needed](OpCall& c) {
    check_float32(c);
    const Tensor* t = c.inputs;
    check_scalar(c, name);
    require(c, t[1].shape().rank() == 3, "x must be rank 3 but is rank " + std::to_string(t[1].shape().rank()), name);
    kernels::LstmGeometry g;
    g.time = t[1].shape().dim(0);
    g.batch = t[1].shape().dim(1);
    g.input = t[1].shape().dim(2);
    require(c, t[2].shape().rank() == 2, "cs_prev must be rank 2 but is rank " + std::to_string(t[2].shape().rank()),
            name);
    require(c, t[3].shape().rank() == 2, "h_prev must be rank 2 but is rank " + std::to_string(t[3].shape().rank()),
            name);
    require(c, t[4].shape().rank() == 2, "w must be rank 2 but is rank " + std::to_string(t[4].shape().rank()), name);
    const int64_t columns = t[4].shape().dim(1);
    require(c, columns > 0 && columns % 4 == 0,
            "w matrix columns must be a positive multiple of 4, but got " + std::to_string(columns), name);
    g.cell = columns / 4;
    const int64_t H = g.cell;
    require(c, g.input + H == t[4].shape().dim(0), "w matrix rows don't match: " + vs(g.input + H, t[4].shape().dim(0)),
            name);
    const char* vectors[4] = {"wci", "wcf", "wco", "b"};
    for (int k = 0; k < 4; ++k) {
      require(c, t[5 + k].shape().rank() == 1, std::string(vectors[k]) + " must be rank 1 but is rank " +
                                                   std::to_string(t[5 + k].shape().rank()), name);
    }
    require(c, H == t[8].shape().dim(0) / 4, "w and b cell_size don't match: " + vs(H, t[8].shape().dim(0)), name);
    const char* outputs[7] = {"i", "cs", "f", "o", "ci", "co", "h"};
    for (int k = 0; k < 7; ++k) {
      require(c, t[9 + k].shape().rank() == 3, std::string(outputs[k]) + " must be rank 3. Received: " +
                                                   std::to_string(t[9 + k].shape().rank()), name);
    }
    g.steps = t[0].data_as<int64_t>()[0];
    check_steps(c, g.steps, g.time, name);
    // What TensorFlow's kernel assumes without checking.
    const Shape state{g.batch, H}, sequence{g.time, g.batch, H}, vector{H};
    check_shape(c, 2, "cs_prev", state, name);
    check_shape(c, 3, "h_prev", state, name);
    check_shape(c, 8, "b", Shape{4 * H}, name);
    for (int k = 0; k < 3; ++k) check_shape(c, 5 + k, vectors[k], vector, name);
    for (int k = 0; k < 7; ++k) check_shape(c, 9 + k, outputs[k], sequence, name);
    check_shape(c, 16, "cs_grad", sequence, name);
    check_shape(c, 17, "h_grad", sequence, name);
    const Shape shapes[8] = {t[1].shape(), state, state, t[4].shape(), vector, vector, vector, Shape{4 * H}};
    for (int k = 0; k < 8; ++k) c.outputs[k] = Tensor::allocate(DType::kFloat32, shapes[k], c.allocator());
    kernels::LstmGradOutputs o;
    o.x_grad = written(c.outputs[0]);
    o.cs_prev_grad = written(c.outputs[1]);
    o.h_prev_grad = written(c.outputs[2]);
    o.w_grad = written(c.outputs[3]);
    o.wci_grad = written(c.outputs[4]);
    o.wcf_grad = written(c.outputs[5]);
    o.wco_grad = written(c.outputs[6]);
    o.b_grad = written(c.outputs[7]);
    o.x_grad_needed = x_grad_needed;
    kernels::block_lstm_grad(g, params_of(c, use_peephole, icfo), t[1].data_as<float>(), t[2].data_as<float>(),
                             t[3].data_as<float>(), t[9].data_as<float>(), t[10].data_as<float>(),
                             t[11].data_as<float>(), t[12].data_as<float>(), t[13].data_as<float>(),
                             t[14].data_as<float>(), t[15].data_as<float>(), t[16].data_as<float>(),
                             t[17].data_as<float>(), o);
  };
  const Device* d = run_placed(icfo ? "BlockLSTMGrad" : "BlockLSTMGradV2", in, attrs, 1, out, 8, kernel);
  return placed(out, d);
}

}  // namespace

std::array<PlacedTensor, 7> BlockLSTMV2(const PlacedTensor (&in)[9], double cell_clip, bool use_peephole,
                                        const char* name) {
  return block_lstm(in, false, 0.0, cell_clip, use_peephole, name);
}

std::array<PlacedTensor, 8> BlockLSTMGradV2(const PlacedTensor (&in)[18], bool use_peephole, const char* name,
                                            bool x_grad_needed) {
  return block_lstm_grad(in, false, use_peephole, name, x_grad_needed);
}

std::array<PlacedTensor, 7> BlockLSTM(const PlacedTensor (&in)[9], double forget_bias, double cell_clip,
                                      bool use_peephole, const char* name) {
  return block_lstm(in, true, forget_bias, cell_clip, use_peephole, name);
}

std::array<PlacedTensor, 8> BlockLSTMGrad(const PlacedTensor (&in)[18], bool use_peephole, const char* name,
                                          bool x_grad_needed) {
  return block_lstm_grad(in, true, use_peephole, name, x_grad_needed);
}

}  // namespace ops
}  // namespace varrt
