"""Ops with no gradient by nature: random sampling (TensorFlow's random_ops.py and
stateless_random_ops.py declare theirs NotDifferentiable; the stateful ones varrt runs are
declared likewise) and the bitwise ops (bitwise_ops.py)."""
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient

for _op in ("Multinomial", "RandomStandardNormal", "RandomUniform", "RandomUniformInt", "TruncatedNormal",
            "StatefulStandardNormalV2", "StatefulTruncatedNormal", "StatefulUniform", "StatefulUniformInt",
            "StatefulUniformFullInt", "StatelessRandomGetKeyCounter", "StatelessRandomNormalV2",
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
