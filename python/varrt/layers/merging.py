"""The merge layers (keras/src/layers/merging/): `Add`, `Subtract`, `Multiply`, `Average`,
`Maximum`, `Minimum`, `Concatenate`, and their function forms (`add([a, b])`, ...). Each takes
a list of tensors; inputs of different ranks are broadcast by Keras's rule (the shorter ones get
axes after the batch axis), and the shape checks and messages are Keras's.

The output's mask is Keras's `compute_mask` (the inputs' masks or-ed; in a functional model, Keras's
operations: LogicalOr, and for Concatenate ExpandDims, ZerosLike, Concatenate and Any). `Maximum`, `Minimum` and
`Multiply` also let the masks choose the values, as Keras's do: a masked entry takes no part in
the maximum or minimum, counts as 1 in the product, and a product masked in every input is 0."""
import copy

from varrt.framework.keras_mask import get_keras_mask, set_keras_mask
from varrt.framework.tensor import convert_to_tensor
from varrt.layers import keras_ops
from varrt.layers.layer import Layer
from varrt.layers.sparse_inputs import refuse_sparse
from varrt.ops import array_ops, index_ops, math_ops, reduction_ops


def _is_shape(shape):
    return isinstance(shape, (tuple, list))


def _check_mask_list(inputs, mask):
    if not isinstance(mask, (tuple, list)):
        raise ValueError(f"`mask` should be a list. Received: mask={mask}")
    if not isinstance(inputs, (tuple, list)):
        raise ValueError(f"`inputs` should be a list. Received: inputs={inputs}")
    if len(mask) != len(inputs):
        raise ValueError("The lists `inputs` and `mask` should have the same length. "
                         f"Received: inputs={inputs} of length {len(inputs)}, and mask={mask} of length {len(mask)}")


class Merge(Layer):
    """The base of the merge layers: checks the list of inputs, broadcasts their ranks and
    applies `_merge_function`."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def _merge_function(self, inputs):
        raise NotImplementedError

    def _compute_elemwise_op_output_shape(self, shape1, shape2):
        if None in [shape1, shape2]:
            return None
        if len(shape1) < len(shape2):
            return self._compute_elemwise_op_output_shape(shape2, shape1)
        if not shape2:
            return shape1
        output_shape = list(shape1[: -len(shape2)])
        for i, j in zip(shape1[-len(shape2):], shape2):
            if i is None or j is None:
                output_shape.append(None)
            elif i == 1:
                output_shape.append(j)
            elif j == 1:
                output_shape.append(i)
            else:
                if i != j:
                    raise ValueError(f"Inputs have incompatible shapes. Received shapes {shape1} and {shape2}")
                output_shape.append(i)
        return tuple(output_shape)

    def build(self, input_shape):
        if not _is_shape(input_shape[0]):
            raise ValueError("A merge layer should be called on a list of inputs. "
                             f"Received: input_shape={input_shape} (not a list of shapes)")
        if len(input_shape) < 1:
            raise ValueError("A merge layer should be called on a list of at least 1 input. "
                             f"Received {len(input_shape)} inputs. Full input_shape received: {input_shape}")
        batch_sizes = {s[0] for s in input_shape if s} - {None}
        if len(batch_sizes) > 1:
            raise ValueError(f"Cannot merge tensors with different batch sizes. Received tensors with shapes "
                             f"{input_shape}")
        output_shape = None if input_shape[0] is None else input_shape[0][1:]
        for i in range(1, len(input_shape)):
            shape = None if input_shape[i] is None else input_shape[i][1:]
            output_shape = self._compute_elemwise_op_output_shape(output_shape, shape)
        self._reshape_required = not (None not in input_shape and len(set(map(len, input_shape))) == 1)

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(f"A merge layer should be called on a list of inputs. Received: inputs={inputs} "
                             "(not a list of tensors)")
        refuse_sparse(self, inputs)
        if not self._reshape_required:
            return self._merge_function(inputs)
        ranks = [x.shape.rank for x in inputs]
        if None in ranks:
            raise NotImplementedError("varrt's merge layers do not broadcast inputs of unknown rank yet.")
        max_ndim = max(ranks)
        reshaped = []
        for x, ndim in zip(inputs, ranks):
            for _ in range(max_ndim - ndim):
                x = array_ops.expand_dims(x, axis=1)
            reshaped.append(x)
        return self._merge_function(reshaped)

    def compute_output_shape(self, input_shape):
        output_shape = None if input_shape[0] is None else input_shape[0][1:]
        for i in range(1, len(input_shape)):
            shape = None if input_shape[i] is None else input_shape[i][1:]
            output_shape = self._compute_elemwise_op_output_shape(output_shape, shape)
        batch_sizes = {s[0] for s in input_shape if s is not None} - {None}
        if len(batch_sizes) == 1:
            return (list(batch_sizes)[0],) + output_shape
        return (None,) + output_shape

    def compute_mask(self, inputs, mask=None):
        """The inputs' masks or-ed together (None unless every input has one)."""
        if mask is None:
            return None
        _check_mask_list(inputs, mask)
        if any(m is None for m in mask):
            return None
        output_mask = mask[0]
        for m in mask[1:]:
            output_mask = output_mask | m  # Keras's ops.logical_or: on KerasTensors a LogicalOr operation
        return output_mask


