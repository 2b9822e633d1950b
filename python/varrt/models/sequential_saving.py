"""A Sequential's config (keras/src/models/sequential.py): its name, dtype and layers — its
InputLayer first once the input shape is known, then each layer's config — and the input
shape it was built for; `from_config` adds the layers back in turn and builds the model.
Its saveable kind is "Sequential": saving visits its `layers` first."""
from varrt.layers import dtype_policy
from varrt.saving import serialization_lib


class SequentialSaving:
    """The config methods of `Sequential` (mixed into it)."""

    def _obj_type(self):
        return "Sequential"

    def get_config(self):
        """The model's name, trainable flag, dtype, layers (the InputLayer included) and, once
        built, the input shape."""
        config = {"name": self.name, "trainable": self.trainable,
                  "dtype": dtype_policy.serialize(self.dtype_policy),
                  "layers": [serialization_lib.serialize_keras_object(layer) for layer in self._layers]}
        if self._functional is not None:
            config["build_input_shape"] = self._layers[0].batch_shape
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """A Sequential from `get_config()`'s dict."""
        if "name" not in config:
            raise ValueError("A Sequential model configuration must be a dictionary containing the 'name' and "
                             f"'layers' keys. Received: config={config}")
        model = cls(name=config["name"])
        for layer_config in config["layers"]:
            model.add(serialization_lib.deserialize_keras_object(layer_config, custom_objects=custom_objects))
        build_input_shape = config.get("build_input_shape")
        if model._functional is None and build_input_shape and isinstance(build_input_shape, (tuple, list)):
            model.build(build_input_shape)
        return model
