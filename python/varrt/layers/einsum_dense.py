"""`EinsumDense` (keras/src/layers/core/einsum_dense.py): `activation(einsum(equation, inputs,
kernel) + bias)`, the kernel's and bias's shapes read from the equation, the input shape and the
partial output shape. A VarianceScaling kernel initializer without axes gets the kernel's input
and output axes (Keras's fans of an einsum kernel). The kernel is `_kernel` (Keras's attribute),
read through `kernel`."""
import re

from varrt.layers import activations, constraints, keras_einsum, keras_objects, regularizers
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.ops import init_ops, math_ops


class EinsumDense(Layer):
    """A dense layer whose computation is an einsum (`tf.keras.layers.EinsumDense`).

    Args:
        equation: The einsum, `ab,bc->ac`, `...ab,bc->...ac` or `ab...,bc->ac...` (input,
            kernel -> output).
        output_shape: The output's shape without the batch and elided dimensions (an int for
            one); None for a size the input gives.
        activation: An activation name or callable; None for none.
        bias_axes: The output letters a bias is added along (None: no bias).
        kernel_initializer: The kernel's initializer (as Dense's).
        bias_initializer: The bias's initializer.
        kernel_regularizer: The kernel's regularizer.
        bias_regularizer: The bias's regularizer.
        kernel_constraint: The kernel's constraint.
        bias_constraint: The bias's constraint.
        **kwargs: `Layer`'s arguments.
    """

    def __init__(self, equation, output_shape, activation=None, bias_axes=None, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, lora_rank=None, lora_alpha=None, gptq_unpacked_column_size=None,
                 quantization_config=None, **kwargs):
        if lora_rank is not None or quantization_config is not None or gptq_unpacked_column_size is not None:
            raise NotImplementedError("varrt's EinsumDense does not support LoRA or quantization yet.")
        super().__init__(**kwargs)
        self.equation = equation
        if isinstance(output_shape, int):
            self.partial_output_shape = (output_shape,)
        else:
            self.partial_output_shape = tuple(output_shape)
        self.bias_axes = bias_axes
        self.activation = activations.get(activation)
        self.kernel_initializer = init_ops.get(kernel_initializer)
        self.bias_initializer = init_ops.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.lora_rank = None
        self.lora_alpha = None
        self.lora_enabled = False
        self.gptq_unpacked_column_size = None
        self.quantization_config = None

    def _update_kernel_initializer(self, input_axes, output_axes):
        """A copy of the kernel initializer (same seed) with the kernel's axes."""
        config = self.kernel_initializer.get_config()
        config["seed"] = self.kernel_initializer.seed
        config["input_axes"] = input_axes
        config["output_axes"] = output_axes
        return type(self.kernel_initializer).from_config(config)

    def build(self, input_shape):
        kernel_shape, bias_shape, _, input_axes, output_axes = analyze_einsum_string(
            self.equation, self.bias_axes, input_shape, self.partial_output_shape)
        self.input_spec = InputSpec(ndim=len(input_shape))
        kernel_initializer = self.kernel_initializer
        if isinstance(kernel_initializer, init_ops.VarianceScaling) and (
                kernel_initializer.input_axes is None or kernel_initializer.output_axes is None):
            kernel_initializer = self._update_kernel_initializer(input_axes, output_axes)
        self._kernel = self.add_weight(name="kernel", shape=tuple(kernel_shape), initializer=kernel_initializer,
                                       regularizer=self.kernel_regularizer, constraint=self.kernel_constraint,
                                       dtype=self.dtype, trainable=True)
        if bias_shape is not None:
            self.bias = self.add_weight(name="bias", shape=tuple(bias_shape), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint,
                                        dtype=self.dtype, trainable=True)
        else:
            self.bias = None

    @property
    def kernel(self):
        """The kernel variable (after build)."""
        if not self.built:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        return self._kernel

    def compute_output_shape(self, input_shape):
        _, _, full_output_shape, _, _ = analyze_einsum_string(self.equation, self.bias_axes, input_shape,
                                                              self.partial_output_shape)
        return tuple(full_output_shape)

    def call(self, inputs, training=None):
        x = keras_einsum.einsum(self.equation, inputs, self._kernel.value)
        if self.bias is not None:
            x = math_ops.add(x, self.bias.value)
        if self.activation is not None:
            x = self.activation(x)
        return x

    def get_config(self):
        base_config = super().get_config()
        config = {
            "output_shape": self.partial_output_shape,
            "equation": self.equation,
            "activation": activations.serialize(self.activation),
            "bias_axes": self.bias_axes,
            "kernel_initializer": keras_objects.serialize(self.kernel_initializer, "keras.initializers"),
            "bias_initializer": keras_objects.serialize(self.bias_initializer, "keras.initializers"),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "activity_regularizer": regularizers.serialize(self.activity_regularizer),
            "kernel_constraint": constraints.serialize(self.kernel_constraint),
            "bias_constraint": constraints.serialize(self.bias_constraint),
            "quantization_config": None,
        }
        return {**base_config, **config}


