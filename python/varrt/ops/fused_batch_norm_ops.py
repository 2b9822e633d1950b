"""Fused batch normalization under TensorFlow's names: the FusedBatchNormV3 and
FusedBatchNormGradV3 ops, run by the core's kernels (csrc/varrt/ops/fused_batch_norm_ops.h)
eagerly and as graph nodes, and tf.compat.v1.nn.fused_batch_norm over the first
(tensorflow/python/ops/nn_impl.py).

x is float32, or half and bfloat16 computed in float32 and rounded once; the statistics are
float32 (TensorFlow's CPU kernels take no other; a bfloat16 `U` raises UnimplementedError saying
so). Keras's BatchNormalization does not use these ops on TensorFlow's backend, and varrt's does
not either (layers/batch_normalization.py).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt import _C
from varrt.base import dtypes
from varrt.base import errors
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.conv_ops import _check_string
from varrt.ops.op_util import check_dtype, error_name, is_tensor_like, matching, operand, run_core, suffix

_FORMATS = ("NHWC", "NCHW", "NDHWC", "NCDHW")


def _float_attr(op, attr, value):
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError(f"Expected float for argument '{attr}' not {value!r}.")
    return float(value)


def _statistics(op, values, name, first_index, end):
    """The float vectors (scale, offset, mean, variance, reserve spaces) in one dtype, float32 here.
    TensorFlow's fast path checks U's dtype, the first vector's, before the others'."""
    first = next((v for v in values if is_tensor_like(v)), None)
    if first is not None:
        check_dtype(op, operand(first)[1], name, end, attr="U")
    tensors, dtype = matching(op, values, name, first_index=first_index)
    check_dtype(op, dtype, name, end, attr="U")
    if dtype is not dtypes.float32:
        raise errors.UnimplementedError(None, None, f"varrt's {op} has no {dtype.name} statistics kernel yet "
                                                    f"(float32 only)")
    return tensors


@op_def_lib.implements("FusedBatchNormV3")
def fused_batch_norm_v3(x, scale, offset, mean, variance, epsilon=0.0001, exponential_avg_factor=1,
                        data_format="NHWC", is_training=True, name=None):
    """The FusedBatchNormV3 op as tf.raw_ops takes it: (y, batch_mean, batch_variance,
    reserve_space_1, reserve_space_2, reserve_space_3), TensorFlow's CPU outputs."""
    op = "FusedBatchNormV3"
    # TensorFlow's wrapper's default exponential_avg_factor is the int 1, which its fast path
    # declines: the slow path's errors end without " name: ".
    slow_factor = isinstance(exponential_avg_factor, int) and not isinstance(exponential_avg_factor, bool)
    end = "" if slow_factor else suffix(name, x, scale, offset, mean, variance)
    xt, dtype = operand(x)
    # (When both T and U are refused, TensorFlow's eager path names either, run to run; x's T here.)
    check_dtype(op, dtype, name, end)
    stats = _statistics(op, (scale, offset, mean, variance), name, 1, end)
    data_format = _check_string(op, "data_format", data_format, name, end)
    return run_core(_C.fused_batch_norm_v3, name, xt, *stats, _float_attr(op, "epsilon", epsilon),
                    _float_attr(op, "exponential_avg_factor", exponential_avg_factor), _FORMATS.index(data_format),
                    bool(is_training), error_name(name, end))


@op_def_lib.implements("FusedBatchNormGradV3")
def fused_batch_norm_grad_v3(y_backprop, x, scale, reserve_space_1, reserve_space_2, reserve_space_3,
                             epsilon=0.0001, data_format="NHWC", is_training=True, name=None):
    """The gradients of FusedBatchNormV3: (x_backprop, scale_backprop, offset_backprop,
    reserve_space_4, reserve_space_5)."""
    op = "FusedBatchNormGradV3"
    end = suffix(name, y_backprop, x, scale, reserve_space_1, reserve_space_2, reserve_space_3)
    (dy, xt), dtype = matching(op, (y_backprop, x), name)
    check_dtype(op, dtype, name, end)
    scale_t, _ = operand(scale, dtypes.float32)  # (scale is float32 in the record; operand refuses others)
    stats = _statistics(op, (reserve_space_1, reserve_space_2, reserve_space_3), name, 3, end)
    data_format = _check_string(op, "data_format", data_format, name, end)
    return run_core(_C.fused_batch_norm_grad_v3, name, dy, xt, scale_t, *stats, _float_attr(op, "epsilon", epsilon),
                    _FORMATS.index(data_format), bool(is_training), error_name(name, end))


def fused_batch_norm(x, scale, offset, mean=None, variance=None, epsilon=0.001, data_format="NHWC",
                     is_training=True, name=None, exponential_avg_factor=1.0):
    """tf.compat.v1.nn.fused_batch_norm: (y, running_mean, running_var) of FusedBatchNormV3; the
    mean and variance may be left out in training with an exponential_avg_factor of 1."""
    if (not is_training or exponential_avg_factor != 1.0) and (mean is None or variance is None):
        raise ValueError("Both `mean` and `variance` must be a 1D tensor when `is_training` is False or "
                         f"`exponential_avg_factor` != 1.0. Received: `mean` {mean!r} and `variance` {variance!r}")
    x = x if isinstance(x, Tensor) else convert_to_tensor(x)
    scale = scale if isinstance(scale, Tensor) else convert_to_tensor(scale)
    offset = offset if isinstance(offset, Tensor) else convert_to_tensor(offset)
    if mean is None:
        mean = convert_to_tensor([], dtypes.float32)
    if variance is None:
        variance = convert_to_tensor([], dtypes.float32)
    y, running_mean, running_var, _, _, _ = fused_batch_norm_v3(
        x, scale, offset, mean, variance, epsilon=epsilon, exponential_avg_factor=exponential_avg_factor,
        data_format=data_format, is_training=is_training, name=name)
    return y, running_mean, running_var
