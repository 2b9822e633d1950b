"""Keras 3's config format (keras/src/saving/serialization_lib.py): `serialize_keras_object`
turns an object into `{"module", "class_name", "config", "registered_name"}` (plus
`build_config` and `compile_config` for layers and models), and `deserialize_keras_object`
turns such a dict back into the object: a public class by its Keras name, a custom one by its
registered name, through the scope, the registry or `custom_objects`.

A Keras class varrt does not have raises NotImplementedError naming it.
What varrt does not write: `shared_object_id` (Keras marks objects serialized twice, such as the
global dtype policy; loading does not need it). What it does not read: lambdas (refused with
Keras's error in safe mode, and not implemented outside it) and TypeSpecs."""
import inspect
import threading
import types

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant
from varrt.framework.tensor_shape import TensorShape
from varrt.saving import object_registration, public_names

PLAIN_TYPES = (str, int, float, bool)
# Keras's modules whose functions a config may name alone.
BUILTIN_MODULES = ("activations", "constraints", "initializers", "losses", "metrics", "optimizers", "regularizers")

_LAMBDA_REFUSED = ("Requested the deserialization of a Python lambda. This carries a potential risk of arbitrary code "
                   "execution and thus it is disallowed by default. If you trust the source of the artifact, you can "
                   "override this error by passing `safe_mode=False` to the loading function, or calling "
                   "`keras.config.enable_unsafe_deserialization().")

_state = threading.local()


class SafeModeScope:
    """Propagates the `safe_mode` of a load to the nested deserialization calls."""

    def __init__(self, safe_mode=True):
        self.safe_mode = safe_mode

    def __enter__(self):
        self.original = in_safe_mode()
        _state.safe_mode = self.safe_mode

    def __exit__(self, *args):
        _state.safe_mode = self.original


def in_safe_mode():
    return getattr(_state, "safe_mode", None)


class ObjectSharingScope:
    """While loading, objects listed with a `shared_object_id` are made once and reused."""

    def __enter__(self):
        _state.shared = {}

    def __exit__(self, *args):
        _state.shared = None


def serialize_keras_object(obj):
    """The config dict of `obj` (plain values, lists and dicts as themselves, recursively)."""
    if obj is None or isinstance(obj, PLAIN_TYPES):
        return obj
    if isinstance(obj, (list, tuple)):
        items = [serialize_keras_object(x) for x in obj]
        return tuple(items) if isinstance(obj, tuple) else items
    if isinstance(obj, dict):
        return serialize_dict(obj)
    if isinstance(obj, bytes):
        return {"class_name": "__bytes__", "config": {"value": obj.decode("utf-8")}}
    if isinstance(obj, slice):
        return {"class_name": "__slice__", "config": {"start": serialize_keras_object(obj.start),
                                                      "stop": serialize_keras_object(obj.stop),
                                                      "step": serialize_keras_object(obj.step)}}
    if obj is Ellipsis:
        return {"class_name": "__ellipsis__", "config": {}}
    if isinstance(obj, TensorShape):
        return obj.as_list() if obj.rank is not None else None
    if isinstance(obj, Tensor):
        return {"class_name": "__tensor__", "config": {"value": obj.numpy().tolist(), "dtype": obj.dtype.name}}
    if type(obj).__module__ == np.__name__:
        if isinstance(obj, np.ndarray) and obj.ndim > 0:
            return {"class_name": "__numpy__", "config": {"value": obj.tolist(), "dtype": obj.dtype.name}}
        return obj.item()
    if isinstance(obj, dtypes.DType):
        return obj.name
    if isinstance(obj, types.FunctionType) and obj.__name__ == "<lambda>":
        raise NotImplementedError("varrt cannot serialize a Python lambda in a Keras config; use a named function "
                                  "registered with `tf.keras.utils.register_keras_serializable()`.")
    inner_config = _get_class_or_fn_config(obj)
    config = serialize_with_public_class(obj.__class__, inner_config)
    _add_build_and_compile_config(obj, config)
    if config["module"] == "__main__":
        config["module"] = None  # Keras's mark of a class with no module to import it from
    return config


