#include "varrt/kernels/softmax_xent.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/kernels/float_io.h"

namespace varrt {
namespace kernels {
namespace {

template <class L>
int64_t label_at(const Tensor& labels, int64_t i) {
  return static_cast<int64_t>(labels.data_as<L>()[i]);
}

int64_t label(const Tensor& labels, int64_t i) {
  return labels.dtype() == DType::kInt32 ? label_at<int32_t>(labels, i) : label_at<int64_t>(labels, i);
}

template <class IoT>
void sparse_rows(const Tensor& features, const Tensor& labels, const Tensor& loss, const Tensor& backprop) {
  using W = typename IoT::Work;
  const int64_t batch = features.shape().dim(0), depth = features.shape().dim(1);
  const void* x = features.data();
  void* grad = backprop.mutable_data();
  void* cost = loss.mutable_data();
  std::vector<W> shifted(static_cast<size_t>(depth)), exps(static_cast<size_t>(depth));
  for (int64_t r = 0; r < batch; ++r) {
    const int64_t base = r * depth;
    W max = IoT::load(x, base);
    for (int64_t j = 1; j < depth; ++j) max = std::max(max, IoT::load(x, base + j));
    W sum = W(0);
    for (int64_t j = 0; j < depth; ++j) {
      shifted[j] = IoT::load(x, base + j) - max;
      exps[j] = std::exp(shifted[j]);  // kept for the gradient: the same value, one call
      sum += exps[j];
    }
    const int64_t target = label(labels, r);
    IoT::store(cost, r, std::log(sum) - shifted[target]);
    for (int64_t j = 0; j < depth; ++j) {
      IoT::store(grad, base + j, exps[j] / sum - (j == target ? W(1) : W(0)));
    }
  }
}

template <class IoT>
void dense_rows(const Tensor& features, const Tensor& labels, const Tensor& loss, const Tensor& backprop) {
  using W = typename IoT::Work;
  const int64_t batch = features.shape().dim(0), depth = features.shape().dim(1);
  const void* x = features.data();
  const void* y = labels.data();
  void* grad = backprop.mutable_data();
  void* cost = loss.mutable_data();
  std::vector<W> shifted(static_cast<size_t>(depth)), exps(static_cast<size_t>(depth));
  for (int64_t r = 0; r < batch; ++r) {
    const int64_t base = r * depth;
    W max = IoT::load(x, base);
    for (int64_t j = 1; j < depth; ++j) max = std::max(max, IoT::load(x, base + j));
    W sum = W(0);
    for (int64_t j = 0; j < depth; ++j) {
      shifted[j] = IoT::load(x, base + j) - max;
      exps[j] = std::exp(shifted[j]);  // kept for the gradient: the same value, one call
      sum += exps[j];
    }
    const W log_sum = std::log(sum);
    W total = W(0);
    for (int64_t j = 0; j < depth; ++j) total += IoT::load(y, base + j) * (log_sum - shifted[j]);
    IoT::store(cost, r, total);
    for (int64_t j = 0; j < depth; ++j) {
      IoT::store(grad, base + j, exps[j] / sum - IoT::load(y, base + j));
    }
  }
}

}  // namespace

bool softmax_supported(DType dtype) {
  return dtype == DType::kFloat32 || dtype == DType::kFloat64 || dtype == DType::kFloat16 ||
         dtype == DType::kBFloat16;
}

bool labels_in_range(const Tensor& labels, int64_t depth, int64_t* bad) {
  const int64_t n = labels.num_elements();
  if (n == 0) return true;
  // std::minmax_element's picks: the first smallest and the last largest.
  int64_t lo = label(labels, 0), hi = lo;
  for (int64_t i = 1; i < n; ++i) {
    const int64_t v = label(labels, i);
    if (v < lo) lo = v;
    if (v >= hi) hi = v;
  }
  if (lo >= 0 && hi < depth) return true;
  *bad = lo < 0 ? lo : hi;
  return false;
}

void sparse_softmax_xent(const Tensor& features, const Tensor& labels, const Tensor& loss, const Tensor& backprop) {
  switch (features.dtype()) {
    case DType::kFloat32: return sparse_rows<FloatIo<float>>(features, labels, loss, backprop);
    case DType::kFloat64: return sparse_rows<FloatIo<double>>(features, labels, loss, backprop);
    case DType::kFloat16: return sparse_rows<HalfIo>(features, labels, loss, backprop);
    case DType::kBFloat16: return sparse_rows<BFloat16Io>(features, labels, loss, backprop);
    default: throw_error(Code::kInternal, "softmax kernel called for an unsupported dtype");
  }
}

void softmax_xent(const Tensor& features, const Tensor& labels, const Tensor& loss, const Tensor& backprop) {
  if (features.shape().dim(1) == 0) return;  // no classes: every loss is an empty sum, set by the caller
  switch (features.dtype()) {
    case DType::kFloat32: return dense_rows<FloatIo<float>>(features, labels, loss, backprop);
    case DType::kFloat64: return dense_rows<FloatIo<double>>(features, labels, loss, backprop);
    case DType::kFloat16: return dense_rows<HalfIo>(features, labels, loss, backprop);
    case DType::kBFloat16: return dense_rows<BFloat16Io>(features, labels, loss, backprop);
    default: throw_error(Code::kInternal, "softmax kernel called for an unsupported dtype");
  }
}

}  // namespace kernels
}  // namespace varrt
