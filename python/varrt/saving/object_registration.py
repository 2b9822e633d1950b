"""Keras's registry of custom objects (keras/src/saving/object_registration.py):
`register_keras_serializable` files a class or function under "package>name", and
`custom_object_scope` adds objects for the duration of a `with` block; deserialization looks
names up in the scope, the registry, then the `custom_objects` it was given."""
import inspect
import threading

GLOBAL_CUSTOM_OBJECTS = {}
GLOBAL_CUSTOM_NAMES = {}
_scope = threading.local()


def scope_objects():
    """The objects of the innermost `custom_object_scope` (this thread's)."""
    return getattr(_scope, "objects", {})


class CustomObjectScope:
    """Makes `custom_objects` (a dict of names to classes or functions) visible to
    deserialization inside a `with` block (`keras.saving.custom_object_scope`)."""

    def __init__(self, custom_objects):
        self.custom_objects = custom_objects or {}
        self.backup = None

    def __enter__(self):
        self.backup = scope_objects().copy()
        _scope.objects = self.custom_objects.copy()
        return self

    def __exit__(self, *args, **kwargs):
        _scope.objects = self.backup.copy()


custom_object_scope = CustomObjectScope


def get_custom_objects():
    """The global dict of registered objects ("package>name" to the object); writable."""
    return GLOBAL_CUSTOM_OBJECTS


def register_keras_serializable(package="Custom", name=None):
    """A decorator filing a class (with `get_config`) or function under "package>name"."""

    def decorator(arg):
        class_name = name if name is not None else arg.__name__
        registered_name = f"{package}>{class_name}"
        if inspect.isclass(arg) and not hasattr(arg, "get_config"):
            raise ValueError("Cannot register a class that does not have a get_config() method.")
        GLOBAL_CUSTOM_OBJECTS[registered_name] = arg
        GLOBAL_CUSTOM_NAMES[arg] = registered_name
        return arg

    return decorator


def get_registered_name(obj):
    """The name `obj` is registered under, else its `__name__`."""
    return GLOBAL_CUSTOM_NAMES.get(obj, obj.__name__)


def get_registered_object(name, custom_objects=None, module_objects=None):
    """The object registered as `name`: the scope's first, then the registry's, then
    `custom_objects`, then `module_objects`; None when none has it."""
    in_scope = scope_objects()
    if name in in_scope:
        return in_scope[name]
    if name in GLOBAL_CUSTOM_OBJECTS:
        return GLOBAL_CUSTOM_OBJECTS[name]
    if custom_objects and name in custom_objects:
        return custom_objects[name]
    if module_objects and name in module_objects:
        return module_objects[name]
    return None
