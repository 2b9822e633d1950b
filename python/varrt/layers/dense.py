"""`Dense`: `activation(inputs @ kernel + bias)` (keras/src/layers/core/dense.py). The kernel
is stored as `_kernel` (Keras's attribute, hence the checkpoint key `_kernel`) and read
through the `kernel` property."""
from varrt.framework.sparse_tensor import SparseTensor
from varrt.layers import activations, constraints, keras_objects, regularizers, sparse_matmul
from varrt.layers.input_spec import InputSpec
from varrt.layers.layer import Layer
from varrt.ops import array_ops, init_ops, linalg_ops, math_ops


class Dense(Layer):
    """A densely connected layer (`tf.keras.layers.Dense`).

    Args:
        units: The output size (a positive int).
        activation: An activation name or callable; None for none ("linear").
        use_bias: Whether to add a bias.
        kernel_initializer, bias_initializer: Initializers (names or objects).
        kernel_regularizer, bias_regularizer: Regularizers (names, objects or callables) whose
            result on the weight is added to `losses`.
        kernel_constraint, bias_constraint: Constraints (names, objects or callables) the
            optimizers apply to the weights after each update.
        **kwargs: `Layer`'s arguments (`name`, `trainable`, `dtype`, ...).
    """

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, lora_rank=None, lora_alpha=None,
                 quantization_config=None, **kwargs):
        if not isinstance(units, int) or isinstance(units, bool) or units <= 0:
            raise ValueError(f"Received an invalid value for `units`, expected a positive integer. Received: "
                             f"units={units}")
        if lora_rank is not None or quantization_config is not None:
            raise NotImplementedError("varrt's Dense does not support LoRA or quantization yet.")
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = init_ops.get(kernel_initializer)
        self.bias_initializer = init_ops.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha
        self.lora_enabled = False
        self.input_spec = InputSpec(min_ndim=2)
        self.supports_masking = True

    def build(self, input_shape):
        input_dim = input_shape[-1]
        self._kernel = self.add_weight(name="kernel", shape=(input_dim, self.units),
                                       initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                       constraint=self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.units,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        else:
            self.bias = None
        self.input_spec = InputSpec(min_ndim=2, axes={-1: input_dim})
        self.built = True

    @property
    def kernel(self):
        if not self.built:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        return self._kernel

    def call(self, inputs, training=None):
        kernel = self._kernel.value
        if isinstance(inputs, SparseTensor):  # a sparse Input's batch: Keras's sparse matmul
            x = sparse_matmul.sparse_dense_matmul(inputs, kernel)
        elif inputs.shape.rank is not None and inputs.shape.rank > 2:
            # Keras's TensorFlow matmul of an N-d input with a 2-d kernel: over the last axis.
            lead = array_ops.shape(inputs)[:-1]
            x = linalg_ops.matmul(array_ops.reshape(inputs, [-1, inputs.shape[-1]]), kernel)
            x = array_ops.reshape(x, array_ops.concat([lead, [self.units]], 0))
        else:
            x = linalg_ops.matmul(inputs, kernel)
        if self.bias is not None:
            x = math_ops.add(x, self.bias.value)
        if self.activation is not None:
            x = self.activation(x)
        return x

    def compute_output_shape(self, input_shape):
        output_shape = list(input_shape)
        output_shape[-1] = self.units
        return tuple(output_shape)

    def get_config(self):
        base_config = super().get_config()
        config = {
            "units": self.units,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": keras_objects.serialize(self.kernel_initializer, "keras.initializers"),
            "bias_initializer": keras_objects.serialize(self.bias_initializer, "keras.initializers"),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "kernel_constraint": constraints.serialize(self.kernel_constraint),
            "bias_constraint": constraints.serialize(self.bias_constraint),
            "quantization_config": None,
        }
        if self.lora_rank:
            config["lora_rank"] = self.lora_rank
            config["lora_alpha"] = self.lora_alpha
        return {**base_config, **config}

