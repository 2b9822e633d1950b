"""The fused optimizer ops (ResourceApply*, ResourceSparseApply*) as tf.raw_ops runs them.

They run in the core (csrc/varrt/ops/training_ops.h): placed with `var`, under the locks of every
variable they update, checked with TensorFlow's messages before anything changes, in place, in one
pass. They return None, as TensorFlow's do in eager mode. `use_locking` is accepted and ignored:
varrt always takes the variables' locks. The arguments are read from the op's record: its
resource inputs are the variables, the other inputs the step's tensors, and `use_nesterov` or
`update_slots` the core's flag.
"""
import numpy as _np

from varrt import _C
from varrt.framework.tensor import Tensor as _Tensor, convert_to_tensor as _convert_to_tensor
from varrt.ops import op_def_lib

_FLAGS = ("use_nesterov", "update_slots")  # the one boolean attribute the core's kernels take


def _inputs(values, indices_at):
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
        elif i == indices_at or hasattr(v, "_as_tensor") or isinstance(v, _np.ndarray):
            out.append(_convert_to_tensor(v))
        else:
            out.append(_convert_to_tensor(v, dtype_hint=dtype) if dtype is not None else _convert_to_tensor(v))
    return tuple(out)


def _fused_step(op_name):
    def run(**kwargs):
        op_def = op_def_lib.get(op_name)
        variables = tuple(kwargs[a.name] for a in op_def.inputs if a.is_resource)
        names = [a.name for a in op_def.inputs if not a.is_resource]
        indices_at = names.index("indices") if "indices" in names else -1
        flags = tuple(bool(kwargs[f]) for f in _FLAGS if f in op_def.attrs)
        _C.training_op(op_name, variables, _inputs([kwargs[n] for n in names], indices_at), *flags)
    return run


for _op in ("ResourceApplyGradientDescent", "ResourceApplyMomentum", "ResourceApplyKerasMomentum",
            "ResourceApplyAdagrad", "ResourceApplyRMSProp", "ResourceApplyCenteredRMSProp", "ResourceApplyAdam",
            "ResourceSparseApplyMomentum", "ResourceSparseApplyKerasMomentum", "ResourceSparseApplyAdagrad",
            "ResourceSparseApplyRMSProp", "ResourceSparseApplyCenteredRMSProp"):
    op_def_lib.implements(_op)(_fused_step(_op))
