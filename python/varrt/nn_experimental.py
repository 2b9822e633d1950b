"""`tf.nn.experimental`: the nn ops TensorFlow keeps under experimental names."""
from varrt.ops.nn_ops import stateless_dropout  # noqa: F401
