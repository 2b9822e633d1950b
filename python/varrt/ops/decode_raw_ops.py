"""`tf.io.decode_raw` (TensorFlow's parsing_ops.decode_raw): each string's bytes read as numbers of
`out_type`, little- or big-endian, one more dimension than the input (DecodeRaw: every string of
one length, a multiple of the type's size; DecodePaddedRaw with `fixed_length`: each string cut
or zero-padded to that many bytes first). The kernels are core/kernels/decode_raw_op.cc's and
decode_padded_raw_op.cc's on NumPy: a big-endian complex number swaps its two parts' bytes
separately, as TensorFlow's kernel does."""
from __future__ import annotations

import sys

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, mismatch, operand, run, shape_text, suffix, type_string


def _values(strings, dtype, little_endian, count):
    """[len(strings), count] numbers of `dtype` from the byte strings, each len count * size."""
    np_dtype = np.dtype(dtype.as_numpy_dtype)
    data = np.frombuffer(b"".join(strings), np.uint8)
    if dtype == dtypes.bool:
        return (data != 0).reshape(len(strings), count)
    # The unsigned integers of one element (of one part of a complex number) carry the byte order.
    part = np_dtype.itemsize // (2 if dtype.is_complex else 1)
    raw = data.view(f"u{part}")
    if little_endian != (sys.byteorder == "little"):
        raw = raw.byteswap()
    return raw.view(np_dtype).reshape(len(strings), count)


def _string_input(op, x, name, end):
    """The string input of `op`: a Python value converted to a string tensor (TensorFlow's
    TypeError when it cannot be), a tensor of another dtype TensorFlow's InvalidArgumentError."""
    a, dtype = operand(x, dtypes.string)
    if dtype != dtypes.string:
        raise mismatch(op, 0, dtypes.string, dtype, name, end=end)
    return a


@op_def_lib.implements("DecodeRaw")
def _decode_raw(bytes, out_type, little_endian=True, name=None) -> Tensor:  # noqa: A002 - TensorFlow's name
    """The DecodeRaw op (tf.raw_ops.DecodeRaw): strings of one length to numbers."""
    out_type = dtypes.as_dtype(out_type)
    end = suffix(name, bytes)
    a = _string_input("DecodeRaw", bytes, name, end)
    check_dtype("DecodeRaw", out_type, name, end)
    size = np.dtype(out_type.as_numpy_dtype).itemsize

    def kernel(x):
        flat = x.reshape(-1)
        length = len(flat[0]) if flat.size else 0
        for i, s in enumerate(flat):
            if len(s) != length:
                raise kernel_error("DecodeRaw", f"DecodeRaw requires input strings to all be the same size, but "
                                                f"element {i} has size {length} != {len(s)}", name, end=end)
        if length % size:
            raise kernel_error("DecodeRaw", f"Input to DecodeRaw has length {length} that is not a multiple of "
                                            f"{size}, the size of {type_string(out_type)}", name, end=end)
        count = length // size
        return _values(list(flat), out_type, little_endian, count).reshape(x.shape + (count,))
    return run("DecodeRaw", kernel, (a,), out_type, attrs={"out_type": out_type._enum, "little_endian": bool(little_endian)}, name=name)


@op_def_lib.implements("DecodePaddedRaw")
def _decode_padded_raw(input_bytes, fixed_length, out_type, little_endian=True, name=None) -> Tensor:
    """The DecodePaddedRaw op (tf.raw_ops.DecodePaddedRaw): each string's first `fixed_length`
    bytes, zero-padded, to numbers."""
    out_type = dtypes.as_dtype(out_type)
    end = suffix(name, input_bytes, fixed_length)
    a = _string_input("DecodePaddedRaw", input_bytes, name, end)
    # TensorFlow's wrapper converts fixed_length to int32 (a tensor of another dtype: its ValueError).
    n, _ = operand(convert_to_tensor(fixed_length, dtype=dtypes.int32))
    check_dtype("DecodePaddedRaw", out_type, name, end, attrs={"little_endian": bool(little_endian)})
    size = np.dtype(out_type.as_numpy_dtype).itemsize

    def kernel(x, n):
        if n.ndim:
            raise kernel_error("DecodePaddedRaw", f"k must be scalar, got shape {shape_text(n.shape)}", name, end=end)
        width = int(n)
        if width % size:
            raise kernel_error("DecodePaddedRaw", f"fixed_length ({width}) must be a multiple of the size of "
                                                  f"out_type ({size})", name, end=end)
        if width <= 0:
            raise kernel_error("DecodePaddedRaw", f"fixed_length ({width}) must be greater than zero.", name,
                               end=end)
        flat = [s[:width].ljust(width, b"\0") for s in x.reshape(-1)]
        count = width // size
        return _values(flat, out_type, little_endian, count).reshape(x.shape + (count,))
    return run("DecodePaddedRaw", kernel, (a, n), out_type, attrs={"out_type": out_type._enum, "little_endian": bool(little_endian)}, name=name)


def decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None, name=None) -> Tensor:
    """The bytes of each string of `input_bytes` as numbers of `out_type` (tf.io.decode_raw): a
    tensor of one more dimension; with `fixed_length`, each string cut or zero-padded to that many
    bytes first (strings of different lengths need it)."""
    if fixed_length is not None:
        return _decode_padded_raw(input_bytes, fixed_length=fixed_length, out_type=out_type,
                                  little_endian=little_endian, name=name)
    return _decode_raw(input_bytes, out_type, little_endian=little_endian, name=name)


def decode_raw_v1(input_bytes=None, out_type=None, little_endian=True, name=None, bytes=None) -> Tensor:  # noqa: A002
    """TensorFlow 1's tf.io.decode_raw (tf.compat.v1.decode_raw): `bytes` the deprecated name of
    `input_bytes`, no `fixed_length`."""
    if input_bytes is not None and bytes is not None:
        raise ValueError("Cannot specify both 'bytes' and 'input_bytes'.")
    input_bytes = bytes if input_bytes is None else input_bytes
    if out_type is None:
        raise ValueError("decode_raw_v1() missing 1 positional argument: 'out_type'")
    return _decode_raw(input_bytes, out_type, little_endian=little_endian, name=name)
