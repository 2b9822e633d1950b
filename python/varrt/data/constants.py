"""tf.data's constants: `AUTOTUNE` and the two cardinalities that are not counts."""
import numpy as np


AUTOTUNE = -1
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2
INT64_MAX = np.iinfo(np.int64).max
