"""`MultiHeadAttention` (keras/src/layers/attention/multi_head_attention.py): query, key and
value projected per head by `EinsumDense` sublayers ("query", "key", "value"), scaled dot-product
attention over `attention_axes`, the heads combined by the "attention_output" projection.

Keras on TensorFlow takes two routes, and so does this port, since their masked values differ:
without dropout, without returned scores and for 3-d inputs, the backend's
`dot_product_attention` (logits scaled after the product, masked positions set to
-0.7 * float32 max, plain softmax); otherwise the explicit route (the query scaled first, the
`Softmax` sublayer's masking: -1e9, then 0 where masked; the `Dropout` sublayer on the scores).
The attention mask combines the query's, value's and key's Keras masks, `attention_mask`, the
causal mask and the sliding window."""
import math
import string

import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.layers import constraints, dynamic_shape, keras_einsum, keras_masks, keras_objects, regularizers
from varrt.layers.activation_layers import Softmax
from varrt.layers.dropout import Dropout
from varrt.layers.einsum_dense import EinsumDense
from varrt.layers.keras_tensor import KerasTensor
from varrt.layers.layer import Layer
from varrt.ops import (array_ops, einsum_ops, index_ops, init_ops, linalg_ops, math_ops, nn_ops, reduction_ops,
                       sequence_ops)

# The TensorFlow backend's `_get_large_negative` for the logits (float32 or float64 here):
# -0.7 times float32's largest value.
_LARGE_NEGATIVE = 3.38953e38 * -0.7


