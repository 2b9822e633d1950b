"""`tf.keras.utils.set_random_seed` (Keras 3's keras/src/utils/rng_utils.py): one call seeds Python's
`random` (where unseeded Keras initializers and seed generators draw their seeds), NumPy's global
generator and TensorFlow's global seed, so a Keras program draws the same numbers on every run —
and, with the same seed, the numbers it draws under TensorFlow."""
import random

import numpy as np

from varrt.ops import random_ops

def set_random_seed(seed):
    """Sets the Python, NumPy and TensorFlow random seeds to `seed` (an int)."""
    if not isinstance(seed, int):
        raise ValueError("Expected `seed` argument to be an integer. "
                         f"Received: seed={seed} (of type {type(seed)})")
    random.seed(seed)
    np.random.seed(seed)
    random_ops.set_seed(seed)

