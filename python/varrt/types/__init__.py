"""`tf.types`: the types of TensorFlow's public objects, as far as varrt has them."""
from varrt.types import experimental  # noqa: F401
