"""`tf.image`: the image ops under TensorFlow's tf.image names."""
from varrt.ops.image_ops import resize  # noqa: F401
from varrt.ops.random_shuffle_ops import random_crop  # noqa: F401,E402
