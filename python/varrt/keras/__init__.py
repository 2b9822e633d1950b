"""The `tf.keras` names varrt provides so far (Keras 3's, as TensorFlow 2.21 ships it):
`layers` (Layer, Dense, Activation and the core layers: Embedding, Dropout, Flatten, Reshape, the activation and merge layers, Lambda, ...), `activations`, `regularizers`, `constraints`, `initializers`,
`losses`, `metrics`, `optimizers`, `models` (Model, Sequential, load_model, save_model), `callbacks`, `utils` (the custom-object registry, `get_file`, `pad_sequences`, `to_categorical`, `normalize`), `datasets`, `preprocessing` (`sequence.pad_sequences`), `saving` (standalone Keras's `keras.saving`),
`Layer`, `Model` (subclassed, or functional: `Model(inputs, outputs)`), `Sequential`, `Input`, `KerasTensor`,
`Variable` (Keras's variable), `InputSpec`, `DTypePolicy`, `export` (ExportArchive)."""
from varrt.keras import (activations, callbacks, constraints, datasets, export, initializers, layers,  # noqa: F401
                         losses, metrics, models, optimizers, preprocessing, regularizers, saving, utils)
from varrt.layers.dtype_policy import DTypePolicy  # noqa: F401
from varrt.layers.input_spec import InputSpec  # noqa: F401
from varrt.layers.keras_variable import KerasVariable as Variable  # noqa: F401
from varrt.layers.layer import Layer  # noqa: F401
from varrt.layers.input_layer import Input  # noqa: F401
from varrt.layers.keras_tensor import KerasTensor  # noqa: F401
from varrt.models.model import Model  # noqa: F401
from varrt.models.sequential import Sequential  # noqa: F401
