"""Keras 3's `Sequential` (keras/src/models/sequential.py): a Model applying its layers in turn.

Keras builds a Sequential as a functional model on a symbolic input; varrt, without the
functional API, builds each layer in turn for the shape the previous one outputs
(`compute_output_shape`), inside the model's name scope, so the variables get Keras's paths
("sequential/dense/kernel"). A model is built as soon as its input shape is known: from a
`tf.keras.Input(shape)` as its first element, the first layer's `input_shape` argument,
`build(input_shape)`, or the first call."""
from varrt.layers.layer import Layer
from varrt.models.keras_input import KerasTensor
from varrt.models.model import Model
from varrt.models.sequential_saving import SequentialSaving


class Sequential(SequentialSaving, Model):
    """A stack of layers, each taking the previous one's output (`tf.keras.Sequential`)."""

    def __init__(self, layers=None, trainable=True, name=None):
        super().__init__(trainable=trainable, name=name)
        self._input_batch_shape = None
        if layers:
            for layer in layers:
                self.add(layer, rebuild=False)
            self._maybe_rebuild()

    def add(self, layer, rebuild=True):
        """Adds `layer` on top of the stack (rebuilding the model when its input shape is known)."""
        if isinstance(layer, KerasTensor):  # `tf.keras.Input(shape)`: the model's input shape
            if self._input_batch_shape is not None:
                raise ValueError(f"Sequential model '{self.name}' has already been configured to use input shape "
                                 f"{self._input_batch_shape}. You cannot add a different Input layer to it.")
            self._input_batch_shape = layer.shape
            if rebuild:
                self._maybe_rebuild()
            return
        if not self._layers and getattr(layer, "_input_shape_arg", None) is not None:
            self._input_batch_shape = (None,) + tuple(layer._input_shape_arg)
        if not isinstance(layer, Layer):
            raise ValueError(f"Only instances of `keras.Layer` can be added to a Sequential model. Received: {layer} "
                             f"(of type {type(layer)})")
        if any(existing.name == layer.name and existing is not layer for existing in self._layers):
            raise ValueError("All layers added to a Sequential model should have unique names. Name "
                             f"'{layer.name}' is already the name of a layer in this model. Update the `name` "
                             "argument to pass a unique name.")
        self._tracker.add_to_store("layers", layer)
        if rebuild:
            self._maybe_rebuild()
        else:
            self.built = False

    def pop(self, rebuild=True):
        """Removes and returns the top layer."""
        layer = self._layers.pop()
        self.built = False
        if rebuild:
            self._maybe_rebuild()
        return layer

    def _maybe_rebuild(self):
        self.built = False
        if self._input_batch_shape is not None and self._layers:
            self.build(self._input_batch_shape)

    def _lock_state(self):
        # Unlike other layers, a Sequential takes new layers after it is built.
        pass

    def build(self, input_shape=None):
        """Builds each layer for the shape the previous one outputs."""
        if input_shape is None:
            return  # Keras builds nothing for an unknown shape
        if not self._layers:
            raise ValueError(f"Sequential model {self.name} cannot be built because it has no layers. Call "
                             "`model.add(layer)`.")
        shape = tuple(input_shape)
        for layer in self._layers:
            if not layer.built:
                layer.build(shape)
            try:
                shape = tuple(layer.compute_output_shape(shape))
            except NotImplementedError:
                return  # the rest build on the first call, as in Keras

    def call(self, inputs, training=None, mask=None):
        for layer in self._layers:
            if "training" in layer._call_parameters and training is not None:
                inputs = layer(inputs, training=training)
            else:
                inputs = layer(inputs)
        return inputs

    @property
    def layers(self):
        """The layers, bottom to top."""
        return list(self._layers)

    @layers.setter
    def layers(self, _):
        raise AttributeError("`Sequential.layers` attribute is reserved and should not be used. Use `add()` and "
                             "`pop()` to change the layers in this model.")
