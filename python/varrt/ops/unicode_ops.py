"""tf.strings.unicode_transcode (UnicodeTranscode): each string decoded from `input_encoding`
(any encoding Python's codecs know by the name, as TensorFlow's ICU converters) and encoded as
UTF-8, UTF-16-BE or UTF-32-BE (core/kernels/unicode_ops.cc). Malformed input raises
("strict"), is dropped ("ignore") or becomes `replacement_char` ("replace"), each maximal
malformed subpart once, as both ICU and Python's decoders do; C0 control characters can be
replaced too.

The ops behind the functions returning ragged tensors are here too (UnicodeDecode,
UnicodeDecodeWithOffsets, UnicodeEncode, with their tf.raw_ops, eagerly: their outputs' lengths
are the data's): each string to its code points and their byte offsets, and rows of code points to
strings, with the same error rules; ops/ragged/ragged_unicode_ops.py gives them TensorFlow's ranks."""
from __future__ import annotations

import codecs
import threading
from collections import namedtuple

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import (attr_value_error, check_dtype, is_tensor_like, kernel_error, mismatch, run,
                               suffix)
from varrt.ops.ragged.ragged_checks import eager_numpy
from varrt.ops.string_ops import string_operand

_OUTPUTS = {"UTF-8": "utf-8", "UTF-16-BE": "utf-16-be", "UTF-32-BE": "utf-32-be"}


def _replacing_handler(char):
    """The name of a codecs error handler that puts `char` for each malformed subpart."""
    name = f"varrt_unicode_replace_{ord(char)}"
    try:
        codecs.lookup_error(name)
    except LookupError:
        codecs.register_error(name, lambda error: (char, error.end))
    return name


@op_def_lib.implements("UnicodeTranscode")
def unicode_transcode(input, input_encoding, output_encoding, errors="replace", replacement_char=65533,  # noqa: A002
                      replace_control_characters=False, name=None) -> Tensor:
    """Each string from `input_encoding` to `output_encoding` (tf.strings.unicode_transcode)."""
    op = "UnicodeTranscode"
    a, _ = string_operand(op, input, name)
    end = suffix(name, input)
    if output_encoding not in _OUTPUTS:
        raise attr_value_error(op, f'"{output_encoding}"', name, end, attr="output_encoding")
    if errors not in ("strict", "replace", "ignore"):
        raise attr_value_error(op, f'"{errors}"', name, end, attr="errors")
    check_replacement_char(op, replacement_char, name, end)
    decoding = input_codec(op, input_encoding, name, end)
    char = chr(int(replacement_char))
    handler = _replacing_handler(char) if errors == "replace" else errors
    controls = {i: char for i in range(0x20)} if replace_control_characters else None  # C0
    encoding = _OUTPUTS[output_encoding]

    def one(s):
        try:
            text = s.decode(decoding, handler)
        except UnicodeDecodeError:
            raise kernel_error(op, "Invalid formatting on input string", name, end=end) from None
        if controls is not None:
            text = text.translate(controls)
        return text.encode(encoding)

    def kernel(x):
        out = np.empty(x.size, dtype=object)
        out[:] = [one(s) for s in x.reshape(-1)]
        return out.reshape(x.shape)
    return run(op, kernel, (a,), dtypes.string, attrs={"replacement_char": int(replacement_char),
                                                        "replace_control_characters": bool(replace_control_characters)},
               name=name)


# --- UnicodeDecode, UnicodeDecodeWithOffsets, UnicodeEncode -------------------------------------------

def check_replacement_char(op, replacement_char, name=None, end=None):
    """TensorFlow's kernel check of `replacement_char`."""
    if not 0 <= int(replacement_char) <= 0x10FFFF:
        raise kernel_error(op, "replacement_char out of unicode codepoint range", name, end=end)


def input_codec(op, input_encoding, name=None, end=None):
    """Python's codec for `input_encoding` (TensorFlow opens an ICU converter by that name), or
    TensorFlow's error when there is none."""
    try:
        return codecs.lookup(input_encoding).name
    except LookupError:
        raise kernel_error(op, f"Could not create converter for input encoding: {input_encoding}", name,
                           end=end) from None


def _width(codec):
    """The byte length of one character in `codec` (the offsets of the decoded characters)."""
    fixed = {"utf-32-be": 4, "utf-32-le": 4}.get(codec)
    if fixed:
        return lambda ch: fixed
    if codec in ("utf-16-be", "utf-16-le"):
        return lambda ch: 2 if ord(ch) < 0x10000 else 4
    if codec == "utf-8":
        return lambda ch: 1 if ord(ch) < 0x80 else 2 if ord(ch) < 0x800 else 3 if ord(ch) < 0x10000 else 4
    return lambda ch: len(ch.encode(codec))


