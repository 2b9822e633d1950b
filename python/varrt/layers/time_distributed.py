"""`Wrapper` and `TimeDistributed` (keras/src/layers/core/wrapper.py,
keras/src/layers/rnn/time_distributed.py): a layer applied to every time step of its input
(the step's slice `inputs[:, t]`), the results stacked on the time axis again."""
from varrt.layers.layer import Layer
from varrt.ops import array_ops
from varrt.saving import serialization_lib


def _check_mask(mask, inputs):
    """Keras's checks of a mask for TimeDistributed: at least [batch, time], matching the input's."""
    mask_shape, input_shape = tuple(mask.shape), tuple(inputs.shape)
    if len(mask_shape) < 2:
        raise ValueError("The `mask` passed to the `TimeDistributed` layer must be at least 2D (e.g., `(batch_size, "
                         f"timesteps)`), but it has {len(mask_shape)} dimension(s) with shape {mask.shape}.")
    mismatch = any(a is not None and b is not None and a != b for a, b in zip(input_shape[:2], mask_shape[:2]))
    if mismatch:
        raise ValueError(f"The `mask` passed to the `TimeDistributed` layer has a shape {mask.shape} that is "
                         f"incompatible with the input shape {inputs.shape}. The first two dimensions of the mask "
                         "(batch size and timesteps) must match the input's first two dimensions. Expected mask "
                         f"shape prefix: ({input_shape[0]}, {input_shape[1]}).")


class Wrapper(Layer):
    """A layer holding another (`tf.keras.layers.Wrapper`), built with it."""

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(f"Layer {layer} supplied to Wrapper isn't a supported layer type. Please ensure wrapped "
                             "layer is a valid Keras layer.")
        super().__init__(**kwargs)
        self.layer = layer

    def build(self, input_shape=None):
        if not self.layer.built:
            self.layer.build(input_shape)
            self.layer.built = True

    def get_config(self):
        config = {"layer": serialization_lib.serialize_keras_object(self.layer)}
        return {**super().get_config(), **config}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        layer = serialization_lib.deserialize_keras_object(config.pop("layer"), custom_objects=custom_objects)
        return cls(layer, **config)


def _swap_batch_time(x):
    return array_ops.transpose(x, [1, 0] + list(range(2, x.shape.rank)))


class TimeDistributed(Wrapper):
    """`layer` applied to each time step of a [batch, time, ...] input (`tf.keras.layers.TimeDistributed`)."""

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(f"Please initialize `TimeDistributed` layer with a `keras.layers.Layer` instance. "
                             f"Received: {layer}")
        super().__init__(layer, **kwargs)
        self.supports_masking = True

    def _get_child_input_shape(self, input_shape):
        if not isinstance(input_shape, (tuple, list)) or len(input_shape) < 3:
            raise ValueError("`TimeDistributed` Layer should be passed an `input_shape` with at least 3 dimensions, "
                             f"received: {input_shape}")
        return (input_shape[0], *input_shape[2:])

    def compute_output_shape(self, input_shape):
        child_output_shape = self.layer.compute_output_shape(self._get_child_input_shape(input_shape))
        return (child_output_shape[0], input_shape[1], *child_output_shape[1:])

    def build(self, input_shape):
        super().build(self._get_child_input_shape(input_shape))

    def call(self, inputs, training=None, mask=None):
        if mask is not None:
            _check_mask(mask, inputs)
        steps = _swap_batch_time(inputs)
        if steps.shape[0] is None:
            raise NotImplementedError("varrt's TimeDistributed needs a known number of time steps (Keras maps the "
                                      "layer over an unknown one with vectorized_map, which varrt does not have yet).")
        step_masks = _swap_batch_time(mask) if mask is not None else None
        kwargs = {"training": training} if "training" in self.layer._call_parameters else {}

        def step(i):
            if step_masks is not None and "mask" in self.layer._call_parameters:
                return self.layer.call(steps[i], mask=step_masks[i], **kwargs)  # each step's slice of the mask
            return self.layer.call(steps[i], **kwargs)

        outputs = array_ops.stack([step(i) for i in range(steps.shape[0])])
        return _swap_batch_time(outputs)
