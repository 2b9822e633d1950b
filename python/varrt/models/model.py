"""Keras 3's `Model` (keras/src/models/model.py): a Layer that trains (the Trainer's
`compile`, `fit`, `evaluate`, `predict`). Subclass it and write `call`; its layers are the
sublayers assigned to it. `Model(inputs, outputs)` makes a functional model instead
(varrt.models.functional, which registers its class here when it loads, as the layer below
cannot import it)."""
import inspect

from varrt.layers.layer import Layer
from varrt.models import functional_config, summary
from varrt.models.model_saving import ModelSaving
from varrt.models.trainer import Trainer

_functional = []  # the Functional class, once varrt.models.functional has loaded


def register_functional(cls):
    _functional[:] = [cls]

def functional_init_arguments(args, kwargs):
    """Whether `Model(...)` was given the functional API's arguments (Keras's test)."""
    return len(args) == 2 or (len(args) == 1 and "outputs" in kwargs) or ("inputs" in kwargs and "outputs" in kwargs)


class Model(ModelSaving, Trainer, Layer):
    """A layer with training methods (`tf.keras.Model`).

    `Model(inputs, outputs)` with `tf.keras.Input`s and the outputs of layers called on them
    makes a functional model; a subclass defines `call` (or passes inputs and outputs to
    `super().__init__`, and is then functional too)."""

    def __new__(cls, *args, **kwargs):
        if cls is Model and functional_init_arguments(args, kwargs):
            return Layer.__new__(_functional[0], *args, **kwargs)
        return Layer.__new__(cls, *args, **kwargs)

    def __init__(self, *args, **kwargs):
        if functional_init_arguments(args, kwargs):
            # A subclass calling `super().__init__(inputs, outputs)`: Keras makes the class a
            # Functional one by swapping Model for Functional among its bases.
            functional = _functional[0]
            if not isinstance(self, functional):
                _inject_functional(type(self), functional)
            functional.__init__(self, *args, **kwargs)
            return
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

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """A model from its config: a functional config (layers, their calls, inputs, outputs)
        makes a functional model of `cls`; any other config is `cls(**config)` (Keras's rule)."""
        functional = _functional[0]
        is_functional_config = all(k in config for k in ("name", "layers", "input_layers", "output_layers"))
        spec = inspect.getfullargspec(cls.__init__)
        revivable = (cls in (functional, Model) or
                     spec.args[1:] == inspect.getfullargspec(functional.__init__).args[1:] or
                     (spec.varargs == "args" and spec.varkw == "kwargs"))
        if is_functional_config and revivable:
            return functional_config.from_config(cls, config, custom_objects, functional_class=functional)
        try:
            return cls(**config)
        except TypeError as e:
            raise TypeError("Unable to revive model from config. When overriding the `get_config()` method, make sure "
                            "that the returned config contains all items used as arguments in the  constructor to "
                            f"{cls}, which is the default behavior. You can override this default behavior by defining "
                            f"a `from_config(cls, config)` class method to specify how to create an instance of "
                            f"{cls.__name__} from its config.\n\nReceived config={config}\n\nError encountered "
                            f"during deserialization: {e}") from None

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False, show_trainable=False,
                layer_range=None):
        """Prints Keras's table of the model's layers, their output shapes and parameter counts."""
        summary.print_summary(self, line_length=line_length, positions=positions, print_fn=print_fn,
                              expand_nested=expand_nested, show_trainable=show_trainable, layer_range=layer_range)


def _inject_functional(cls, functional):
    """Keras's `inject_functional_model_class`: Model among `cls`'s bases becomes Functional."""
    if cls is Model:
        return functional
    if cls is object:
        return object
    cls.__bases__ = tuple(_inject_functional(base, functional) for base in cls.__bases__)
    return cls
