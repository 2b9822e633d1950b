"""Ops that cut, pad and move a tensor's elements, under TensorFlow's names and op names:
split (Split, SplitV), slice (Slice), pad (Pad, PadV2, MirrorPad; MirrorPadGrad, its
gradient), reverse (ReverseV2) and roll (Roll).

Their integer arguments (begin, size, paddings, shift, axis) are inputs of the op, as in
TensorFlow: the kernel reads them when it runs, so a graph may compute them (a gradient's
paddings from a batch size known only then), and a shape function reads them when they are
constants. Split's count is its `num_split` attribute (it fixes the number of outputs).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import (check_dtype, is_tensor_like, kernel_error, op_error, operand, run, run_core, run_outputs,
                               shape_of, shape_text, suffix)

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _index_operand(op, value, name, end, attr, dtype=None):
    """An integer argument as an input of `op`: a tensor's own value, a Python value converted
    as TensorFlow converts it (int32 unless it needs int64), dtype-checked against `attr`."""
    a, d = operand(value, dtype)
    check_dtype(op, d, name, end, attr=attr)
    return a


def _ints(a):
    return [int(v) for v in np.asarray(a).reshape(-1)]


# --- split ----------------------------------------------------------------------------------

def split(value, num_or_size_splits, axis=0, num=None, name="split") -> list[Tensor]:
    """`value` cut along `axis` into `num_or_size_splits` equal pieces (Split), or pieces of the
    sizes it lists, one of which may be -1 for the rest (SplitV)."""
    if isinstance(num_or_size_splits, (int, np.integer)) and not isinstance(num_or_size_splits, bool):
        return _split_even(value, int(num_or_size_splits), axis, name)
    sizes, sizes_dtype = operand(num_or_size_splits)
    dims = shape_of(sizes)
    if dims == ():
        raise ValueError("Rank-0 tensors are not supported as the num_or_size_splits argument to split. Argument "
                         "provided: %s" % (num_or_size_splits,))
    if num is None:
        num = dims[0] if dims else None
        if num is None:
            raise ValueError(f"Cannot infer argument `num` from shape {num_or_size_splits}")
    return _split_v(value, sizes, sizes_dtype, int(num), axis, name)


def _split_even(value, num_split, axis, name):
    a, dtype = operand(value)
    split_dim = _index_operand("Split", axis, name, None, None, dtypes.int32)
    if num_split < 1:
        raise op_error("Split", f"Value for attr 'num_split' of {num_split} must be at least minimum 1\n\t; "
                                    f"NodeDef: {{{{node Split}}}}; {op_def_lib.get('Split').summary()}", name)
    # The core's Split, whose kernel checks split_dim and the size with TensorFlow's messages.
    return list(run_core(_C.split, name, split_dim, a, num_split, name))


def _split_v(value, sizes, sizes_dtype, num_split, axis, name):
    a, dtype = operand(value)
    check_dtype("SplitV", sizes_dtype, name, attr="Tlen")
    split_dim = _index_operand("SplitV", axis, name, None, None, dtypes.int32)
    node = f"SplitV_num_split_{num_split}"

    def fail(message):
        return kernel_error("SplitV", message, name, node=node)

    def kernel(a, sizes, dim):
        d = int(np.asarray(dim).reshape(-1)[0])
        rank = a.ndim
        sizes = _ints(sizes)
        if not -rank <= d < rank:
            raise fail(f"-input rank(-{rank}) <= split_dim < input rank ({rank}), but got {d}")
        d %= rank
        if len(sizes) != num_split:
            raise fail(f"Number of split sizes must equal num_split ({num_split}), got {len(sizes)}")
        if sizes.count(-1) > 1:
            raise fail("There can only be one -1 in the input.")
        total = sum(s for s in sizes if s != -1)
        size = a.shape[d]
        if not (total == size or (-1 in sizes and total <= size)):
            raise fail("Determined shape must either match input shape along split_dim exactly if fully specified, "
                       f"or be less than the size of the input along split_dim if not fully specified.  Got: {total}")
        sizes = [size - total if s == -1 else s for s in sizes]
        for i, s in enumerate(sizes):
            if s < 0:
                raise fail(f"Split size at index {i} must be >= 0. Got: {s}")
        return np.split(a, np.cumsum(sizes)[:-1], axis=d)
    return list(run_outputs("SplitV", kernel, (a, sizes, split_dim), dtype, num_split,
                            attrs={"num_split": num_split}))


@op_def_lib.implements("Split")
def _raw_split(axis, value, num_split, name=None):
    return _split_even(value, num_split, axis, name)


@op_def_lib.implements("SplitV")
def _raw_split_v(value, size_splits, axis, num_split, name=None):
    sizes, sizes_dtype = operand(size_splits)
    return _split_v(value, sizes, sizes_dtype, num_split, axis, name)


# --- slice ----------------------------------------------------------------------------------

def slice(input_, begin, size, name=None) -> Tensor:  # noqa: A001 - TensorFlow's name
    """The block of `input_` starting at `begin` of `size` (-1: to the end of that dimension)."""
    a, dtype = operand(input_)
    end = suffix(name, begin, size)
    begin_a = _index_operand("Slice", begin, name, end, "Index")
    size_a = _index_operand("Slice", size, name, end, "Index")

    def kernel(a, begin, size):
        return _sliced(a, begin, size, name, end)
    return run("Slice", kernel, (a, begin_a, size_a), dtype, name=name)


def _sliced(a, begin, size, name, end):
    def fail(message):
        return kernel_error("Slice", message, name, end=end)

    begin_shape, size_shape = np.shape(begin), np.shape(size)
    if len(begin_shape) != 1 or begin_shape != size_shape or begin_shape[0] != a.ndim:
        raise fail(f"Expected begin and size arguments to be 1-D tensors of size {a.ndim}, but got shapes "
                   f"{shape_text(begin_shape)} and {shape_text(size_shape)} instead.")
    begin, size = _ints(begin), _ints(size)
    index = []
    for i, (b, s, n) in enumerate(zip(begin, size, a.shape)):
        if s == -1:
            s = n - b
        if not 0 <= b <= n:
            raise fail(f"Expected begin[{i}] in [0, {n}], but got {b}")
        if not 0 <= s <= n - b:
            raise fail(f"Expected size[{i}] in [0, {n - b}], but got {s}")
        index.append(np.s_[b:b + s])
    return a[tuple(index)]


@op_def_lib.implements("Slice")
def _raw_slice(input, begin, size, name=None):  # noqa: A002 - TensorFlow's names
    return slice(input, begin, size, name)


# --- pad ------------------------------------------------------------------------------------

_MODES = ("CONSTANT", "REFLECT", "SYMMETRIC")


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None) -> Tensor:
    """`tensor` with paddings[i] = [before, after] elements added around dimension i: the
    constant (Pad, or PadV2 for a nonzero or tensor constant), or the tensor mirrored without
    (REFLECT) or with (SYMMETRIC) its edge (MirrorPad)."""
    mode = mode.upper()
    if mode == "CONSTANT":
        if not is_tensor_like(constant_values) and np.ndim(constant_values) == 0 and constant_values == 0:
            return _pad("Pad", tensor, paddings, name)
        return _pad_v2(tensor, paddings, constant_values, name)
    if mode in _MODES:
        return _mirror_pad(tensor, paddings, mode, name)
    raise ValueError('Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". '
                     f"Received `mode` = {mode}")


def _paddings_checked(op, a, paddings, name, end):
    """Paddings as the kernel reads them: an [a.ndim, 2] matrix of non-negative ints."""
    p = np.asarray(paddings)
    if p.ndim != 2 or p.shape[1] != 2:
        raise kernel_error(op, f"paddings must be a matrix with 2 columns: {shape_text(p.shape)}", name, end=end)
    if p.shape[0] != a.ndim:
        raise kernel_error(op, f"The first dimension of paddings must be the rank of inputs{shape_text(p.shape)} "
                               f"{shape_text(a.shape)}", name, end=end)
    rows = [tuple(int(v) for v in row) for row in p]
    for before, after in rows:
        if before < 0 or after < 0:
            raise kernel_error(op, f"Paddings must be non-negative: {before} {after}", name, end=end)
    return rows


def _pad(op, tensor, paddings, name, constant_values=None):
    a, dtype = operand(tensor)
    end = suffix(name, tensor, paddings)
    p = _index_operand(op, paddings, name, end, "Tpaddings")

    def kernel(a, paddings, value=None):
        rows = _paddings_checked(op, a, paddings, name, end)
        fill = 0 if value is None else np.asarray(value).reshape(())
        if value is not None and np.ndim(value) != 0:
            raise kernel_error(op, f"constant_values must be a scalar. Got: {shape_text(np.shape(value))}", name,
                               end=end)
        if dtype is dtypes.string and value is None:
            fill = b""
        return np.pad(a, rows, mode="constant", constant_values=fill)
    inputs = (a, p) if constant_values is None else (a, p, constant_values)
    return run(op, kernel, inputs, dtype, name=name)


def _pad_v2(tensor, paddings, constant_values, name):
    a, dtype = operand(tensor)
    c, _ = operand(constant_values, dtype)
    return _pad("PadV2", a if not is_tensor_like(tensor) else tensor, paddings, name, c)


@op_def_lib.implements("Pad")
def _raw_pad(input, paddings, name=None):  # noqa: A002 - TensorFlow's names
    return _pad("Pad", input, paddings, name)


@op_def_lib.implements("PadV2")
def _raw_pad_v2(input, paddings, constant_values, name=None):  # noqa: A002 - TensorFlow's names
    return _pad_v2(input, paddings, constant_values, name)


# MirrorPad's mode as its node carries it: the core's attributes are numbers, so the mode's
# position among the values TensorFlow allows (what mirror_mode() reads back for its gradient).
_MIRROR_MODES = ("REFLECT", "SYMMETRIC")


def mirror_mode(attr):
    """The mode string of a MirrorPad or MirrorPadGrad node's `mode` attribute (its position, or
    the string itself where the node's attributes come decoded: op_def_lib's decode_attrs)."""
    if isinstance(attr, bytes):
        attr = attr.decode()
    return attr if isinstance(attr, str) else _MIRROR_MODES[attr]


def _mirror_offset(mode):
    """How far from the edge the mirror starts: REFLECT leaves the edge out, SYMMETRIC repeats it."""
    return 1 if mode == "REFLECT" else 0


@op_def_lib.implements("MirrorPad")
def _mirror_pad(input, paddings, mode, name=None):  # noqa: A002 - TensorFlow's names
    a, dtype = operand(input)
    end = suffix(name, input, paddings)
    p = _index_operand("MirrorPad", paddings, name, end, "Tpaddings")
    mode = mode.decode() if isinstance(mode, bytes) else mode
    offset = _mirror_offset(mode)

    def kernel(a, paddings):
        rows = _paddings_checked("MirrorPad", a, paddings, name, end)
        for n, (before, after) in zip(a.shape, rows):
            if offset and (before >= n or after >= n):
                raise kernel_error("MirrorPad", f"paddings must be less than the dimension size: {before}, {after} "
                                                f"not less than {n}", name, end=end)
            if not offset and (before > n or after > n):
                raise kernel_error("MirrorPad", f"paddings must be no greater than the dimension size: {before}, "
                                                f"{after} greater than {n}", name, end=end)
        return np.pad(a, rows, mode="reflect" if offset else "symmetric")
    return run("MirrorPad", kernel, (a, p), dtype, attrs={"mode": _MIRROR_MODES.index(mode)}, name=name)


@op_def_lib.implements("MirrorPadGrad")
def mirror_pad_grad(input, paddings, mode, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """MirrorPad's gradient: each padded element's gradient added to the element it mirrors,
    then the padding cut off."""
    a, dtype = operand(input)
    end = suffix(name, input, paddings)
    p = _index_operand("MirrorPadGrad", paddings, name, end, "Tpaddings")
    mode = mode.decode() if isinstance(mode, bytes) else mode
    offset = _mirror_offset(mode)

    def kernel(g, paddings):
        rows = _paddings_checked("MirrorPadGrad", g, paddings, name, end)
        g = np.array(g)
        for axis, (before, after) in enumerate(rows):
            n = g.shape[axis] - before - after
            if n < 0 or (offset and (before >= n or after >= n)) or (not offset and (before > n or after > n)):
                raise kernel_error("MirrorPadGrad", f"Paddings {before}, {after} are too large for the gradient's "
                                                    f"dimension {g.shape[axis]}", name, end=end)
            g = np.moveaxis(g, axis, 0)
            core = g[before:before + n].copy()
            if before:
                core[offset:offset + before] += g[:before][::-1]
            if after:
                core[n - offset - after:n - offset] += g[before + n:][::-1]
            g = np.moveaxis(core, 0, axis)
        return g
    return run("MirrorPadGrad", kernel, (a, p), dtype, attrs={"mode": _MIRROR_MODES.index(mode)}, name=name)


# --- reverse and roll -----------------------------------------------------------------------

@op_def_lib.implements("ReverseV2")
def reverse(tensor, axis, name=None) -> Tensor:
    """`tensor` with the order of its elements reversed along each dimension in `axis`."""
    a, dtype = operand(tensor)
    end = suffix(name, tensor, axis)
    check_dtype("ReverseV2", dtype, name, end, attr="T")
    ax = _index_operand("ReverseV2", axis, name, end, "Tidx")

    def kernel(a, axis):
        axes = _ints(axis)
        if np.ndim(axis) != 1:
            raise kernel_error("ReverseV2", f"'dims' must be 1-dimension, not {np.ndim(axis)}", name, end=end)
        seen = set()
        for i, v in enumerate(axes):
            d = v + a.ndim if v < 0 else v
            if not 0 <= d < a.ndim:
                raise kernel_error("ReverseV2", f"'axis'[{i}] = {v} is out of valid range [0, {a.ndim - 1}", name,
                                   end=end)
            if d in seen:
                raise kernel_error("ReverseV2", f"axis {d} specified more than once.", name, end=end)
            seen.add(d)
        return np.flip(a, tuple(seen)).copy() if seen else a
    return run("ReverseV2", kernel, (a, ax), dtype, name=name)


@op_def_lib.implements("Roll")
def roll(input, shift, axis, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """`input` with its elements shifted by `shift` along `axis`, those pushed off one end
    coming back at the other."""
    a, dtype = operand(input)
    end = suffix(name, input, shift, axis)
    s = _index_operand("Roll", shift, name, end, "Tshift")
    ax = _index_operand("Roll", axis, name, end, "Taxis")

    def kernel(a, shift, axis):
        if a.ndim < 1:
            raise kernel_error("Roll", "input must be 1-D or higher", name, end=end)
        if np.ndim(shift) > 1:
            raise kernel_error("Roll", f"shift must be a scalar or a 1-D vector. Found: {shape_text(np.shape(shift))}",
                               name, end=end)
        if np.ndim(axis) > 1:
            raise kernel_error("Roll", f"axis must be a scalar or a 1-D vector. Found: {shape_text(np.shape(axis))}",
                               name, end=end)
        shifts, axes = _ints(shift), _ints(axis)
        if len(shifts) != len(axes):
            raise kernel_error("Roll", "shift and axis must have the same size", name, end=end)
        for v in axes:
            if not -a.ndim <= v < a.ndim:
                raise kernel_error("Roll", f"axis {v} is out of range", name, end=end)
        return np.roll(a, shifts, [v % a.ndim for v in axes]) if axes else a
    return run("Roll", kernel, (a, s, ax), dtype, name=name)


from varrt.ops import dispatch  # noqa: E402
dispatch.install(globals(), "manip_ops", ("reverse",))  # ragged operands: ops/ragged/ragged_dispatch.py