_MARK = "\ud800"  # a lone surrogate: no decoder gives one for valid input, so it marks the malformed spans
_SPANS = threading.local()  # the spans of the string this thread decodes


def _mark_span(error):
    """The codecs error handler "varrt_unicode_decode_spans": records the malformed span and
    leaves _MARK in its place (one pass over the string, whatever the number of errors)."""
    _SPANS.list.append((error.start, error.end))
    return _MARK, error.end


codecs.register_error("varrt_unicode_decode_spans", _mark_span)


def _decode_one(s, codec, width, errors, replacement, controls, fail):
    """(code points, byte offsets) of the bytes `s`: each maximal malformed subpart (Python's
    decoders mark the spans ICU's converters do) raises, is dropped or is `replacement`; with
    `controls` a C0 control is `replacement`, or dropped under errors="ignore" (TensorFlow's kernel
    hands it to the error rule, which never raises for it)."""
    spans = _SPANS.list = []
    text = s.decode(codec, "varrt_unicode_decode_spans")
    if spans and errors == "strict":
        raise fail("Invalid formatting on input string")
    points, offsets = [], []
    at, bad = 0, iter(spans)
    for ch in text:
        if ch == _MARK:
            start, at = next(bad)
            if errors == "replace":
                points.append(replacement)
                offsets.append(start)
            continue
        cp = ord(ch)
        if controls and cp < 0x20:
            cp = None if errors == "ignore" else replacement
        if cp is not None:
            points.append(cp)
            offsets.append(at)
        at += width(ch)
    return points, offsets


def decode_codepoints(op, strings, input_encoding, errors, replacement_char, replace_control_characters,
                      name=None, end=None):
    """The kernel of UnicodeDecode(WithOffsets) on a list of byte strings: (row_splits,
    char_values, char_to_byte_starts) as int64, int32 and int64 arrays."""
    if errors not in ("strict", "replace", "ignore"):
        raise attr_value_error(op, f'"{errors}"', name, end, attr="errors")
    check_replacement_char(op, replacement_char, name, end)
    codec = input_codec(op, input_encoding, name, end)
    width = _width(codec)
    replacement = int(replacement_char)

    def fail(message):
        return kernel_error(op, message, name, end=end)
    points, offsets, splits = [], [], [0]
    for s in strings:
        p, o = _decode_one(s, codec, width, errors, replacement, replace_control_characters, fail)
        points += p
        offsets += o
        splits.append(len(points))
    return np.array(splits, np.int64), np.array(points, np.int32), np.array(offsets, np.int64)


def encode_codepoints(op, values, splits, output_encoding, errors, replacement_char, name=None, end=None):
    """The kernel of UnicodeEncode: each row values[splits[i]:splits[i + 1]] of code points as one
    string in `output_encoding`; a code point out of Unicode's range or a surrogate raises, is
    dropped or is `replacement_char`."""
    # TensorFlow checks output_encoding first.
    if output_encoding not in _OUTPUTS:
        raise attr_value_error(op, f'"{output_encoding}"', name, end, attr="output_encoding")
    if errors not in ("strict", "replace", "ignore"):
        raise attr_value_error(op, f'"{errors}"', name, end, attr="errors")
    check_replacement_char(op, replacement_char, name, end)
    replacement = chr(int(replacement_char))
    codec = _OUTPUTS[output_encoding]

    def char(cp):
        if 0 <= cp <= 0x10FFFF and not 0xD800 <= cp <= 0xDFFF:
            return chr(cp)
        if errors == "strict":
            raise kernel_error(op, "Code point is out of range for Unicode, or is a surrogate.", name, end=end)
        return replacement if errors == "replace" else ""
    values = [int(v) for v in values]
    out = np.empty(max(len(splits) - 1, 0), dtype=object)
    out[:] = ["".join(char(cp) for cp in values[splits[i]:splits[i + 1]]).encode(codec)
              for i in range(len(splits) - 1)]
    return out


def utf8_characters(s):
    """tf.strings.unicode_split(s, "UTF-8") of one byte string on host values: its characters as
    UTF-8 strings, U+FFFD for each malformed subpart (Keras's TextVectorization reads it)."""
    _, points, _ = decode_codepoints("UnicodeDecode", [s], "UTF-8", "replace", 0xFFFD, False)
    return [chr(p).encode("utf-8") for p in points.tolist()]


# --- tf.raw_ops.UnicodeDecode, UnicodeDecodeWithOffsets, UnicodeEncode ------------------------------

