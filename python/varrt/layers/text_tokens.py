"""The tokens of TextVectorization's splits on host values, as TensorFlow's ops make them:
`tf.strings.split` with no separator (runs of ASCII whitespace, no empty tokens),
`tf.strings.unicode_split(..., "UTF-8")` (one token per character, U+FFFD for invalid bytes) and
`tf.strings.ngrams(..., separator=" ")` (each width's n-grams in turn). Keras gets ragged rows
from them; these rows become one dense matrix padded with "" (the lookup's mask token, index 0,
which the count encodings drop), which is what Keras's outputs are once densified."""
import numpy as np

from varrt.ops.ragged.ragged_ngrams_ops import string_n_grams
from varrt.ops.unicode_ops import utf8_characters


def whitespace_tokens(text):
    """tf.strings.split(text): bytes.split() splits on exactly its ASCII whitespace."""
    return text.split()


def character_tokens(text):
    """tf.strings.unicode_split(text, "UTF-8")."""
    return utf8_characters(text)


def ngrams(tokens, widths, separator=b" "):
    """tf.strings.ngrams(tokens, widths, separator): for each width, its n-grams in order (a
    row shorter than a width has none of it): StringNGrams' kernel on one row, unpadded."""
    return string_n_grams(list(tokens), [0, len(tokens)], separator, list(widths), b"", b"", 0, False)[0]


def padded(rows, length=None):
    """Rows of tokens as one matrix of bytes, padded with b"" to the longest row or cut and
    padded to `length`."""
    width = max((len(r) for r in rows), default=0) if length is None else length
    out = np.full((len(rows), width), b"", dtype=object)
    for i, row in enumerate(rows):
        row = row[:width]
        out[i, :len(row)] = row
    return out


def token_matrix(texts, split, widths=None, length=None):
    """The padded tokens of an array of byte strings: shape texts.shape + (tokens,)."""
    flat = np.asarray(texts, dtype=object).reshape(-1)
    tokenize = whitespace_tokens if split == "whitespace" else character_tokens
    rows = [tokenize(t) for t in flat]
    if widths is not None:
        rows = [ngrams(r, widths) for r in rows]
    matrix = padded(rows, length)
    return matrix.reshape(np.shape(texts) + (matrix.shape[1],))
