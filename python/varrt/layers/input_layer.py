"""`InputLayer` and `keras.Input` (keras/src/layers/core/input_layer.py): the entry of a
functional model. An InputLayer holds one KerasTensor, made by a node with no inputs."""
import warnings

from varrt.layers.keras_tensor import KerasTensor, standardize_dtype, standardize_shape
from varrt.layers.layer import Layer
from varrt.layers.node import Node

_INCOMPATIBLE = "When providing the `input_tensor` argument, you cannot provide an incompatible `{}` argument."


class InputLayer(Layer):
    """The layer a functional model's input comes from (`tf.keras.layers.InputLayer`)."""

    def __init__(self, shape=None, batch_size=None, dtype=None, sparse=None, ragged=None, batch_shape=None,
                 input_tensor=None, optional=False, name=None, **kwargs):
        super().__init__(name=name)
        if "input_shape" in kwargs:
            warnings.warn("Argument `input_shape` is deprecated. Use `shape` instead.")
            shape = kwargs.pop("input_shape")
        if "batch_input_shape" in kwargs:
            batch_shape = kwargs.pop("batch_input_shape")
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments passed to InputLayer: {kwargs}")
        if ragged and not sparse:
            raise NotImplementedError("varrt's `tf.keras.Input` takes no `ragged` inputs yet.")
        if input_tensor is not None:
            if not isinstance(input_tensor, KerasTensor):
                raise ValueError("Argument `input_tensor` must be a KerasTensor. Received invalid type: "
                                 f"input_tensor={input_tensor} (of type {type(input_tensor)})")
            if batch_size is not None and (len(input_tensor.shape) < 1 or input_tensor.shape[0] != batch_size):
                raise ValueError(_INCOMPATIBLE.format("batch_size"))
            if shape is not None and (len(shape) != len(input_tensor.shape) - 1
                                      or tuple(shape) != input_tensor.shape[1:]):
                raise ValueError(_INCOMPATIBLE.format("shape"))
            if batch_shape is not None and tuple(batch_shape) != input_tensor.shape:
                raise ValueError(_INCOMPATIBLE.format("batch_shape"))
            if dtype is not None and input_tensor.dtype != standardize_dtype(dtype):
                raise ValueError(_INCOMPATIBLE.format("dtype"))
            if sparse is not None and input_tensor.sparse != sparse:
                raise ValueError(_INCOMPATIBLE.format("sparse"))
            batch_shape = input_tensor.shape
            dtype = input_tensor.dtype
            sparse = input_tensor.sparse
        else:
            if shape is not None and batch_shape is not None:
                raise ValueError("You cannot pass both `shape` and `batch_shape` at the same time.")
            if batch_size is not None and batch_shape is not None:
                raise ValueError("You cannot pass both `batch_size` and `batch_shape` at the same time.")
            if shape is None and batch_shape is None:
                raise ValueError("You must pass a `shape` argument.")
            if shape is not None:
                batch_shape = (batch_size,) + standardize_shape(shape)
        self._batch_shape = standardize_shape(batch_shape)
        self._dtype = standardize_dtype(dtype)
        self.sparse = bool(sparse)
        self.ragged = bool(ragged)
        if input_tensor is None:
            input_tensor = KerasTensor(shape=batch_shape, dtype=dtype, sparse=sparse, ragged=ragged, name=name)
        object.__setattr__(self, "_input_tensor", input_tensor)
        Node(operation=self, call_args=(), call_kwargs={}, outputs=input_tensor)
        self.built = True
        self.optional = optional

    def call(self):
        return None

    @property
    def batch_shape(self):
        """The input's shape, batch dimension first."""
        return self._batch_shape

    @property
    def dtype(self):
        """The input's dtype name."""
        return self._dtype

    def get_config(self):
        return {"batch_shape": self.batch_shape, "dtype": self.dtype, "sparse": self.sparse, "ragged": self.ragged,
                "name": self.name, "optional": self.optional}


def Input(shape=None, batch_size=None, dtype=None, sparse=None, ragged=None, batch_shape=None, name=None,  # noqa: N802
          tensor=None, optional=False):
    """A symbolic input (`tf.keras.Input`): a KerasTensor of `shape` (without the batch
    dimension) or `batch_shape`, to call layers on and make a functional model from."""
    layer = InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, sparse=sparse, ragged=ragged,
                       batch_shape=batch_shape, name=name, input_tensor=tensor, optional=optional)
    return layer.output
