"""`tf.bitwise`: bit operations on integer tensors."""
from varrt.ops.math_ops import bitwise_and, bitwise_or, bitwise_xor, invert  # noqa: F401
