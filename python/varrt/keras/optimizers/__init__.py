"""`tf.keras.optimizers`: Keras 3's optimizers (varrt/optimizers)."""
from varrt.optimizers import *  # noqa: F401,F403
from varrt.optimizers import __all__  # noqa: F401