UnicodeDecodeOutput = namedtuple("UnicodeDecode", ["row_splits", "char_values"])  # TensorFlow's field names
UnicodeDecodeWithOffsetsOutput = namedtuple("UnicodeDecodeWithOffsets",
                                            ["row_splits", "char_values", "char_to_byte_starts"])


def _eager_input(op, x, dtype, index, name, end):
    """The NumPy value of input `index` of `op`, eagerly: a Python value converted to `dtype`
    (TensorFlow's TypeError when it cannot be), a tensor of another dtype TensorFlow's error."""
    if is_tensor_like(x):
        if x.dtype != dtype:
            raise mismatch(op, index, dtype, x.dtype, name, end=end)
    else:
        x = convert_to_tensor(x, dtype=dtype)
    return eager_numpy(x, op)


def _raw_decode(op, input, input_encoding, errors, replacement_char, replace_control_characters,  # noqa: A002
                Tsplits, name):
    end = suffix(name, input)
    splits_dtype = dtypes.as_dtype(Tsplits)
    check_dtype(op, splits_dtype, name, end, attr="Tsplits")
    strings = _eager_input(op, input, dtypes.string, 0, name, end)
    splits, points, offsets = decode_codepoints(op, np.reshape(strings, -1).tolist(), input_encoding, errors,
                                                replacement_char, replace_control_characters, name, end)
    return (constant(splits.astype(splits_dtype.as_numpy_dtype), dtype=splits_dtype),
            constant(points, dtype=dtypes.int32), constant(offsets, dtype=dtypes.int64))


@op_def_lib.implements("UnicodeDecode")
def _unicode_decode_raw(input, input_encoding, errors="replace", replacement_char=65533,  # noqa: A002, N803
                        replace_control_characters=False, Tsplits=dtypes.int64, name=None):
    """The UnicodeDecode op (tf.raw_ops.UnicodeDecode): every string's code points, eagerly."""
    splits, points, _ = _raw_decode("UnicodeDecode", input, input_encoding, errors, replacement_char,
                                    replace_control_characters, Tsplits, name)
    return UnicodeDecodeOutput(splits, points)


@op_def_lib.implements("UnicodeDecodeWithOffsets")
def _unicode_decode_with_offsets_raw(input, input_encoding, errors="replace", replacement_char=65533,  # noqa: A002
                                     replace_control_characters=False, Tsplits=dtypes.int64,  # noqa: N803
                                     name=None):
    """The UnicodeDecodeWithOffsets op (tf.raw_ops.UnicodeDecodeWithOffsets), eagerly."""
    return UnicodeDecodeWithOffsetsOutput(*_raw_decode("UnicodeDecodeWithOffsets", input, input_encoding, errors,
                                                       replacement_char, replace_control_characters, Tsplits,
                                                       name))


@op_def_lib.implements("UnicodeEncode")
def _unicode_encode_raw(input_values, input_splits, output_encoding, errors="replace",
                        replacement_char=65533, name=None) -> Tensor:
    """The UnicodeEncode op (tf.raw_ops.UnicodeEncode): one string per row of code points, eagerly."""
    op = "UnicodeEncode"
    end = suffix(name, input_values, input_splits)
    values = _eager_input(op, input_values, dtypes.int32, 0, name, end)
    splits = convert_to_tensor(input_splits) if not is_tensor_like(input_splits) else input_splits
    check_dtype(op, splits.dtype, name, end, attr="Tsplits")
    out = encode_codepoints(op, np.reshape(values, -1).tolist(), eager_numpy(splits, op).reshape(-1).tolist(),
                            output_encoding, errors, replacement_char, name, end)
    return constant(out, dtype=dtypes.string)


def unicode_decode_op(flat, input_encoding, errors, replacement_char, replace_control_characters, with_offsets):
    """UnicodeDecode (UnicodeDecodeWithOffsets) of the 1-D string tensor `flat`, eagerly, as the
    ragged functions call it: (row_splits, char_values, char_to_byte_starts) tensors. (TensorFlow's
    Python functions give their `name` to a scope, not to the op: its errors name none.)"""
    op = "UnicodeDecodeWithOffsets" if with_offsets else "UnicodeDecode"
    return _raw_decode(op, flat, input_encoding, errors, replacement_char, replace_control_characters,
                       dtypes.int64, None)


def unicode_encode_op(values, splits, output_encoding, errors, replacement_char) -> Tensor:
    """UnicodeEncode of the ragged_rank-1 rows (values, splits) of code points, eagerly, as
    tf.strings.unicode_encode calls it (its `name` names a scope)."""
    return _unicode_encode_raw(values, splits, output_encoding, errors, replacement_char)
