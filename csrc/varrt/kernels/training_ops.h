// The fused optimizer updates (TensorFlow's ApplyGradientDescent, ApplyMomentum, ApplyAdam, ...
// functors in tensorflow/core/kernels/training_ops.cc, and Keras 3's update steps), as loops over
// buffers: no variables, no locks, no checks (the caller validated everything).
//
// Each element of var and its slots is read and written once, in one pass, with the expression
// order of the reference (TensorFlow's CPU functor, or Keras 3's sequence of TF ops), so that the
// float32 and float64 results are bit-identical to it. The file is compiled with
// -ffp-contract=off: a fused multiply-add would round differently.
//
// Scalars arrive widened to double; each kernel narrows them to the element type, rounding to
// nearest as TensorFlow's Cast and its conversion of Python floats do (exact when the op read
// them from tensors of that type; Keras's constants and a float64 learning rate round here).
// Large updates run on the thread pool (core/parallel.h).
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

// float32 and float64: the dtypes the fused kernels implement.
bool training_dtype_supported(DType dtype);

// var -= grad * lr
void apply_gradient_descent(DType dtype, void* var, const void* grad, int64_t n, double lr);
// accum = accum * momentum + grad; var -= accum * lr
// (nesterov: var -= grad * lr + accum * momentum * lr)
void apply_momentum(DType dtype, void* var, void* accum, const void* grad, int64_t n, double lr, double momentum,
                    bool nesterov);
// accum = accum * momentum - grad * lr; var += accum
// (nesterov: var += accum * momentum - grad * lr). Also Keras 3's SGD with momentum.
void apply_keras_momentum(DType dtype, void* var, void* accum, const void* grad, int64_t n, double lr,
                          double momentum, bool nesterov);
// accum += grad * grad (update_slots); var -= grad * lr * rsqrt(accum)
void apply_adagrad(DType dtype, void* var, void* accum, const void* grad, int64_t n, double lr, bool update_slots);

struct RMSPropScalars {
  double lr, rho, momentum, epsilon;
};
// ms += (grad * grad - ms) * (1 - rho); mom = mom * momentum + (grad * lr) / sqrt(ms + epsilon);
// var -= mom. Centered (mg non-null): mg += (grad - mg) * (1 - rho) and the denominator is
// sqrt((ms - mg * mg) + epsilon).
void apply_rms_prop(DType dtype, void* var, void* mg, void* ms, void* mom, const void* grad, int64_t n,
                    const RMSPropScalars& s);

struct AdamScalars {
  double beta1_power, beta2_power, lr, beta1, beta2, epsilon;
  bool nesterov;
};
// alpha = lr * sqrt(1 - beta2_power) / (1 - beta1_power); m += (grad - m) * (1 - beta1);
// v += (grad * grad - v) * (1 - beta2); var -= (m * alpha) / (sqrt(v) + epsilon)
// (nesterov: var -= ((grad * (1 - beta1) + beta1 * m) * alpha) / (sqrt(v) + epsilon)).
void apply_adam(DType dtype, void* var, void* m, void* v, const void* grad, int64_t n, const AdamScalars& s);

// Keras 3's Adam.update_step with the TensorFlow backend. one_minus_beta1/2 are Keras's
// `1 - self.beta_1` (computed in double, then rounded to the element type); local_step is
// iterations + 1. beta powers are pow(beta, local_step) in the element type, beta being
// Keras's ops.cast(beta, dtype) (a float32 value: the caller rounds it); vhat non-null for
// amsgrad.
struct KerasAdamScalars {
  double lr, beta1, beta2, one_minus_beta1, one_minus_beta2, epsilon, local_step;
};
void keras_adam(DType dtype, void* var, void* m, void* v, void* vhat, const void* grad, int64_t n,
                const KerasAdamScalars& s);
// Keras 3's Adagrad: accum += grad * grad; var -= (lr * grad) / sqrt(accum + epsilon)
void keras_adagrad(DType dtype, void* var, void* accum, const void* grad, int64_t n, double lr, double epsilon);
// Keras 3's RMSprop: velocity = rho * velocity + one_minus_rho * (grad * grad); centered
// (average non-null): average = rho * average + one_minus_rho * grad and the denominator is
// (velocity - average * average) + epsilon, else velocity + epsilon; increment =
// (lr * grad) / sqrt(denominator); with momentum (mom non-null) mom = momentum * mom +
// increment and var -= mom, else var -= increment.
struct KerasRMSpropScalars {
  double lr, rho, one_minus_rho, momentum, epsilon;
};
void keras_rmsprop(DType dtype, void* var, void* velocity, void* mom, void* average, const void* grad, int64_t n,
                   const KerasRMSpropScalars& s);

// Sparse forms: grad row i (row_len elements) updates row rows[i] of var and its slots, in the
// order of `rows` (duplicates apply one after the other). Rows were bounds-checked.
struct SparseRows {
  const int64_t* rows;
  int64_t num_rows;
  int64_t row_len;
};
// TensorFlow's SparseApplyMomentum: a = a * momentum + g; v -= lr * a
// (nesterov: v -= lr * g + (lr * momentum) * a).
void sparse_apply_momentum(DType dtype, void* var, void* accum, const void* grad, const SparseRows& r, double lr,
                           double momentum, bool nesterov);
// TensorFlow's SparseApplyKerasMomentum: a = a * momentum - g * lr; v += a
// (nesterov: v += a * momentum - g * lr).
void sparse_apply_keras_momentum(DType dtype, void* var, void* accum, const void* grad, const SparseRows& r,
                                 double lr, double momentum, bool nesterov);
// TensorFlow's SparseApplyAdagrad (no epsilon): a += g * g (update_slots); v -= lr * g / sqrt(a)
// for rows of one element, v -= (lr * g) * rsqrt(a) otherwise.
void sparse_apply_adagrad(DType dtype, void* var, void* accum, const void* grad, const SparseRows& r, double lr,
                          bool update_slots);

// TensorFlow's SparseApplyRMSProp: ms = ms * rho + (g * g) * (1 - rho);
// mom = mom * momentum + (rsqrt(ms + epsilon) * lr) * g; v -= mom. Centered (mg non-null):
// mg = mg * rho + g * (1 - rho) and rsqrt((ms + epsilon) - mg * mg).
void sparse_apply_rms_prop(DType dtype, void* var, void* mg, void* ms, void* mom, const void* grad,
                           const SparseRows& r, const RMSPropScalars& s);

}  // namespace kernels
}  // namespace varrt
