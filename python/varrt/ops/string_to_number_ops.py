"""tf.strings.to_number (StringToNumber): TensorFlow's text-to-number rules
(core/kernels/string_to_number_op.cc over absl's SimpleAtof/SimpleAtoi): ASCII whitespace around
the number is allowed; floats take decimal and exponent forms, hexadecimal integers ("0x1A"),
"inf", "infinity" and "nan" in any case, and overflow to infinity; integers take decimal digits
with a sign and must fit the type. Anything else is TensorFlow's InvalidArgumentError."""
from __future__ import annotations

import re

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, run, suffix
from varrt.ops.string_ops import string_operand

_SPACE = b" \t\n\v\f\r"
_DECIMAL = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\Z")
_HEX = re.compile(rb"([+-]?)0[xX]([0-9a-fA-F]+)\Z")
_SPECIAL = re.compile(rb"([+-]?)(inf|infinity|nan)\Z", re.IGNORECASE)
_INTEGER = re.compile(rb"[+-]?\d+\Z")
_ERROR = "StringToNumberOp could not correctly convert string: "


def _float(text):
    """The float of `text`, or None."""
    s = text.strip(_SPACE)
    if _DECIMAL.match(s):
        return float(s)
    m = _HEX.match(s)
    if m:
        return float(int(m.group(2), 16)) * (-1.0 if m.group(1) == b"-" else 1.0)
    m = _SPECIAL.match(s)
    if m:
        value = float("nan") if m.group(2).lower() == b"nan" else float("inf")
        return -value if m.group(1) == b"-" else value
    return None


def _integer(text, dtype):
    s = text.strip(_SPACE)
    if not _INTEGER.match(s):
        return None
    value = int(s)
    info = np.iinfo(dtype.as_numpy_dtype)
    return value if info.min <= value <= info.max else None


def to_number(input, out_type=dtypes.float32, name=None) -> Tensor:  # noqa: A002
    """Each string as a number of `out_type` (float32, float64, int32, int64, uint32, uint64)
    (tf.strings.to_number)."""
    return _string_to_number(input, out_type, name)


@op_def_lib.implements("StringToNumber")
def _string_to_number(string_tensor, out_type=dtypes.float32, name=None) -> Tensor:
    input = string_tensor  # noqa: A001
    out_type = dtypes.as_dtype(out_type)
    a, _ = string_operand("StringToNumber", input, name)
    end = suffix(name, input)
    check_dtype("StringToNumber", out_type, name, end, attr="out_type")
    floating = out_type.is_floating

    def kernel(x):
        flat = x.reshape(-1)
        out = np.empty(flat.shape, dtype=out_type.as_numpy_dtype)
        with np.errstate(over="ignore"):
            for i, s in enumerate(flat):
                value = _float(s) if floating else _integer(s, out_type)
                if value is None:
                    raise kernel_error("StringToNumber", _ERROR + s.decode("utf-8", "replace"), name, end=end)
                out[i] = value
        return out.reshape(x.shape)
    return run("StringToNumber", kernel, (a,), out_type, name=name)
