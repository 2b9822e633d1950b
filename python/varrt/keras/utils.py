"""`tf.keras.utils`, as far as varrt has it: the registry of custom objects and Keras's config
format (varrt/saving). TensorFlow 2.21's `tf.keras` has no `saving` module: these names,
`keras.saving`'s in standalone Keras, are under `utils`, and `load_model`/`save_model` under
`models`. Also Keras's plain-Python utilities: `get_file`, `pad_sequences`, `to_categorical`,
`normalize` (varrt/keras_utils) and `Progbar`."""
from varrt.saving.object_registration import (CustomObjectScope, custom_object_scope,  # noqa: F401
                                              get_custom_objects, get_registered_name, get_registered_object,
                                              register_keras_serializable)
from varrt.saving.serialization_lib import deserialize_keras_object, serialize_keras_object  # noqa: F401
from varrt.layers.rng_utils import set_random_seed  # noqa: F401
from varrt.keras_utils.get_file import get_file  # noqa: F401
from varrt.keras_utils.sequence_padding import pad_sequences  # noqa: F401
from varrt.keras_utils.categorical import normalize, to_categorical  # noqa: F401
from varrt.models.progbar import Progbar  # noqa: F401
