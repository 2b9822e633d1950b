"""`Embedding` (keras/src/layers/core/embedding.py): integer indices to rows of a trainable
`embeddings` matrix, read with `tf.gather` as Keras's TensorFlow backend's `take` does, so the
gradient with respect to the matrix is TensorFlow's IndexedSlices of the rows read."""
import warnings

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.layers import constraints, keras_objects, regularizers
from varrt.layers.layer import Layer
from varrt.ops import array_ops, index_ops, init_ops, math_ops


def _positive_int_error(name, value):
    return ValueError(f"`{name}` must be a positive integer. Received: {name}={value} (of type {type(value).__name__}).")


def _is_positive_int(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def take_rows(params, indices):
    """Keras's `take(params, indices, axis=0)`: negative indices count from the end. `params`
    is the Keras variable itself, as Keras passes it: TensorFlow's gather then runs GatherV2 on
    its value by the slow path, whose errors carry no " name: " suffix."""
    size = math_ops.cast(array_ops.shape(params)[0], indices.dtype)
    zero = convert_to_tensor(0, dtype=indices.dtype)
    indices = index_ops.where(math_ops.less(indices, zero), math_ops.add(indices, size), indices)
    return index_ops.gather(params, indices, axis=0)


class Embedding(Layer):
    """Maps indices in [0, input_dim) to vectors of size `output_dim` (`tf.keras.layers.Embedding`).

    Args:
        input_dim: The number of rows (vocabulary size), a positive int.
        output_dim: The size of each vector, a positive int.
        embeddings_initializer, embeddings_regularizer, embeddings_constraint: For the
            `embeddings` weight (initializer default "uniform": U(-0.05, 0.05)).
        mask_zero: Whether index 0 is padding (`compute_mask` gives `inputs != 0`).
        weights: Initial values of `embeddings`.
        **kwargs: `Layer`'s arguments.
    """

    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform", embeddings_regularizer=None,
                 embeddings_constraint=None, mask_zero=False, weights=None, lora_rank=None, lora_alpha=None,
                 quantization_config=None, **kwargs):
        if not _is_positive_int(input_dim):
            raise _positive_int_error("input_dim", input_dim)
        if not _is_positive_int(output_dim):
            raise _positive_int_error("output_dim", output_dim)
        if lora_rank is not None or quantization_config is not None:
            raise NotImplementedError("varrt's Embedding does not support LoRA or quantization yet.")
        input_length = kwargs.pop("input_length", None)
        if input_length is not None:
            warnings.warn("Argument `input_length` is deprecated. Just remove it.")
        super().__init__(**kwargs)
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.embeddings_initializer = init_ops.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        self.autocast = False
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        self.quantization_config = quantization_config
        if weights is not None:
            self.build()
            if not (isinstance(weights, list) and len(weights) == 1):
                weights = [weights]
            self.set_weights(weights)

    def build(self, input_shape=None):
        if self.built:
            return
        self._embeddings = self.add_weight(shape=(self.input_dim, self.output_dim),
                                           initializer=self.embeddings_initializer, name="embeddings",
                                           regularizer=self.embeddings_regularizer,
                                           constraint=self.embeddings_constraint, trainable=True)
        self.built = True

    @property
    def embeddings(self):
        if not self.built:
            raise AttributeError("You must build the layer before accessing `embeddings`.")
        return self._embeddings

    def call(self, inputs):
        if inputs.dtype not in (dtypes.int32, dtypes.int64):
            inputs = math_ops.cast(inputs, dtypes.int32)
        outputs = take_rows(self._embeddings, inputs)
        if outputs.dtype.name != self.compute_dtype:
            outputs = math_ops.cast(outputs, self.compute_dtype)
        return outputs

    def compute_mask(self, inputs, mask=None):
        """`inputs != 0` when `mask_zero`, else None."""
        if not self.mask_zero:
            return None
        return inputs != 0  # Keras's ops.not_equal: on a KerasTensor, a NotEqual node of the model

    def compute_output_shape(self, input_shape):
        return (*input_shape, self.output_dim)

    def get_config(self):
        config = {
            "input_dim": self.input_dim,
            "output_dim": self.output_dim,
            "embeddings_initializer": keras_objects.serialize(self.embeddings_initializer, "keras.initializers"),
            "embeddings_regularizer": regularizers.serialize(self.embeddings_regularizer),
            "activity_regularizer": regularizers.serialize(self.activity_regularizer),
            "embeddings_constraint": constraints.serialize(self.embeddings_constraint),
            "mask_zero": self.mask_zero,
            "quantization_config": None,
        }
        return {**super().get_config(), **config}
