"""`DataLayer` (keras/src/layers/preprocessing/data_layer.py): the base of the preprocessing
layers that may run inside a `tf.data` pipeline. Keras's rule for such a call: when a graph is
being built (a `Dataset.map` function, a traced training step) on tensors, not KerasTensors, the
inputs are first converted to the layer's compute dtype, so an integer image reaches `call`
as floats there, while an eager call gets the usual input conversion."""
from varrt.base import nest
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.layers.keras_tensor import KerasTensor
from varrt.layers.layer import Layer
from varrt.ops import math_ops


def to_dtype(x, dtype):
    """Keras's TensorFlow `convert_to_tensor(x, dtype)`: a tensor of another dtype is cast; an
    integer or bool target converts a host value first and casts it (TensorFlow would refuse a
    float into an int); anything else converts straight to `dtype`."""
    if isinstance(x, Tensor):
        return x if x.dtype.name == dtype else math_ops.cast(x, dtype)
    if dtype == "bool" or "int" in dtype:
        return math_ops.cast(convert_to_tensor(x), dtype)
    return convert_to_tensor(x, dtype=dtype)


class DataLayer(Layer):
    """A layer safe in a `tf.data` pipeline (one input tensor)."""

    _allow_non_tensor_positional_args = True

    def __call__(self, inputs, **kwargs):
        sample = nest.flatten(inputs)[0]
        if not isinstance(sample, KerasTensor) and graph_building.building():
            inputs = nest.map_structure(lambda x: to_dtype(x, self.compute_dtype), inputs)
        return super().__call__(inputs, **kwargs)
