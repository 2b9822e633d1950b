// The fused optimizer ops: TensorFlow's ResourceApply* / ResourceSparseApply* (inputs in
// TensorFlow's order, its checks and messages) and varrt's fused Keras 3 update steps
// (KerasAdam, KerasAdagrad, KerasRMSprop: one op where Keras runs several).
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

// Keras 3's update steps, fused (logged as KerasAdam, KerasAdagrad, KerasRMSprop). The scalars
// are already rounded to the variable's dtype as Keras rounds them (kernels/training_ops.h);
// grad has the variable's dtype and shape. Optional slots are null.
void KerasAdam(const ResourceHandle& var, const ResourceHandle& m, const ResourceHandle& v,
               const ResourceHandle* vhat, const kernels::KerasAdamScalars& s, const Tensor& grad);
void KerasAdagrad(const ResourceHandle& var, const ResourceHandle& accum, double lr, double epsilon,
                  const Tensor& grad);
void KerasRMSprop(const ResourceHandle& var, const ResourceHandle& velocity, const ResourceHandle* momentum,
                  const ResourceHandle* average, const kernels::KerasRMSpropScalars& s, const Tensor& grad);

}  // namespace ops
}  // namespace varrt
