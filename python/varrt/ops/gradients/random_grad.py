"""Ops with no gradient by nature: random sampling (TensorFlow's random_ops.py and
stateless_random_ops.py declare theirs NotDifferentiable; the stateful ones varrt runs are
declared likewise) and the bitwise ops (bitwise_ops.py); and the one random op TensorFlow
differentiates by implicit reparameterization, StatelessParameterizedTruncatedNormal."""
import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.ops import index_ops, math_ops, nn_ops
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient

for _op in ("Multinomial", "RandomStandardNormal", "RandomUniform", "RandomUniformInt", "TruncatedNormal",
            "StatefulStandardNormalV2", "StatefulTruncatedNormal", "StatefulUniform", "StatefulUniformInt",
            "StatefulUniformFullInt", "RngReadAndSkip", "StatelessRandomGetKeyCounter", "StatelessRandomNormalV2",
            "StatelessRandomUniformV2", "StatelessRandomUniformIntV2", "StatelessRandomUniformFullIntV2",
            "StatelessTruncatedNormalV2",
            "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Invert"):
    NotDifferentiable(_op)

for _op in ("StatelessMultinomial", "RandomShuffle", "StatelessRandomPoisson", "StatelessRandomBinomial"):
    NotDifferentiable(_op)  # TensorFlow's NotDifferentiable too

# The candidate samplers take int64 classes, which no gradient reaches (TensorFlow registers none).
for _op in ("UniformCandidateSampler", "LogUniformCandidateSampler", "ComputeAccidentalHits"):
    NotDifferentiable(_op)


@RegisterGradient("RandomGamma")
@RegisterGradient("StatelessRandomGammaV3")
def _random_gamma_grad(op, grad):
    """TensorFlow differentiates a gamma sample with respect to alpha through the RandomGammaGrad
    kernel (Eigen's derivative of the incomplete gamma function), which varrt does not have."""
    raise NotImplementedError(f"varrt does not differentiate {op.type} (tf.random.gamma, "
                              "tf.random.stateless_gamma) with respect to alpha: TensorFlow's RandomGammaGrad "
                              "kernel is not implemented")


NotDifferentiable("ParameterizedTruncatedNormal")  # TensorFlow's random_ops.py


def _ndtr(x):
    """The standard normal CDF as TensorFlow's random_grad.py writes it (erf near 0, erfc in the tails)."""
    half_sqrt_2 = convert_to_tensor(0.5 * np.sqrt(2.0), x.dtype)
    w = x * half_sqrt_2
    z = math_ops.abs(w)
    y = index_ops.where(z < half_sqrt_2, 1.0 + math_ops.erf(w),
                        index_ops.where(w > 0.0, 2.0 - nn_ops.erfc(z), nn_ops.erfc(z)))
    return 0.5 * y


@RegisterGradient("StatelessParameterizedTruncatedNormal")
def _stateless_parameterized_truncated_normal_grad(op, grad):
    """Implicit reparameterization (Figurnov et al., 2018), as TensorFlow's random_grad.py: the
    sample's derivative with respect to each parameter, summed down to that parameter's shape."""
    mean, stddev, minval, maxval = op.inputs[2:6]
    sample = op.outputs[0]
    minval_std = (minval - mean) / stddev
    maxval_std = (maxval - mean) / stddev
    sample_std = (sample - mean) / stddev
    cdf_sample = (_ndtr(sample_std) - _ndtr(minval_std)) / (_ndtr(maxval_std) - _ndtr(minval_std))
    info = np.finfo(mean.dtype.as_numpy_dtype)
    cdf_sample = math_ops.clip_by_value(cdf_sample, info.tiny, 1 - info.eps)  # keeps the logs finite
    dmaxval = math_ops.exp(0.5 * (sample_std ** 2 - maxval_std ** 2) + math_ops.log(cdf_sample))
    dminval = math_ops.exp(0.5 * (sample_std ** 2 - minval_std ** 2) + math_ops.log1p(-cdf_sample))
    return (None, None, grad_util.unbroadcast(grad, grad_util.static_shape(mean)),
            grad_util.unbroadcast(grad * sample_std, grad_util.static_shape(stddev)),
            grad_util.unbroadcast(grad * dminval, grad_util.static_shape(minval)),
            grad_util.unbroadcast(grad * dmaxval, grad_util.static_shape(maxval)))
