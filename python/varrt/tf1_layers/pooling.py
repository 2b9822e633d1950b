"""TensorFlow 1's pooling layers (tf_keras/legacy_tf_layers/pooling.py): `MaxPooling1D/2D`,
`AveragePooling1D/2D` and their functions, channels-last (MaxPool and AvgPool)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.base.naming import to_snake_case
from varrt.ops import conv_ops
from varrt.tf1_layers.arguments import channels_last, normalize_tuple, padding_of
from varrt.tf1_layers.base import Layer


class _Pooling(Layer):
    _rank = 2
    _pool = None  # (inputs, ksize, strides, padding) -> outputs

    def __init__(self, pool_size, strides, padding="valid", data_format="channels_last", name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        self.pool_size = normalize_tuple(pool_size, self._rank, "pool_size")
        self.strides = normalize_tuple(self.pool_size if strides is None else strides, self._rank, "strides")
        self.padding = padding_of(padding)
        self.data_format = channels_last(data_format)

    def call(self, inputs):
        return type(self)._pool(inputs, list(self.pool_size), list(self.strides), self.padding.upper())


def _pooling_function(cls):
    def function(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
        return cls(pool_size=pool_size, strides=strides, padding=padding, data_format=data_format, name=name)(inputs)
    function.__doc__ = f"A `{cls.__name__}` layer applied to `inputs`."
    function.__name__ = function.__qualname__ = to_snake_case(cls.__name__)
    return function


class MaxPooling1D(_Pooling):
    """The maximum over windows of `pool_size`, 1-D."""
    _rank, _pool = 1, staticmethod(conv_ops.max_pool1d)


class MaxPooling2D(_Pooling):
    """The maximum over windows of `pool_size`, 2-D."""
    _rank, _pool = 2, staticmethod(conv_ops.max_pool2d)


class AveragePooling1D(_Pooling):
    """The mean over windows of `pool_size`, 1-D."""
    _rank, _pool = 1, staticmethod(conv_ops.avg_pool1d)


class AveragePooling2D(_Pooling):
    """The mean over windows of `pool_size`, 2-D."""
    _rank, _pool = 2, staticmethod(conv_ops.avg_pool2d)


max_pooling1d = _pooling_function(MaxPooling1D)
max_pooling2d = _pooling_function(MaxPooling2D)
average_pooling1d = _pooling_function(AveragePooling1D)
average_pooling2d = _pooling_function(AveragePooling2D)
