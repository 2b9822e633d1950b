"""tf.strings' element-wise ops on byte strings, as TensorFlow's kernels compute them
(core/kernels/string_lower_op.cc, string_upper_op.cc, string_strip_op.cc, string_length_op.cc,
substr_op.cc, string_join_op.cc, reduce_join_op.cc, unsorted_segment_join_op.cc): case mapping (ASCII only, or Unicode's for
encoding "utf-8", as ICU maps it), stripping ASCII whitespace, lengths in bytes or UTF-8
characters, substrings with TensorFlow's position rules and errors, and joins (element-wise,
along axes, by segment).

The kernels loop in Python over the elements: text ops are small next to the model they feed.
"""
from __future__ import annotations

import builtins

import numpy as np

from varrt.base import dtypes, errors
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import (attr_value_error, check_dtype, kernel_error, mismatch, operand, run,
                               shape_text, suffix)

_UNITS = ("BYTE", "UTF8_CHAR")


def string_operand(op, x, name, index=0, end=None):
    """(array, dtype) of a string input of `op`, or TensorFlow's error for another dtype."""
    a, dtype = operand(x, dtypes.string, strict=False)
    if dtype != dtypes.string:
        raise mismatch(op, index, dtypes.string, dtype, name, end=end)
    return a, dtype


def _elementwise(op, fn, x, name, out_dtype=dtypes.string, attrs=None):
    """`op` applying `fn` to each byte string of `x`."""
    a, _ = string_operand(op, x, name)

    def kernel(v):
        flat = v.reshape(-1)
        out = np.empty(flat.shape, dtype=object if out_dtype == dtypes.string else out_dtype.as_numpy_dtype)
        out[:] = [fn(s) for s in flat]
        return out.reshape(v.shape)
    return run(op, kernel, (a,), out_dtype, attrs=attrs, name=name)


def _case_mapping(op, encoding, input, name):  # noqa: A002
    if encoding not in ("", "utf-8"):
        raise kernel_error(op, f"only utf-8 or '' (no encoding) is supported, received {encoding}", name,
                           end=suffix(name, input))


def _utf8(s):
    return s.decode("utf-8", "surrogateescape")


def _bytes(s):
    return s.encode("utf-8", "surrogateescape")


def _ascii_lower(s):
    # TensorFlow's kernel lowers byte by byte with the C locale's tolower: A-Z only.
    return s.translate(_LOWER)


def _ascii_upper(s):
    return s.translate(_UPPER)


