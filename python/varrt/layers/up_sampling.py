"""`UpSampling1D` and `UpSampling2D` (keras/src/layers/reshaping/up_sampling1d.py,
up_sampling2d.py): each step, row or column repeated, by `tf.repeat` as TensorFlow writes it for
one repeat count (expand, tile, reshape), which is what Keras's `ops.repeat` calls; UpSampling2D's
interpolation="bilinear" resizes with `tf.image.resize` as Keras's TensorFlow backend does."""
from varrt.layers import dynamic_shape
from varrt.layers.conv_arguments import standardize_data_format, standardize_tuple
from varrt.layers.image_resizing import RESIZE_INTERPOLATIONS
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.ops import array_ops, image_ops



def repeat(x, repeats, axis):
    """TensorFlow's repeat_with_axis for a scalar `repeats`: every slice along `axis` `repeats` times."""
    shape = dynamic_shape.shape(x)
    tiled = array_ops.tile(array_ops.expand_dims(x, axis + 1),
                           [1] * (axis + 1) + [repeats] + [1] * (len(shape) - axis - 1))
    return array_ops.reshape(tiled, dynamic_shape.pack(shape[:axis] + (shape[axis] * repeats,) + shape[axis + 1:]))


class UpSampling1D(Layer):
    """Repeats each step of `(batch, steps, features)` `size` times (`tf.keras.layers.UpSampling1D`).

    Args:
        size: A positive int.
    """

    def __init__(self, size=2, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(size, int) or isinstance(size, bool):
            raise TypeError(f"Expected an integer value for `size`, got {type(size)}.")
        if size <= 0:
            raise ValueError(f"Argument `size` should be a positive integer. Received: size={size}")
        self.size = size
        self.input_spec = InputSpec(ndim=3)

    def compute_output_shape(self, input_shape):
        size = self.size * input_shape[1] if input_shape[1] is not None else None
        return [input_shape[0], size, input_shape[2]]  # a list, as Keras returns it

    def call(self, inputs):
        return repeat(inputs, self.size, axis=1)

    def get_config(self):
        return {**super().get_config(), "size": self.size}


class UpSampling2D(Layer):
    """Repeats the rows and columns of an image batch (`tf.keras.layers.UpSampling2D`).

    Args:
        size: An int or two ints (row and column factors).
        data_format: "channels_last" (default) or "channels_first".
        interpolation: "nearest" or "bilinear"; Keras's other interpolations need methods of
            `tf.image.resize` varrt does not have yet (NotImplementedError when called).
    """

    def __init__(self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.size = standardize_tuple(size, 2, "size")
        self.interpolation = interpolation.lower()
        self.input_spec = InputSpec(ndim=4)

    def compute_output_shape(self, input_shape):
        channels_first = self.data_format == "channels_first"
        rows, cols = (input_shape[2], input_shape[3]) if channels_first else (input_shape[1], input_shape[2])
        rows = self.size[0] * rows if rows is not None else None
        cols = self.size[1] * cols if cols is not None else None
        if channels_first:
            return (input_shape[0], input_shape[1], rows, cols)
        return (input_shape[0], rows, cols, input_shape[3])

    def call(self, inputs):
        if self.interpolation != "nearest":
            if self.interpolation not in RESIZE_INTERPOLATIONS:
                raise ValueError(f"Invalid value for argument `interpolation`. Expected of one "
                                 f"{RESIZE_INTERPOLATIONS}. Received: interpolation={self.interpolation}")
            if self.interpolation != "bilinear":
                raise NotImplementedError(f"varrt's UpSampling2D does not implement interpolation="
                                          f"'{self.interpolation}' yet: it needs tf.image.resize's "
                                          f"'{self.interpolation}' method ('nearest' and 'bilinear' work).")
        x = inputs
        if self.data_format == "channels_first":
            x = array_ops.transpose(x, [0, 2, 3, 1])
        if self.interpolation == "bilinear":  # Keras's ops.image.resize of the grown shape
            shape = dynamic_shape.shape(x)
            x = image_ops.resize(x, dynamic_shape.pack((shape[1] * self.size[0], shape[2] * self.size[1])))
        else:
            x = repeat(x, self.size[0], axis=1)
            x = repeat(x, self.size[1], axis=2)
        if self.data_format == "channels_first":
            x = array_ops.transpose(x, [0, 3, 1, 2])
        return x

    def get_config(self):
        return {**super().get_config(), "size": self.size, "data_format": self.data_format,
                "interpolation": self.interpolation}
