"""`TextVectorization` (keras/src/layers/preprocessing/text_vectorization.py): text to token
indices or encodings. Standardization runs TensorFlow's string ops (tf.strings.lower and
regex_replace, or the user's callable), so it traces; the split into tokens and the n-grams run
on host values in one NumPy kernel (`tf.numpy_function`, text_tokens.py) that gives the tokens as
a matrix padded with the mask token "" where Keras has ragged rows; the StringLookup Keras keeps
inside maps them (mask 0, OOV 1, the vocabulary by frequency with Keras's tie-break) and encodes
them. What needs ragged outputs (`ragged=True`, "one_hot" over split text) is not built yet."""
import numpy as np

from varrt.data.dataset_ops import DatasetV2
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.layers.argument_validation import validate_string_arg
from varrt.layers.index_lookup import listify_tensors
from varrt.layers.keras_tensor import KerasTensor
from varrt.layers.layer import Layer
from varrt.layers.string_lookup import StringLookup
from varrt.layers.text_tokens import token_matrix
from varrt.ops import array_ops, ensure_shape, manip_ops, script_ops
from varrt.ops.regex_ops import regex_replace
from varrt.ops.string_ops import lower
from varrt.saving import serialization_lib

# Keras's punctuation class (ASCII punctuation, as string.punctuation).
_PUNCTUATION = r'[!"#$%&()\*\+,-\./:;<=>?@\[\\\]^_`{|}~\']'


