"""`IntegerLookup` (keras/src/layers/preprocessing/integer_lookup.py): integer tokens to
vocabulary indices, or back (IndexLookup's rules; int64 vocabularies only, as Keras)."""
from varrt.layers.index_lookup import IndexLookup


class IntegerLookup(IndexLookup):
    """Maps integer features to indices of a vocabulary (`tf.keras.layers.IntegerLookup`).

    Args:
        max_tokens: The largest vocabulary `adapt` keeps (special tokens included), or None.
        num_oov_indices: How many indices out-of-vocabulary tokens share (by `floormod`, or
            FarmHash of their text with `oov_method="farmhash"`); 0 makes them an error.
        mask_token: The token that means "masked" (index 0 in "int" mode), or None.
        oov_token: The token `invert` gives for OOV indices.
        vocabulary: The tokens (a list, array, tensor or file path), or None to `adapt`.
        vocabulary_dtype: "int64" (the only one Keras supports).
        idf_weights: The weights of "tf_idf" mode, with a given vocabulary.
        invert: Map indices back to tokens.
        output_mode: "int", "one_hot", "multi_hot", "count" or "tf_idf".
        sparse: Whether to return SparseTensors (varrt: only False).
        pad_to_max_tokens: Encode over `max_tokens` rather than the vocabulary size.
        oov_method: "floormod" or "farmhash".
        salt: With `farmhash`, hash with SipHash under this key (an int, or two).
        name: The layer's name.
    """

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token=-1, vocabulary=None,
                 vocabulary_dtype="int64", idf_weights=None, invert=False, output_mode="int", sparse=False,
                 pad_to_max_tokens=False, oov_method="floormod", salt=None, name=None, **kwargs):
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError("If `max_tokens` is set for `IntegerLookup`, it must be greater than 1. Received: "
                             f"max_tokens={max_tokens}")
        if num_oov_indices < 0:
            raise ValueError("The value of `num_oov_indices` argument for `IntegerLookup` must >= 0. Received: "
                             f"num_oov_indices={num_oov_indices}")
        if vocabulary_dtype != "int64":
            raise ValueError("Only `vocabulary_dtype='int64'` is supported at this time. Received: "
                             f"vocabulary_dtype={vocabulary_dtype}")
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices, mask_token=mask_token,
                         oov_token=oov_token, vocabulary=vocabulary, vocabulary_dtype=vocabulary_dtype,
                         idf_weights=idf_weights, invert=invert, output_mode=output_mode, sparse=sparse,
                         pad_to_max_tokens=pad_to_max_tokens, oov_method=oov_method, salt=salt, name=name, **kwargs)

    def get_config(self):
        config = super().get_config()
        if config["oov_token"] is not None:
            config["oov_token"] = int(config["oov_token"])
        if config["mask_token"] is not None:
            config["mask_token"] = int(config["mask_token"])
        if config["vocabulary"] is not None:
            config["vocabulary"] = [int(v) for v in config["vocabulary"]]
        return config
