"""`Dot` (keras/src/layers/merging/dot.py): the dot product of two batches of tensors along one
axis of each (Keras's `batch_dot`: the axes moved into place, the rest squashed into a batched
matmul and unsquashed), optionally of L2-normalized inputs (cosine proximity)."""
from varrt.framework.tensor import convert_to_tensor
from varrt.layers import dynamic_shape
from varrt.layers.merging import Merge
from varrt.ops import array_ops, linalg_ops, math_ops, reduction_ops

KERAS_EPSILON = 1e-7  # Keras's backend.epsilon()


def l2_normalize(x, axis):
    """Keras's `ops.normalize(x, axis, order=2)`: `x * min(rsqrt(sum(x²)), 1/epsilon)`."""
    square_sum = reduction_ops.reduce_sum(math_ops.square(x), axis=axis, keepdims=True)
    inv_norm = math_ops.rsqrt(square_sum)
    inv_norm = math_ops.minimum(inv_norm, convert_to_tensor(1.0 / KERAS_EPSILON, dtype=inv_norm.dtype))
    return x * inv_norm


def batch_dot(x, y, axes=None):
    """Keras's `batch_dot` (the checks and their messages included)."""
    x_shape, y_shape = tuple(x.shape.as_list()), tuple(y.shape.as_list())
    x_ndim, y_ndim = len(x_shape), len(y_shape)
    if x_ndim < 2 or y_ndim < 2:
        raise ValueError(f"Cannot do batch_dot on inputs with rank < 2. Received inputs with shapes {x_shape} and "
                         f"{y_shape}.")
    if x_shape[0] is not None and y_shape[0] is not None and x_shape[0] != y_shape[0]:
        raise ValueError(f"Cannot do batch_dot on inputs with different batch sizes. Received inputs with shapes "
                         f"{x_shape} and {y_shape}.")
    if isinstance(axes, int):
        axes = [axes, axes]
    if axes is None:
        axes = [x_ndim - 1, y_ndim - 1] if y_ndim == 2 else [x_ndim - 1, y_ndim - 2]
    if any(isinstance(a, (list, tuple)) for a in axes):
        raise ValueError(f"Multiple target dimensions are not supported. Expected: None, int, (int, int), "
                         f"Provided: {axes} ")
    axes = list(axes)
    if axes[0] < 0:
        axes[0] += x_ndim
    if axes[1] < 0:
        axes[1] += y_ndim
    if 0 in axes:
        raise ValueError("Cannot perform batch_dot over axis 0. If your inputs are not batched, add a dummy batch "
                         "dimension to your inputs using keras.ops.expand_dims(x, 0)")
    a0, a1 = axes
    d1, d2 = x_shape[a0], y_shape[a1]
    if d1 is not None and d2 is not None and d1 != d2:
        raise ValueError(f"Cannot do batch_dot on inputs with shapes {x_shape} and {y_shape} with axes={axes}. "
                         f"x.shape[{axes[0]}] != y.shape[{axes[1]}] ({d1} != {d2}).")
    orig_x_ndim, orig_y_ndim = x_ndim, y_ndim
    if x_ndim == 2:
        x = array_ops.expand_dims(x, 1)
        a0 += 1
        x_ndim += 1
    if y_ndim == 2:
        y = array_ops.expand_dims(y, 2)
        y_ndim += 1
    if a0 != x_ndim - 1:  # the summed axis of x moves last
        pattern = list(range(x_ndim))
        for i in range(a0, x_ndim - 1):
            pattern[i] = pattern[i + 1]
        pattern[-1] = a0
        x = array_ops.transpose(x, pattern)
    if a1 != 1:  # the summed axis of y moves to 1
        pattern = list(range(y_ndim))
        for i in range(a1, 1, -1):
            pattern[i] = pattern[i - 1]
        pattern[1] = a1
        y = array_ops.transpose(y, pattern)
    x_squashed = x_ndim > 3
    if x_squashed:
        xs = dynamic_shape.shape(x)
        x_mid_dims = xs[1:-1]
        x = array_ops.reshape(x, dynamic_shape.pack((xs[0], -1, xs[-1])))
    y_squashed = y_ndim > 3
    if y_squashed:
        ys = dynamic_shape.shape(y)
        y_trail_dims = ys[2:]
        y = array_ops.reshape(y, dynamic_shape.pack((ys[0], ys[1], -1)))
    result = linalg_ops.matmul(x, y)
    output_shape = dynamic_shape.shape(result)
    if x_squashed:
        output_shape = output_shape[:1] + x_mid_dims + output_shape[-1:]
    if y_squashed:
        output_shape = output_shape[:-1] + y_trail_dims
    if x_squashed or y_squashed:
        result = array_ops.reshape(result, dynamic_shape.pack(output_shape))
    if orig_x_ndim == 2:
        result = array_ops.squeeze(result, 1)
    elif orig_y_ndim == 2:
        result = array_ops.squeeze(result, -1)
    return result


