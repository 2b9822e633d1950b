"""`tf.data.experimental`: the constants and `cardinality`."""
from varrt.data.dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, cardinality  # noqa: F401
