"""How a `MeanMetricWrapper`'s function appears in its config: Keras's serialized form of a
function, `{"module": "builtins", "class_name": "function", "config": <name>, "registered_name":
"function"}` (keras/src/saving/serialization_lib.py), and back, for Keras's metric and loss
functions (the names `tf.keras.metrics` gives them)."""
from varrt.losses import losses
from varrt.metrics import accuracy_functions

# Keras's functions by the name their config records (the function's own name).
FUNCTIONS = {fn.__name__: fn for fn in (
    accuracy_functions.accuracy, accuracy_functions.binary_accuracy, accuracy_functions.categorical_accuracy,
    accuracy_functions.sparse_categorical_accuracy, accuracy_functions.top_k_categorical_accuracy,
    accuracy_functions.sparse_top_k_categorical_accuracy, losses.mean_squared_error, losses.mean_absolute_error,
    losses.mean_absolute_percentage_error, losses.binary_crossentropy, losses.categorical_crossentropy,
    losses.sparse_categorical_crossentropy)}


def serialize_function(fn):
    """A function's entry in a config."""
    return {"module": "builtins", "class_name": "function", "config": fn.__name__, "registered_name": "function"}


def deserialize_function(config):
    """The function a `serialize_function` dict names."""
    name = config.get("config")
    if name not in FUNCTIONS:
        raise NotImplementedError(f"varrt deserializes Keras's own metric functions only ({sorted(FUNCTIONS)}); "
                                  f"{name!r} is not one of them.")
    return FUNCTIONS[name]
