#include "varrt/kernels/narrow_float_elementwise.h"

#include "varrt/kernels/float_io.h"

namespace varrt {
namespace kernels {
namespace {

template <class Io>
Tensor widen_as(const Tensor& t) {
  Tensor w = Tensor::allocate(DType::kFloat32, t.shape());
  float* p = static_cast<float*>(w.mutable_data());
  const void* src = t.data_as<uint16_t>();
  for (int64_t i = 0, n = t.num_elements(); i < n; ++i) p[i] = Io::load(src, i);
  return w;
}

template <class Io>
void narrow_as(const Tensor& w, const Tensor& out) {
  const float* p = w.data_as<float>();
  void* dst = out.mutable_data();
  for (int64_t i = 0, n = w.num_elements(); i < n; ++i) Io::store(dst, i, p[i]);
}

Tensor widen(const Tensor& t) { return t.dtype() == DType::kFloat16 ? widen_as<HalfIo>(t) : widen_as<BFloat16Io>(t); }

void narrow(const Tensor& w, const Tensor& out) {
  if (out.dtype() == DType::kFloat16) {
    narrow_as<HalfIo>(w, out);
  } else {
    narrow_as<BFloat16Io>(w, out);
  }
}

}  // namespace

bool is_narrow_float(DType dtype) { return dtype == DType::kFloat16 || dtype == DType::kBFloat16; }

void bfloat16_packet_nans(const Tensor& out) {
  constexpr int64_t kLanes = 8;
  uint16_t* p = static_cast<uint16_t*>(out.mutable_data());
  const int64_t n = out.num_elements();
  for (int64_t i = 0, packed = n - n % kLanes; i < packed; ++i) {
    if ((p[i] & 0x7fffu) > 0x7f80u) p[i] = 0x7fc0u;
  }
}

void binary_narrow_float(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  const Tensor wa = widen(a), wb = widen(b);
  if (out.dtype() == DType::kBool) return binary(op, wa, wb, out);  // comparisons of widened values are exact
  Tensor w = Tensor::allocate(DType::kFloat32, out.shape());
  binary(op, wa, wb, w);
  narrow(w, out);
  if (out.dtype() == DType::kBFloat16) bfloat16_packet_nans(out);
}

void unary_narrow_float(UnaryOp op, const Tensor& a, const Tensor& out) {
  Tensor w = Tensor::allocate(DType::kFloat32, a.shape());
  unary(op, widen(a), w);
  narrow(w, out);
}

}  // namespace kernels
}  // namespace varrt
