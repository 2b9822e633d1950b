"""`Attention` (keras/src/layers/attention/attention.py), Luong-style dot-product attention, and
`AdditiveAttention` (additive_attention.py), Bahdanau-style: scores of a query against a key
(`query @ key^T`, optionally scaled, or a sum of tanh), the value's mask (and the causal mask)
subtracting 1e9 from the scores it hides, softmax, dropout in training from the layer's
`SeedGenerator`, the weights times the value; positions the query's mask hides give 0."""
from varrt.framework.tensor import convert_to_tensor
from varrt.layers import dynamic_shape, keras_random
from varrt.layers.keras_tensor import KerasTensor
from varrt.layers.seed_generator import SeedGenerator, SeededLayer
from varrt.ops import array_ops, index_ops, linalg_ops, math_ops, nn_ops, reduction_ops


def _swap_last_axes(x):
    rank = x.shape.rank
    return array_ops.transpose(x, list(range(rank - 2)) + [rank - 1, rank - 2])


class Attention(SeededLayer):
    """Dot-product attention (`tf.keras.layers.Attention`), called on `[query, value]` or
    `[query, value, key]`.

    Args:
        use_scale: Whether a learned scalar `scale` multiplies the scores.
        score_mode: "dot" (query-key dot products) or "concat" (a sum of tanh of query + key,
            times the learned `concat_score_weight`).
        dropout: The dropout rate of the attention weights.
        seed: The dropout's seed.
        **kwargs: `Layer`'s arguments.

    Call arguments: inputs, mask ([query_mask, value_mask]), training, return_attention_scores,
    use_causal_mask.
    """

    def __init__(self, use_scale=False, score_mode="dot", dropout=0.0, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.use_scale = use_scale
        self.score_mode = score_mode
        self.dropout = dropout
        self.seed = seed
        if self.dropout > 0:
            self.seed_generator = SeedGenerator(seed=seed)
        if self.score_mode not in ["dot", "concat"]:
            raise ValueError("Invalid value for argument score_mode. Expected one of {'dot', 'concat'}. "
                             f"Received: score_mode={score_mode}")

    def build(self, input_shape):
        self._validate_inputs(input_shape)
        self.scale = None
        self.concat_score_weight = None
        if self.use_scale:
            self.scale = self.add_weight(name="scale", shape=(), initializer="ones", dtype=self.dtype,
                                         trainable=True)
        if self.score_mode == "concat":
            self.concat_score_weight = self.add_weight(name="concat_score_weight", shape=(), initializer="ones",
                                                       dtype=self.dtype, trainable=True)

    def _calculate_scores(self, query, key):
        """Scores of shape (batch_size, Tq, Tv)."""
        if self.score_mode == "dot":
            scores = linalg_ops.matmul(query, _swap_last_axes(key))
            if self.scale is not None:
                scores = math_ops.multiply(scores, self.scale.value)
            return scores
        q_reshaped = array_ops.expand_dims(query, axis=-2)  # [batch_size, Tq, 1, dim]
        k_reshaped = array_ops.expand_dims(key, axis=-3)  # [batch_size, 1, Tv, dim]
        if self.scale is not None:
            summed = reduction_ops.reduce_sum(math_ops.tanh(self.scale.value * (q_reshaped + k_reshaped)), axis=-1)
        else:
            summed = reduction_ops.reduce_sum(math_ops.tanh(q_reshaped + k_reshaped), axis=-1)
        return self.concat_score_weight.value * summed

    def _apply_scores(self, scores, value, scores_mask=None, training=False):
        """(softmax(masked scores) @ value, the weights), the weights dropped in training."""
        if scores_mask is not None:
            padding_mask = math_ops.logical_not(scores_mask)
            # 65504 is float16's largest value.
            max_value = 65504.0 if scores.dtype.name == "float16" else 1.0e9
            if padding_mask.shape.rank == 2:
                padding_mask = array_ops.expand_dims(padding_mask, axis=-2)
            scores = index_ops.where(padding_mask, scores - max_value, scores)
        weights = nn_ops.softmax(scores, axis=-1)
        if training and self.dropout > 0:
            weights = keras_random.dropout(weights, self.dropout, seed=self.seed_generator)
        return linalg_ops.matmul(weights, value), weights

    def _calculate_score_mask(self, scores, v_mask, use_causal_mask):
        if not use_causal_mask:
            return v_mask
        score_shape = dynamic_shape.shape(scores)
        ones_mask = array_ops.ones(dynamic_shape.pack((1, score_shape[-2], score_shape[-1])), dtype="int32")
        row_index = reduction_ops.cumsum(ones_mask, axis=-2)
        col_index = reduction_ops.cumsum(ones_mask, axis=-1)
        causal_mask = math_ops.greater_equal(row_index, col_index)  # [1, Tq, Tv]
        if v_mask is not None:
            return math_ops.logical_and(array_ops.expand_dims(v_mask, axis=-2), causal_mask)
        return causal_mask

    def call(self, inputs, mask=None, training=False, return_attention_scores=False, use_causal_mask=False):
        self._validate_inputs(inputs=inputs, mask=mask)
        q = inputs[0]
        v = inputs[1]
        k = inputs[2] if len(inputs) > 2 else v
        q_mask = mask[0] if mask else None
        v_mask = mask[1] if mask else None
        scores = self._calculate_scores(query=q, key=k)
        scores_mask = self._calculate_score_mask(scores, v_mask, use_causal_mask)
        attention_output, attention_scores = self._apply_scores(scores=scores, value=v, scores_mask=scores_mask,
                                                                training=training)
        if q_mask is not None:
            q_mask = array_ops.expand_dims(q_mask, axis=-1)  # [batch_size, Tq, 1]
            attention_output = index_ops.where(q_mask, attention_output,
                                               convert_to_tensor(0, dtype=attention_output.dtype))
        if return_attention_scores:
            return attention_output, attention_scores
        return attention_output

    def compute_mask(self, inputs, mask=None):
        self._validate_inputs(inputs=inputs, mask=mask)
        if mask is None or mask[0] is None:
            return None
        if isinstance(mask[0], KerasTensor):  # a symbolic call's mask stays symbolic
            return mask[0]
        return convert_to_tensor(mask[0])

    def compute_output_shape(self, input_shape):
        query_shape = input_shape[0]
        value_shape = input_shape[1]
        return (*query_shape[:-1], value_shape[-1])

    def compute_output_spec(self, inputs, mask=None, return_attention_scores=False, training=None,
                            use_causal_mask=False):
        self._validate_inputs(inputs, mask)
        query = inputs[0]
        value = inputs[1]
        key = inputs[2] if len(inputs) > 2 else value
        output_shape = self.compute_output_shape([query.shape, value.shape, key.shape])
        output_spec = KerasTensor(output_shape, dtype=self.compute_dtype)
        if return_attention_scores:
            scores_shape = (*query.shape[:-1], key.shape[-2])  # (*batch_dims, Tq, Tv)
            return output_spec, KerasTensor(scores_shape, dtype=self.compute_dtype)
        return output_spec

    def _validate_inputs(self, inputs, mask=None):
        class_name = type(self).__name__
        if not isinstance(inputs, list):
            raise ValueError(f"{class_name} layer must be called on a list of inputs, namely [query, value] or "
                             f"[query, value, key]. Received: inputs={inputs}.")
        if len(inputs) < 2 or len(inputs) > 3:
            raise ValueError(f"{class_name} layer accepts inputs list of length 2 or 3, namely [query, value] or "
                             f"[query, value, key]. Received length: {len(inputs)}.")
        if mask is not None:
            if not isinstance(mask, list):
                raise ValueError(f"{class_name} layer mask must be a list, namely [query_mask, value_mask]. "
                                 f"Received: mask={mask}.")
            if len(mask) < 2 or len(mask) > 3:
                raise ValueError(f"{class_name} layer accepts mask list of length 2 or 3. Received: inputs={inputs}, "
                                 f"mask={mask}.")

    def get_config(self):
        base_config = super().get_config()
        config = {"use_scale": self.use_scale, "score_mode": self.score_mode, "dropout": self.dropout,
                  "seed": self.seed}
        return {**base_config, **config}


class AdditiveAttention(Attention):
    """Additive attention (`tf.keras.layers.AdditiveAttention`): scores
    `sum(scale * tanh(query + key), axis=-1)`, `scale` a learned vector of the query's size
    (`use_scale`, default True).

    Args:
        use_scale: Whether the learned `scale` multiplies the tanh.
        dropout: The dropout rate of the attention weights.
        **kwargs: `Attention`'s `seed` and `Layer`'s arguments.
    """

    def __init__(self, use_scale=True, dropout=0.0, **kwargs):
        super().__init__(use_scale=use_scale, dropout=dropout, **kwargs)

    def build(self, input_shape):
        self._validate_inputs(input_shape)
        dim = input_shape[0][-1]
        self.scale = None
        if self.use_scale:
            self.scale = self.add_weight(name="scale", shape=[dim], initializer="glorot_uniform", dtype=self.dtype,
                                         trainable=True)

    def _calculate_scores(self, query, key):
        q_reshaped = array_ops.expand_dims(query, axis=-2)  # [batch_size, Tq, 1, dim]
        k_reshaped = array_ops.expand_dims(key, axis=-3)  # [batch_size, 1, Tv, dim]
        scale = self.scale.value if self.use_scale else 1.0
        return reduction_ops.reduce_sum(scale * math_ops.tanh(q_reshaped + k_reshaped), axis=-1)

    def get_config(self):
        base_config = super().get_config()
        del base_config["score_mode"]
        return base_config
