// Compiled with -ffp-contract=off (cmake/VarrtSimdKernels.cmake, simd_dispatch.h): every
// product and sum rounds on its own, as in TensorFlow's Eigen expressions. Each loop body spells
// out the reference's expression tree; keep the parentheses when editing, they are the rounding
// order.
#include "varrt/kernels/training_ops.h"

#include <cmath>
#include <string>
#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/core/parallel.h"
#include "varrt/kernels/simd_dispatch.h"

#if defined(__SSE__) || defined(__x86_64__)
#include <xmmintrin.h>
#define VARRT_HAVE_RSQRT_ESTIMATE 1
#endif

namespace varrt {
namespace kernels {
namespace {

// Runs body.template operator()<T>() for float32/float64.
template <class Body>
void on_dtype(DType dtype, Body&& body) {
  switch (dtype) {
    case DType::kFloat32: return body(float{});
    case DType::kFloat64: return body(double{});
    default:
      throw_error(Code::kInvalidArgument, std::string("the fused training kernels do not support dtype ") +
                                              dtype_name(dtype));
  }
}

// Splits [0, n) over the pool; `streams` arrays of T are read or written per element. Each
// chunk runs as the CPU's widest vector version of the loop (bit-identical to the others).
template <class T, class Fn>
void for_elements(int64_t n, int streams, const Fn& fn) {
  parallel_for(n, streams * static_cast<int64_t>(sizeof(T)),
               [&](int64_t begin, int64_t end) { simd_for(begin, end, fn); });
}

// TensorFlow's x86 wheels are built with AVX and Eigen's fast math: Tensor.rsqrt() on float
// packets (8 elements) is the hardware estimate refined by one Newton step without FMA (Eigen's
// generic_rsqrt_newton_step), and 1 / sqrt(x) on the elements after the last full packet and
// for double. The estimate instruction is the same for 4 or 8 lanes and for one (rsqrtss), so
// computing it per element reproduces the packet results on the same CPU.
constexpr int64_t kEigenFloatPacket = 8;

template <class T>
T eigen_rsqrt(T a, bool in_packet) {
#ifdef VARRT_HAVE_RSQRT_ESTIMATE
  if constexpr (std::is_same<T, float>::value) {
    if (in_packet) {
      const float est = _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(a)));
      const float r2 = a * est;
      const float half_r = est * -0.5f;
      const float h = r2 * est + -1.0f;
      const float refined = half_r * h + est;
      return std::isnan(refined) ? est : refined;
    }
  }
#endif
  (void)in_packet;
  return T(1) / std::sqrt(a);
}

template <class T>
T* as(void* p) { return static_cast<T*>(p); }
template <class T>
const T* as(const void* p) { return static_cast<const T*>(p); }

}  // namespace

bool training_dtype_supported(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat64; }

void apply_gradient_descent(DType dtype, void* var_p, const void* grad_p, int64_t n, double lr_d) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(lr_d);
    for_elements<T>(n, 3, [=](int64_t i) { var[i] = var[i] - g[i] * lr; });
  });
}

void apply_momentum(DType dtype, void* var_p, void* accum_p, const void* grad_p, int64_t n, double lr_d,
                    double momentum_d, bool nesterov) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* accum = as<T>(accum_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(lr_d), momentum = static_cast<T>(momentum_d);
    if (nesterov) {
      for_elements<T>(n, 5, [=](int64_t i) {
        const T a = accum[i] * momentum + g[i];
        accum[i] = a;
        var[i] = var[i] - (g[i] * lr + (a * momentum) * lr);
      });
    } else {
      for_elements<T>(n, 5, [=](int64_t i) {
        const T a = accum[i] * momentum + g[i];
        accum[i] = a;
        var[i] = var[i] - a * lr;
      });
    }
  });
}

void apply_keras_momentum(DType dtype, void* var_p, void* accum_p, const void* grad_p, int64_t n, double lr_d,
                          double momentum_d, bool nesterov) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* accum = as<T>(accum_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(lr_d), momentum = static_cast<T>(momentum_d);
    for_elements<T>(n, 5, [=](int64_t i) {
      const T a = accum[i] * momentum - g[i] * lr;
      accum[i] = a;
      var[i] = var[i] + (nesterov ? a * momentum - g[i] * lr : a);
    });
  });
}

void apply_adagrad(DType dtype, void* var_p, void* accum_p, const void* grad_p, int64_t n, double lr_d,
                   bool update_slots) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* accum = as<T>(accum_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(lr_d);
    const int64_t packet_end = n - n % kEigenFloatPacket;
    for_elements<T>(n, 5, [=](int64_t i) {
      T a = accum[i];
      if (update_slots) {
        a = a + g[i] * g[i];
        accum[i] = a;
      }
      var[i] = var[i] - (g[i] * lr) * eigen_rsqrt(a, i < packet_end);
    });
  });
}