def analyze_einsum_string(equation, bias_axes, input_shape, output_shape):
    """Keras's `_analyze_einsum_string`: (kernel shape, bias shape or None, full output shape,
    the kernel's input axes, its output axes) of an equation with no, left or right ellipsis."""
    dot_replaced_string = re.sub(r"\.\.\.", "0", equation)
    split_string = re.match("([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)", dot_replaced_string)
    if split_string:
        return _analyze_split_string(split_string, bias_axes, input_shape, output_shape)
    split_string = re.match("0([a-zA-Z]+),([a-zA-Z]+)->0([a-zA-Z]+)", dot_replaced_string)
    if split_string:
        return _analyze_split_string(split_string, bias_axes, input_shape, output_shape, left_elided=True)
    split_string = re.match("([a-zA-Z]{2,})0,([a-zA-Z]+)->([a-zA-Z]+)0", dot_replaced_string)
    if split_string:
        return _analyze_split_string(split_string, bias_axes, input_shape, output_shape)
    raise ValueError(f"Invalid einsum equation '{equation}'. Equations must be in the form [X],[Y]->[Z], "
                     "...[X],[Y]->...[Z], or [X]...,[Y]->[Z]....")


def _analyze_split_string(split_string, bias_axes, input_shape, output_shape, left_elided=False):
    """Keras's `_analyze_split_string` (its checks and messages included)."""
    input_spec = split_string.group(1)
    weight_spec = split_string.group(2)
    output_spec = split_string.group(3)
    elided = len(input_shape) - len(input_spec)
    output_shape = [output_shape] if isinstance(output_shape, int) else list(output_shape)
    output_shape.insert(0, input_shape[0])
    if elided > 0 and left_elided:
        for i in range(1, elided):
            output_shape.insert(1, input_shape[i])
    elif elided > 0 and not left_elided:
        for i in range(len(input_shape) - elided, len(input_shape)):
            output_shape.append(input_shape[i])
    if left_elided:
        input_dim_map = {dim: (i + elided) - len(input_shape) for i, dim in enumerate(input_spec)}
        output_dim_map = {dim: (i + elided) for i, dim in enumerate(output_spec)}
    else:
        input_dim_map = {dim: i for i, dim in enumerate(input_spec)}
        output_dim_map = {dim: i for i, dim in enumerate(output_spec)}
    for dim in input_spec:
        input_shape_at_dim = input_shape[input_dim_map[dim]]
        if dim in output_dim_map:
            output_shape_at_dim = output_shape[output_dim_map[dim]]
            if output_shape_at_dim is not None and output_shape_at_dim != input_shape_at_dim:
                raise ValueError(f"Input shape and output shape do not match at shared dimension '{dim}'. Input "
                                 f"shape is {input_shape_at_dim}, and output shape is "
                                 f"{output_shape[output_dim_map[dim]]}.")
    for dim in output_spec:
        if dim not in input_spec and dim not in weight_spec:
            raise ValueError(f"Dimension '{dim}' was specified in the output '{output_spec}' but has no "
                             f"corresponding dim in the input spec '{input_spec}' or weight spec '{output_spec}'")
    weight_shape = []
    input_axes, output_axes = [], []
    for i, dim in enumerate(weight_spec):
        if dim in output_dim_map:
            weight_shape.append(output_shape[output_dim_map[dim]])
            output_axes.append(i)
        elif dim in input_dim_map:
            weight_shape.append(input_shape[input_dim_map[dim]])
            input_axes.append(i)
        else:
            raise ValueError(f"Weight dimension '{dim}' did not have a match in either the input spec "
                             f"'{input_spec}' or the output spec '{output_spec}'. For this layer, the weight must "
                             "be fully specified.")
    if bias_axes is not None:
        num_left_elided = elided if left_elided else 0
        idx_map = {char: output_shape[i + num_left_elided] for i, char in enumerate(output_spec)}
        for char in bias_axes:
            if char not in output_spec:
                raise ValueError(f"Bias dimension '{char}' was requested, but is not part of the output spec "
                                 f"'{output_spec}'")
        first_bias_location = min([output_spec.find(char) for char in bias_axes])
        bias_output_spec = output_spec[first_bias_location:]
        bias_shape = [idx_map[char] if char in bias_axes else 1 for char in bias_output_spec]
        if not left_elided:
            for _ in range(elided):
                bias_shape.append(1)
    else:
        bias_shape = None
    return weight_shape, bias_shape, output_shape, input_axes, output_axes
