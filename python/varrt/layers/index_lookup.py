"""`IndexLookup` (keras/src/layers/preprocessing/index_lookup.py): what IntegerLookup and
StringLookup share. A vocabulary (given, read from a file, or learned by `adapt` from token
counts, most frequent first, ties by the tokens) maps tokens to indices after the mask index
(0, in "int" mode with a mask token) and `num_oov_indices` OOV indices; out-of-vocabulary
tokens take an OOV index (one; `floormod` of an integer, or FarmHash of the text, for several;
an error for none; SipHash under a `salt`). `invert` maps indices back to tokens. Outputs other than "int" are encoded
(one_hot, multi_hot, count, tf_idf weighted by `idf_weights`) over the vocabulary size."""
import collections
import os

import numpy as np

from varrt.base import errors
from varrt.data.dataset_ops import DatasetV2
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.variables import Variable
from varrt.layers.argument_validation import validate_string_arg
from varrt.layers.categorical_encoding import encode_categorical_inputs
from varrt.layers.hash_buckets import hash_bucket
from varrt.layers.keras_tensor import KerasTensor
from varrt.layers.layer import Layer
from varrt.layers.lookup_table import LookupTable
from varrt.ops import array_ops, logging_ops, math_ops, op_util

_INT64_MAX = np.iinfo(np.int64).max


def listify_tensors(x):
    if isinstance(x, Tensor):
        x = x.numpy()
    if isinstance(x, np.ndarray):
        x = x.tolist()
    return x


def _host_array(values, dtype):
    """A vocabulary or batch as a NumPy array: text as str, integers as int64."""
    array = np.asarray(values.numpy() if isinstance(values, Tensor) else values)
    if dtype == "string":
        return np.array([v.decode("utf-8") if isinstance(v, bytes) else str(v) for v in array.reshape(-1)],
                        dtype=object).reshape(array.shape)
    return array.astype(np.int64)


class _AdaptState:
    """What `adapt` counts until `finalize_state` (Keras keeps it in MutableHashTables): each
    token's count, the documents each appears in, the number of documents."""

    def __init__(self):
        self.token_counts = collections.Counter()
        self.document_counts = collections.Counter()
        self.num_documents = 0


