"""`Bidirectional` (keras/src/layers/rnn/bidirectional.py): a recurrent layer run forwards and a
copy of it (made from its config, `go_backwards=True`) run backwards, their outputs merged
("concat", "sum", "mul", "ave", or both with None). On CPU Keras runs the two layers as they
are (its fused kernels are cuDNN's), and so does varrt."""
import copy

from varrt.layers.layer import Layer
from varrt.ops import array_ops, manip_ops, math_ops
from varrt.saving import serialization_lib

_MERGE_MODES = ("sum", "mul", "ave", "concat", None)


def _renamed(layer, prefix, **changes):
    config = serialization_lib.serialize_keras_object(layer)
    name = layer.name[len(prefix) + 1:] if layer.name.startswith(prefix + "_") else layer.name
    config["config"]["name"] = f"{prefix}_{name}"
    config["config"].update(changes)
    return serialization_lib.deserialize_keras_object(config)


class Bidirectional(Layer):
    """A recurrent layer run both ways (`tf.keras.layers.Bidirectional`).

    Args:
        layer: The recurrent layer (an RNN, LSTM, GRU, ...), copied for the forward pass.
        merge_mode: How the two outputs combine: "concat", "sum", "mul", "ave" or None (both).
        weights: Initial weights (not supported by varrt).
        backward_layer: The layer for the backward pass (default: `layer`'s copy going backwards).
        **kwargs: `Layer`'s arguments.
    """

    def __init__(self, layer, merge_mode="concat", weights=None, backward_layer=None, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(f"Please initialize `Bidirectional` layer with a `keras.layers.Layer` instance. "
                             f"Received: {layer}")
        if backward_layer is not None and not isinstance(backward_layer, Layer):
            raise ValueError(f"`backward_layer` need to be a `keras.layers.Layer` instance. Received: {backward_layer}")
        if merge_mode not in _MERGE_MODES:
            raise ValueError(f"Invalid merge mode. Received: {merge_mode}. Merge mode should be one of "
                             '{"sum", "mul", "ave", "concat", None}')
        if weights:
            raise NotImplementedError("varrt's Bidirectional does not take `weights` yet; use `set_weights`.")
        super().__init__(**kwargs)
        self.forward_layer = _renamed(layer, "forward")
        self.backward_layer = (_renamed(layer, "backward", go_backwards=True) if backward_layer is None
                               else backward_layer)
        self._verify_layer_config()
        for sub in (self.forward_layer, self.backward_layer):
            if getattr(sub, "zero_output_for_mask", None) is not None:
                sub.zero_output_for_mask = sub.return_sequences
        self.merge_mode = merge_mode
        self.stateful = layer.stateful
        self.return_sequences = layer.return_sequences
        self.return_state = layer.return_state
        self.supports_masking = True
        self.input_spec = layer.input_spec

    def _verify_layer_config(self):
        if self.forward_layer.go_backwards == self.backward_layer.go_backwards:
            raise ValueError("Forward layer and backward layer should have different `go_backwards` value. Received: "
                             f"forward_layer.go_backwards {self.forward_layer.go_backwards}, "
                             f"backward_layer.go_backwards={self.backward_layer.go_backwards}")
        for a in ("stateful", "return_sequences", "return_state"):
            forward_value, backward_value = getattr(self.forward_layer, a), getattr(self.backward_layer, a)
            if forward_value != backward_value:
                raise ValueError("Forward layer and backward layer are expected to have the same value for attribute "
                                 f'"{a}", got "{forward_value}" for forward layer and "{backward_value}" for backward '
                                 "layer")

    def build(self, sequences_shape, initial_state_shape=None):
        if not self.forward_layer.built:
            self.forward_layer.build(sequences_shape)
        if not self.backward_layer.built:
            self.backward_layer.build(sequences_shape)

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        output_shape = self.forward_layer.compute_output_shape(sequences_shape)
        state_shape = ()
        if self.return_state:
            output_shape, state_shape = output_shape[0], tuple(output_shape[1:])
        if self.merge_mode == "concat":
            output_shape = tuple(output_shape[:-1]) + (output_shape[-1] * 2,)
        elif self.merge_mode is None:
            output_shape = [output_shape, output_shape]
        if self.return_state:
            if self.merge_mode is None:
                return tuple(output_shape) + state_shape + state_shape
            return (output_shape,) + state_shape + state_shape
        return tuple(output_shape)

    def reset_state(self):
        """Zeros both layers' states (a stateful Bidirectional only)."""
        if not self.stateful:
            raise AttributeError("Layer must be stateful.")
        self.forward_layer.reset_state()
        self.backward_layer.reset_state()

    def reset_states(self):
        """`reset_state()` (Keras's compatibility alias)."""
        self.reset_state()

    @property
    def states(self):
        """The two layers' state variables when stateful, else None."""
        if self.forward_layer.states and self.backward_layer.states:
            return tuple(self.forward_layer.states + self.backward_layer.states)
        return None

    def compute_mask(self, _, mask):
        if isinstance(mask, list):
            mask = mask[0]
        if self.return_sequences:
            output_mask = (mask, mask) if not self.merge_mode else mask
        else:
            output_mask = (None, None) if not self.merge_mode else None
        if self.return_state and self.states is not None:
            state_mask = tuple(None for _ in self.states)
            if isinstance(output_mask, list):
                return output_mask + state_mask * 2
            return (output_mask,) + state_mask * 2
        return output_mask

    def call(self, sequences, initial_state=None, mask=None, training=None):
        kwargs = {}
        if "training" in self.forward_layer._call_parameters:
            kwargs["training"] = training
        if "mask" in self.forward_layer._call_parameters:
            kwargs["mask"] = mask
        forward_state = backward_state = None
        if initial_state is not None:
            half = len(initial_state) // 2
            forward_state, backward_state = initial_state[:half], initial_state[half:]
        y = self.forward_layer(sequences, initial_state=forward_state, **kwargs)
        y_rev = self.backward_layer(sequences, initial_state=backward_state, **kwargs)
        states = ()
        if self.return_state:
            states = tuple(y[1:]) + tuple(y_rev[1:])
            y, y_rev = y[0], y_rev[0]
        y, y_rev = math_ops.cast(y, self.compute_dtype), math_ops.cast(y_rev, self.compute_dtype)
        if self.return_sequences:
            y_rev = manip_ops.reverse(y_rev, [1])
        if self.merge_mode == "concat":
            output = array_ops.concat([y, y_rev], axis=-1)
        elif self.merge_mode == "sum":
            output = y + y_rev
        elif self.merge_mode == "ave":
            output = (y + y_rev) / 2
        elif self.merge_mode == "mul":
            output = y * y_rev
        else:
            output = (y, y_rev)
        if self.return_state:
            return (output + states) if self.merge_mode is None else (output,) + states
        return output

    def get_config(self):
        config = {"merge_mode": self.merge_mode,
                  "layer": serialization_lib.serialize_keras_object(self.forward_layer),
                  "backward_layer": serialization_lib.serialize_keras_object(self.backward_layer)}
        return {**super().get_config(), **config}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = copy.deepcopy(config)
        config["layer"] = serialization_lib.deserialize_keras_object(config["layer"], custom_objects=custom_objects)
        backward_layer_config = config.pop("backward_layer", None)
        if backward_layer_config is not None:
            config["backward_layer"] = serialization_lib.deserialize_keras_object(backward_layer_config,
                                                                                  custom_objects=custom_objects)
        return cls(**config)
