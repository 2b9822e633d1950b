"""`StringLookup` (keras/src/layers/preprocessing/string_lookup.py): string tokens to
vocabulary indices, or back (IndexLookup's rules; out-of-vocabulary strings hashed with
FarmHash into the OOV indices when there are several)."""
from varrt.layers.index_lookup import IndexLookup


class StringLookup(IndexLookup):
    """Maps string features to indices of a vocabulary (`tf.keras.layers.StringLookup`).

    Args:
        max_tokens: The largest vocabulary `adapt` keeps (special tokens included), or None.
        num_oov_indices: How many indices out-of-vocabulary tokens share (by FarmHash); 0
            makes them an error.
        mask_token: The token that means "masked" (index 0 in "int" mode), or None.
        oov_token: The token `invert` gives for OOV indices ("[UNK]").
        vocabulary: The tokens (a list, array, tensor or file path), or None to `adapt`.
        idf_weights: The weights of "tf_idf" mode, with a given vocabulary.
        invert: Map indices back to tokens.
        output_mode: "int", "one_hot", "multi_hot", "count" or "tf_idf".
        pad_to_max_tokens: Encode over `max_tokens` rather than the vocabulary size.
        sparse: Whether to return SparseTensors (varrt: only False).
        encoding: The text encoding of the tokens ("utf-8").
        name: The layer's name.
        salt: Hash OOV tokens with SipHash under this key (an int, or two).
    """

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token="[UNK]", vocabulary=None,
                 idf_weights=None, invert=False, output_mode="int", pad_to_max_tokens=False, sparse=False,
                 encoding="utf-8", name=None, salt=None, **kwargs):
        self.encoding = encoding
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices, mask_token=mask_token,
                         oov_token=oov_token, vocabulary=vocabulary, idf_weights=idf_weights, invert=invert,
                         output_mode=output_mode, pad_to_max_tokens=pad_to_max_tokens, sparse=sparse, name=name,
                         salt=salt, vocabulary_dtype="string", **kwargs)

    def get_config(self):
        base_config = super().get_config()
        del base_config["vocabulary_dtype"]  # strings have one dtype
        return {**base_config, "encoding": self.encoding}
