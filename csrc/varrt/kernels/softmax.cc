#include "varrt/kernels/softmax.h"

#include <cmath>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/kernels/float_io.h"

namespace varrt {
namespace kernels {
namespace {

template <class IoT>
void rows(const Tensor& x, bool log, const Tensor& out) {
  using W = typename IoT::Work;
  const int rank = x.shape().rank();
  const int64_t depth = x.shape().dim(rank - 1);
  if (depth == 0) return;
  const int64_t batch = x.num_elements() / depth;
  const void* in = x.data();
  void* y = out.mutable_data();
  std::vector<W> shifted(static_cast<size_t>(depth));
  for (int64_t r = 0; r < batch; ++r) {
    const int64_t base = r * depth;
    W max = IoT::load(in, base);
    for (int64_t j = 1; j < depth; ++j) {
      const W v = IoT::load(in, base + j);
      if (v > max || std::isnan(v)) max = v;
      if (std::isnan(max)) break;
    }
    W sum = W(0);
    for (int64_t j = 0; j < depth; ++j) {
      shifted[j] = IoT::load(in, base + j) - max;
      sum += std::exp(shifted[j]);
    }
    if (log) {
      const W log_sum = std::log(sum);
      for (int64_t j = 0; j < depth; ++j) IoT::store(y, base + j, shifted[j] - log_sum);
    } else {
      const W inverse = W(1) / sum;  // TensorFlow's softmax * (1 / sum), not softmax / sum
      for (int64_t j = 0; j < depth; ++j) IoT::store(y, base + j, std::exp(shifted[j]) * inverse);
    }
  }
}

}  // namespace

void softmax(const Tensor& x, bool log, const Tensor& out) {
  switch (x.dtype()) {
    case DType::kFloat32: return rows<FloatIo<float>>(x, log, out);
    case DType::kFloat64: return rows<FloatIo<double>>(x, log, out);
    case DType::kFloat16: return rows<HalfIo>(x, log, out);
    case DType::kBFloat16: return rows<BFloat16Io>(x, log, out);
    default: throw_error(Code::kInternal, "softmax kernel called for an unsupported dtype");
  }
}

}  // namespace kernels
}  // namespace varrt