def serialize_dict(obj):
    return {key: serialize_keras_object(value) for key, value in obj.items()}


def serialize_with_public_class(cls, inner_config=None):
    """The config of an object of class `cls`: a class Keras exports by its public name, any
    other by its module with its registered name (its class name when not registered). A
    function is an object of class `function`: Keras writes it as {"module": "builtins",
    "class_name": "function", "config": <its name>}."""
    keras_api_name = public_names.get_name_from_symbol(cls)
    if keras_api_name is None:
        return {"module": cls.__module__, "class_name": cls.__name__, "config": inner_config,
                "registered_name": object_registration.get_registered_name(cls)}
    module, _, class_name = keras_api_name.rpartition(".")
    # A class Keras does not export (its module is keras.src...) is written with its class name
    # as its registered name, as Keras writes every class it finds no public name for.
    registered_name = class_name if module.startswith("keras.src.") else None
    return {"module": module, "class_name": class_name, "config": inner_config, "registered_name": registered_name}


def _add_build_and_compile_config(obj, config):
    if hasattr(obj, "get_build_config"):
        build_config = obj.get_build_config()
        if build_config is not None:
            config["build_config"] = serialize_dict(build_config)
    if hasattr(obj, "get_compile_config"):
        compile_config = obj.get_compile_config()
        if compile_config is not None:
            config["compile_config"] = serialize_dict(compile_config)


def _get_class_or_fn_config(obj):
    if isinstance(obj, types.FunctionType):
        return object_registration.get_registered_name(obj)
    if hasattr(obj, "get_config"):
        config = obj.get_config()
        if not isinstance(config, dict):
            raise TypeError(f"The `get_config()` method of {obj} should return a dict. It returned: {config}")
        return serialize_dict(config)
    if hasattr(obj, "__name__"):
        return object_registration.get_registered_name(obj)
    raise TypeError(f"Cannot serialize object {obj} of type {type(obj)}. To be serializable, a class must implement "
                    "the `get_config()` method.")


