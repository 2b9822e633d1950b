"""The string ops TensorFlow 2.21 declares not differentiable (python/ops/string_ops.py and
parsing_ops.py); the other string ops (StringLower, Substr, the regex matches, ...) have no
gradient registered there, so a tape through them raises LookupError there and here."""
from varrt.ops.gradients.registry import NotDifferentiable

for _op in ("AsString", "StringJoin", "ReduceJoin", "RegexReplace", "StringToNumber", "StringToHashBucketFast",
            "StringToHashBucketStrong", "StringToHashBucket", "DecodeRaw", "DecodePaddedRaw"):
    NotDifferentiable(_op)
