"""`tf.keras.constraints`: Keras 3's weight constraints (varrt/layers/constraints.py)."""
from varrt.layers.constraints import (Constraint, MaxNorm, NonNeg, deserialize, get, max_norm,  # noqa: F401
                                      non_neg, serialize)
