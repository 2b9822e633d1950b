"""tf.strings.unicode_transcode (UnicodeTranscode): each string decoded from `input_encoding`
(any encoding Python's codecs know by the name, as TensorFlow's ICU converters) and encoded as
UTF-8, UTF-16-BE or UTF-32-BE (core/kernels/unicode_ops.cc). Malformed input raises
("strict"), is dropped ("ignore") or becomes `replacement_char` ("replace"), each maximal
malformed subpart once, as both ICU and Python's decoders do; C0 control characters can be
replaced too.

The kernels of the ops returning ragged tensors are here too (UnicodeDecode, UnicodeDecodeWithOffsets,
UnicodeEncode): each string to its code points and their byte offsets, and rows of code points to
strings, with the same error rules; ops/ragged/ragged_unicode_ops.py gives them TensorFlow's ranks."""
from __future__ import annotations

import codecs

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant
from varrt.ops import op_def_lib
from varrt.ops.op_util import attr_value_error, kernel_error, mismatch, run, suffix
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
    if not 0 <= int(replacement_char) <= 0x10FFFF:
        raise kernel_error(op, "replacement_char out of unicode codepoint range", name, end=end)
    try:
        decoding = codecs.lookup(input_encoding).name
    except LookupError:
        raise kernel_error(op, f"Could not create converter for input encoding: {input_encoding}", name,
                           end=end) from None
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

def check_replacement_char(op, replacement_char, name=None):
    """TensorFlow's kernel check of `replacement_char`."""
    if not 0 <= int(replacement_char) <= 0x10FFFF:
        raise kernel_error(op, "replacement_char out of unicode codepoint range", name)


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


def _decode_one(s, codec, width, errors, replacement, controls, fail):
    """(code points, byte offsets) of the bytes `s`: each maximal malformed subpart (Python's
    decoders mark the spans ICU's converters do) raises, is dropped or is `replacement`; with
    `controls` a C0 control is `replacement`, or dropped under errors="ignore" (TensorFlow's kernel
    hands it to the error rule, which never raises for it)."""
    points, offsets = [], []
    pos = 0
    while pos < len(s):
        try:
            text, bad = s[pos:].decode(codec), None
        except UnicodeDecodeError as e:
            text, bad = s[pos:pos + e.start].decode(codec), (pos + e.start, pos + e.end)
        at = pos
        for ch in text:
            cp = ord(ch)
            if controls and cp < 0x20:
                cp = None if errors == "ignore" else replacement
            if cp is not None:
                points.append(cp)
                offsets.append(at)
            at += width(ch)
        if bad is None:
            break
        if errors == "strict":
            raise fail("Invalid formatting on input string")
        if errors == "replace":
            points.append(replacement)
            offsets.append(bad[0])
        pos = bad[1]
    return points, offsets


def decode_codepoints(op, strings, input_encoding, errors, replacement_char, replace_control_characters,
                      name=None):
    """The kernel of UnicodeDecode(WithOffsets) on a 1-D array of byte strings: (row_splits,
    char_values, char_to_byte_starts) as int64, int32 and int64 arrays."""
    if errors not in ("strict", "replace", "ignore"):
        raise attr_value_error(op, f'"{errors}"', name, attr="errors")
    check_replacement_char(op, replacement_char, name)
    try:
        codec = codecs.lookup(input_encoding).name
    except LookupError:
        raise kernel_error(op, f"Could not create converter for input encoding: {input_encoding}", name) from None
    width = _width(codec)
    replacement = int(replacement_char)

    def fail(message):
        return kernel_error(op, message, name)
    points, offsets, splits = [], [], [0]
    for s in strings:
        p, o = _decode_one(s, codec, width, errors, replacement, replace_control_characters, fail)
        points += p
        offsets += o
        splits.append(len(points))
    return np.array(splits, np.int64), np.array(points, np.int32), np.array(offsets, np.int64)


def encode_codepoints(op, values, splits, output_encoding, errors, replacement_char, name=None):
    """The kernel of UnicodeEncode: each row values[splits[i]:splits[i + 1]] of code points as one
    string in `output_encoding`; a code point out of Unicode's range or a surrogate raises, is
    dropped or is `replacement_char`."""
    # TensorFlow checks output_encoding first.
    if output_encoding not in _OUTPUTS:
        raise attr_value_error(op, f'"{output_encoding}"', name, attr="output_encoding")
    if errors not in ("strict", "replace", "ignore"):
        raise attr_value_error(op, f'"{errors}"', name, attr="errors")
    check_replacement_char(op, replacement_char, name)
    replacement = chr(int(replacement_char))
    codec = _OUTPUTS[output_encoding]

    def char(cp):
        if 0 <= cp <= 0x10FFFF and not 0xD800 <= cp <= 0xDFFF:
            return chr(cp)
        if errors == "strict":
            raise kernel_error(op, "Code point is out of range for Unicode, or is a surrogate.", name)
        return replacement if errors == "replace" else ""
    values = [int(v) for v in values]
    out = np.empty(max(len(splits) - 1, 0), dtype=object)
    out[:] = ["".join(char(cp) for cp in values[splits[i]:splits[i + 1]]).encode(codec)
              for i in range(len(splits) - 1)]
    return out


def unicode_decode_op(flat, input_encoding, errors, replacement_char, replace_control_characters, with_offsets):
    """UnicodeDecode (UnicodeDecodeWithOffsets) of the 1-D string tensor `flat`, eagerly:
    (row_splits, char_values, char_to_byte_starts) arrays. (TensorFlow's Python functions give
    their `name` to a scope, not to the op: its errors name none.)"""
    op = "UnicodeDecodeWithOffsets" if with_offsets else "UnicodeDecode"
    string_operand(op, flat, None)
    return decode_codepoints(op, eager_numpy(flat, "input").tolist(), input_encoding, errors, replacement_char,
                             replace_control_characters)


def unicode_encode_op(values, splits, output_encoding, errors, replacement_char) -> Tensor:
    """UnicodeEncode of the ragged_rank-1 rows (values, splits) of code points, eagerly: a
    string vector."""
    if values.dtype != dtypes.int32:
        raise mismatch("UnicodeEncode", 0, dtypes.int32, values.dtype)
    out = encode_codepoints("UnicodeEncode", eager_numpy(values, "input_values").tolist(),
                            eager_numpy(splits, "input_splits").tolist(), output_encoding, errors, replacement_char)
    return constant(out, dtype=dtypes.string)


def utf8_characters(s):
    """tf.strings.unicode_split(s, "UTF-8") of one byte string on host values: its characters as
    UTF-8 strings, U+FFFD for each malformed subpart (Keras's TextVectorization reads it)."""
    _, points, _ = decode_codepoints("UnicodeDecode", [s], "UTF-8", "replace", 0xFFFD, False)
    return [chr(p).encode("utf-8") for p in points.tolist()]
