// The fused optimizer ops: TensorFlow's ResourceApply* / ResourceSparseApply* (inputs in
// TensorFlow's order, its checks and messages) and varrt's fused Keras 3 update steps
// (KerasAdam, KerasAdagrad, KerasRMSprop, KerasSGD: one op for all of a step's variables, where
// Keras runs several per variable).
//
// Each op goes through Dispatch::run, placed with `var` (every resource input is on the
// OpCall, so a hook sees them all), then takes the exclusive locks of all its variables (in
// address order, each once: two ops sharing variables cannot deadlock), checks that every
// variable is initialised, every scalar input a scalar, every shape and dtype as TensorFlow
// requires, and only then prepares the variables for update (copy-on-write, see
// resource/prepare_to_update.h) and runs the kernel: one pass over memory, in place when no
// reader holds a buffer. A failed op changes nothing. float32 and float64 only.
#pragma once

#include "varrt/core/tensor.h"
#include "varrt/kernels/training_ops.h"
#include "varrt/resource/resource_mgr.h"

namespace varrt {
namespace ops {

void ResourceApplyGradientDescent(const ResourceHandle& var, const Tensor& alpha, const Tensor& delta);
void ResourceApplyMomentum(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                           const Tensor& grad, const Tensor& momentum, bool use_nesterov);
void ResourceApplyKerasMomentum(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                                const Tensor& grad, const Tensor& momentum, bool use_nesterov);
void ResourceApplyAdagrad(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                          const Tensor& grad, bool update_slots);
void ResourceApplyRMSProp(const ResourceHandle& var, const ResourceHandle& ms, const ResourceHandle& mom,
                          const Tensor& lr, const Tensor& rho, const Tensor& momentum, const Tensor& epsilon,
                          const Tensor& grad);
void ResourceApplyCenteredRMSProp(const ResourceHandle& var, const ResourceHandle& mg, const ResourceHandle& ms,
                                  const ResourceHandle& mom, const Tensor& lr, const Tensor& rho,
                                  const Tensor& momentum, const Tensor& epsilon, const Tensor& grad);
void ResourceApplyAdam(const ResourceHandle& var, const ResourceHandle& m, const ResourceHandle& v,
                       const Tensor& beta1_power, const Tensor& beta2_power, const Tensor& lr, const Tensor& beta1,
                       const Tensor& beta2, const Tensor& epsilon, const Tensor& grad, bool use_nesterov);

// Sparse forms: grad row i updates row indices[i] (int32 or int64, one-dimensional).
void ResourceSparseApplyMomentum(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                                 const Tensor& grad, const Tensor& indices, const Tensor& momentum,
                                 bool use_nesterov);
void ResourceSparseApplyKerasMomentum(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                                      const Tensor& grad, const Tensor& indices, const Tensor& momentum,
                                      bool use_nesterov);
void ResourceSparseApplyAdagrad(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                                const Tensor& grad, const Tensor& indices, bool update_slots);
void ResourceSparseApplyRMSProp(const ResourceHandle& var, const ResourceHandle& ms, const ResourceHandle& mom,
                                const Tensor& lr, const Tensor& rho, const Tensor& momentum, const Tensor& epsilon,
                                const Tensor& grad, const Tensor& indices);
void ResourceSparseApplyCenteredRMSProp(const ResourceHandle& var, const ResourceHandle& mg, const ResourceHandle& ms,
                                        const ResourceHandle& mom, const Tensor& lr, const Tensor& rho,
                                        const Tensor& momentum, const Tensor& epsilon, const Tensor& grad,
                                        const Tensor& indices);

// Keras 3's update steps, each over many variables in one op (a multi-tensor apply, as
// PyTorch's fused optimizers), logged once per call as KerasAdam, KerasAdagrad, KerasRMSprop or
// KerasSGD on the first variable's device (every variable must live there). `vars` holds each
// variable followed by its slots, `slots` handles per variable; grads[i] is variable i's gradient
// (its dtype and shape; the variables' dtypes may differ). lr (float32 or float64) and
// iterations (int64, the count before this step) are tensors, so a graph node reads their
// current values each run; each kernel casts them to its variable's dtype as Keras's ops.cast
// does (the local step is iterations + 1). The constants are Keras's Python floats, unrounded.
// Every variable is checked before any changes, so a failed step writes nothing.
struct KerasStep {
  const ResourceHandle* const* vars;
  int slots;
  const Tensor* grads;
  int num_vars;
  Tensor lr;
  Tensor iterations;
};
struct KerasAdamConstants {
  double beta1, beta2, one_minus_beta1, one_minus_beta2, epsilon;
};
struct KerasRMSpropConstants {
  double rho, one_minus_rho, momentum, epsilon;
};
// slots: 3 (var, m, v) or 4 (amsgrad: var, m, v, vhat).
void KerasAdam(const KerasStep& step, const KerasAdamConstants& c);
// slots: 2 (var, accumulator).
void KerasAdagrad(const KerasStep& step, double epsilon);
// slots: var, velocity, then momentum (has_momentum) and average_gradient (centered).
void KerasRMSprop(const KerasStep& step, const KerasRMSpropConstants& c, bool has_momentum, bool centered);
// slots: 1 (var; momentum 0: var -= grad * lr) or 2 (var, momentum: TensorFlow's
// ResourceApplyKerasMomentum arithmetic, which is Keras's).
void KerasSGD(const KerasStep& step, double momentum, bool nesterov);

}  // namespace ops
}  // namespace varrt
