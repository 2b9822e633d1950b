"""`to_categorical` and `normalize` (keras/src/utils/numerical_utils.py): NumPy in, NumPy out;
a tensor in goes through the ops, as Keras's TensorFlow backend does."""
import numpy as np

from varrt.framework.tensor import convert_to_tensor, is_tensor
from varrt.ops import array_ops, index_ops, math_ops
from varrt.ops.linalg_composites import norm_v2
from varrt.layers.dot import KERAS_EPSILON, l2_normalize


def to_categorical(x, num_classes=None):
    """Class indices as one-hot rows (a trailing dimension of 1 is dropped first); NumPy gives
    float64, a tensor float32."""
    if is_tensor(x):  # a tensor or a variable, as Keras's backend.is_tensor (tf.is_tensor)
        x = convert_to_tensor(x)
        shape = tuple(x.shape)
        if len(shape) > 1 and shape[-1] == 1:
            x = array_ops.reshape(x, shape[:-1])
        return index_ops.one_hot(x, num_classes, dtype="float32")
    x = np.array(x, dtype="int64")
    input_shape = x.shape
    if input_shape and input_shape[-1] == 1 and len(input_shape) > 1:
        input_shape = tuple(input_shape[:-1])
    x = x.reshape(-1)
    if not num_classes:
        num_classes = np.max(x) + 1
    batch_size = x.shape[0]
    categorical = np.zeros((batch_size, num_classes))
    categorical[np.arange(batch_size), x] = 1
    return np.reshape(categorical, input_shape + (num_classes,))


def _normalize_tensor(x, axis, order):
    if not isinstance(order, int) or not order >= 1:
        raise ValueError(f"Argument `order` must be an int >= 1. Received: order={order}")
    x = convert_to_tensor(x)
    if len(x.shape) == 0:
        x = array_ops.expand_dims(x, 0)
    if order == 2:
        return l2_normalize(x, axis)
    norm = norm_v2(x, ord=order, axis=axis, keepdims=True)
    return math_ops.divide(x, math_ops.maximum(norm, convert_to_tensor(KERAS_EPSILON, dtype=norm.dtype)))


def normalize(x, axis=-1, order=2):
    """`x` divided by its `order`-norm along `axis` (a zero norm divides by 1 for NumPy input)."""
    if isinstance(x, np.ndarray):
        norm = np.atleast_1d(np.linalg.norm(x, order, axis))
        norm[norm == 0] = 1
        axis = axis or -1  # np.expand_dims takes no None
        return x / np.expand_dims(norm, axis)
    return _normalize_tensor(x, axis, order)
