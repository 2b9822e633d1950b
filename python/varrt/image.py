"""`tf.image`: the image ops under TensorFlow's tf.image names."""
from varrt.ops.image_ops import resize  # noqa: F401
