"""Keras's lookup and serialization of its small callable objects (initializers, regularizers,
constraints): `get` takes None, a class name or its snake-case name, a serialized dict or a
callable; `serialize` gives Keras's dict (keras/src/saving/serialization_lib.py's form for them)."""
import inspect

from varrt.layers.naming import to_snake_case
from varrt.saving import serialization_lib


def by_name(classes):
    table = {cls.__name__: cls for cls in classes}
    table.update({to_snake_case(cls.__name__): cls for cls in classes})
    return table


def get(identifier, table, what):
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier, table)
    elif isinstance(identifier, str):
        obj = table.get(identifier)
    else:
        obj = identifier
    if callable(obj):
        return obj() if inspect.isclass(obj) else obj
    raise ValueError(f"Could not interpret {what} identifier: {identifier}")


def serialize(obj, module):
    if obj is None:
        return None
    if not hasattr(obj, "get_config"):
        # A plain function (`kernel_initializer=tf.random.normal`): Keras writes it as any function,
        # by its (registered) name.
        return serialization_lib.serialize_keras_object(obj)
    return {"module": module, "class_name": type(obj).__name__, "config": obj.get_config(), "registered_name": None}


def deserialize(config, table):
    cls = table.get(config.get("class_name"))
    if cls is None:
        raise ValueError(f"Could not interpret identifier: {config}")
    return cls(**config.get("config", {}))