class TextVectorization(Layer):
    """Maps text to sequences of token indices or to token encodings
    (`tf.keras.layers.TextVectorization`).

    Args:
        max_tokens: The largest vocabulary `adapt` keeps (the mask and OOV tokens included).
        standardize: "lower_and_strip_punctuation", "lower", "strip_punctuation", None or a
            callable of a string tensor.
        split: "whitespace", "character", None (each string is one token) or a callable giving
            a dense string tensor of tokens (varrt has no RaggedTensor yet).
        ngrams: None, an int (all widths up to it) or a tuple of widths.
        output_mode: "int", "multi_hot", "count", "tf_idf" ("one_hot" only with split=None).
        output_sequence_length: The length "int" outputs are cut or padded to.
        pad_to_max_tokens: Encode over `max_tokens` rather than the vocabulary size.
        vocabulary: The tokens (a list, array, tensor or file path), or None to `adapt`.
        idf_weights: The weights of "tf_idf" mode, with a given vocabulary.
        sparse: Whether to return SparseTensors (varrt: only False).
        ragged: Whether "int" outputs are RaggedTensors (varrt: only False).
        encoding: The text encoding ("utf-8").
        name: The layer's name.
    """

    _convert_input_args = False
    _allow_non_tensor_positional_args = True

    def __init__(self, max_tokens=None, standardize="lower_and_strip_punctuation", split="whitespace", ngrams=None,
                 output_mode="int", output_sequence_length=None, pad_to_max_tokens=False, vocabulary=None,
                 idf_weights=None, sparse=False, ragged=False, encoding="utf-8", name=None, **kwargs):
        validate_string_arg(standardize, ("lower_and_strip_punctuation", "lower", "strip_punctuation"),
                            type(self).__name__, "standardize", allow_none=True, allow_callables=True)
        validate_string_arg(split, ("whitespace", "character"), type(self).__name__, "split", allow_none=True,
                            allow_callables=True)
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode == "tf-idf":
            output_mode = "tf_idf"
        validate_string_arg(output_mode, ("int", "one_hot", "multi_hot", "count", "tf_idf"), type(self).__name__,
                            "output_mode")
        if not (ngrams is None or isinstance(ngrams, int)
                or isinstance(ngrams, tuple) and all(isinstance(item, int) for item in ngrams)):
            raise ValueError(f"`ngrams` must be None, an integer, or a tuple of integers. Received: ngrams={ngrams}")
        if output_mode == "int" and not (isinstance(output_sequence_length, int) or output_sequence_length is None):
            raise ValueError("`output_sequence_length` must be either None or an integer when `output_mode` is "
                             f"'int'. Received: output_sequence_length={output_sequence_length}")
        if output_mode != "int" and output_sequence_length is not None:
            raise ValueError("`output_sequence_length` must not be set if `output_mode` is not 'int'. Received "
                             f"output_sequence_length={output_sequence_length}.")
        if ragged and output_mode != "int":
            raise ValueError(f"`ragged` must not be true if `output_mode` is `'int'`. Received: ragged={ragged} and "
                             f"output_mode={output_mode}")
        if ragged:
            raise NotImplementedError("varrt's TextVectorization does not implement ragged=True yet (varrt has no "
                                      "tf.RaggedTensor yet): its outputs are dense, padded with 0.")
        if sparse:
            raise NotImplementedError("varrt's TextVectorization does not implement sparse=True yet (its outputs "
                                      "are dense tensors).")
        if output_mode == "one_hot" and split is not None:
            raise NotImplementedError("varrt's TextVectorization does not implement output_mode='one_hot' with a "
                                      "split yet: Keras returns a RaggedTensor there, which varrt does not have yet.")
        if ngrams is not None and not isinstance(split, str):
            raise NotImplementedError("varrt's TextVectorization implements `ngrams` only with split='whitespace' "
                                      "or 'character' (the n-grams of a split callable's tokens are not built yet).")
        self._max_tokens = max_tokens
        self._standardize = standardize
        self._split = split
        self._ngrams_arg = ngrams
        self._ngrams = tuple(range(1, ngrams + 1)) if isinstance(ngrams, int) else ngrams
        self._ragged = ragged
        self._output_mode = output_mode
        self._output_sequence_length = output_sequence_length
        self._encoding = encoding
        self._has_input_vocabulary = kwargs.pop("has_input_vocabulary", vocabulary is not None)
        vocabulary_size = kwargs.pop("vocabulary_size", None)
        super().__init__(name=name, **kwargs)
        self._lookup_layer = StringLookup(max_tokens=max_tokens, vocabulary=vocabulary, idf_weights=idf_weights,
                                          pad_to_max_tokens=pad_to_max_tokens, mask_token="",
                                          output_mode=output_mode, sparse=sparse,
                                          has_input_vocabulary=self._has_input_vocabulary, encoding=encoding,
                                          vocabulary_size=vocabulary_size)
        self.supports_jit = False

    @property
    def compute_dtype(self):
        return "string"

    @property
    def variable_dtype(self):
        return "string"

    def build(self, input_shape=None):
        self.built = True

    def compute_output_shape(self, input_shape):
        if self._output_mode == "int":
            return (input_shape[0], self._output_sequence_length)
        if self._split is None:
            if len(input_shape) <= 1:
                input_shape = tuple(input_shape) + (1,)
        else:
            input_shape = tuple(input_shape) + (None,)
        return self._lookup_layer.compute_output_shape(input_shape)

    def compute_output_spec(self, inputs):
        output_shape = self.compute_output_shape(inputs.shape)
        return KerasTensor(output_shape, dtype="int64" if self._output_mode == "int" else "float32")

    # --- the vocabulary -------------------------------------------------------------------------

    def adapt(self, data, batch_size=None, steps=None):
        """Learns the vocabulary (by token frequency, ties by the larger token) and, in "tf_idf"
        mode, the document frequencies, from `data`: a list or array of strings, a tensor, a
        batched `tf.data.Dataset` or an iterable of batches."""
        self.reset_state()
        # (Keras 3.15, which TensorFlow 2.21 installs, prints no progress bar here.)
        if isinstance(data, DatasetV2):
            if steps is not None:
                data = data.take(steps)
            for batch in data:
                self.update_state(batch)
        elif hasattr(data, "__iter__") and not isinstance(data, (list, tuple, np.ndarray, Tensor)):
            for i, batch in enumerate(data):
                if steps is not None and i >= steps:
                    break
                self.update_state(batch)
        else:
            data = convert_to_tensor(data, dtype="string")
            if data.shape.rank == 1:
                data = array_ops.expand_dims(data, -1)
            self.update_state(data)
        self.finalize_state()

    def update_state(self, data):
        self._lookup_layer.update_state(self._preprocess(data))

    def finalize_state(self):
        self._lookup_layer.finalize_state()

    def reset_state(self):
        self._lookup_layer.reset_state()

    def get_vocabulary(self, include_special_tokens=True):
        """The vocabulary, index by index ("" and "[UNK]" first unless left out)."""
        return self._lookup_layer.get_vocabulary(include_special_tokens)

    def vocabulary_size(self):
        """The number of indices: the vocabulary and the mask and OOV tokens."""
        return self._lookup_layer.vocabulary_size()

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Sets the vocabulary (a list, array, tensor or file of one token a line) and, in
        "tf_idf" mode, its `idf_weights`."""
        self._lookup_layer.set_vocabulary(vocabulary, idf_weights=idf_weights)

    def get_config(self):
        config = {
            "max_tokens": self._lookup_layer.max_tokens, "standardize": self._standardize, "split": self._split,
            "ngrams": self._ngrams_arg, "output_mode": self._output_mode,
            "output_sequence_length": self._output_sequence_length,
            "pad_to_max_tokens": self._lookup_layer.pad_to_max_tokens, "sparse": self._lookup_layer.sparse,
            "ragged": self._ragged, "vocabulary": listify_tensors(self._lookup_layer.input_vocabulary),
            "idf_weights": listify_tensors(self._lookup_layer.input_idf_weights), "encoding": self._encoding,
            "vocabulary_size": self.vocabulary_size(),
        }
        return {**super().get_config(), **config}

    @classmethod
    def from_config(cls, config):
        if not isinstance(config["standardize"], str) and config["standardize"] is not None:
            config["standardize"] = serialization_lib.deserialize_keras_object(config["standardize"])
        if not isinstance(config["split"], str) and config["split"] is not None:
            config["split"] = serialization_lib.deserialize_keras_object(config["split"])
        if isinstance(config["ngrams"], list):
            config["ngrams"] = tuple(config["ngrams"])
        return cls(**config)

    # --- the call ---------------------------------------------------------------------------------

    def _standardized(self, inputs):
        if not isinstance(inputs, Tensor):
            inputs = convert_to_tensor(inputs, dtype="string")
        if self._standardize in ("lower", "lower_and_strip_punctuation"):
            inputs = lower(inputs)
        if self._standardize in ("strip_punctuation", "lower_and_strip_punctuation"):
            inputs = regex_replace(inputs, _PUNCTUATION, "")
        if callable(self._standardize):
            inputs = self._standardize(inputs)
        return inputs

    def _preprocess(self, inputs, length=None):
        """The tokens of `inputs`: a string tensor, one more dimension than the text's (padded
        with "") when it is split."""
        inputs = self._standardized(inputs)
        if self._split is None:
            return inputs
        if inputs.shape.rank is not None and inputs.shape.rank > 1:
            if inputs.shape[-1] != 1:
                raise ValueError("When using `TextVectorization` to tokenize strings, the input rank must be 1 or "
                                 "the last shape dimension must be 1. Received: "
                                 f"inputs.shape={tuple(inputs.shape)} with rank={inputs.shape.rank}")
            inputs = array_ops.squeeze(inputs, axis=[-1])
        if callable(self._split):
            tokens = self._split(inputs)
            if not isinstance(tokens, Tensor):
                raise NotImplementedError("varrt's TextVectorization takes a `split` callable that returns a dense "
                                          f"string tensor of tokens; it returned {type(tokens).__name__} (varrt has "
                                          "no tf.RaggedTensor yet).")
            return tokens
        split, widths = self._split, self._ngrams

        def kernel(texts):
            return token_matrix(texts, split, widths, length)

        tokens = script_ops.numpy_function(kernel, [inputs], "string", stateful=False)
        if hasattr(tokens, "set_shape"):  # traced: the text's shape and the tokens' axis
            rank = inputs.shape.rank
            shape = None if rank is None else list(inputs.shape) + [length]
            tokens = ensure_shape.ensure_shape(tokens, shape)
        return tokens

    def call(self, inputs):
        length = self._output_sequence_length if self._output_mode == "int" else None
        tokens = self._preprocess(inputs, length)
        lookup_data = self._lookup_layer.call(tokens)
        if self._output_mode != "int" or self._split is not None or length is None:
            return lookup_data
        # Each string is a token: Keras cuts and pads the last axis to the sequence length.
        lookup_data = lookup_data[..., :length]
        pad = length - int(lookup_data.shape[-1]) if lookup_data.shape[-1] is not None else None
        if pad is None:
            raise NotImplementedError("varrt's TextVectorization with split=None and output_sequence_length needs "
                                      "the input's last dimension known.")
        paddings = [[0, 0]] * (lookup_data.shape.rank - 1) + [[0, pad]]
        return manip_ops.pad(lookup_data, paddings) if pad else lookup_data

    # --- saving -----------------------------------------------------------------------------------

    def save_own_variables(self, store):
        self._lookup_layer.save_own_variables(store)

    def load_own_variables(self, store):
        self._lookup_layer.load_own_variables(store)

    def save_assets(self, dir_path):
        self._lookup_layer.save_assets(dir_path)

    def load_assets(self, dir_path):
        self._lookup_layer.load_assets(dir_path)
