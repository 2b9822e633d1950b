#include "varrt/kernels/block_lstm.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <numeric>
#include <vector>

#include "varrt/core/parallel.h"
#include "varrt/kernels/gemm.h"
#include "varrt/kernels/simd_dispatch.h"
#include "varrt/kernels/tensorflow_float_activations.h"

namespace varrt {
namespace kernels {
namespace {

// Below this many multiply-adds of the recurrence (steps x batch x cell x 4 cell) the rows stay
// one block: waking the pool costs more than a second thread saves.
constexpr int64_t kParallelMinRecurrentMacs = int64_t{1} << 22;

// Rows per block the batch is cut into when the recurrence is worth splitting: enough for the
// per-step products to run at speed.
constexpr int64_t kBlockRows = 16;

// The batch's rows cut into blocks, each run through every step on its own (on the pool when
// there are several). The cut depends on the sizes only. A block's row count is a multiple of
// `granule`, so that each block's [rows, cell] gate values but the last have a multiple of 8
// elements: TensorFlow's sigmoid computes a tensor's last n % 8 elements differently (Eigen's
// scalar path), and the last block then holds exactly the [batch, cell] tensor's last elements,
// as one op over the whole batch would.
struct RowBlocks {
  int64_t count = 1, rows = 0;
  int64_t begin(int64_t k) const { return k * rows; }
  int64_t size(int64_t k, int64_t batch) const { return std::min(rows, batch - k * rows); }
};

RowBlocks row_blocks(const LstmGeometry& g) {
  RowBlocks r;
  r.rows = g.batch;
  const int64_t granule = 8 / std::gcd<int64_t>(g.cell, 8);
  const int64_t blocks = g.batch / std::max(kBlockRows, granule);
  if (blocks < 2 || g.steps * g.batch * 4 * g.cell * g.cell < kParallelMinRecurrentMacs) return r;
  const int64_t per_block = (g.batch + blocks - 1) / blocks;
  r.rows = (per_block + granule - 1) / granule * granule;
  r.count = (g.batch + r.rows - 1) / r.rows;
  return r;
}

// Each gate's column block in z: i, f, c, o are 0, 1, 2, 3 (BlockLSTMV2), or 0, 2, 1, 3 (BlockLSTM).
struct GateBlocks {
  int64_t i, f, c, o;
  explicit GateBlocks(bool icfo) : i(0), f(icfo ? 2 : 1), c(icfo ? 1 : 2), o(3) {}
};

template <class Fn>
void for_each_block(const RowBlocks& blocks, Fn&& fn) {
  if (blocks.count == 1 || parallel_threads() == 1) {
    for (int64_t k = 0; k < blocks.count; ++k) fn(k);
    return;
  }
  parallel_tasks(blocks.count, TaskRef(fn));
}

std::unique_ptr<float[]> scratch(int64_t n) { return std::unique_ptr<float[]>(new float[std::max<int64_t>(n, 1)]); }

// Steps [0, g.steps) of rows [r0, r0 + nr): z = (xw_t + h_{t-1} @ U) + b, then the gates.
void forward_rows(const LstmGeometry& g, const LstmParams& p, float cell_clip, const float* xw, const float* cs_prev,
                  const float* h_prev, float* i, float* cs, float* f, float* o, float* ci, float* co, float* h,
                  int64_t r0, int64_t nr) {
  const int64_t H = g.cell, G = 4 * H, B = g.batch, n = nr * H;
  const float* u_kernel = p.w + g.input * G;
  const GateBlocks gates(p.icfo);
  std::unique_ptr<float[]> buffer = scratch(nr * G * 2);
  float* rec = buffer.get();
  float* z = rec + nr * G;  // gate-major: [4][nr, cell], each gate's values one contiguous tensor
  for (int64_t t = 0; t < g.steps; ++t) {
    const float* hp = t == 0 ? h_prev + r0 * H : h + ((t - 1) * B + r0) * H;
    const float* cp = t == 0 ? cs_prev + r0 * H : cs + ((t - 1) * B + r0) * H;
    gemm(DType::kFloat32, MatOp::kNone, MatOp::kNone, nr, G, H, hp, H, u_kernel, G, rec, G);
    const float* xw_t = xw + (t * B + r0) * G;
    const float* b = p.b;
    simd_call([=] {
      for (int64_t r = 0; r < nr; ++r) {
        for (int64_t q = 0; q < 4; ++q) {
          const float* xr = xw_t + r * G + q * H;
          const float* rr = rec + r * G + q * H;
          const float* bq = b + q * H;
          float* zr = z + q * n + r * H;
          for (int64_t u = 0; u < H; ++u) zr[u] = (xr[u] + rr[u]) + bq[u];
        }
      }
    });
    float *zi = z + gates.i * n, *zf = z + gates.f * n;
    if (p.forget_bias != 0.0f) {
      const float forget_bias = p.forget_bias;
      simd_call([=] {
        for (int64_t e = 0; e < n; ++e) zf[e] = zf[e] + forget_bias;
      });
    }
    if (p.use_peephole) {
      const float *wci = p.wci, *wcf = p.wcf;
      simd_call([=] {
        for (int64_t r = 0; r < nr; ++r) {
          for (int64_t u = 0; u < H; ++u) {
            zi[r * H + u] = zi[r * H + u] + wci[u] * cp[r * H + u];
            zf[r * H + u] = zf[r * H + u] + wcf[u] * cp[r * H + u];
          }
        }
      });
    }
    const int64_t at = (t * B + r0) * H;  // this block's rows of step t's [batch, cell] outputs
    tensorflow_sigmoid_float32(zi, i + at, n);
    tensorflow_sigmoid_float32(zf, f + at, n);
    tensorflow_tanh_float32(z + gates.c * n, ci + at, n);
    float *cs_t = cs + at, *zo = z + gates.o * n;
    const float *i_t = i + at, *f_t = f + at, *ci_t = ci + at, *wco = p.wco;
    const bool clip = cell_clip > 0.0f, peephole = p.use_peephole;
    simd_call([=] {
      for (int64_t e = 0; e < n; ++e) {
        float c = f_t[e] * cp[e] + i_t[e] * ci_t[e];
        if (clip) c = std::min(std::max(c, -cell_clip), cell_clip);
        cs_t[e] = c;
      }
      if (peephole) {
        for (int64_t r = 0; r < nr; ++r) {
          for (int64_t u = 0; u < H; ++u) zo[r * H + u] = zo[r * H + u] + wco[u] * cs_t[r * H + u];
        }
      }
    });
    tensorflow_sigmoid_float32(zo, o + at, n);
    tensorflow_tanh_float32(cs_t, co + at, n);
    float* h_t = h + at;
    const float *o_t = o + at, *co_t = co + at;
    simd_call([=] {
      for (int64_t e = 0; e < n; ++e) h_t[e] = o_t[e] * co_t[e];
    });
  }
}

// Steps g.steps - 1 down to 0 of rows [r0, r0 + nr): each step's dz (written to dz's rows), and
// the gradients carried to the step before (h_prev_grad and cs_prev_grad's rows hold them, and
// end as the initial state's). `sums` [3 + 4][cell]: this block's sums for wci, wcf, wco (with
// peepholes) and for b (dz's columns over the block's rows and steps), in double.
void backward_rows(const LstmGeometry& g, const LstmParams& p, const float* cs_prev, const float* i, const float* cs,
                   const float* f, const float* o, const float* ci, const float* co, const float* cs_grad,
                   const float* h_grad, float* dz, float* cs_prev_grad, float* h_prev_grad, double* sums,
                   int64_t r0, int64_t nr) {
  const int64_t H = g.cell, G = 4 * H, B = g.batch;
  const float* u_kernel = p.w + g.input * G;
  float* dh_next = h_prev_grad + r0 * H;
  float* dcs_next = cs_prev_grad + r0 * H;
  std::fill(dh_next, dh_next + nr * H, 0.0f);
  std::fill(dcs_next, dcs_next + nr * H, 0.0f);
  const bool peephole = p.use_peephole;
  const float *wci = p.wci, *wcf = p.wcf, *wco = p.wco;
  const int64_t zi = GateBlocks(p.icfo).i * H, zf = GateBlocks(p.icfo).f * H, zc = GateBlocks(p.icfo).c * H,
                zo = GateBlocks(p.icfo).o * H;
  for (int64_t t = g.steps - 1; t >= 0; --t) {
    const int64_t at = (t * B + r0) * H;
    const float* cp = t == 0 ? cs_prev + r0 * H : cs + ((t - 1) * B + r0) * H;
    const float *i_t = i + at, *f_t = f + at, *o_t = o + at, *ci_t = ci + at, *co_t = co + at, *cs_t = cs + at;
    const float *dh_in = h_grad + at, *dcs_in = cs_grad + at;
    float* dz_t = dz + (t * B + r0) * G;
    double* b_sums = sums + 3 * H;
    simd_call([=] {
      for (int64_t r = 0; r < nr; ++r) {
        float* dzr = dz_t + r * G;
        for (int64_t u = 0; u < H; ++u) {
          const int64_t e = r * H + u;
          const float dh = dh_in[e] + dh_next[e];
          // h = o * co; co = tanh(cs): TensorFlow's Mul, TanhGrad and SigmoidGrad arithmetic.
          const float d_o = dh * co_t[e], d_co = dh * o_t[e];
          const float dzo = d_o * (o_t[e] * (1.0f - o_t[e]));
          float dcs = d_co * (1.0f - co_t[e] * co_t[e]) + (dcs_in[e] + dcs_next[e]);
          if (peephole) dcs = dcs + dzo * wco[u];
          // cs = f * cs_prev + i * ci
          const float dzi = (dcs * ci_t[e]) * (i_t[e] * (1.0f - i_t[e]));
          const float dzf = (dcs * cp[e]) * (f_t[e] * (1.0f - f_t[e]));
          const float dzc = (dcs * i_t[e]) * (1.0f - ci_t[e] * ci_t[e]);
          float carried = dcs * f_t[e];
          if (peephole) {
            carried = carried + dzi * wci[u] + dzf * wcf[u];
            sums[u] += static_cast<double>(dzi) * cp[e];
            sums[H + u] += static_cast<double>(dzf) * cp[e];
            sums[2 * H + u] += static_cast<double>(dzo) * cs_t[e];
          }
          dcs_next[e] = carried;
          dzr[zi + u] = dzi;
          dzr[zf + u] = dzf;
          dzr[zc + u] = dzc;
          dzr[zo + u] = dzo;
          b_sums[zi + u] += dzi;
          b_sums[zf + u] += dzf;
          b_sums[zc + u] += dzc;
          b_sums[zo + u] += dzo;
        }
      }
    });
    // dh for the step before: dz_t @ U^T (this block's rows).
    gemm(DType::kFloat32, MatOp::kNone, MatOp::kTranspose, nr, H, G, dz_t, G, u_kernel, G, dh_next, H);
  }
}

}  // namespace

void block_lstm(const LstmGeometry& g, const LstmParams& p, float cell_clip, const float* x, const float* cs_prev,
                const float* h_prev, float* i, float* cs, float* f, float* o, float* ci, float* co, float* h) {
  const int64_t G = 4 * g.cell, run = g.steps * g.batch;
  if (g.batch == 0 || g.cell == 0) return;  // (the outputs are empty)
  // Every step's x_t @ W at once ([steps * batch, 4 cell]).
  std::unique_ptr<float[]> xw = scratch(run * G);
  gemm(DType::kFloat32, MatOp::kNone, MatOp::kNone, run, G, g.input, x, g.input, p.w, G, xw.get(), G);
  const RowBlocks blocks = row_blocks(g);
  auto block = [&](int64_t k) {
    forward_rows(g, p, cell_clip, xw.get(), cs_prev, h_prev, i, cs, f, o, ci, co, h, blocks.begin(k),
                 blocks.size(k, g.batch));
  };
  for_each_block(blocks, block);
  // The steps after seq_len_max: zeros (TensorFlow zeroes cs and h and leaves the others unset).
  const int64_t done = run * g.cell, total = g.time * g.batch * g.cell;
  for (float* out : {i, cs, f, o, ci, co, h}) std::fill(out + done, out + total, 0.0f);
}

void block_lstm_grad(const LstmGeometry& g, const LstmParams& p, const float* x, const float* cs_prev,
                     const float* h_prev, const float* i, const float* cs, const float* f, const float* o,
                     const float* ci, const float* co, const float* h, const float* cs_grad, const float* h_grad,
                     const LstmGradOutputs& out) {
  const int64_t H = g.cell, G = 4 * H, run = g.steps * g.batch;
  if (g.batch == 0 || g.cell == 0) {  // only x's and w's gradients have elements: zeros
    std::fill(out.x_grad, out.x_grad + g.time * g.batch * g.input, 0.0f);
    std::fill(out.w_grad, out.w_grad + (g.input + H) * G, 0.0f);
    return;
  }
  std::unique_ptr<float[]> dz = scratch(run * G);
  const RowBlocks blocks = row_blocks(g);
  const int64_t per_block = 3 * H + G;  // each block's sums: wci, wcf, wco, then b
  std::vector<double> sums(static_cast<size_t>(blocks.count * per_block), 0.0);
  auto block = [&](int64_t k) {
    backward_rows(g, p, cs_prev, i, cs, f, o, ci, co, cs_grad, h_grad, dz.get(), out.cs_prev_grad, out.h_prev_grad,
                  sums.data() + k * per_block, blocks.begin(k), blocks.size(k, g.batch));
  };
  for_each_block(blocks, block);
  // The products over every step at once: x's gradient dz @ W^T, W's x^T @ dz, U's h_{t-1}^T @ dz.
  if (out.x_grad_needed) {
    gemm(DType::kFloat32, MatOp::kNone, MatOp::kTranspose, run, g.input, G, dz.get(), G, p.w, G, out.x_grad,
         g.input);
  }
  std::fill(out.x_grad + (out.x_grad_needed ? run * g.input : 0), out.x_grad + g.time * g.batch * g.input, 0.0f);
  gemm(DType::kFloat32, MatOp::kTranspose, MatOp::kNone, g.input, G, run, x, g.input, dz.get(), G, out.w_grad, G);
  std::unique_ptr<float[]> h_before = scratch(run * H);  // h_{t-1} for every step: h_prev, then h
  if (run > 0) {
    std::memcpy(h_before.get(), h_prev, sizeof(float) * g.batch * H);
    std::memcpy(h_before.get() + g.batch * H, h, sizeof(float) * (run - g.batch) * H);
  }
  gemm(DType::kFloat32, MatOp::kTranspose, MatOp::kNone, H, G, run, h_before.get(), H, dz.get(), G,
       out.w_grad + g.input * G, G);
  // The blocks' sums in block order, rounded once: the peepholes' and the bias's (dz's columns).
  float* sum_out[4] = {out.wci_grad, out.wcf_grad, out.wco_grad, out.b_grad};
  for (int64_t c = 0; c < per_block; ++c) {
    double s = 0.0;
    for (int64_t k = 0; k < blocks.count; ++k) s += sums[k * per_block + c];
    sum_out[std::min<int64_t>(c / H, 3)][c < 3 * H ? c % H : c - 3 * H] = static_cast<float>(s);
  }
}

}  // namespace kernels
}  // namespace varrt