class MultiHeadAttention(Layer):
    """Multi-head attention (`tf.keras.layers.MultiHeadAttention`, "Attention is all you need").

    Args:
        num_heads: The number of attention heads.
        key_dim: The size of each head for query and key.
        value_dim: The size of each head for value (None: key_dim).
        dropout: The dropout rate of the attention scores.
        use_bias: Whether the projections have biases.
        output_shape: The output's shape besides the batch and sequence dimensions (None: the
            query's last dimension).
        attention_axes: The axes attention is over (None: all but batch, heads and features).
        sliding_window: None, or a positive int: each query position attends only to keys within
            `sliding_window - 1` positions.
        flash_attention: Not available on TensorFlow (True raises when attention runs).
        kernel_initializer: The projections' kernel initializer.
        bias_initializer: The projections' bias initializer.
        kernel_regularizer: The projections' kernel regularizer.
        bias_regularizer: The projections' bias regularizer.
        activity_regularizer: The layer's activity regularizer.
        kernel_constraint: The projections' kernel constraint.
        bias_constraint: The projections' bias constraint.
        use_gate: Whether a sigmoid projection of the query gates the attention output.
        seed: The dropout's seed.
        **kwargs: `Layer`'s arguments.

    Call arguments: query (B, T, dim), value (B, S, dim), key (default: value), attention_mask
    (B, T, S) booleans (broadcast over missing batch and head dimensions), return_attention_scores,
    training, use_causal_mask.
    """

    def __init__(self, num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True, output_shape=None,
                 attention_axes=None, sliding_window=None, flash_attention=None, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, use_gate=False, seed=None, **kwargs):
        if not isinstance(num_heads, int) or num_heads <= 0:
            raise ValueError("Received an invalid value for argument `num_heads`, expected a positive integer. "
                             f"Received: num_heads={num_heads}")
        if not isinstance(key_dim, int) or key_dim <= 0:
            raise ValueError("Received an invalid value for argument `key_dim`, expected a positive integer. "
                             f"Received: key_dim={key_dim}")
        if value_dim is not None and (not isinstance(value_dim, int) or value_dim <= 0):
            raise ValueError("Received an invalid value for argument `value_dim`, expected a positive integer or "
                             f"`None`. Received: value_dim={value_dim}")
        super().__init__(**kwargs)
        self.supports_masking = True
        self._num_heads = num_heads
        self._key_dim = key_dim
        self._value_dim = value_dim if value_dim else key_dim
        self._dropout = dropout
        self._use_bias = use_bias
        self._use_gate = use_gate
        if output_shape:
            if isinstance(output_shape, int):
                output_shape = (output_shape,)
            try:
                output_shape = tuple(output_shape)
            except Exception:  # noqa: BLE001 - Keras's bare except
                raise ValueError(f"Invalid `output_shape`: {output_shape}. When specified, the `output_shape` should "
                                 "be of type tuple, list, or int.") from None
        self._output_shape = output_shape
        self._flash_attention = flash_attention or None  # Keras's config default: not enabled
        self._kernel_initializer = init_ops.get(kernel_initializer)
        self._bias_initializer = init_ops.get(bias_initializer)
        self._kernel_regularizer = regularizers.get(kernel_regularizer)
        self._bias_regularizer = regularizers.get(bias_regularizer)
        self._activity_regularizer = regularizers.get(activity_regularizer)
        self._kernel_constraint = constraints.get(kernel_constraint)
        self._bias_constraint = constraints.get(bias_constraint)
        if isinstance(attention_axes, int):
            attention_axes = (attention_axes,)
        elif attention_axes and not isinstance(attention_axes, (list, tuple)):
            raise ValueError(f"`attention_axes` must be an int, list, or tuple.Received: attention_axes="
                             f"{attention_axes}")
        self._attention_axes = attention_axes
        if sliding_window is not None and (not isinstance(sliding_window, int) or sliding_window <= 0):
            raise ValueError(f"`sliding_window` must be `None` or a positive integer. Received: sliding_window="
                             f"{sliding_window}")
        self._sliding_window = sliding_window
        self.seed = seed
        self._inverse_sqrt_key_dim = 1.0 / math.sqrt(float(self._key_dim))
        if self._flash_attention and self._dropout > 0.0:
            raise ValueError("Dropout is not supported when flash attention is enabled. Please set dropout to 0.0 to "
                             "use flash attention.")

    @property
    def num_heads(self):
        """The number of heads."""
        return self._num_heads

    @property
    def key_dim(self):
        """The size of each query and key head."""
        return self._key_dim

    @property
    def value_dim(self):
        """The size of each value head."""
        return self._value_dim

    @property
    def dropout(self):
        """The dropout rate of the attention scores."""
        return self._dropout

    @property
    def use_bias(self):
        """Whether the projections have biases."""
        return self._use_bias

    @property
    def attention_axes(self):
        """The axes attention is over (resolved when built)."""
        return self._attention_axes

    @property
    def query_dense(self):
        """The query projection (an EinsumDense named "query")."""
        return self._query_dense

    @property
    def key_dense(self):
        """The key projection ("key")."""
        return self._key_dense

    @property
    def value_dense(self):
        """The value projection ("value")."""
        return self._value_dense

    @property
    def output_dense(self):
        """The output projection ("attention_output")."""
        return self._output_dense

    def get_config(self):
        base_config = super().get_config()
        config = {
            "num_heads": self._num_heads,
            "key_dim": self._key_dim,
            "value_dim": self._value_dim,
            "dropout": self._dropout,
            "use_bias": self._use_bias,
            "use_gate": self._use_gate,
            "output_shape": self._output_shape,
            "attention_axes": self._attention_axes,
            "sliding_window": self._sliding_window,
            "kernel_initializer": keras_objects.serialize(self._kernel_initializer, "keras.initializers"),
            "bias_initializer": keras_objects.serialize(self._bias_initializer, "keras.initializers"),
            "kernel_regularizer": regularizers.serialize(self._kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self._bias_regularizer),
            "activity_regularizer": regularizers.serialize(self._activity_regularizer),
            "kernel_constraint": constraints.serialize(self._kernel_constraint),
            "bias_constraint": constraints.serialize(self._bias_constraint),
            "seed": self.seed,
        }
        return {**base_config, **config}

    # --- build ------------------------------------------------------------------------------

    def build(self, query_shape, value_shape, key_shape=None):
        key_shape = value_shape if key_shape is None else key_shape
        if value_shape[1:-1] != key_shape[1:-1]:
            raise ValueError("All dimensions of `value` and `key`, except the last one, must be equal. Received: "
                             f"value_shape={value_shape} and key_shape={key_shape}")
        query_rank, value_rank, key_rank = len(query_shape), len(value_shape), len(key_shape)
        self._query_dense = self._projection(query_rank, self._key_dim, "query")
        self._query_dense.build(query_shape)
        self._key_dense = self._projection(key_rank, self._key_dim, "key")
        self._key_dense.build(key_shape)
        if self._use_gate:
            self._gate_dense = self._projection(query_rank, self._value_dim, "gate", activation="sigmoid")
            self._gate_dense.build(query_shape)
        self._value_dense = self._projection(value_rank, self._value_dim, "value")
        self._value_dense.build(value_shape)
        _, _, output_rank = build_proj_equation(query_rank - 1, bound_dims=1, output_dims=2)
        self._build_attention(output_rank)
        self._output_dense = self._make_output_dense(query_shape, self._get_common_kwargs_for_sublayer(),
                                                     "attention_output")
        output_dense_input_shape = list(self._query_dense.compute_output_shape(query_shape))
        output_dense_input_shape[-1] = self._value_dim
        self._output_dense.build(tuple(output_dense_input_shape))

    def _projection(self, rank, head_size, name, **extra):
        """An input's projection to (..., num_heads, head_size)."""
        equation, bias_axes, output_rank = build_proj_equation(rank - 1, bound_dims=1, output_dims=2)
        return EinsumDense(equation, output_shape=_get_output_shape(output_rank - 1, [self._num_heads, head_size]),
                           bias_axes=bias_axes if self._use_bias else None, name=name, **extra,
                           **self._get_common_kwargs_for_sublayer())

    def _get_common_kwargs_for_sublayer(self):
        # Each sublayer gets its own copy of the initializers (an unseeded copy draws a new seed).
        return dict(kernel_regularizer=self._kernel_regularizer, bias_regularizer=self._bias_regularizer,
                    activity_regularizer=self._activity_regularizer, kernel_constraint=self._kernel_constraint,
                    bias_constraint=self._bias_constraint, dtype=self.dtype_policy,
                    kernel_initializer=type(self._kernel_initializer).from_config(
                        self._kernel_initializer.get_config()),
                    bias_initializer=type(self._bias_initializer).from_config(self._bias_initializer.get_config()))

    def _make_output_dense(self, query_shape, common_kwargs, name=None):
        query_rank = len(query_shape)
        output_shape = self._output_shape if self._output_shape else [query_shape[-1]]
        equation, bias_axes, output_rank = build_proj_equation(query_rank - 1, bound_dims=2,
                                                               output_dims=len(output_shape))
        return EinsumDense(equation, output_shape=_get_output_shape(output_rank - 1, output_shape),
                           bias_axes=bias_axes if self._use_bias else None, name=name, **common_kwargs)

    def _build_attention(self, rank):
        if self._attention_axes is None:
            self._attention_axes = tuple(range(1, rank - 2))
        else:
            self._attention_axes = tuple(axis if axis >= 0 else (rank - 1) + axis for axis in self._attention_axes)
        self._dot_product_equation, self._combine_equation, attn_scores_rank = build_attention_equation(
            rank, attn_axes=self._attention_axes)
        norm_axes = tuple(range(attn_scores_rank - len(self._attention_axes), attn_scores_rank))
        self._softmax = Softmax(axis=norm_axes, dtype=self.dtype_policy)
        self._dropout_layer = Dropout(rate=self._dropout, dtype=self.dtype_policy, seed=self.seed)

    # --- call -------------------------------------------------------------------------------

    def _masked_softmax(self, attention_scores, attention_mask=None):
        if attention_mask is not None:
            # The mask is expanded from the heads' axis: (<batch dims>, heads, <query and key axes>).
            mask_expansion_axis = -len(self._attention_axes) * 2 - 1
            for _ in range(attention_scores.shape.rank - attention_mask.shape.rank):
                attention_mask = array_ops.expand_dims(attention_mask, axis=mask_expansion_axis)
        return self._softmax(attention_scores, mask=attention_mask)

    def _compute_attention(self, query, key, value, attention_mask=None, training=None,
                           return_attention_scores=False, use_causal_mask=False):
        if self._flash_attention and return_attention_scores:
            raise ValueError("Returning attention scores is not supported when flash attention is enabled. Please "
                             "disable flash attention to access attention scores.")
        use_dot_product_attention = not (self._dropout > 0.0 or return_attention_scores or query.shape.rank != 4)
        if use_dot_product_attention:
            if self._flash_attention:
                raise ValueError("Flash attention is not supported in tensorflow backend.")
            if attention_mask is not None:
                mask_expansion_axis = -len(self._attention_axes) * 2 - 1
                for _ in range(4 - attention_mask.shape.rank):
                    attention_mask = array_ops.expand_dims(attention_mask, axis=mask_expansion_axis)
                attention_mask = math_ops.cast(attention_mask, "bool")
            output = dot_product_attention(query, key, value, attention_mask, use_causal_mask,
                                           self._inverse_sqrt_key_dim)
            return output, None
        if use_causal_mask:
            causal_mask = self._compute_causal_mask(query, value)
            attention_mask = causal_mask if attention_mask is None else math_ops.logical_and(
                math_ops.cast(attention_mask, "bool"), causal_mask)
        query = math_ops.multiply(query, math_ops.cast(self._inverse_sqrt_key_dim, query.dtype))
        attention_scores = keras_einsum.einsum(self._dot_product_equation, key, query)
        attention_scores = self._masked_softmax(attention_scores, attention_mask)
        if self._dropout > 0.0:
            final_attn_scores = self._dropout_layer(attention_scores, training=training)
        else:
            final_attn_scores = attention_scores
        attention_output = keras_einsum.einsum(self._combine_equation, final_attn_scores, value)
        return attention_output, attention_scores

    def call(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None, attention_mask=None,
             return_attention_scores=False, training=None, use_causal_mask=False):
        if key is None:
            key = value
        # Keras handles the inputs' masks here, and removes them from the inputs.
        query_mask = keras_masks.get_keras_mask(query)
        keras_masks.set_keras_mask(query, None)
        keras_masks.set_keras_mask(value, None)
        keras_masks.set_keras_mask(key, None)
        # Causal masking alone takes the backend's causal route (no [T, S] mask is made).
        causal_only = (use_causal_mask and query_mask is None and value_mask is None and key_mask is None
                       and attention_mask is None and self._sliding_window is None
                       and type(self)._compute_attention is MultiHeadAttention._compute_attention)
        if causal_only:
            attention_mask = None
        else:
            attention_mask = self._compute_attention_mask(query, value, query_mask=query_mask, value_mask=value_mask,
                                                          key_mask=key_mask, attention_mask=attention_mask,
                                                          use_causal_mask=use_causal_mask)
        if self._use_gate:
            gate = self._gate_dense(query)
        query = self._query_dense(query)
        key = self._key_dense(key)
        value = self._value_dense(value)
        extra = {"use_causal_mask": True} if causal_only else {}
        attention_output, attention_scores = self._compute_attention(query, key, value, attention_mask, training,
                                                                     return_attention_scores, **extra)
        if self._use_gate:
            attention_output = self._output_dense(math_ops.multiply(attention_output, gate))
        else:
            attention_output = self._output_dense(attention_output)
        if query_mask is not None:
            keras_masks.set_keras_mask(attention_output, query_mask)
        if return_attention_scores:
            return attention_output, attention_scores
        return attention_output

    def _compute_attention_mask(self, query, value, query_mask=None, value_mask=None, key_mask=None,
                                attention_mask=None, use_causal_mask=False):
        """The inputs' masks ([B, T, 1], [B, 1, S], [B, 1, S]), the causal and sliding-window masks
        ([1, T, S]) and `attention_mask`, combined by logical and (None when there are none)."""
        auto_mask = None
        if query_mask is not None:
            auto_mask = array_ops.expand_dims(math_ops.cast(query_mask, "bool"), -1)
        for mask in (value_mask, key_mask):
            if mask is not None:
                mask = array_ops.expand_dims(math_ops.cast(mask, "bool"), -2)
                auto_mask = mask if auto_mask is None else math_ops.logical_and(auto_mask, mask)
        if use_causal_mask:
            mask = self._compute_causal_mask(query, value)
            auto_mask = mask if auto_mask is None else math_ops.logical_and(auto_mask, mask)
        if self._sliding_window is not None:
            mask = self._compute_sliding_window_mask(query, value)
            auto_mask = mask if auto_mask is None else math_ops.logical_and(auto_mask, mask)
        if attention_mask is not None:
            attention_mask = math_ops.cast(attention_mask, "bool")
        if auto_mask is not None:
            attention_mask = auto_mask if attention_mask is None else math_ops.logical_and(attention_mask, auto_mask)
        return attention_mask

    def _compute_causal_mask(self, query, value=None):
        """[1, T, S] booleans, True on and below the diagonal (Keras's cumsums of ones)."""
        q_seq_length = dynamic_shape.shape(query)[1]
        v_seq_length = q_seq_length if value is None else dynamic_shape.shape(value)[1]
        ones_mask = array_ops.ones(dynamic_shape.pack((1, q_seq_length, v_seq_length)), dtype="int32")
        row_index = reduction_ops.cumsum(ones_mask, axis=-2)
        col_index = reduction_ops.cumsum(ones_mask, axis=-1)
        return math_ops.greater_equal(row_index, col_index)

    def _compute_sliding_window_mask(self, query, value=None):
        """[1, T, S] booleans: |row - column| < sliding_window."""
        q_seq_length = dynamic_shape.shape(query)[1]
        v_seq_length = q_seq_length if value is None else dynamic_shape.shape(value)[1]
        row_index = array_ops.reshape(sequence_ops.range(q_seq_length, dtype="int32"),
                                      dynamic_shape.pack((1, q_seq_length, 1)))
        col_index = array_ops.reshape(sequence_ops.range(v_seq_length, dtype="int32"),
                                      dynamic_shape.pack((1, 1, v_seq_length)))
        return math_ops.less(math_ops.abs(row_index - col_index), self._sliding_window)

    def compute_output_shape(self, query_shape, value_shape, key_shape=None):
        query_shape = tuple(query_shape)
        value_shape = tuple(value_shape)
        key_shape = value_shape if key_shape is None else tuple(key_shape)
        if value_shape[1:-1] != key_shape[1:-1]:
            raise ValueError("All dimensions of `value` and `key`, except the last one, must be equal. Received: "
                             f"value_shape={value_shape} and key_shape={key_shape}")
        if self._output_shape:
            query_shape = query_shape[:-1] + self._output_shape
        return query_shape

    def compute_output_spec(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None,
                            attention_mask=None, return_attention_scores=False, training=None,
                            use_causal_mask=False):
        key_shape = key.shape if key is not None else None
        output_shape = self.compute_output_shape(query.shape, value.shape, key_shape)
        output_spec = KerasTensor(output_shape, dtype=self.compute_dtype)
        if return_attention_scores:
            # Keras's spec: the query's length for both attention axes.
            length = query.shape[1]
            attention_shape = (query.shape[0], self.num_heads, length, length)
            return output_spec, KerasTensor(attention_shape, dtype=self.compute_dtype)
        return output_spec


