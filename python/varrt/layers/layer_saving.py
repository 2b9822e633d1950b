"""What a Keras layer (or model) does for saving (keras/src/layers/layer.py): it is a saveable
of kind "Layer" whose own variables — trainable ones first, then the others — are written as
"0", "1", ... and read back after a check of their number; and each layer class varrt defines
is filed under its Keras public name ("keras.layers.Dense"), so configs name it as Keras does.

A class sets `_keras_public_names` (a tuple, empty for none) when its names are not the rule's:
classes of varrt.layers are "keras.layers.<Name>", classes of varrt.models "keras.<Name>"
(`_PUBLIC_MODULES`)."""
from varrt.saving import public_names, saving_lib

# varrt's modules and the Keras modules their classes are public in. Keras does not export its
# Functional class: configs name it by its module, keras.src.models.functional.
_PUBLIC_MODULES = (("varrt.layers.", ("keras.layers",)), ("varrt.models.functional", ("keras.src.models.functional",)),
                   ("varrt.models.", ("keras", "keras.models")))


def _public_names_of(cls):
    if "_keras_public_names" in vars(cls):
        return tuple(cls._keras_public_names)
    if cls.__name__.startswith("_"):
        return ()
    for prefix, modules in _PUBLIC_MODULES:  # a prefix ending in "." covers a package, else one module
        if cls.__module__ == prefix or (prefix.endswith(".") and cls.__module__.startswith(prefix)):
            return tuple(f"{module}.{cls.__name__}" for module in modules)
    return ()


class LayerSaving:
    """The saving methods of `Layer` (mixed into it)."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if LayerSaving in cls.__bases__:
            # The base layer itself: a bare one shows which attributes saving leaves out.
            saving_lib.register_reference("Layer", lambda: cls(name="layer"))
            public_names.export(cls, "keras.Layer", "keras.layers.Layer")
            return
        names = _public_names_of(cls)
        if names:
            public_names.export(cls, *names)

    def _obj_type(self):
        return "Layer"

    def _own_variables(self):
        return self._trainable_variables + self._non_trainable_variables

    def save_own_variables(self, store):
        """Writes the layer's own variables into `store` as "0", "1", ..."""
        for i, v in enumerate(self._own_variables()):
            store[f"{i}"] = v.numpy()

    def _check_load_own_variables(self, store):
        all_vars = self._own_variables()
        if len(store.keys()) != len(all_vars):
            if len(all_vars) == 0 and not self.built:
                raise ValueError(
                    f"Layer '{self.name}' was never built and thus it doesn't have any variables. However the weights "
                    f"file lists {len(store.keys())} variables for this layer.\nIn most cases, this error indicates "
                    "that either:\n\n1. The layer is owned by a parent layer that implements a `build()` method, but "
                    "calling the parent's `build()` method did NOT create the state of the child layer "
                    f"'{self.name}'. A `build()` method must create ALL state for the layer, including the state of "
                    "any children layers.\n\n2. You need to implement the `def build_from_config(self, config)` "
                    f"method on layer '{self.name}', to specify how to rebuild it during loading. In this case, you "
                    "might also want to implement the method that generates the build config at saving time, `def "
                    "get_build_config(self)`. The method `build_from_config()` is meant to create the state of the "
                    "layer (i.e. its variables) upon deserialization.")
            raise ValueError(f"Layer '{self.name}' expected {len(all_vars)} variables, but received "
                             f"{len(store.keys())} variables during loading. Expected: {[v.name for v in all_vars]}")

    def load_own_variables(self, store):
        """Assigns the values in `store` ("0", "1", ...) to the layer's own variables."""
        self._check_load_own_variables(store)
        for i, v in enumerate(self._own_variables()):
            v.assign(store[f"{i}"])
