"""Keras 3's `Sequential` (keras/src/models/sequential.py): a Model applying its layers in turn.

As in Keras, a Sequential whose input shape is known (a `tf.keras.Input` as its first
element, the first layer's `input_shape` argument, `build(input_shape)`, or the first call's
inputs) starts with an InputLayer and is built by calling its layers on that InputLayer's
symbolic tensor: the calls make a functional model (`_functional`), which then runs the
model, and whose `_operations` TensorFlow's checkpoints follow
("model/_functional/_operations/1/_kernel")."""
import inspect

from varrt.layers.input_layer import InputLayer
from varrt.layers.keras_tensor import standardize_shape
from varrt.layers.layer import Layer
from varrt.models.functional import Functional
from varrt.models.model import Model
from varrt.models.sequential_saving import SequentialSaving


class Sequential(SequentialSaving, Model):
    """A stack of layers, each taking the previous one's output (`tf.keras.Sequential`)."""

    def __init__(self, layers=None, trainable=True, name=None):
        super().__init__(trainable=trainable, name=name)
        self._set_functional(None)
        if layers:
            for layer in layers:
                self.add(layer, rebuild=False)
            self._maybe_rebuild()

    def _set_functional(self, functional):
        # Not a sublayer (the layers are the Sequential's own), but a checkpoint dependency.
        object.__setattr__(self, "_functional", functional)

    def add(self, layer, rebuild=True):
        """Adds `layer` on top of the stack (rebuilding the model when its input shape is known)."""
        if not self._layers and getattr(layer, "_input_shape_arg", None) is not None:
            self.add(InputLayer(shape=layer._input_shape_arg))
        if hasattr(layer, "_keras_history") and isinstance(layer._keras_history[0], InputLayer):
            layer = layer._keras_history[0]  # `tf.keras.Input(shape)`: its InputLayer
        if not isinstance(layer, Layer):
            raise ValueError(f"Only instances of `keras.Layer` can be added to a Sequential model. Received: {layer} "
                             f"(of type {type(layer)})")
        if any(existing.name == layer.name and existing is not layer for existing in self._layers):
            raise ValueError("All layers added to a Sequential model should have unique names. Name "
                             f"'{layer.name}' is already the name of a layer in this model. Update the `name` "
                             "argument to pass a unique name.")
        if isinstance(layer, InputLayer) and self._layers and isinstance(self._layers[0], InputLayer):
            raise ValueError(f"Sequential model '{self.name}' has already been configured to use input shape "
                             f"{self._layers[0].batch_shape}. You cannot add a different Input layer to it.")
        self._tracker.add_to_store("layers", layer)
        if rebuild:
            self._maybe_rebuild()
        else:
            self.built = False
            self._set_functional(None)

    def pop(self, rebuild=True):
        """Removes and returns the top layer."""
        layer = self._layers.pop()
        self.built = False
        self._set_functional(None)
        if rebuild:
            self._maybe_rebuild()
        return layer

    def _maybe_rebuild(self):
        self.built = False
        self._set_functional(None)
        if self._layers and isinstance(self._layers[0], InputLayer) and len(self._layers) > 1:
            self.build(self._layers[0].batch_shape)

    def _lock_state(self):
        # Unlike other layers, a Sequential takes new layers after it is built.
        pass

    def build(self, input_shape=None):
        """Calls the layers on an InputLayer of `input_shape`, making the model's functional graph."""
        try:
            input_shape = standardize_shape(input_shape)
        except (ValueError, TypeError):
            return  # Keras builds nothing for an unknown shape
        if not self._layers:
            raise ValueError(f"Sequential model {self.name} cannot be built because it has no layers. Call "
                             "`model.add(layer)`.")
        if isinstance(self._layers[0], InputLayer):
            if self._layers[0].batch_shape != input_shape:
                raise ValueError(f"Sequential model '{self.name}' has already been configured to use input shape "
                                 f"{self._layers[0].batch_shape}. You cannot build it with input_shape "
                                 f"{input_shape}")
        else:
            self._layers.insert(0, InputLayer(batch_shape=input_shape, dtype=self._layers[0].compute_dtype))
        inputs = self._layers[0].output
        x = inputs
        for layer in self._layers[1:]:
            try:
                x = layer(x)
            except NotImplementedError:
                return  # the rest build on the first call, as in Keras
            except TypeError as e:
                _check_single_input(layer)
                raise e
        self._set_functional(Functional(inputs=inputs, outputs=x))
        self.built = True

    def call(self, inputs, training=None, mask=None):
        if self._functional is not None:
            return self._functional.call(inputs, training=training, mask=mask)
        for layer in self.layers:
            if "training" in layer._call_parameters and training is not None:
                inputs = layer(inputs, training=training)
            else:
                inputs = layer(inputs)
        return inputs

    def compute_output_spec(self, inputs, training=None, mask=None):
        if self._functional is not None:
            return self._functional.compute_output_spec(inputs)
        for layer in self.layers:
            inputs = layer.compute_output_spec(inputs)
        return inputs

    def compute_output_shape(self, input_shape):
        if self._functional is not None:
            return self._functional.compute_output_shape(input_shape)
        for layer in self.layers:
            input_shape = layer.compute_output_shape(input_shape)
        return input_shape

    def _checkpoint_children(self):
        children = [(n, v) for n, v in Layer._checkpoint_children(self) if n != "_functional"]
        return ([("_functional", self._functional)] if self._functional is not None else []) + children

    @property
    def layers(self):
        """The layers, bottom to top (without the InputLayer)."""
        layers = self._layers
        if layers and isinstance(layers[0], InputLayer):
            return layers[1:]
        return list(layers)

    @layers.setter
    def layers(self, _):
        raise AttributeError("`Sequential.layers` attribute is reserved and should not be used. Use `add()` and "
                             "`pop()` to change the layers in this model.")

    def _shape_property(self, attribute, what):
        if self._functional is not None:
            return getattr(self._functional, attribute)
        raise AttributeError(f"Sequential model '{self.name}' has no defined {what} yet.")

    input_shape = property(lambda self: self._shape_property("input_shape", "input shape"),
                           doc="The input shape of the built model (its functional graph's).")
    output_shape = property(lambda self: self._shape_property("output_shape", "output shape"),
                            doc="The output shape of the built model.")
    inputs = property(lambda self: self._shape_property("inputs", "inputs"),
                      doc="The symbolic inputs of the built model (a list).")
    outputs = property(lambda self: self._shape_property("outputs", "outputs"),
                       doc="The symbolic outputs of the built model (a list).")
    input = property(lambda self: self._shape_property("input", "input"), doc="The symbolic input of the built model.")
    output = property(lambda self: self._shape_property("output", "output"),
                      doc="The symbolic output of the built model.")


def _check_single_input(layer):
    """Keras's messages for a layer that cannot take the previous layer's output alone."""
    parameters = inspect.signature(layer.call).parameters.values()
    positional = [p for p in parameters
                  if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    required = [p for p in positional if p.default is inspect.Parameter.empty]
    if not positional:
        raise ValueError("Layers added to a Sequential model should have a single positional argument, the input "
                         f"tensor. Layer {type(layer).__name__} has no positional arguments.")
    if len(required) > 1:
        raise ValueError("Layers added to a Sequential model can only have a single required positional argument, "
                         f"the input tensor. Layer {type(layer).__name__} has multiple required positional "
                         f"arguments: {required}")