def deserialize_keras_object(config, custom_objects=None, safe_mode=True, **kwargs):
    """The object `config` describes (the inverse of `serialize_keras_object`).

    Args:
        config: A config dict, a list of them, or a plain value.
        custom_objects: A dict of names to the custom classes and functions the config uses.
        safe_mode: Whether to refuse Python lambdas.

    Raises:
        TypeError: For a class that cannot be found (not public, not registered, not in
            `custom_objects`) or whose `from_config` fails, in Keras's words.
    """
    scoped = in_safe_mode()
    safe_mode = scoped if scoped is not None else safe_mode
    custom_objects = {**(custom_objects or {}), **object_registration.scope_objects(),
                      **object_registration.GLOBAL_CUSTOM_OBJECTS}
    if config is None:
        return None
    if isinstance(config, str) and custom_objects.get(config) is not None:
        return custom_objects[config]
    if isinstance(config, (list, tuple)):
        return [deserialize_keras_object(x, custom_objects=custom_objects, safe_mode=safe_mode) for x in config]
    if isinstance(config, PLAIN_TYPES):
        return config
    if not isinstance(config, dict):
        raise TypeError(f"Could not parse config: {config}")
    if "class_name" not in config or "config" not in config:
        return {key: deserialize_keras_object(value, custom_objects=custom_objects, safe_mode=safe_mode)
                for key, value in config.items()}
    class_name = config["class_name"]
    inner_config = config["config"] if config["config"] is not None else {}
    if class_name == "__tensor__":
        return constant(inner_config["value"], dtype=inner_config["dtype"])
    if class_name == "__numpy__":
        return np.array(inner_config["value"], dtype=inner_config["dtype"])
    if class_name == "__bytes__":
        return inner_config["value"].encode("utf-8")
    if class_name == "__slice__":
        return slice(*(deserialize_keras_object(inner_config[k], custom_objects=custom_objects, safe_mode=safe_mode)
                       for k in ("start", "stop", "step")))
    if class_name == "__ellipsis__":
        return Ellipsis
    if class_name == "__lambda__":
        if safe_mode:
            raise ValueError(_LAMBDA_REFUSED)
        raise NotImplementedError("varrt cannot load Python lambdas from Keras configs.")
    module = config.get("module", None)
    registered_name = config.get("registered_name", class_name)
    if class_name == "function":
        if not isinstance(inner_config, str):
            raise TypeError(f"Expected 'config' to be a non-null str fora function classname,\ninstead got "
                            f"{type(inner_config)}\nFull config: {config}")
        return _retrieve_class_or_fn(inner_config, registered_name, module, "function", config, custom_objects)
    if not isinstance(inner_config, dict):
        raise TypeError(f"Expected 'config' to be a dict for {class_name},\ninstead got {type(inner_config)}\n"
                        f"Full config: {config}")
    shared = getattr(_state, "shared", None)
    if "shared_object_id" in config and shared is not None and config["shared_object_id"] in shared:
        return shared[config["shared_object_id"]]
    cls = _retrieve_class_or_fn(class_name, registered_name, module, "class", config, custom_objects)
    if isinstance(cls, types.FunctionType):
        return cls
    if not hasattr(cls, "from_config"):
        raise TypeError(f"Unable to reconstruct an instance of '{class_name}' because the class is missing a "
                        f"`from_config()` method. Full object config: {config}")
    with object_registration.CustomObjectScope(custom_objects), SafeModeScope(safe_mode):
        try:
            instance = _from_config(cls, inner_config, custom_objects)
        except TypeError as e:
            raise TypeError(f"{cls} could not be deserialized properly. Please ensure that components "
                            "that are Python object instances (layers, models, etc.) returned by `get_config()` are "
                            "explicitly deserialized in the model's `from_config()` method.\n\n"
                            f"config={config}.\n\nException encountered: {e}") from None
        build_config = config.get("build_config", None)
        if build_config and not instance.built:
            instance.build_from_config(build_config)
            instance.built = True
        compile_config = config.get("compile_config", None)
        if compile_config:
            instance.compile_from_config(compile_config)
            instance.compiled = True
    if "shared_object_id" in config and shared is not None:
        shared[config["shared_object_id"]] = instance
    return instance


def _from_config(cls, inner_config, custom_objects):
    if "custom_objects" in inspect.signature(cls.from_config).parameters:
        return cls.from_config(inner_config, custom_objects=custom_objects)
    return cls.from_config(inner_config)


def _retrieve_class_or_fn(name, registered_name, module, obj_type, full_config, custom_objects):
    lookup = name if obj_type == "function" else registered_name
    custom_obj = object_registration.get_registered_object(lookup, custom_objects=custom_objects)
    if custom_obj is not None:
        return custom_obj
    if obj_type == "function" and module == "builtins":
        # A function Keras names alone ("mean_squared_error"): found in Keras's modules of them.
        for builtin_module in BUILTIN_MODULES:
            obj = public_names.get_symbol_from_name(f"keras.{builtin_module}.{name}")
            if obj is not None:
                return obj
        if ">" not in name:
            for custom_name, custom_object in custom_objects.items():
                if custom_name.endswith(f">{name}"):
                    return custom_object
    if module and (module == "keras" or module.startswith("keras.")):
        obj = public_names.get_symbol_from_name(f"{module}.{name}")
        if obj is not None:
            return obj
        # A Keras class varrt does not have (yet): Keras would import it.
        raise NotImplementedError(f"varrt does not have Keras's `{module}.{name}` yet, which the config names: "
                                  f"{full_config}")
    raise TypeError(f"Could not locate {obj_type} '{name}'. Make sure custom classes and functions are decorated "
                    "with `@keras.saving.register_keras_serializable()`. If they are already decorated, make sure "
                    "they are all imported so that the decorator is run before trying to load them. Full object "
                    f"config: {full_config}")
