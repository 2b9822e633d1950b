"""`Hashing` (keras/src/layers/preprocessing/hashing.py): each value's bin among `num_bins` by
TensorFlow's `to_hash_bucket_fast` of its text, or `to_hash_bucket_strong` with a `salt` (floats
cast to int64 first), bin 0 kept for `mask_value` when one is given; as an index or encoded
(one_hot, multi_hot, count)."""
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.layers.categorical_encoding import encode_categorical_inputs
from varrt.layers.hash_buckets import hash_buckets
from varrt.layers.keras_tensor import KerasTensor
from varrt.layers.layer import Layer
from varrt.ops import array_ops, ensure_shape, index_ops, math_ops, script_ops

_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count")


class Hashing(Layer):
    """Hashes features into bins (`tf.keras.layers.Hashing`).

    Args:
        num_bins: The number of bins (the mask's bin included).
        mask_value: The value that goes to bin 0, or None.
        salt: Hash with SipHash under this key (an int, or two) instead of FarmHash
            (`to_hash_bucket_strong` rather than `to_hash_bucket_fast`).
        output_mode: "int" (default), "one_hot", "multi_hot" or "count".
        sparse: Whether to return a SparseTensor (varrt: only False).
        **kwargs: `Layer`'s arguments (`dtype` defaults to int64 in "int" mode, float32 otherwise).
    """

    _convert_input_args = False
    _allow_non_tensor_positional_args = True

    def __init__(self, num_bins, mask_value=None, salt=None, output_mode="int", sparse=False, **kwargs):
        if kwargs.get("dtype") is None:
            kwargs["dtype"] = "int64" if output_mode == "int" else "float32"
        super().__init__(**kwargs)
        if num_bins is None or num_bins <= 0:
            raise ValueError(f"The `num_bins` for `Hashing` cannot be `None` or non-positive values. Received: "
                             f"num_bins={num_bins}.")
        if output_mode == "int" and self.dtype_policy.name not in ("int32", "int64"):
            raise ValueError("When `output_mode=\"int\"`, `dtype` should be an integer type, 'int32' or 'in64'. "
                             f"Received: dtype={kwargs['dtype']}")  # Keras's "in64"
        if output_mode not in _OUTPUT_MODES:
            raise ValueError(f"Invalid value for argument `output_mode`. Expected one of {_OUTPUT_MODES}. Received: "
                             f"output_mode={output_mode}")
        if sparse and output_mode == "int":
            raise ValueError('`sparse` may only be true if `output_mode` is `"one_hot"`, `"multi_hot"`, or `"count"`. '
                             f"Received: sparse={sparse} and output_mode={output_mode}")
        self.num_bins = num_bins
        self.mask_value = mask_value
        self.strong_hash = salt is not None
        self.output_mode = output_mode
        self.sparse = sparse
        self.salt = None
        if salt is not None:
            if isinstance(salt, (tuple, list)) and len(salt) == 2:
                self.salt = list(salt)
            elif isinstance(salt, int):
                self.salt = [salt, salt]
            else:
                raise ValueError("The `salt` argument for `Hashing` can only be a tuple of size 2 integers, or a "
                                 f"single integer. Received: salt={salt}.")
        if sparse:
            raise NotImplementedError("varrt's Hashing does not implement sparse=True yet (its outputs are dense "
                                      "tensors).")

    def compute_output_shape(self, input_shape):
        if self.output_mode == "int":
            return tuple(input_shape)
        if len(input_shape) == 0:
            return (self.num_bins,)
        return tuple(input_shape[:-1]) + (self.num_bins,)

    def compute_output_spec(self, inputs):
        if self.output_mode == "int":
            return KerasTensor(inputs.shape, dtype=self.dtype)
        base_shape = tuple(inputs.shape)[:-1] if len(inputs.shape) >= 1 else ()
        return KerasTensor(base_shape + (self.num_bins,), dtype=self.dtype)

    def call(self, inputs):
        if not isinstance(inputs, Tensor):
            inputs = convert_to_tensor(inputs)
        if self.output_mode == "one_hot" and inputs.shape.rank and inputs.shape[-1] == 1:
            inputs = array_ops.squeeze(inputs, axis=-1)
        indices = self._hash_values_to_bins(inputs)
        return encode_categorical_inputs(indices, self.output_mode, self.num_bins, self.dtype)

    def _hash_values_to_bins(self, values):
        hash_bins = self.num_bins
        mask = None
        if self.mask_value is not None and hash_bins > 1:  # bin 0 is the mask's
            hash_bins -= 1
            mask = math_ops.equal(values, self.mask_value)
        if values.dtype.is_floating:
            values = math_ops.cast(values, "int64")
        key = self.salt if self.strong_hash else None  # to_hash_bucket_strong's SipHash key, else FarmHash

        def kernel(x):
            bins = hash_buckets(x, hash_bins, key)
            return bins if mask is None else bins + 1

        bins = script_ops.numpy_function(kernel, [values], "int64", stateful=False)
        if hasattr(bins, "set_shape"):  # traced: the bins keep the input's static shape
            bins = ensure_shape.ensure_shape(bins, values.shape)
        if mask is not None:
            bins = index_ops.where(mask, array_ops.zeros_like(bins), bins)
        return bins

    def get_config(self):
        config = super().get_config()
        config.update({"num_bins": self.num_bins, "salt": self.salt, "mask_value": self.mask_value,
                       "output_mode": self.output_mode, "sparse": self.sparse})
        return config