void apply_rms_prop(DType dtype, void* var_p, void* mg_p, void* ms_p, void* mom_p, const void* grad_p, int64_t n,
                    const RMSPropScalars& s) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* mg = as<T>(mg_p);
    T* ms = as<T>(ms_p);
    T* mom = as<T>(mom_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(s.lr), momentum = static_cast<T>(s.momentum), eps = static_cast<T>(s.epsilon);
    const T one_minus_rho = T(1) - static_cast<T>(s.rho);
    for_elements<T>(n, mg != nullptr ? 9 : 7, [=](int64_t i) {
      const T gi = g[i];
      const T msi = ms[i] + (gi * gi - ms[i]) * one_minus_rho;
      ms[i] = msi;
      T denom;
      if (mg != nullptr) {
        const T mgi = mg[i] + (gi - mg[i]) * one_minus_rho;
        mg[i] = mgi;
        denom = (msi - mgi * mgi) + eps;
      } else {
        denom = msi + eps;
      }
      const T m = mom[i] * momentum + (gi * lr) / std::sqrt(denom);
      mom[i] = m;
      var[i] = var[i] - m;
    });
  });
}

void apply_adam(DType dtype, void* var_p, void* m_p, void* v_p, const void* grad_p, int64_t n,
                const AdamScalars& s) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* m = as<T>(m_p);
    T* v = as<T>(v_p);
    const T* g = as<T>(grad_p);
    const T beta1 = static_cast<T>(s.beta1), eps = static_cast<T>(s.epsilon);
    const T one_minus_beta1 = T(1) - beta1, one_minus_beta2 = T(1) - static_cast<T>(s.beta2);
    const T alpha = static_cast<T>(s.lr) * std::sqrt(T(1) - static_cast<T>(s.beta2_power)) /
                    (T(1) - static_cast<T>(s.beta1_power));
    if (s.nesterov) {
      for_elements<T>(n, 7, [=](int64_t i) {
        const T gi = g[i];
        const T mi = m[i] + (gi - m[i]) * one_minus_beta1;
        const T vi = v[i] + (gi * gi - v[i]) * one_minus_beta2;
        m[i] = mi;
        v[i] = vi;
        var[i] = var[i] - ((gi * one_minus_beta1 + beta1 * mi) * alpha) / (std::sqrt(vi) + eps);
      });
    } else {
      for_elements<T>(n, 7, [=](int64_t i) {
        const T gi = g[i];
        const T mi = m[i] + (gi - m[i]) * one_minus_beta1;
        const T vi = v[i] + (gi * gi - v[i]) * one_minus_beta2;
        m[i] = mi;
        v[i] = vi;
        var[i] = var[i] - (mi * alpha) / (std::sqrt(vi) + eps);
      });
    }
  });
}

void keras_adam(DType dtype, void* var_p, void* m_p, void* v_p, void* vhat_p, const void* grad_p, int64_t n,
                const KerasAdamScalars& s) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* m = as<T>(m_p);
    T* v = as<T>(v_p);
    T* vhat = as<T>(vhat_p);
    const T* g = as<T>(grad_p);
    const T step = static_cast<T>(s.local_step);
    // ops.power on scalars: std::pow in the element type (Eigen's scalar path).
    const T beta1_power = std::pow(static_cast<T>(s.beta1), step);
    const T beta2_power = std::pow(static_cast<T>(s.beta2), step);
    const T alpha = static_cast<T>(s.lr) * std::sqrt(T(1) - beta2_power) / (T(1) - beta1_power);
    const T omb1 = static_cast<T>(s.one_minus_beta1), omb2 = static_cast<T>(s.one_minus_beta2);
    const T eps = static_cast<T>(s.epsilon);
    for_elements<T>(n, vhat != nullptr ? 9 : 7, [=](int64_t i) {
      const T gi = g[i];
      const T mi = m[i] + (gi - m[i]) * omb1;
      T vi = v[i] + (gi * gi - v[i]) * omb2;
      m[i] = mi;
      v[i] = vi;
      if (vhat != nullptr) {
        vi = vhat[i] > vi ? vhat[i] : vi;  // ops.maximum(v_hat, v)
        vhat[i] = vi;
      }
      var[i] = var[i] - (mi * alpha) / (std::sqrt(vi) + eps);
    });
  });
}

void keras_adagrad(DType dtype, void* var_p, void* accum_p, const void* grad_p, int64_t n, double lr_d,
                   double eps_d) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* accum = as<T>(accum_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(lr_d), eps = static_cast<T>(eps_d);
    for_elements<T>(n, 5, [=](int64_t i) {
      const T a = accum[i] + g[i] * g[i];
      accum[i] = a;
      var[i] = var[i] - (lr * g[i]) / std::sqrt(a + eps);
    });
  });
}

