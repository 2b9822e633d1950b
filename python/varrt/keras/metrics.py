"""`tf.keras.metrics`: Keras 3's metrics (varrt/metrics)."""
from varrt.metrics import *  # noqa: F401,F403
from varrt.metrics import __all__  # noqa: F401
