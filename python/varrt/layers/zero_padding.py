"""`ZeroPadding1D` and `ZeroPadding2D` (keras/src/layers/reshaping/zero_padding1d.py,
zero_padding2d.py): zeros added before and after the spatial axes, by tf.pad as Keras's
`ops.pad` on the TensorFlow backend pads."""
from varrt.layers.conv_arguments import standardize_data_format, standardize_tuple
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.ops import manip_ops


def standardize_pairs(value, what):
    """Keras's rule for ZeroPadding2D's `padding` and Cropping2D's `cropping`: an int, two ints
    (symmetric per axis) or two pairs, as ((top, bottom), (left, right))."""
    if isinstance(value, int):
        return (value, value), (value, value)
    if hasattr(value, "__len__"):
        if len(value) != 2:
            raise ValueError(f"`{what}` should have two elements. Received: {what}={value}.")
        return (standardize_tuple(value[0], 2, f"1st entry of {what}", allow_zero=True),
                standardize_tuple(value[1], 2, f"2nd entry of {what}", allow_zero=True))
    raise ValueError(f"`{what}` should be either an int, a tuple of 2 ints (symmetric_height_crop, "
                     f"symmetric_width_crop), or a tuple of 2 tuples of 2 ints ((top_crop, bottom_crop), "
                     f"(left_crop, right_crop)). Received: {what}={value}.")


class ZeroPadding1D(Layer):
    """Pads the steps axis of `(batch, steps, features)` with zeros (`tf.keras.layers.ZeroPadding1D`).

    Args:
        padding: An int (both sides) or two ints (before, after).
        data_format: "channels_last" (default) or "channels_first" (`(batch, features, steps)`).
    """

    def __init__(self, padding=1, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.padding = standardize_tuple(padding, 2, "padding", allow_zero=True)
        self.input_spec = InputSpec(ndim=3)

    def compute_output_shape(self, input_shape):
        output_shape = list(input_shape)
        padding_dim = 2 if self.data_format == "channels_first" else 1
        if output_shape[padding_dim] is not None:
            output_shape[padding_dim] += self.padding[0] + self.padding[1]
        return tuple(output_shape)

    def call(self, inputs):
        if self.data_format == "channels_first":
            all_dims_padding = ((0, 0), (0, 0), self.padding)
        else:
            all_dims_padding = ((0, 0), self.padding, (0, 0))
        return manip_ops.pad(inputs, all_dims_padding)

    def get_config(self):
        return {**super().get_config(), "padding": self.padding, "data_format": self.data_format}


class ZeroPadding2D(Layer):
    """Pads the rows and columns of an image batch with zeros (`tf.keras.layers.ZeroPadding2D`).

    Args:
        padding: An int, two ints (rows, columns; both sides each) or ((top, bottom), (left, right)).
        data_format: "channels_last" (default) or "channels_first".
    """

    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.padding = standardize_pairs(padding, "padding")
        self.input_spec = InputSpec(ndim=4)

    def compute_output_shape(self, input_shape):
        output_shape = list(input_shape)
        offset = 2 if self.data_format == "channels_first" else 1
        for index in range(2):
            if output_shape[index + offset] is not None:
                output_shape[index + offset] += self.padding[index][0] + self.padding[index][1]
        return tuple(output_shape)

    def call(self, inputs):
        if self.data_format == "channels_first":
            all_dims_padding = ((0, 0), (0, 0), *self.padding)
        else:
            all_dims_padding = ((0, 0), *self.padding, (0, 0))
        return manip_ops.pad(inputs, all_dims_padding)

    def get_config(self):
        return {**super().get_config(), "padding": self.padding, "data_format": self.data_format}
