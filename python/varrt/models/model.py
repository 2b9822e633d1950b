"""Keras 3's `Model` (keras/src/models/model.py): a Layer that trains (the Trainer's
`compile`, `fit`, `evaluate`, `predict`). Subclass it and write `call`; its layers are the
sublayers assigned to it. The functional API (`Model(inputs, outputs)`) is not there yet and
says so."""
from varrt.layers.layer import Layer
from varrt.models.keras_input import FUNCTIONAL_MISSING
from varrt.models.model_saving import ModelSaving
from varrt.models.trainer import Trainer

def functional_init_arguments(args, kwargs):
    """Whether `Model(...)` was given the functional API's arguments (Keras's test)."""
    return len(args) == 2 or (len(args) == 1 and "outputs" in kwargs) or ("inputs" in kwargs and "outputs" in kwargs)


class Model(ModelSaving, Trainer, Layer):
    """A layer with training methods (`tf.keras.Model`); subclasses define `call`."""

    def __init__(self, *args, **kwargs):
        if functional_init_arguments(args, kwargs):
            raise NotImplementedError(FUNCTIONAL_MISSING)
        self._init_trainer()
        Layer.__init__(self, *args, **kwargs)

    def call(self, *args, **kwargs):
        raise NotImplementedError(f"Model {type(self).__name__} does not have a `call()` method implemented.")

    @property
    def layers(self):
        """The model's direct sublayers, in the order they were assigned."""
        return list(self._layers)

    @layers.setter
    def layers(self, _):
        raise AttributeError("`Model.layers` attribute is reserved and should not be used. Please use another name.")

    def get_layer(self, name=None, index=None):
        """The sublayer named `name` or at position `index`."""
        if index is not None and name is not None:
            raise ValueError(f"Provide only a layer name or a layer index. Received: index={index}, name={name}.")
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(f"Was asked to retrieve layer at index {index} but model only has "
                                 f"{len(self.layers)} layers.")
            return self.layers[index]
        if name is not None:
            for layer in self.layers:
                if layer.name == name:
                    return layer
            raise ValueError(f"No such layer: {name}. Existing layers are: {list(layer.name for layer in self.layers)}.")
        raise ValueError("Provide either a layer name or layer index at `get_layer`.")

    def summary(self, *args, **kwargs):
        """Keras's table of the model's layers: not there yet (raises NotImplementedError)."""
        raise NotImplementedError("varrt's Keras models do not have `summary()` yet.")
