"""`keras.saving` (Keras 3's public saving module, which standalone `import keras` has; TensorFlow
2.21's `tf.keras` files the same names under `utils` and `models`): the custom-object registry,
Keras's config format and the `.keras` and `.weights.h5` files (varrt/saving)."""
from varrt.saving.object_registration import (CustomObjectScope, custom_object_scope,  # noqa: F401
                                              get_custom_objects, get_registered_name, get_registered_object,
                                              register_keras_serializable)
from varrt.saving.saving_api import load_model, load_weights, save_model, save_weights  # noqa: F401
from varrt.saving.serialization_lib import deserialize_keras_object, serialize_keras_object  # noqa: F401