def _fold(op, inputs):
    output = inputs[0]
    for x in inputs[1:]:
        output = op(output, x)
    return output


class Add(Merge):
    """The sum of its inputs (`tf.keras.layers.Add`)."""

    def _merge_function(self, inputs):
        return _fold(math_ops.add, inputs)


class Subtract(Merge):
    """`inputs[0] - inputs[1]`, exactly two inputs (`tf.keras.layers.Subtract`)."""

    def build(self, input_shape):
        super().build(input_shape)
        if len(input_shape) != 2:
            raise ValueError(f"A `Subtract` layer should be called on exactly 2 inputs. Received: "
                             f"input_shape={input_shape}")

    def _merge_function(self, inputs):
        if len(inputs) != 2:
            raise ValueError(f"A `Subtract` layer should be called on exactly 2 inputs. Received: inputs={inputs}")
        return math_ops.subtract(inputs[0], inputs[1])


def _expanded_mask(x):
    mask = get_keras_mask(x)
    return None if mask is None else array_ops.broadcast_to(array_ops.expand_dims(mask, -1), array_ops.shape(x))


def _merge_op_and_or_mask(op, inputs):
    """Keras's `_apply_merge_op_and_or_mask`: `op` folded over the inputs, each masked entry
    replaced by the other side's; the or of the masks set on the output when all have one."""
    output = output_mask = None
    for x in inputs:
        mask = _expanded_mask(x)
        if output is None:
            output, output_mask = x, mask
            continue
        if mask is not None:
            x = index_ops.where(mask, x, output)
        if output_mask is not None:
            output = index_ops.where(output_mask, output, x)
        output_mask = math_ops.logical_or(output_mask, mask) if mask is not None and output_mask is not None else None
        output = op(output, x)
    if output_mask is not None:
        set_keras_mask(output, reduction_ops.reduce_any(output_mask, axis=-1, keepdims=False))
    return output


class Multiply(Merge):
    """The elementwise product of its inputs (`tf.keras.layers.Multiply`)."""

    def _merge_function(self, inputs):
        masks = [_expanded_mask(x) for x in inputs]
        if all(m is None for m in masks):
            return _fold(math_ops.multiply, inputs)
        has_output_mask = all(m is not None for m in masks)
        output = output_mask = None
        for x, mask in zip(inputs, masks):
            if mask is not None:
                x = index_ops.where(mask, x, convert_to_tensor(1, dtype=x.dtype))  # a masked entry counts as 1
                if has_output_mask:
                    output_mask = mask if output_mask is None else math_ops.logical_or(output_mask, mask)
            output = x if output is None else math_ops.multiply(output, x)
        if has_output_mask:
            output = index_ops.where(output_mask, output, convert_to_tensor(0, dtype=output.dtype))
            set_keras_mask(output, reduction_ops.reduce_any(output_mask, axis=-1, keepdims=False))
        return output


class Average(Merge):
    """The elementwise mean of its inputs (`tf.keras.layers.Average`)."""

    def _merge_function(self, inputs):
        return _fold(math_ops.add, inputs) / len(inputs)


class Maximum(Merge):
    """The elementwise maximum of its inputs (`tf.keras.layers.Maximum`)."""

    def _merge_function(self, inputs):
        return _merge_op_and_or_mask(math_ops.maximum, inputs)


class Minimum(Merge):
    """The elementwise minimum of its inputs (`tf.keras.layers.Minimum`)."""

    def _merge_function(self, inputs):
        return _merge_op_and_or_mask(math_ops.minimum, inputs)