def _resolve_axes(axes, shape1, shape2):
    if isinstance(axes, int):
        return [axes % len(shape1), axes % len(shape2)] if axes < 0 else [axes] * 2
    return list(axes)


class Dot(Merge):
    """The dot product of two inputs along `axes` (an int, or one axis for each input),
    of the L2-normalized inputs when `normalize` (`tf.keras.layers.Dot`)."""

    def __init__(self, axes, normalize=False, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(axes, int):
            if not isinstance(axes, (list, tuple)):
                raise TypeError(f"Invalid type for argument `axes`: it should be a list or an int. Received: "
                                f"axes={axes}")
            if len(axes) != 2:
                raise ValueError(f"Invalid format for argument `axes`: it should contain two elements. Received: "
                                 f"axes={axes}")
            if not isinstance(axes[0], int) or not isinstance(axes[1], int):
                raise ValueError(f"Invalid format for argument `axes`: list elements should be integers. Received: "
                                 f"axes={axes}")
        self.axes = axes
        self.normalize = normalize
        self.supports_masking = True
        self._reshape_required = False

    def build(self, input_shape):
        if not isinstance(input_shape[0], (tuple, list)) or len(input_shape) != 2:
            raise ValueError(f"A `Dot` layer should be called on a list of 2 inputs. Received: "
                             f"input_shape={input_shape}")
        shape1, shape2 = input_shape
        if shape1 is None or shape2 is None:
            return
        axes = _resolve_axes(self.axes, shape1, shape2)
        if shape1[axes[0]] != shape2[axes[1]]:
            raise ValueError(f"Incompatible input shapes: axis values {shape1[axes[0]]} (at axis {axes[0]}) != "
                             f"{shape2[axes[1]]} (at axis {axes[1]}). Full input shapes: {shape1}, {shape2}")

    def _merge_function(self, inputs):
        if len(inputs) != 2:
            raise ValueError(f"A `Dot` layer should be called on exactly 2 inputs. Received: inputs={inputs}")
        x1, x2 = inputs
        if isinstance(self.axes, int):
            axes = _resolve_axes(self.axes, x1.shape, x2.shape)
        else:
            axes = [a % len(inputs[i].shape) if a < 0 else a for i, a in enumerate(self.axes)]
        if self.normalize:
            x1 = l2_normalize(x1, axis=axes[0])
            x2 = l2_normalize(x2, axis=axes[1])
        return batch_dot(x1, x2, axes)

    def compute_output_shape(self, input_shape):
        if not isinstance(input_shape, (tuple, list)) or len(input_shape) != 2:
            raise ValueError(f"A `Dot` layer should be called on a list of 2 inputs. Received: "
                             f"input_shape={input_shape}")
        shape1, shape2 = list(input_shape[0]), list(input_shape[1])
        axes = _resolve_axes(self.axes, shape1, shape2)
        shape1.pop(axes[0])
        shape2.pop(axes[1])
        shape2.pop(0)
        output_shape = shape1 + shape2
        if len(output_shape) == 1:
            output_shape += [1]
        return tuple(output_shape)

    def compute_mask(self, inputs, mask=None):
        return None

    def get_config(self):
        return {**super().get_config(), "axes": self.axes, "normalize": self.normalize}


def dot(inputs, axes=-1, **kwargs):
    """`Dot(axes=axes, **kwargs)(inputs)`."""
    return Dot(axes=axes, **kwargs)(inputs)