_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
_UPPER = bytes.maketrans(b"abcdefghijklmnopqrstuvwxyz", b"ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@op_def_lib.implements("StringLower")
def lower(input, encoding="", name=None) -> Tensor:  # noqa: A002
    """Each string in lower case (tf.strings.lower): ASCII letters only, or with encoding="utf-8"
    every letter by Unicode's case mapping."""
    _case_mapping("StringLower", encoding, input, name)
    fn = (lambda s: _bytes(_utf8(s).lower())) if encoding == "utf-8" else _ascii_lower
    return _elementwise("StringLower", fn, input, name)


@op_def_lib.implements("StringUpper")
def upper(input, encoding="", name=None) -> Tensor:  # noqa: A002
    """Each string in upper case (tf.strings.upper): ASCII letters only, or with encoding="utf-8"
    every letter by Unicode's case mapping."""
    _case_mapping("StringUpper", encoding, input, name)
    fn = (lambda s: _bytes(_utf8(s).upper())) if encoding == "utf-8" else _ascii_upper
    return _elementwise("StringUpper", fn, input, name)


@op_def_lib.implements("StringStrip")
def strip(input, name=None) -> Tensor:  # noqa: A002
    """Each string without its leading and trailing ASCII whitespace (tf.strings.strip)."""
    # bytes.strip() removes exactly absl's ASCII whitespace: space, \t, \n, \v, \f, \r.
    return _elementwise("StringStrip", bytes.strip, input, name)


def _unit(op, unit, name, *args):
    if unit not in _UNITS:
        raise attr_value_error(op, f'"{unit}"', name, suffix(name, *args), attr="unit")


def _is_trail_byte(b):
    return (b & 0xC0) == 0x80


def utf8_length(s):
    """The number of UTF-8 characters of `s`: its bytes that are not continuation bytes."""
    return sum(1 for b in s if not _is_trail_byte(b))


@op_def_lib.implements("StringLength")
def length(input, unit="BYTE", name=None) -> Tensor:  # noqa: A002
    """The length of each string (tf.strings.length), in bytes or (unit="UTF8_CHAR") in UTF-8
    characters."""
    _unit("StringLength", unit, name, input)
    fn = len if unit == "BYTE" else utf8_length
    return _elementwise("StringLength", fn, input, name, dtypes.int32)


# --- Substr -----------------------------------------------------------------------------------

def _forward(s, count, pos):
    """TensorFlow's ForwardNUTF8CharPositions: (moved all `count` characters, new byte pos)."""
    counted = 0
    while counted < count and pos < len(s):
        pos += 1
        while pos < len(s) and _is_trail_byte(s[pos]):
            pos += 1
        counted += 1
    return counted == count, pos


def _back(s, count, pos):
    """TensorFlow's BackNUTF8CharPositions."""
    counted = 0
    while counted < count and pos > 0:
        pos -= 1
        while _is_trail_byte(s[pos]) and pos > 0:
            pos -= 1
        counted += 1
    return counted == count, pos


def _utf8_span(s, pos, n):
    """(byte pos, byte len) of `n` UTF-8 characters from character `pos`, or None out of range."""
    if pos >= 0:
        ok, start = _forward(s, pos, 0)
        if not ok:
            return None
        _, end = _forward(s, n, start)  # capped at the end of the string
        return start, end - start
    skip = max(-pos - n, 0)
    ok, end = _back(s, skip, len(s))
    if not ok:
        return None
    ok, start = _back(s, -pos - skip, end)
    if not ok:
        return None
    return start, end - start


def _substr_one(s, pos, n, utf8):
    """The substring, or None for a position out of range."""
    if utf8:
        span = _utf8_span(s, pos, n)
        if span is None:
            return None
        pos, n = span
    else:
        if pos < 0:
            pos += len(s)
        if not 0 <= pos <= len(s):
            return None
    # StringPiece::substr with a size_t length: a negative length runs to the end.
    return s[pos:] if n < 0 else s[pos:pos + n]


@op_def_lib.implements("Substr")
def substr(input, pos, len, unit="BYTE", name=None) -> Tensor:  # noqa: A002
    """Substrings of `len` bytes (or UTF-8 characters) from `pos` (tf.strings.substr): `pos`
    and `len` scalars or of one shape, broadcast against `input`; a negative `pos` counts from
    the end; a position past the end is TensorFlow's InvalidArgumentError."""
    end = suffix(name, input, pos, len)
    a, _ = string_operand("Substr", input, name, end=end)
    p, pdt = operand(pos)
    n, ndt = operand(len)
    if ndt is not pdt:
        raise mismatch("Substr", 2, pdt, ndt, name, end=end)
    check_dtype("Substr", pdt, name, end)
    _unit("Substr", unit, name, input, pos, len)
    utf8 = unit == "UTF8_CHAR"

    def fail(message):
        return kernel_error("Substr", message, name, end=end)

    def kernel(s, p, n):
        if p.shape != n.shape:
            raise fail(f"pos and len should have the same shape, got: {shape_text(p.shape)} vs. {shape_text(n.shape)}")

        def out_of_range(value, text, where):
            shown = "string at index" if utf8 else f"string b'{text.decode('utf-8', 'replace')}' at index"
            return fail(f"pos {value} out of range for {shown} {where}")

        if p.ndim == 0 or s.shape == p.shape:
            ps, ns = np.broadcast_to(p, s.shape).reshape(-1), np.broadcast_to(n, s.shape).reshape(-1)
            flat = s.reshape(-1)
            out = np.empty(flat.shape, dtype=object)
            for i, text in enumerate(flat):
                piece = _substr_one(text, int(ps[i]), int(ns[i]), utf8)
                if piece is None:
                    raise out_of_range(int(ps[i]), text, i)
                out[i] = piece
            return out.reshape(s.shape)
        try:
            shape = np.broadcast_shapes(s.shape, p.shape)
        except ValueError:
            raise fail(f"Incompatible shapes: {shape_text(s.shape)} vs. {shape_text(p.shape)}") from None
        ndims = builtins.len(shape)  # (`len` is the op's argument here)
        if ndims not in (1, 2):
            raise kernel_error("Substr", f"Substr broadcast not implemented for {ndims} dimensions", name,
                               end=end, cls=errors.UnimplementedError)
        sb, pb, nb = (np.broadcast_to(x, shape) for x in (s, p, n))
        out = np.empty(shape, dtype=object)
        for index in np.ndindex(*shape):
            piece = _substr_one(sb[index], int(pb[index]), int(nb[index]), utf8)
            if piece is None:
                # TensorFlow's 2-D BYTE message names both coordinates; the others the row.
                where = f"({index[0]}, {index[1]})" if ndims == 2 and not utf8 else index[0]
                raise out_of_range(int(pb[index]), sb[index], where)
            out[index] = piece
        return out
    return run("Substr", kernel, (a, p, n), dtypes.string, name=name)


# --- joins ------------------------------------------------------------------------------------

@op_def_lib.implements("StringJoin")
def join(inputs, separator="", name=None) -> Tensor:
    """The strings of `inputs` joined element-wise with `separator` (tf.strings.join): each input
    a scalar or of the one shape of the others."""
    arrays = [string_operand("StringJoin", x, name, i)[0] for i, x in enumerate(inputs)]
    separator = separator.encode() if isinstance(separator, str) else bytes(separator)
    end = suffix(name, *inputs)

    def kernel(*values):
        shape = None
        for v in values:
            if v.ndim:
                if shape is not None and v.shape != shape:
                    raise kernel_error("StringJoin", f"Input shapes do not match: {shape_text(shape)} vs. "
                                                     f"{shape_text(v.shape)}", name, end=end,
                                       node=f"StringJoin_N_{len(values)}")
                shape = v.shape
        shape = shape if shape is not None else ()
        columns = [np.broadcast_to(v, shape).reshape(-1) for v in values]
        out = np.empty(int(np.prod(shape)), dtype=object)
        out[:] = [separator.join(parts) for parts in zip(*columns)] if columns else b""
        return out.reshape(shape)
    return run("StringJoin", kernel, tuple(arrays), dtypes.string, name=name)


@op_def_lib.implements("ReduceJoin")
def _reduce_join_op(inputs, reduction_indices, keep_dims=False, separator="", name=None) -> Tensor:
    """The ReduceJoin op (tf.raw_ops.ReduceJoin): the strings along `reduction_indices` joined
    with `separator`, the first axis listed varying fastest."""
    a, _ = string_operand("ReduceJoin", inputs, name)
    axes, adt = operand(reduction_indices, dtypes.int32)
    if adt != dtypes.int32:
        raise mismatch("ReduceJoin", 1, dtypes.int32, adt, name)
    separator = separator.encode() if isinstance(separator, str) else bytes(separator)
    end = suffix(name, inputs, reduction_indices)

    def kernel(x, axes):
        rank = x.ndim
        given = [int(v) for v in axes.reshape(-1)]
        reduced = [False] * rank
        for v in given:
            if not -rank <= v < rank:
                raise kernel_error("ReduceJoin", f"Invalid reduction dimension {v} for input with {rank} "
                                                 "dimension(s)", name, end=end, cls=errors.OutOfRangeError)
            if reduced[v % rank]:
                raise kernel_error("ReduceJoin", f"Duplicate reduction dimension {v}", name, end=end)
            reduced[v % rank] = True
        kept = [i for i in range(rank) if not reduced[i]]
        # TensorFlow walks the reduced axes with the last listed outermost.
        order = kept + [v % rank for v in reversed(given)]
        count = int(np.prod([x.shape[i] for i in kept], dtype=np.int64))
        size = int(np.prod([x.shape[v % rank] for v in given], dtype=np.int64))
        rows = np.transpose(x, order).reshape(count, size)
        out = np.empty(count, dtype=object)
        out[:] = [separator.join(row) for row in rows]
        shape = [1 if reduced[i] else x.shape[i] for i in range(rank) if keep_dims or not reduced[i]]
        return out.reshape(shape)
    return run("ReduceJoin", kernel, (a, axes), dtypes.string, attrs={"keep_dims": bool(keep_dims)}, name=name)


def reduce_join(inputs, axis=None, keepdims=False, separator="", name=None) -> Tensor:
    """The strings of `inputs` joined along `axis` (all axes when None) with `separator`
    (tf.strings.reduce_join)."""
    # TensorFlow's Python converts the input first (its op then runs on the fast path).
    inputs = convert_to_tensor(inputs)
    if axis is None:
        # It reduces every axis, listed last to first.
        if inputs.shape.rank is None:
            raise NotImplementedError("varrt's tf.strings.reduce_join with axis=None needs the input's rank known "
                                      "while tracing (TensorFlow computes the axes when the graph runs).")
        axis = np.arange(inputs.shape.rank - 1, -1, -1, dtype=np.int32)
    return _reduce_join_op(inputs, axis, keep_dims=keepdims, separator=separator, name=name)


@op_def_lib.implements("UnsortedSegmentJoin")
def unsorted_segment_join(inputs, segment_ids, num_segments, separator="", name=None) -> Tensor:
    """The strings of `inputs` joined with `separator` by segment (tf.strings.unsorted_segment_join):
    output[i] joins, in row-major order, the elements whose `segment_ids` (a prefix of the
    inputs' shape) are i; `num_segments` rows, empty ones "" ."""
    op = "UnsortedSegmentJoin"
    end = suffix(name, inputs, segment_ids, num_segments)
    # TensorFlow's wrapper converts `inputs` to a string tensor (its TypeError or ValueError), the
    # others as they are (their dtypes the attributes').
    a, _ = operand(convert_to_tensor(inputs, dtype=dtypes.string))
    ids, ids_dtype = operand(segment_ids)
    check_dtype(op, ids_dtype, name, end, attr="Tindices")
    n, n_dtype = operand(num_segments)
    check_dtype(op, n_dtype, name, end, attr="Tnumsegments")
    separator = separator.encode() if isinstance(separator, str) else bytes(separator)

    def fail(message, cls=errors.InvalidArgumentError):
        return kernel_error(op, message, name, end=end, cls=cls)

    def kernel(x, ids, n):
        if n.size == 0:
            raise fail("Number of segments cannot be empty.")
        if n.ndim:
            raise fail("Number of segments must be a scalar")
        count = int(n)
        if count < 0:
            raise fail(f"Number of segments must be non-negative but got {count}")
        if ids.ndim == 0:
            raise fail("Segment_id cannot have rank 0")
        if ids.ndim > x.ndim:
            raise fail(f"Invalid segment_id rank {ids.ndim} for input with {x.ndim} dimension(s)",
                       errors.OutOfRangeError)
        for i in range(ids.ndim):
            if ids.shape[i] != x.shape[i]:
                raise fail(f"Segment dimension is {ids.shape[i]} while input dimension is {x.ndim} in rank {i}")
        inner = x.shape[ids.ndim:]
        rows = x.reshape((ids.size,) + (int(np.prod(inner, dtype=np.int64)),))
        out = [[b""] * rows.shape[1] for _ in range(count)]
        for j, segment in enumerate(ids.reshape(-1).tolist()):
            if not 0 <= segment < count:
                raise fail("segment_ids are not allowed to exceed num_segments or to have negative values.")
            for k, s in enumerate(rows[j]):
                # The kernel puts the separator only after text: a leading "" adds none.
                out[segment][k] = out[segment][k] + separator + s if out[segment][k] else s
        result = np.empty((count, rows.shape[1]), dtype=object)
        for i in range(count):
            result[i, :] = out[i]
        return result.reshape((count,) + inner)
    return run(op, kernel, (a, ids, n), dtypes.string, name=name)