void keras_rmsprop(DType dtype, void* var_p, void* vel_p, void* mom_p, void* avg_p, const void* grad_p, int64_t n,
                   const KerasRMSpropScalars& s) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* vel = as<T>(vel_p);
    T* mom = as<T>(mom_p);
    T* avg = as<T>(avg_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(s.lr), rho = static_cast<T>(s.rho), omr = static_cast<T>(s.one_minus_rho);
    const T momentum = static_cast<T>(s.momentum), eps = static_cast<T>(s.epsilon);
    const int streams = 5 + (mom != nullptr ? 2 : 0) + (avg != nullptr ? 2 : 0);
    for_elements<T>(n, streams, [=](int64_t i) {
      const T gi = g[i];
      const T veli = rho * vel[i] + omr * (gi * gi);
      vel[i] = veli;
      T denom;
      if (avg != nullptr) {
        const T avgi = rho * avg[i] + omr * gi;
        avg[i] = avgi;
        denom = (veli - avgi * avgi) + eps;
      } else {
        denom = veli + eps;
      }
      const T increment = (lr * gi) / std::sqrt(denom);
      if (mom != nullptr) {
        const T mi = momentum * mom[i] + increment;
        mom[i] = mi;
        var[i] = var[i] - mi;
      } else {
        var[i] = var[i] - increment;
      }
    });
  });
}

namespace {

// Rows apply in order, on the calling thread: duplicate indices must accumulate in sequence.
template <class T, class Fn>
void for_rows(const SparseRows& r, Fn&& fn) {
  for (int64_t i = 0; i < r.num_rows; ++i) {
    const int64_t dst = r.rows[i] * r.row_len, src = i * r.row_len;
    for (int64_t j = 0; j < r.row_len; ++j) fn(dst + j, src + j);
  }
}

}  // namespace

void sparse_apply_momentum(DType dtype, void* var_p, void* accum_p, const void* grad_p, const SparseRows& r,
                           double lr_d, double momentum_d, bool nesterov) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* accum = as<T>(accum_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(lr_d), momentum = static_cast<T>(momentum_d);
    const T lr_momentum = lr * momentum;
    for_rows<T>(r, [&](int64_t d, int64_t s) {
      const T a = accum[d] * momentum + g[s];
      accum[d] = a;
      var[d] = var[d] - (nesterov ? lr * g[s] + lr_momentum * a : lr * a);
    });
  });
}

void sparse_apply_keras_momentum(DType dtype, void* var_p, void* accum_p, const void* grad_p, const SparseRows& r,
                                 double lr_d, double momentum_d, bool nesterov) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* accum = as<T>(accum_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(lr_d), momentum = static_cast<T>(momentum_d);
    for_rows<T>(r, [&](int64_t d, int64_t s) {
      const T a = accum[d] * momentum - g[s] * lr;
      accum[d] = a;
      var[d] = var[d] + (nesterov ? a * momentum - g[s] * lr : a);
    });
  });
}

void sparse_apply_adagrad(DType dtype, void* var_p, void* accum_p, const void* grad_p, const SparseRows& r,
                          double lr_d, bool update_slots) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* accum = as<T>(accum_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(lr_d);
    const bool scalar_rows = r.row_len == 1;
    for_rows<T>(r, [&](int64_t d, int64_t s) {
      T a = accum[d];
      if (update_slots) {
        a = a + g[s] * g[s];
        accum[d] = a;
      }
      // Eigen evaluates a row (a chip) with packets too when it holds at least one.
      const bool in_packet = (d % r.row_len) < r.row_len - r.row_len % kEigenFloatPacket;
      var[d] = var[d] - (scalar_rows ? lr * g[s] / std::sqrt(a) : (lr * g[s]) * eigen_rsqrt(a, in_packet));
    });
  });
}

void sparse_apply_rms_prop(DType dtype, void* var_p, void* mg_p, void* ms_p, void* mom_p, const void* grad_p,
                           const SparseRows& r, const RMSPropScalars& sc) {
  on_dtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* var = as<T>(var_p);
    T* mg = as<T>(mg_p);
    T* ms = as<T>(ms_p);
    T* mom = as<T>(mom_p);
    const T* g = as<T>(grad_p);
    const T lr = static_cast<T>(sc.lr), rho = static_cast<T>(sc.rho), momentum = static_cast<T>(sc.momentum);
    const T eps = static_cast<T>(sc.epsilon), one_minus_rho = T(1) - rho;
    for_rows<T>(r, [&](int64_t d, int64_t s) {
      const T gi = g[s];
      const T msi = ms[d] * rho + (gi * gi) * one_minus_rho;
      ms[d] = msi;
      T denom = msi + eps;
      if (mg != nullptr) {
        const T mgi = mg[d] * rho + gi * one_minus_rho;
        mg[d] = mgi;
        denom = denom - mgi * mgi;
      }
      const bool in_packet = (d % r.row_len) < r.row_len - r.row_len % kEigenFloatPacket;
      const T m = mom[d] * momentum + (eigen_rsqrt(denom, in_packet) * lr) * gi;
      mom[d] = m;
      var[d] = var[d] - m;
    });
  });
}

}  // namespace kernels
}  // namespace varrt