def dot_product_attention(query, key, value, mask, is_causal, scale):
    """The TensorFlow backend's `dot_product_attention` of [B, T, N, H] tensors (its XLA-style
    route): logits scaled, masked positions set to a large negative, softmax over S."""
    # The logits and the softmax are in at least float32 (the result type with float32).
    high = "float64" if query.dtype.name == "float64" else "float32"
    logits = math_ops.cast(einsum_ops.einsum("BTNH,BSNH->BNTS", query, key), high)
    logits = math_ops.multiply(logits, math_ops.cast(scale, logits.dtype))
    if mask is not None or is_causal:
        combined_mask = array_ops.ones_like(logits, dtype="bool")
        if mask is not None:
            combined_mask = math_ops.logical_and(combined_mask, mask)
        if is_causal:
            logits_shape = array_ops.shape(logits)
            causal = linalg_ops.band_part(array_ops.ones(array_ops.stack([logits_shape[2], logits_shape[3]]),
                                                         "bool"), -1, 0)
            causal = array_ops.expand_dims(array_ops.expand_dims(causal, 0), 0)  # [1, 1, T, S]
            combined_mask = math_ops.logical_and(combined_mask, causal)
        logits = index_ops.where(combined_mask, logits, convert_to_tensor(_LARGE_NEGATIVE, dtype=logits.dtype))
    probs = math_ops.cast(nn_ops.softmax(logits, axis=-1), key.dtype)
    return einsum_ops.einsum("BNTS,BSNH->BTNH", probs, value)


