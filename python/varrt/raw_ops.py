"""`tf.raw_ops`: TensorFlow's ops under their own names and keyword arguments.

The fused optimizer ops (ResourceApply*, ResourceSparseApply*) run in the core
(csrc/varrt/ops/training_ops.h): placed with `var`, under the locks of every variable they
update, checked with TensorFlow's messages before anything changes, in place, in one pass.
They return None, as TensorFlow's do in eager mode. `use_locking` is accepted and ignored:
varrt always takes the variables' locks.
"""
import numpy as _np

from varrt import _C
from varrt.framework.tensor import Tensor as _Tensor, convert_to_tensor as _convert_to_tensor

__all__ = [
    "ResourceApplyGradientDescent", "ResourceApplyMomentum", "ResourceApplyKerasMomentum", "ResourceApplyAdagrad",
    "ResourceApplyRMSProp", "ResourceApplyCenteredRMSProp", "ResourceApplyAdam", "ResourceSparseApplyMomentum",
    "ResourceSparseApplyKerasMomentum", "ResourceSparseApplyAdagrad", "ResourceSparseApplyRMSProp",
    "ResourceSparseApplyCenteredRMSProp",
]


def _inputs(values, indices_at=-1):
    """The op's non-resource inputs as tensors. As TensorFlow infers the attr `T`, the first typed
    input (tensor, variable, ndarray) sets the dtype Python values are converted to; tensors
    keep theirs, so a mismatch reaches the core, which reports TensorFlow's message."""
    dtype = None
    for i, v in enumerate(values):
        if i != indices_at and (isinstance(v, (_Tensor, _np.ndarray, _np.generic)) or hasattr(v, "_as_tensor")):
            dtype = _convert_to_tensor(v).dtype
            break
    out = []
    for i, v in enumerate(values):
        if isinstance(v, _Tensor):
            out.append(v)
        elif i == indices_at:
            out.append(_convert_to_tensor(v))
        elif hasattr(v, "_as_tensor") or isinstance(v, _np.ndarray):
            out.append(_convert_to_tensor(v))
        else:
            out.append(_convert_to_tensor(v, dtype_hint=dtype) if dtype is not None else _convert_to_tensor(v))
    return tuple(out)


def ResourceApplyGradientDescent(var, alpha, delta, use_locking=False, name=None):
    _C.training_op("ResourceApplyGradientDescent", (var,), _inputs((alpha, delta)))


def ResourceApplyMomentum(var, accum, lr, grad, momentum, use_locking=False, use_nesterov=False, name=None):
    _C.training_op("ResourceApplyMomentum", (var, accum), _inputs((lr, grad, momentum)), bool(use_nesterov))


def ResourceApplyKerasMomentum(var, accum, lr, grad, momentum, use_locking=False, use_nesterov=False, name=None):
    _C.training_op("ResourceApplyKerasMomentum", (var, accum), _inputs((lr, grad, momentum)), bool(use_nesterov))


def ResourceApplyAdagrad(var, accum, lr, grad, use_locking=False, update_slots=True, name=None):
    _C.training_op("ResourceApplyAdagrad", (var, accum), _inputs((lr, grad)), bool(update_slots))


def ResourceApplyRMSProp(var, ms, mom, lr, rho, momentum, epsilon, grad, use_locking=False, name=None):
    _C.training_op("ResourceApplyRMSProp", (var, ms, mom), _inputs((lr, rho, momentum, epsilon, grad)))


def ResourceApplyCenteredRMSProp(var, mg, ms, mom, lr, rho, momentum, epsilon, grad, use_locking=False, name=None):
    _C.training_op("ResourceApplyCenteredRMSProp", (var, mg, ms, mom), _inputs((lr, rho, momentum, epsilon, grad)))


def ResourceApplyAdam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, use_locking=False,
                      use_nesterov=False, name=None):
    _C.training_op("ResourceApplyAdam", (var, m, v),
                   _inputs((beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad)), bool(use_nesterov))


def ResourceSparseApplyMomentum(var, accum, lr, grad, indices, momentum, use_locking=False, use_nesterov=False,
                                name=None):
    _C.training_op("ResourceSparseApplyMomentum", (var, accum), _inputs((lr, grad, indices, momentum), 2),
                   bool(use_nesterov))


def ResourceSparseApplyKerasMomentum(var, accum, lr, grad, indices, momentum, use_locking=False, use_nesterov=False,
                                     name=None):
    _C.training_op("ResourceSparseApplyKerasMomentum", (var, accum), _inputs((lr, grad, indices, momentum), 2),
                   bool(use_nesterov))


def ResourceSparseApplyAdagrad(var, accum, lr, grad, indices, use_locking=False, update_slots=True, name=None):
    _C.training_op("ResourceSparseApplyAdagrad", (var, accum), _inputs((lr, grad, indices), 2), bool(update_slots))


def ResourceSparseApplyRMSProp(var, ms, mom, lr, rho, momentum, epsilon, grad, indices, use_locking=False, name=None):
    _C.training_op("ResourceSparseApplyRMSProp", (var, ms, mom), _inputs((lr, rho, momentum, epsilon, grad, indices), 5))


def ResourceSparseApplyCenteredRMSProp(var, mg, ms, mom, lr, rho, momentum, epsilon, grad, indices, use_locking=False,
                                       name=None):
    _C.training_op("ResourceSparseApplyCenteredRMSProp", (var, mg, ms, mom),
                   _inputs((lr, rho, momentum, epsilon, grad, indices), 5))
