"""`Cropping1D` and `Cropping2D` (keras/src/layers/reshaping/cropping1d.py, cropping2d.py): the
spatial axes cut at both ends by basic slicing, as Keras slices."""
from varrt.layers.conv_arguments import standardize_data_format, standardize_tuple
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.layers.zero_padding import standardize_pairs


def _span(before, after):
    """The slice keeping what `before` and `after` do not cut (Keras writes `a:` for after == 0)."""
    return slice(before, None) if after == 0 else slice(before, -after)


class Cropping1D(Layer):
    """Cuts the steps axis of `(batch, steps, features)` (`tf.keras.layers.Cropping1D`).

    Args:
        cropping: An int (both ends) or two ints (start, end).
    """

    def __init__(self, cropping=(1, 1), **kwargs):
        super().__init__(**kwargs)
        self.cropping = standardize_tuple(cropping, 2, "cropping", allow_zero=True)
        self.input_spec = InputSpec(ndim=3)

    def compute_output_shape(self, input_shape):
        if input_shape[1] is not None:
            length = input_shape[1] - self.cropping[0] - self.cropping[1]
            if length <= 0:
                raise ValueError("`cropping` parameter of `Cropping1D` layer must be smaller than the input length. "
                                 f"Received: input_shape={input_shape}, cropping={self.cropping}")
        else:
            length = None
        return (input_shape[0], length, input_shape[2])

    def call(self, inputs):
        if inputs.shape[1] is not None and sum(self.cropping) >= inputs.shape[1]:
            raise ValueError("`cropping` parameter of `Cropping1D` layer must be smaller than the input length. "
                             f"Received: inputs.shape={inputs.shape}, cropping={self.cropping}")
        return inputs[:, _span(*self.cropping), :]

    def get_config(self):
        return {**super().get_config(), "cropping": self.cropping}


class Cropping2D(Layer):
    """Cuts the rows and columns of an image batch (`tf.keras.layers.Cropping2D`).

    Args:
        cropping: An int, two ints (rows, columns; both ends each) or ((top, bottom), (left, right)).
        data_format: "channels_last" (default) or "channels_first".
    """

    def __init__(self, cropping=((0, 0), (0, 0)), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        if isinstance(cropping, int) and cropping < 0:
            raise ValueError(f"`cropping` cannot be negative. Received: cropping={cropping}.")
        self.cropping = standardize_pairs(cropping, "cropping")
        self.input_spec = InputSpec(ndim=4)

    def _spatial(self, shape):
        return (shape[2], shape[3]) if self.data_format == "channels_first" else (shape[1], shape[2])

    def _too_much(self, shape):
        rows, cols = self._spatial(shape)
        return ((rows is not None and sum(self.cropping[0]) >= rows)
                or (cols is not None and sum(self.cropping[1]) >= cols))

    def compute_output_shape(self, input_shape):
        if self._too_much(input_shape):
            raise ValueError("Values in `cropping` argument should be smaller than the corresponding spatial "
                             f"dimension of the input. Received: input_shape={input_shape}, cropping={self.cropping}")
        rows, cols = self._spatial(input_shape)
        rows = rows - sum(self.cropping[0]) if rows is not None else None
        cols = cols - sum(self.cropping[1]) if cols is not None else None
        if self.data_format == "channels_first":
            return (input_shape[0], input_shape[1], rows, cols)
        return (input_shape[0], rows, cols, input_shape[3])

    def call(self, inputs):
        if self._too_much(inputs.shape):
            raise ValueError("Values in `cropping` argument should be smaller than the corresponding spatial "
                             f"dimension of the input. Received: inputs.shape={inputs.shape}, "
                             f"cropping={self.cropping}")
        rows, cols = _span(*self.cropping[0]), _span(*self.cropping[1])
        if self.data_format == "channels_first":
            return inputs[:, :, rows, cols]
        return inputs[:, rows, cols, :]

    def get_config(self):
        return {**super().get_config(), "cropping": self.cropping, "data_format": self.data_format}
