"""`Wrapper` and `TimeDistributed` (keras/src/layers/core/wrapper.py,
keras/src/layers/rnn/time_distributed.py): a layer applied to every time step of its input
(the step's slice `inputs[:, t]`), the results stacked on the time axis again."""
from varrt.layers.layer import Layer
from varrt.ops import array_ops
from varrt.saving import serialization_lib


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
            raise NotImplementedError("varrt's TimeDistributed does not take a `mask` yet.")
        steps = _swap_batch_time(inputs)
        if steps.shape[0] is None:
            raise NotImplementedError("varrt's TimeDistributed needs a known number of time steps (Keras maps the "
                                      "layer over an unknown one with vectorized_map, which varrt does not have yet).")
        kwargs = {"training": training} if "training" in self.layer._call_parameters else {}
        outputs = array_ops.stack([self.layer.call(steps[i], **kwargs) for i in range(steps.shape[0])])
        return _swap_batch_time(outputs)