class IndexLookup(Layer):
    """The base of IntegerLookup and StringLookup (their arguments)."""

    _convert_input_args = False
    _allow_non_tensor_positional_args = True

    def __init__(self, max_tokens, num_oov_indices, mask_token, oov_token, vocabulary_dtype, vocabulary=None,
                 idf_weights=None, invert=False, output_mode="int", sparse=False, pad_to_max_tokens=False,
                 oov_method="floormod", name=None, salt=None, **kwargs):
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError(f"If set, `max_tokens` must be greater than 1. Received: max_tokens={max_tokens}")
        if pad_to_max_tokens and max_tokens is None:
            raise ValueError(f"If pad_to_max_tokens is True, must set `max_tokens`. Received: max_tokens={max_tokens}")
        if num_oov_indices < 0:
            raise ValueError("`num_oov_indices` must be greater than or equal to 0. Received: "
                             f"num_oov_indices={num_oov_indices}")
        validate_string_arg(oov_method, ("floormod", "farmhash"), type(self).__name__, "oov_method")
        if salt is not None:
            if vocabulary_dtype != "string" and oov_method != "farmhash":
                raise ValueError(f"`salt` can only be used when `oov_method='farmhash'`. Received: "
                                 f"oov_method={oov_method}")
            if isinstance(salt, (tuple, list)) and len(salt) == 2:
                salt = list(salt)
            elif isinstance(salt, int):
                salt = [salt, salt]
            else:
                raise ValueError("The `salt` argument for `IndexLookup` can only be a tuple of 2 integers, or a "
                                 f"single integer. Received: salt={salt}.")
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode == "tf-idf":
            output_mode = "tf_idf"
        validate_string_arg(output_mode, ("int", "one_hot", "multi_hot", "count", "tf_idf"), type(self).__name__,
                            "output_mode")
        if invert and output_mode != "int":
            raise ValueError(f"`output_mode` must be `'int'` when `invert` is true. Received: output_mode={output_mode}")
        if sparse and output_mode == "int":
            raise ValueError("`sparse` may only be true if `output_mode` is `'one_hot'`, `'multi_hot'`, `'count'` or "
                             f"`'tf_idf'`. Received: sparse={sparse} and output_mode={output_mode}")
        if idf_weights is not None and output_mode != "tf_idf":
            raise ValueError("`idf_weights` should only be set if `output_mode` is `'tf_idf'`. Received: "
                             f"idf_weights={idf_weights} and output_mode={output_mode}")
        if sparse:
            raise NotImplementedError(f"varrt's {type(self).__name__} does not implement sparse=True yet (its "
                                      "outputs are dense tensors).")
        self._frozen_vocab_size = kwargs.pop("vocabulary_size", None)
        has_input_vocabulary = kwargs.pop("has_input_vocabulary", vocabulary is not None)
        kwargs.pop("trainable", None)
        kwargs.pop("dtype", None)
        if kwargs:
            raise ValueError(f"Unrecognized keyword argument(s): {kwargs}")
        super().__init__(name=name)
        self.invert = invert
        self.max_tokens = max_tokens
        self.num_oov_indices = num_oov_indices
        self.mask_token = mask_token
        self.oov_token = oov_token
        self.output_mode = output_mode
        self.sparse = sparse
        self.pad_to_max_tokens = pad_to_max_tokens
        self.vocabulary_dtype = vocabulary_dtype
        self.oov_method = oov_method
        self.salt = salt
        self.input_vocabulary = vocabulary if not isinstance(vocabulary, str) else None
        self.input_idf_weights = idf_weights
        self._has_input_vocabulary = has_input_vocabulary
        if invert:
            self._key_dtype, self._value_dtype = "int64", self.vocabulary_dtype
            self._mask_key, self._mask_value = 0, mask_token
            self._default_value = self.oov_token
        else:
            self._key_dtype, self._value_dtype = self.vocabulary_dtype, "int64"
            # A mask is index 0 in "int" mode; otherwise the largest int64, which the encoding drops.
            self._mask_key, self._mask_value = mask_token, (0 if self.output_mode == "int" else _INT64_MAX)
            self._default_value = self._oov_start_index() if self.num_oov_indices == 1 else -1
        if self.output_mode == "tf_idf":
            if self._has_input_vocabulary and idf_weights is None:
                raise ValueError("When specifying the `vocabulary` argument, in TF-IDF output mode, the "
                                 "`idf_weights` argument must also be provided.")
            if idf_weights is not None:
                self._set_idf_weights(np.asarray(idf_weights))
        # Keras's table is uninitialized until a vocabulary is set or adapted: a call before
        # is TensorFlow's FailedPreconditionError.
        self._table_initialized = False
        if vocabulary is not None:
            self.set_vocabulary(vocabulary, idf_weights)
        else:
            self.lookup_table = self._table_from_tokens([])
        if not self._has_input_vocabulary:
            self._adapt_state = _AdaptState()

    # --- the vocabulary ---------------------------------------------------------------------

    def get_vocabulary(self, include_special_tokens=True):
        """The vocabulary, index by index (the mask and OOV tokens first unless left out)."""
        keys, values = self.lookup_table.export()
        vocab, indices = (values, keys) if self.invert else (keys, values)
        # Keras reads the table back as NumPy arrays, so the tokens are NumPy scalars (np.str_,
        # np.int64) and the special tokens the Python values given.
        if self.vocabulary_dtype == "string":
            vocab = np.array([v.decode("utf-8") if isinstance(v, bytes) else v for v in vocab])
        lookup = collections.defaultdict(lambda: self.oov_token, zip((int(i) for i in indices), vocab))
        vocab = [lookup[x] for x in range(self.vocabulary_size())]
        if self.mask_token is not None and self.output_mode == "int":
            vocab[0] = self.mask_token
        if not include_special_tokens:
            vocab = vocab[self._token_start_index():]
        return vocab

    def vocabulary_size(self):
        """The number of indices: the vocabulary and the special tokens."""
        return self.lookup_table.size() + self._token_start_index()

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Sets the vocabulary (a list, array, tensor or file of one token a line) and, in
        "tf_idf" mode, its `idf_weights`."""
        if self.output_mode == "tf_idf":
            if idf_weights is None:
                raise ValueError("`idf_weights` must be set if output_mode is 'tf_idf'.")
        elif idf_weights is not None:
            raise ValueError(f"`idf_weights` should only be set if output_mode is `'tf_idf'`. Received: "
                             f"output_mode={self.output_mode} and idf_weights={idf_weights}")
        if isinstance(vocabulary, str):
            if not os.path.exists(vocabulary):
                raise ValueError(f"Vocabulary file {vocabulary} does not exist.")
            if self.output_mode == "tf_idf":
                raise ValueError("output_mode `'tf_idf'` does not support loading a vocabulary from file.")
            with open(vocabulary, encoding="utf-8") as f:
                lines = f.read().splitlines()
            self.lookup_table = self._table_from_tokens(_host_array(lines, self.vocabulary_dtype))
            self._table_initialized = True
            self._record_vocabulary_size()
            return
        vocabulary = _host_array(vocabulary, self.vocabulary_dtype) if isinstance(vocabulary, (Tensor, list, tuple)) \
            else np.asarray(vocabulary)
        if isinstance(idf_weights, Tensor):
            idf_weights = idf_weights.numpy()
        elif isinstance(idf_weights, (list, tuple)):
            idf_weights = np.array(idf_weights)
        if vocabulary.size == 0:
            raise ValueError(f"Cannot set an empty vocabulary. Received: vocabulary={vocabulary}")
        oov_start = self._oov_start_index()
        token_start = self._token_start_index()
        special_tokens = [self.mask_token] * oov_start + [self.oov_token] * self.num_oov_indices
        found_special_tokens = np.array_equal(special_tokens, vocabulary[:token_start])
        tokens = vocabulary[token_start:] if found_special_tokens else vocabulary
        repeated_tokens = self._find_repeated_tokens(tokens)
        if repeated_tokens:
            raise ValueError("The passed vocabulary has at least one repeated term. Please uniquify your dataset. The "
                             f"repeated terms are: {repeated_tokens}")
        if self.mask_token is not None and self.mask_token in tokens:
            mask_index = np.argwhere(vocabulary == self.mask_token)[-1]
            raise ValueError("Found reserved mask token at unexpected location in `vocabulary`. Note that passed "
                             "`vocabulary` does not need to include the OOV and mask tokens. Either remove all mask "
                             "and OOV tokens, or include them only at the start of the vocabulary in precisely this "
                             f"order: {special_tokens}. Received: mask_token={self.mask_token} at vocabulary index "
                             f"{mask_index}")
        if self.oov_token is not None and self.invert and self.oov_token in tokens:
            oov_index = np.argwhere(vocabulary == self.oov_token)[-1]
            raise ValueError("Found reserved OOV token at unexpected location in `vocabulary`. Note that passed "
                             "`vocabulary` does not need to include the OOV and mask tokens. Either remove all mask "
                             "and OOV tokens, or include them only at the start of the vocabulary in precisely this "
                             f"order: {special_tokens}. Received: oov_token={self.oov_token} at vocabulary index "
                             f"{oov_index}")
        new_vocab_size = token_start + len(tokens)
        if self.max_tokens is not None and new_vocab_size > self.max_tokens:
            raise ValueError("Attempted to set a vocabulary larger than the maximum vocab size. Received vocabulary "
                             f"size is {new_vocab_size}; `max_tokens` is {self.max_tokens}.")
        self.lookup_table = self._table_from_tokens(tokens)
        self._table_initialized = True
        self._record_vocabulary_size()
        if self.output_mode == "tf_idf" and idf_weights is not None:
            if len(vocabulary) != len(idf_weights):
                raise ValueError(f"`idf_weights` must be the same length as vocabulary. len(idf_weights) is "
                                 f"{len(idf_weights)}; len(vocabulary) is {len(vocabulary)}")
            idf_weights = np.asarray(idf_weights)
            if idf_weights.ndim != 1:
                raise ValueError(f"TF-IDF data must be a 1-index array. Received: type(idf_weights)={type(idf_weights)}")
            # Without special tokens in the vocabulary, Keras gives them the average weight.
            front_padding, front_value = (0, 0) if found_special_tokens else (token_start, np.average(idf_weights))
            back_padding = (self.max_tokens - front_padding - len(idf_weights)
                            if self.pad_to_max_tokens and self.max_tokens is not None else 0)
            self._set_idf_weights(np.pad(idf_weights, (front_padding, back_padding), "constant",
                                         constant_values=(front_value, 0)))

    def _set_idf_weights(self, weights):
        if "idf_weights" in vars(self):
            del self.idf_weights
        self.idf_weights = Variable(np.asarray(weights, np.float32), trainable=False)
        self.idf_weights_const = self.idf_weights.value()

    def _table_from_tokens(self, tokens):
        start = self._token_start_index()
        indices = range(start, start + len(tokens))
        keys, values = (indices, tokens) if self.invert else (tokens, indices)
        return LookupTable(keys, values, self._key_dtype, self._value_dtype, self._default_value)

    def _record_vocabulary_size(self):
        self._ensure_vocab_size_unchanged()
        self._frozen_vocab_size = self.vocabulary_size()

    def get_config(self):
        config = {
            "invert": self.invert, "max_tokens": self.max_tokens, "num_oov_indices": self.num_oov_indices,
            "oov_token": self.oov_token, "mask_token": self.mask_token, "output_mode": self.output_mode,
            "sparse": self.sparse, "pad_to_max_tokens": self.pad_to_max_tokens,
            "vocabulary_dtype": self.vocabulary_dtype, "idf_weights": listify_tensors(self.input_idf_weights),
            "vocabulary": listify_tensors(self.input_vocabulary), "vocabulary_size": self._frozen_vocab_size,
            "oov_method": self.oov_method, "salt": self.salt,
        }
        return {**super().get_config(), **config}

    def get_build_config(self):
        return {}

    def build_from_config(self, config):
        self.build(None)

    @property
    def compute_dtype(self):
        return self.vocabulary_dtype

    @property
    def variable_dtype(self):
        return self.vocabulary_dtype

    @property
    def input_dtype(self):
        return self.vocabulary_dtype

    def compute_output_shape(self, input_shape):
        if self.output_mode == "int":
            return input_shape
        depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
        input_shape = tuple(input_shape)
        if self.output_mode == "one_hot":
            if len(input_shape) > 1 and input_shape[-1] == 1:
                return input_shape[:-1] + (depth,)
            return input_shape + (depth,)
        return input_shape[:-1] + (depth,)

    def compute_output_spec(self, inputs):
        # Keras's: int64 indices, else floats (a call's encodings are int64, and `invert` gives tokens).
        dtype = "int64" if self.output_mode == "int" else "float32"
        return KerasTensor(self.compute_output_shape(inputs.shape), dtype=dtype)

    # --- adapt ------------------------------------------------------------------------------

    def adapt(self, data, steps=None):
        """Learns the vocabulary (and, in "tf_idf" mode, the document frequencies) from `data`:
        an array, list, tensor, a `tf.data.Dataset` or an iterable of batches."""
        self.reset_state()
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
            data = _host_array(data, self.vocabulary_dtype)
            if data.ndim == 1:
                data = data[:, None]
            self.update_state(data)
        self.finalize_state()

    def update_state(self, data):
        if self._has_input_vocabulary:
            raise ValueError(f"Cannot adapt layer '{self.name}' after setting a static vocabulary via `vocabulary` "
                             "argument or `set_vocabulary()` method.")
        data = _host_array(data, self.vocabulary_dtype)
        if data.ndim == 0:
            data = data[None]
        if data.ndim == 1:
            data = data[None]  # one document
        state = self._adapt_state
        state.token_counts.update(data.reshape(-1).tolist())
        if self.output_mode == "tf_idf":
            for document in data:
                state.document_counts.update(set(np.asarray(document).reshape(-1).tolist()))
            state.num_documents += data.shape[0]

    def finalize_state(self):
        if self._has_input_vocabulary or not self._adapt_state.token_counts:
            if self.output_mode == "tf_idf":
                self.idf_weights_const = self.idf_weights.value()
            self._record_vocabulary_size()
            return
        state = self._adapt_state
        for special in (self.mask_token, self.oov_token):
            if special is not None:
                state.token_counts.pop(special, None)
        tokens = list(state.token_counts)
        counts = [state.token_counts[t] for t in tokens]
        # Most frequent first, ties by the larger token (Keras's NumPy lexsort, reversed).
        token_array = np.array(tokens, dtype=object if self.vocabulary_dtype == "string" else np.int64)
        sorted_indices = np.lexsort((token_array, np.array(counts, np.int64)))[::-1]
        if self.max_tokens:
            sorted_indices = sorted_indices[:self.max_tokens - self._token_start_index()]
        tokens = [tokens[i] for i in sorted_indices]
        self.lookup_table = self._table_from_tokens(tokens)
        self._table_initialized = True
        if self.output_mode == "tf_idf":
            document_counts = np.array([state.document_counts[t] for t in tokens], np.float64)
            idf = np.log(1 + state.num_documents / (1 + document_counts)).astype(np.float32)
            idf = np.pad(idf, [[self._token_start_index(), 0]], constant_values=np.mean(idf))
            if self.pad_to_max_tokens and self.max_tokens is not None:
                idf = np.pad(idf, [[0, self.max_tokens - idf.size]], constant_values=0)
            self._set_idf_weights(idf)
        self.reset_state()
        self._record_vocabulary_size()

    def reset_state(self):
        if self._has_input_vocabulary:
            return
        self._adapt_state = _AdaptState()

    # --- the call ---------------------------------------------------------------------------

    def _to_keys(self, inputs):
        """Keras's `ensure_tensor(inputs, dtype=key_dtype)`."""
        if not isinstance(inputs, Tensor):
            inputs = convert_to_tensor(inputs, dtype=self._key_dtype)
        if inputs.dtype.name != self._key_dtype:
            inputs = math_ops.cast(inputs, self._key_dtype)
        return inputs

    def call(self, inputs):
        self._ensure_known_vocab_size()
        if not self._table_initialized:
            find = "LookupTableFindV2"  # the op Keras's table lookup runs
            raise op_util.kernel_error(find, "Table not initialized.", "", cls=errors.FailedPreconditionError)
        inputs = self._to_keys(inputs)
        scalar = inputs.shape.rank == 0
        if scalar:
            inputs = array_ops.expand_dims(inputs, -1)
        lookups = self._lookup_dense(inputs)
        if self.output_mode == "int":
            return array_ops.squeeze(lookups, -1) if scalar else lookups
        depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
        output = encode_categorical_inputs(lookups, "count" if self.output_mode == "tf_idf" else self.output_mode,
                                           depth, self._value_dtype)
        if self.output_mode == "tf_idf":
            output = math_ops.multiply(math_ops.cast(output, self.idf_weights_const.dtype), self.idf_weights_const)
        return output

    def _lookup_dense(self, inputs):
        mask = (self._mask_key, self._mask_value) if self.mask_token is not None else None
        oov = None
        if not self.invert:
            if self.num_oov_indices == 0:
                oov = self._refuse_oov
            elif self.num_oov_indices > 1:
                oov = self._oov_buckets
        return self.lookup_table.lookup(inputs, mask=mask, oov=oov)

    def _refuse_oov(self, keys):
        # Keras asserts with tf.Assert on a message tf.strings.format writes; eagerly TensorFlow
        # reports the failed condition and the message's bytes.
        found = convert_to_tensor(np.array(keys, dtype=object if self._key_dtype == "string" else np.int64))
        message = logging_ops.string_format("When `num_oov_indices=0` all inputs should be in vocabulary, found OOV "
                                            "values {}, consider setting `num_oov_indices=1`.", (found,))
        raise errors.InvalidArgumentError(None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
                                          f"Summarized data: {message.numpy()!r}")

    def _oov_buckets(self, keys):
        start = self._oov_start_index()
        if self._key_dtype != "string" and self.oov_method != "farmhash":
            return [start + int(k) % self.num_oov_indices for k in keys]
        return [start + hash_bucket(k, self.num_oov_indices, self.salt) for k in keys]

    def _oov_start_index(self):
        return 1 if self.mask_token is not None and self.output_mode == "int" else 0

    def _token_start_index(self):
        return self._oov_start_index() + self.num_oov_indices

    def _ensure_known_vocab_size(self):
        if self.output_mode == "int" or self.pad_to_max_tokens:
            return
        if self._frozen_vocab_size is None:
            raise RuntimeError(f"When using `output_mode={self.output_mode}` and `pad_to_max_tokens=False`, you must "
                               "set the layer's vocabulary before calling it. Either pass a `vocabulary` argument to "
                               "the layer, or call `adapt` with some sample data.")

    def _ensure_vocab_size_unchanged(self):
        if self.output_mode == "int" or self.pad_to_max_tokens:
            return
        new_vocab_size = self.vocabulary_size()
        if self._frozen_vocab_size is not None and new_vocab_size != self._frozen_vocab_size:
            raise RuntimeError(f"When using `output_mode={self.output_mode}` and `pad_to_max_tokens=False`, the "
                               "vocabulary size cannot be changed after the layer is called. Old vocab size is "
                               f"{self._frozen_vocab_size}, new vocab size is {new_vocab_size}")

    @staticmethod
    def _find_repeated_tokens(vocabulary):
        counts = collections.Counter(vocabulary)
        # Keras's vocabulary is a NumPy array: it names the repeated terms as NumPy scalars.
        return [np.str_(item) if isinstance(item, str) else item for item, count in counts.items() if count > 1]

    # --- saving -----------------------------------------------------------------------------

    def save_own_variables(self, store):
        if self.output_mode == "tf_idf":
            store["idf_weights"] = self.idf_weights_const.numpy()

    def load_own_variables(self, store):
        if self.output_mode == "tf_idf":
            self._set_idf_weights(store["idf_weights"])

    def save_assets(self, dir_path):
        """Writes an adapted vocabulary to `vocabulary.txt` (a given one is in the config)."""
        if self.input_vocabulary is not None:
            return
        vocabulary = self.get_vocabulary(include_special_tokens=True)
        with open(os.path.join(dir_path, "vocabulary.txt"), "w") as f:
            f.write("\n".join(str(w) for w in vocabulary))

    def load_assets(self, dir_path):
        """Sets the vocabulary `save_assets` wrote."""
        if self.input_vocabulary is not None:
            return
        with open(os.path.join(dir_path, "vocabulary.txt")) as f:
            lines = f.read().splitlines()
        while lines and lines[-1] == "":
            lines.pop()
        values = [str(line) for line in lines] if self.vocabulary_dtype == "string" else [int(line) for line in lines]
        if self.output_mode == "tf_idf":
            self.set_vocabulary(values, idf_weights=self.idf_weights_const.numpy())
        else:
            self.set_vocabulary(values)
