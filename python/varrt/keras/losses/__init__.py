"""`tf.keras.losses`: Keras 3's losses (varrt/losses)."""
from varrt.losses import *  # noqa: F401,F403
from varrt.losses import __all__  # noqa: F401
