"""AsString (tf.strings.as_string, tf.as_string): each value as text, with TensorFlow's printf
formats: `%f` for floats by default (`%e` with scientific, `%g` with shortest, `.N` with a
precision), `%d` for integers, "true"/"false" for bools, "(re,im)" for complex numbers, strings as
they are; `width` pads, and `fill` is printf's flag before the width ("0" pads with zeros, "-"
pads on the right, " " leaves room for a sign). Python's %-formatting is C's printf here, but
for one rule: C ignores the "0" flag for inf and nan (they pad with spaces).
"""
from __future__ import annotations

import math

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, run

_FLOATS = frozenset(d._enum for d in (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64))
_COMPLEX = frozenset(d._enum for d in (dtypes.complex64, dtypes.complex128))
_INTEGERS = frozenset(d._enum for d in (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64, dtypes.uint8,
                                        dtypes.uint16, dtypes.uint32, dtypes.uint64))


def _format(dtype, precision, scientific, shortest, width, fill, name):
    """The printf format of one value (of one part, for complex numbers; None for bools, written
    as words), or TensorFlow's error."""
    inexact = dtype._enum in _FLOATS or dtype._enum in _COMPLEX
    if not inexact and dtype != dtypes.string:
        if scientific or shortest:
            raise kernel_error("AsString", f"scientific and shortest format not supported for datatype {dtype.name}",
                               name)
        if precision > -1:
            raise kernel_error("AsString", f"precision not supported for datatype {dtype.name}", name)
    if len(fill) > 1:
        raise kernel_error("AsString", "Fill string must be one or fewer characters", name)
    if scientific and shortest:
        raise kernel_error("AsString", "Cannot select both scientific and shortest notation", name)
    if dtype == dtypes.bool:
        return None
    spec = "%" + (f"{fill}{width}" if width > -1 else "")
    if dtype == dtypes.string:
        return spec + "s"
    if not inexact:
        return spec + "d"
    return spec + (f".{precision}" if precision > -1 else "") + ("g" if shortest else "e" if scientific else "f")


def _float_formatter(fmt):
    """`fmt` applied to one float as C's printf applies it (no zero padding for inf and nan)."""
    nonfinite = fmt.replace("%0", "%", 1) if fmt.startswith("%0") else fmt

    def text(v):
        return (fmt if math.isfinite(v) else nonfinite) % v
    return text


def _kernel(fmt, dtype):
    def kernel(a):
        out = np.empty(a.shape, dtype=object)
        flat, values = out.reshape(-1), a.reshape(-1)
        if fmt is None:
            flat[:] = [b"true" if v else b"false" for v in values]
        elif dtype == dtypes.string:
            flat[:] = [(fmt % v.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape")
                       if isinstance(v, bytes) else (fmt % v).encode() for v in values]
        elif dtype._enum in _COMPLEX:
            text = _float_formatter(fmt)
            flat[:] = [f"({text(float(v.real))},{text(float(v.imag))})".encode() for v in values]
        elif dtype._enum in _FLOATS:
            text = _float_formatter(fmt)
            flat[:] = [text(float(v)).encode() for v in values]
        else:
            flat[:] = [(fmt % int(v)).encode() for v in values]
        return out
    return kernel


@op_def_lib.implements("AsString")
def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="",  # noqa: A002
              name=None) -> Tensor:
    """Each element of `input` as a string (tf.strings.as_string): see the module docstring
    for the formats."""
    t = convert_to_tensor(input)
    check_dtype("AsString", t.dtype, name)
    fmt = _format(t.dtype, int(precision), bool(scientific), bool(shortest), int(width), str(fill), name)
    # The node's attributes (a graph's, an export's); `fill` is left out: the core's node attributes
    # hold numbers only, and the kernel already has the format.
    attrs = {"precision": int(precision), "scientific": bool(scientific), "shortest": bool(shortest),
             "width": int(width)}
    return run("AsString", _kernel(fmt, t.dtype), (t,), dtypes.string, attrs=attrs, name=name)
