"""A Sequential's config (keras/src/models/sequential.py): its name, dtype and layers — an
"InputLayer" first once the input shape is known, then each layer's config — and the input
shape it was built for; `from_config` adds the layers back in turn and builds the model.
Its saveable kind is "Sequential": saving visits its `layers` first."""
from varrt.layers import dtype_policy
from varrt.layers.naming import auto_name
from varrt.models.keras_input import Input
from varrt.saving import serialization_lib


class SequentialSaving:
    """The config methods of `Sequential` (mixed into it)."""

    def _obj_type(self):
        return "Sequential"

    def _built_input_shape(self):
        if self._input_batch_shape is not None:
            return tuple(self._input_batch_shape)
        build_config = self.get_build_config()
        if build_config and "input_shape" in build_config:
            return tuple(build_config["input_shape"])
        return None

    def get_config(self):
        """The model's name, trainable flag, dtype, layers and built input shape."""
        config = {"name": self.name, "trainable": self.trainable,
                  "dtype": dtype_policy.serialize(self.dtype_policy)}
        layer_configs = []
        input_shape = self._built_input_shape()
        if input_shape is not None:
            if getattr(self, "_input_layer_name", None) is None:
                self._input_layer_name = auto_name("input_layer")
            layer_configs.append({"module": "keras.layers", "class_name": "InputLayer",
                                  "config": {"batch_shape": list(input_shape), "dtype": self.input_dtype,
                                             "sparse": False, "ragged": False, "name": self._input_layer_name,
                                             "optional": False},
                                  "registered_name": None})
        layer_configs += [serialization_lib.serialize_keras_object(layer) for layer in self.layers]
        config["layers"] = layer_configs
        if input_shape is not None:
            config["build_input_shape"] = list(input_shape)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """A Sequential from `get_config()`'s dict."""
        if "name" not in config:
            raise ValueError("A Sequential model configuration must be a dictionary containing the 'name' and "
                             f"'layers' keys. Received: config={config}")
        model = cls(name=config["name"])
        for layer_config in config["layers"]:
            if layer_config.get("class_name") == "InputLayer":
                inner = layer_config["config"]
                shape = inner.get("batch_shape") or inner.get("batch_input_shape")
                model.add(Input(batch_shape=tuple(shape), dtype=inner.get("dtype"), name=inner.get("name")))
                continue
            model.add(serialization_lib.deserialize_keras_object(layer_config, custom_objects=custom_objects))
        build_input_shape = config.get("build_input_shape")
        if build_input_shape and isinstance(build_input_shape, (tuple, list)) and not model.built:
            model.build(tuple(build_input_shape))
        return model
