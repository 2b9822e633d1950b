"""`tf.keras.callbacks`: the callbacks varrt provides so far (`History`, which `fit` returns)."""
from varrt.models.history import History  # noqa: F401
