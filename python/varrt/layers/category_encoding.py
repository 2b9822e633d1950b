"""`CategoryEncoding` (keras/src/layers/preprocessing/category_encoding.py): integer category
indices as one-hot, multi-hot or count vectors of `num_tokens` (dense outputs only)."""
from varrt.framework.tensor import convert_to_tensor
from varrt.layers.categorical_encoding import encode_categorical_inputs
from varrt.layers.data_layer import DataLayer, to_dtype
from varrt.layers.keras_tensor import KerasTensor


class CategoryEncoding(DataLayer):
    """Encodes integer features (`tf.keras.layers.CategoryEncoding`).

    Args:
        num_tokens: The number of categories; inputs lie in `[0, num_tokens)`.
        output_mode: "one_hot", "multi_hot" (default; "binary" is its old name) or "count".
        sparse: Whether to return a SparseTensor (varrt: only False).
        **kwargs: `Layer`'s arguments.
    """

    _convert_input_args = False  # Keras's: the indices reach `call` as given, in their own dtype

    def __init__(self, num_tokens=None, output_mode="multi_hot", sparse=False, **kwargs):
        super().__init__(**kwargs)
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode not in ("count", "one_hot", "multi_hot"):
            raise ValueError(f"Unknown arg for output_mode: {output_mode}")
        if num_tokens is None:
            raise ValueError("num_tokens must be set to use this layer. If the number of tokens is not known "
                             "beforehand, use the IntegerLookup layer instead.")
        if num_tokens < 1:
            raise ValueError(f"`num_tokens` must be >= 1. Received: num_tokens={num_tokens}.")
        if sparse:
            raise NotImplementedError("varrt's CategoryEncoding does not implement sparse=True yet (its outputs "
                                      "are dense tensors).")
        self.num_tokens = num_tokens
        self.output_mode = output_mode
        self.sparse = sparse

    def compute_output_shape(self, input_shape):
        if input_shape is not None and len(input_shape) == 0:
            return (self.num_tokens,)
        if self.output_mode == "one_hot" and (input_shape[-1] != 1 or len(input_shape) == 1):
            return tuple(input_shape) + (self.num_tokens,)
        return tuple(input_shape[:-1]) + (self.num_tokens,)

    def compute_output_spec(self, inputs, count_weights=None):
        return KerasTensor(self.compute_output_shape(inputs.shape), dtype=self.compute_dtype)

    def get_config(self):
        return {**super().get_config(), "num_tokens": self.num_tokens, "output_mode": self.output_mode}

    def call(self, inputs, count_weights=None):
        if count_weights is not None:
            if self.output_mode != "count":
                raise ValueError("`count_weights` is not used when `output_mode` is not `'count'`. Received "
                                 f"`count_weights={count_weights}`.")
            count_weights = to_dtype(count_weights, self.compute_dtype)
        return encode_categorical_inputs(convert_to_tensor(inputs), self.output_mode, self.num_tokens, self.dtype,
                                         count_weights)