class Concatenate(Merge):
    """Its inputs joined along `axis` (`tf.keras.layers.Concatenate`); the other sizes must
    match."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.supports_masking = True
        self._reshape_required = False

    def build(self, input_shape):
        if len(input_shape) < 1 or not _is_shape(input_shape[0]):
            raise ValueError("A `Concatenate` layer should be called on a list of at least 1 input. "
                             f"Received: input_shape={input_shape}")
        if all(shape is None for shape in input_shape):
            return
        # Keras's check, as Keras writes it (sizes of 1 are set aside before comparing).
        reduced_inputs_shapes = [list(shape) for shape in input_shape]
        reduced_inputs_shapes_copy = copy.copy(reduced_inputs_shapes)
        shape_set = set()
        for i in range(len(reduced_inputs_shapes_copy)):
            concat_axis = self.axis % len(reduced_inputs_shapes_copy[i])
            for axis, axis_value in enumerate(reduced_inputs_shapes_copy, start=1):
                if axis != concat_axis and axis_value == 1:
                    del reduced_inputs_shapes[i][axis]
            if len(reduced_inputs_shapes[i]) > self.axis:
                del reduced_inputs_shapes[i][self.axis]
            shape_set.add(tuple(reduced_inputs_shapes[i]))
        if len(shape_set) != 1:
            err_msg = ("A `Concatenate` layer requires inputs with matching shapes except for the concatenation "
                       f"axis. Received: input_shape={input_shape}")
            ranks = set(len(shape) for shape in shape_set)
            if len(ranks) != 1:
                raise ValueError(err_msg)
            (rank,) = ranks
            for axis in range(rank):
                unique_dims = set(shape[axis] for shape in shape_set if shape[axis] is not None)
                if len(unique_dims) > 1:
                    raise ValueError(err_msg)

    def _merge_function(self, inputs):
        return array_ops.concat(list(inputs), axis=self.axis)

    def compute_output_shape(self, input_shape):
        if not _is_shape(input_shape) or not _is_shape(input_shape[0]):
            raise ValueError(f"A `Concatenate` layer should be called on a list of inputs. Received: "
                             f"input_shape={input_shape}")
        output_shape = list(input_shape[0])
        for shape in input_shape[1:]:
            if output_shape[self.axis] is None or shape[self.axis] is None:
                output_shape[self.axis] = None
                break
            output_shape[self.axis] += shape[self.axis]
        return tuple(output_shape)

    def compute_mask(self, inputs, mask=None):
        """The inputs' masks joined along `axis` and reduced with `any` over the last axis."""
        if mask is None:
            return None
        _check_mask_list(inputs, mask)
        if all(m is None for m in mask):
            return None
        # Keras's ops (in a functional model, the operations it records): each input's mask
        # widened to the input's shape, joined, then any over the last axis.
        masks = []
        for input_i, mask_i in zip(inputs, mask):
            if mask_i is None:
                masks.append(keras_ops.keras_ones_like(input_i, dtype="bool"))
            elif len(mask_i.shape) < len(input_i.shape):
                masks.append(keras_ops.keras_expand_dims(mask_i, axis=-1) |
                             keras_ops.keras_zeros_like(input_i, dtype="bool"))
            else:
                masks.append(mask_i)
        concatenated = keras_ops.keras_concatenate(masks, axis=self.axis)
        return keras_ops.keras_any(concatenated, axis=-1, keepdims=False)

    def get_config(self):
        return {**super().get_config(), "axis": self.axis}


def add(inputs, **kwargs):
    """`Add(**kwargs)(inputs)`."""
    return Add(**kwargs)(inputs)


def subtract(inputs, **kwargs):
    """`Subtract(**kwargs)(inputs)`."""
    return Subtract(**kwargs)(inputs)


def multiply(inputs, **kwargs):
    """`Multiply(**kwargs)(inputs)`."""
    return Multiply(**kwargs)(inputs)


def average(inputs, **kwargs):
    """`Average(**kwargs)(inputs)`."""
    return Average(**kwargs)(inputs)


def maximum(inputs, **kwargs):
    """`Maximum(**kwargs)(inputs)`."""
    return Maximum(**kwargs)(inputs)


def minimum(inputs, **kwargs):
    """`Minimum(**kwargs)(inputs)`."""
    return Minimum(**kwargs)(inputs)


def concatenate(inputs, axis=-1, **kwargs):
    """`Concatenate(axis=axis, **kwargs)(inputs)`."""
    return Concatenate(axis=axis, **kwargs)(inputs)
