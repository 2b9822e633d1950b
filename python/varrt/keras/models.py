"""`tf.keras.models`: Keras 3's models (varrt/models)."""
from varrt.models.model import Model  # noqa: F401
from varrt.models.sequential import Sequential  # noqa: F401
from varrt.saving.saving_api import load_model, save_model  # noqa: F401
