"""tf.strings.unicode_transcode (UnicodeTranscode): each string decoded from `input_encoding`
(any encoding Python's codecs know by the name, as TensorFlow's ICU converters) and encoded as
UTF-8, UTF-16-BE or UTF-32-BE (core/kernels/unicode_ops.cc). Malformed input raises
("strict"), is dropped ("ignore") or becomes `replacement_char` ("replace"), each maximal
malformed subpart once, as both ICU and Python's decoders do; C0 control characters can be
replaced too. The ops returning ragged tensors (unicode_decode, unicode_split) are not built."""
from __future__ import annotations

import codecs

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import attr_value_error, kernel_error, run, suffix
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