def _index_to_einsum_variable(i):
    return string.ascii_lowercase[i]


def build_attention_equation(rank, attn_axes):
    """Keras's `_build_attention_equation`: (the query-key product's equation, the combination's,
    the scores' rank) for projected inputs of `rank` attending over `attn_axes`."""
    target_notation = "".join(_index_to_einsum_variable(i) for i in range(rank))
    batch_dims = tuple(np.delete(range(rank), attn_axes + (rank - 1,)))  # the heads' axis included
    letter_offset = rank
    source_notation = ""
    for i in range(rank):
        if i in batch_dims or i == rank - 1:
            source_notation += target_notation[i]
        else:
            source_notation += _index_to_einsum_variable(letter_offset)
            letter_offset += 1
    product_notation = "".join([target_notation[i] for i in batch_dims] + [target_notation[i] for i in attn_axes]
                               + [source_notation[i] for i in attn_axes])
    dot_product_equation = f"{source_notation},{target_notation}->{product_notation}"
    combine_equation = f"{product_notation},{source_notation}->{target_notation}"
    return dot_product_equation, combine_equation, len(product_notation)


def build_proj_equation(free_dims, bound_dims, output_dims):
    """Keras's `_build_proj_equation`: (equation, bias axes, output rank) of a projection."""
    input_str = kernel_str = output_str = bias_axes = ""
    letter_offset = 0
    for i in range(free_dims):
        char = _index_to_einsum_variable(i + letter_offset)
        input_str += char
        output_str += char
    letter_offset += free_dims
    for i in range(bound_dims):
        char = _index_to_einsum_variable(i + letter_offset)
        input_str += char
        kernel_str += char
    letter_offset += bound_dims
    for i in range(output_dims):
        char = _index_to_einsum_variable(i + letter_offset)
        kernel_str += char
        output_str += char
        bias_axes += char
    return f"{input_str},{kernel_str}->{output_str}", bias_axes, len(output_str)


def _get_output_shape(output_rank, known_last_dims):
    return [None] * (output_rank - len(known_last_dims)) + list(known_last_dims)
