"""The reshaping layers (keras/src/layers/reshaping/): `Flatten`, `Reshape`, `Permute`,
`RepeatVector`. Each keeps the batch axis and rearranges the rest."""
import math

from varrt.layers import dynamic_shape
from varrt.layers.conv_arguments import standardize_data_format
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.layers.sparse_inputs import refuse_sparse
from varrt.ops import array_ops


class Flatten(Layer):
    """Flattens each sample to one axis: `(batch, ...)` becomes `(batch, n)`
    (`tf.keras.layers.Flatten`).

    Args:
        data_format: "channels_last" (default) or "channels_first" (channels moved last first).
    """

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.input_spec = InputSpec(min_ndim=1)
        self._channels_first = self.data_format == "channels_first"

    def call(self, inputs):
        refuse_sparse(self, inputs)
        input_shape = dynamic_shape.shape(inputs)
        rank = len(input_shape)
        if self._channels_first and rank > 1:
            inputs = array_ops.transpose(inputs, (0, *range(2, rank), 1))
        non_batch_dims = input_shape[1:]
        if len(non_batch_dims) == 0:
            flattened_dim = 1
        elif any(not isinstance(d, int) for d in non_batch_dims):
            flattened_dim = -1
        else:
            flattened_dim = math.prod(non_batch_dims)
        return array_ops.reshape(inputs, dynamic_shape.pack((input_shape[0], flattened_dim)))

    def compute_output_shape(self, input_shape):
        non_batch_dims = input_shape[1:]
        if len(non_batch_dims) == 0:
            flattened_dim = 1
        elif any(d is None for d in non_batch_dims):
            flattened_dim = None
        else:
            flattened_dim = math.prod(non_batch_dims)
        return (input_shape[0], flattened_dim)

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format}


def validate_reshape_shape(newshape, newshape_arg_name="newshape"):
    """Keras's check: sizes are non-negative, or one -1."""
    neg_one_count = 0
    for dim in newshape:
        if not isinstance(dim, int):
            continue
        if dim < -1:
            raise ValueError(f"Each dimension in `{newshape_arg_name}` must be a non-negative integer, or `-1` for a "
                             f"single unknown dimension. Received: {newshape_arg_name}={newshape}.")
        if dim == -1:
            neg_one_count += 1
    if neg_one_count > 1:
        raise ValueError("There must be at most one unknown dimension (-1) in "
                         f"`{newshape_arg_name}`. Received: {newshape_arg_name}={newshape}.")


def compute_reshape_output_shape(input_shape, newshape, newshape_arg_name):
    """`newshape` with its -1 resolved from `input_shape` (None when a size is unknown), and
    Keras's errors when the sizes cannot match."""
    validate_reshape_shape(newshape, newshape_arg_name)
    newshape = tuple(dim if isinstance(dim, int) else None for dim in newshape)
    if None in input_shape or None in newshape:
        return tuple(dim if dim != -1 else None for dim in newshape)
    input_size = math.prod(input_shape)
    if newshape.count(-1) == 0:
        if input_size != math.prod(newshape):
            raise ValueError("The total size of the tensor must be unchanged. Received: "
                             f"input_shape={input_shape}, {newshape_arg_name}={newshape}")
        return newshape
    known_output_size = math.prod(d for d in newshape if d != -1)
    if known_output_size == 0 or input_size % known_output_size != 0:
        raise ValueError("The total size of the tensor must be unchanged, however, the input size cannot by divided "
                         f"by the specified dimensions in {newshape_arg_name}. Received: input_shape={input_shape}, "
                         f"{newshape_arg_name}={newshape}")
    return tuple(input_size // known_output_size if d == -1 else d for d in newshape)


class Reshape(Layer):
    """Reshapes each sample to `target_shape` (batch axis kept; one entry may be -1)
    (`tf.keras.layers.Reshape`)."""

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        target_shape = tuple(target_shape)
        validate_reshape_shape(target_shape, newshape_arg_name="target_shape")
        self.target_shape = target_shape
        self.built = True

    def compute_output_shape(self, input_shape):
        return (input_shape[0],
                *compute_reshape_output_shape(tuple(input_shape[1:]), self.target_shape, "target_shape"))

    def call(self, inputs):
        resolved = compute_reshape_output_shape(tuple(inputs.shape.as_list())[1:], self.target_shape, "target_shape")
        resolved = tuple(-1 if d is None else d for d in resolved)
        return array_ops.reshape(inputs, dynamic_shape.pack((dynamic_shape.shape(inputs)[0],) + resolved))

    def get_config(self):
        return {**super().get_config(), "target_shape": self.target_shape}


class Permute(Layer):
    """Permutes the non-batch axes: `dims` (1-based) is the new order
    (`tf.keras.layers.Permute`)."""

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(dims) != list(range(1, len(dims) + 1)):
            raise ValueError("Invalid permutation argument `dims` for Permute Layer. The set of indices in `dims` "
                             f"must be consecutive and start from 1. Received dims={dims}")
        self.input_spec = InputSpec(ndim=len(self.dims) + 1)

    def compute_output_shape(self, input_shape):
        return tuple([input_shape[0]] + [input_shape[dim] for dim in self.dims])

    def call(self, inputs):
        return array_ops.transpose(inputs, (0,) + self.dims)

    def get_config(self):
        return {**super().get_config(), "dims": self.dims}


class RepeatVector(Layer):
    """Repeats each sample (a vector) `n` times: `(batch, d)` becomes `(batch, n, d)`
    (`tf.keras.layers.RepeatVector`)."""

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"Expected an integer value for `n`, got {type(n)}.")
        if n <= 0:
            raise ValueError(f"Argument `n` should be a positive integer. Received: n={n}")
        self.n = n
        self.input_spec = InputSpec(ndim=2)

    def compute_output_shape(self, input_shape):
        return (input_shape[0], self.n, input_shape[1])

    def call(self, inputs):
        input_shape = dynamic_shape.shape(inputs)
        reshaped = array_ops.reshape(inputs, dynamic_shape.pack((input_shape[0], 1, input_shape[1])))
        return array_ops.tile(reshaped, [1, self.n, 1])

    def get_config(self):
        return {**super().get_config(), "n": self.n}
