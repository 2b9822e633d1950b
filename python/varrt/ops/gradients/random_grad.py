"""Ops with no gradient by nature: random sampling (TensorFlow's random_ops.py and
stateless_random_ops.py declare theirs NotDifferentiable; the stateful ones varrt runs are
declared likewise) and the bitwise ops (bitwise_ops.py)."""
from varrt.ops.gradients.registry import NotDifferentiable

for _op in ("Multinomial", "RandomStandardNormal", "RandomUniform", "RandomUniformInt", "TruncatedNormal",
            "StatefulStandardNormalV2", "StatefulTruncatedNormal", "StatefulUniform", "StatefulUniformInt",
            "StatefulUniformFullInt", "StatelessRandomGetKeyCounter", "StatelessRandomNormalV2",
            "StatelessRandomUniformV2", "StatelessRandomUniformIntV2", "StatelessRandomUniformFullIntV2",
            "StatelessTruncatedNormalV2",
            "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Invert"):
    NotDifferentiable(_op)
