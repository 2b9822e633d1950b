#include "varrt/kernels/ctc_loss.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace varrt {
namespace kernels {
namespace {

template <class T>
T log_zero() {
  return -std::numeric_limits<T>::infinity();
}

// TensorFlow's ctc::LogSumExp: log(exp(a) + exp(b)) through the larger term, in float functions.
template <class T>
T log_sum_exp(T a, T b) {
  if (a == log_zero<T>()) return b;
  if (b == log_zero<T>()) return a;
  return a > b ? a + static_cast<T>(log1pf(expf(static_cast<float>(b - a))))
               : b + static_cast<T>(log1pf(expf(static_cast<float>(a - b))));
}

std::string joined(const std::vector<int>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

// The label sequence l' of one entry: TensorFlow's PopulateLPrimes checks for it, then a blank
// before each label and one at the end. "" when fine.
std::string l_prime_of(const std::vector<int>& label, int64_t b, int num_classes, int32_t time,
                       const CtcLossOptions& o, std::vector<int>* l_prime) {
  if (label.empty()) return "Labels length is zero in batch " + std::to_string(b);
  std::vector<int> l;
  bool finished = false;
  for (size_t i = 0; i < label.size(); ++i) {
    if (i != 0 && o.preprocess_collapse_repeated && label[i] == label[i - 1]) continue;
    if (label[i] >= num_classes - 1) {
      finished = true;
    } else if (finished) {
      return "Saw a non-null label (index >= num_classes - 1) following a null label, batch: " + std::to_string(b) +
             " num_classes: " + std::to_string(num_classes) + " labels: " + joined(label) +
             " labels seen so far: " + joined(l);
    } else {
      l.push_back(label[i]);
    }
  }
  for (int v : l) {
    if (v < 0) return "All labels must be nonnegative integers, batch: " + std::to_string(b) + " labels: " + joined(l);
  }
  if (!o.ignore_longer_outputs_than_inputs && static_cast<int64_t>(label.size()) > time) {
    // (TensorFlow's message runs the batch index into the next sentence.)
    return "Not enough time for target transition sequence (required: " + std::to_string(label.size()) +
           ", available: " + std::to_string(time) + ")" + std::to_string(b) +
           "You can turn this error into a warning by using the flag ignore_longer_outputs_than_inputs";
  }
  l_prime->clear();
  for (int v : l) {
    l_prime->push_back(num_classes - 1);
    l_prime->push_back(v);
  }
  l_prime->push_back(num_classes - 1);
  return "";
}

// One entry's loss and gradient. y: its softmax, [time][classes]; alpha, beta: [u][time].
template <class T>
class Entry {
 public:
  Entry(const std::vector<int>& l_prime, int blank, int classes, int time, bool merge)
      : lp_(l_prime), blank_(blank), classes_(classes), time_(time), merge_(merge), units_(static_cast<int>(l_prime.size())),
        y_(static_cast<size_t>(time) * classes), alpha_(static_cast<size_t>(units_) * time, log_zero<T>()),
        beta_(alpha_) {}

  void softmax(const T* logits, int64_t stride) {
    for (int t = 0; t < time_; ++t) {
      const T* row = logits + t * stride;
      T max = *std::max_element(row, row + classes_);
      T sum = 0;
      T* yt = &y_[static_cast<size_t>(t) * classes_];
      for (int c = 0; c < classes_; ++c) sum += (yt[c] = std::exp(row[c] - max));
      for (int c = 0; c < classes_; ++c) yt[c] /= sum;
    }
  }

  void forward() {
    alpha(0, 0) = std::log(y(0, blank_));
    // (With every label dropped, l' is one blank and TensorFlow's write of alpha(1, 0) lands on
    // alpha(0, 1) of its column-major matrix, which the loop overwrites.)
    if (units_ > 1) alpha(1, 0) = std::log(y(0, lp_[1]));
    for (int t = 1; t < time_; ++t) {
      // Entries with too little time left for the remaining labels stay log(0).
      for (int u = std::max(0, units_ - 2 * (time_ - t)); u < std::min(units_, 2 * (t + 1)); ++u) {
        T sum = log_zero<T>();
        if (merge_ || lp_[u] == blank_) sum = alpha(u, t - 1);
        if (u > 0) sum = log_sum_exp(sum, alpha(u - 1, t - 1));
        if (u > 1 && lp_[u] != blank_ && !(merge_ && lp_[u] == lp_[u - 2])) sum = log_sum_exp(sum, alpha(u - 2, t - 1));
        alpha(u, t) = std::log(y(t, lp_[u])) + sum;
      }
    }
  }

  void backward() {
    for (int u = units_ - 2; u < units_; ++u) {
      if (u >= 0) beta(u, time_ - 1) = 0;
    }
    // With l' one blank, TensorFlow's write of beta(-1, T - 1) lands on beta(0, T - 2) of its
    // column-major matrix, which then starts at log(1): kept, so the losses are TensorFlow's.
    if (units_ == 1 && time_ >= 2) beta(0, time_ - 2) = 0;
    for (int t = time_ - 2; t >= 0; --t) {
      for (int u = std::max(0, units_ - 2 * (time_ - t)); u < std::min(units_, 2 * (t + 1)); ++u) {
        if (merge_ || lp_[u] == blank_) beta(u, t) = log_sum_exp(beta(u, t), beta(u, t + 1) + std::log(y(t + 1, lp_[u])));
        if (u + 1 < units_) beta(u, t) = log_sum_exp(beta(u, t), beta(u + 1, t + 1) + std::log(y(t + 1, lp_[u + 1])));
        if (u + 2 < units_ && lp_[u] != blank_ && !(merge_ && lp_[u] == lp_[u + 2])) {
          beta(u, t) = log_sum_exp(beta(u, t), beta(u + 2, t + 1) + std::log(y(t + 1, lp_[u + 2])));
        }
      }
    }
  }

  T log_likelihood() {
    T p = log_zero<T>();
    for (int u = 0; u < units_; ++u) p = log_sum_exp(p, alpha(u, 0) + beta(u, 0));
    return p;
  }

  // Eq 7.28: y - exp(log(sum of alpha * beta over the l' entries of each class) - log p(z|x)).
  void gradient(T log_p, T* out, int64_t stride) {
    std::vector<T> prob_sum(static_cast<size_t>(classes_));
    for (int t = 0; t < time_; ++t) {
      T* g = out + t * stride;
      if (log_p == log_zero<T>()) {  // no valid path (TensorFlow's "No valid path found."): the softmax
        for (int c = 0; c < classes_; ++c) g[c] = y(t, c);
        continue;
      }
      std::fill(prob_sum.begin(), prob_sum.end(), log_zero<T>());
      for (int u = 0; u < units_; ++u) prob_sum[lp_[u]] = log_sum_exp(prob_sum[lp_[u]], alpha(u, t) + beta(u, t));
      for (int c = 0; c < classes_; ++c) g[c] = y(t, c) - static_cast<T>(expf(static_cast<float>(prob_sum[c] - log_p)));
    }
  }

 private:
  T y(int t, int c) const { return y_[static_cast<size_t>(t) * classes_ + c]; }
  T& alpha(int u, int t) { return alpha_[static_cast<size_t>(u) * time_ + t]; }
  T& beta(int u, int t) { return beta_[static_cast<size_t>(u) * time_ + t]; }

  const std::vector<int>& lp_;
  const int blank_, classes_, time_;
  const bool merge_;
  const int units_;
  std::vector<T> y_, alpha_, beta_;
};

template <class T>
std::string run(const Tensor& inputs, const std::vector<std::vector<int>>& labels, const int32_t* seq_len,
                const CtcLossOptions& o, const Tensor& loss, const Tensor& gradient) {
  const int64_t max_time = inputs.shape().dim(0), batch = inputs.shape().dim(1);
  const int classes = static_cast<int>(inputs.shape().dim(2));
  const T* x = inputs.data_as<T>();
  T* cost = static_cast<T*>(loss.mutable_data());
  T* grad = static_cast<T*>(gradient.mutable_data());
  std::fill(cost, cost + batch, T(0));
  std::fill(grad, grad + gradient.num_elements(), T(0));
  for (int64_t b = 0; b < batch; ++b) {
    if (seq_len[b] < 0) return "seq_len(" + std::to_string(b) + ") < 0";
    if (seq_len[b] > max_time) return "seq_len(" + std::to_string(b) + ") > num_time_steps";
  }
  std::vector<std::vector<int>> l_primes(static_cast<size_t>(batch));
  for (int64_t b = 0; b < batch; ++b) {
    std::string error = l_prime_of(labels[b], b, classes, seq_len[b], o, &l_primes[b]);
    if (!error.empty()) return error;
  }
  const int64_t stride = batch * classes;
  for (int64_t b = 0; b < batch; ++b) {
    const int time = seq_len[b];
    // Empty sequences and (ignored) labels longer than their sequence: loss and gradient 0.
    if (time == 0 || (o.ignore_longer_outputs_than_inputs && static_cast<int64_t>(labels[b].size()) > time)) continue;
    Entry<T> e(l_primes[b], classes - 1, classes, time, o.ctc_merge_repeated);
    e.softmax(x + b * classes, stride);
    e.forward();
    e.backward();
    const T log_p = e.log_likelihood();
    cost[b] = -log_p;
    e.gradient(log_p, grad + b * classes, stride);
  }
  return "";
}

}  // namespace

std::string ctc_loss(const Tensor& inputs, const std::vector<std::vector<int>>& labels, const int32_t* seq_len,
                     const CtcLossOptions& options, const Tensor& loss, const Tensor& gradient) {
  return inputs.dtype() == DType::kFloat64 ? run<double>(inputs, labels, seq_len, options, loss, gradient)
                                           : run<float>(inputs, labels, seq_len, options, loss, gradient);
}

}  // namespace kernels
}  // namespace varrt
