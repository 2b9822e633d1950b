"""Diagonals of the innermost matrices, under TensorFlow's names and op names: diag
(MatrixDiagV3), diag_part (MatrixDiagPartV3), set_diag (MatrixSetDiagV3), and eye, which
TensorFlow writes over the first and the last (linalg_ops_impl.eye).

A band of diagonals k = (lower, upper) is held as a matrix of diagonals, the uppermost first,
each as long as the longest; a shorter one is aligned to the right or the left of its row as
`align` says for superdiagonals (first word) and subdiagonals (second word; the main diagonal
is left-aligned if either word is LEFT).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numbers
from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import array_ops, op_def_lib
from varrt.ops.op_util import (attr_value_error, is_tensor_like, kernel_error, matching, operand, run, shape_text,
                               suffix)

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

# The core's attributes are numbers: a node carries `align` as its position among these
# (what align_name() reads back for the gradients).
ALIGNS = ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT")


def align_name(attr):
    """The align string of a diagonal op's `align` attribute (its position, or the string itself
    where the node's attributes come decoded: op_def_lib's decode_attrs)."""
    if isinstance(attr, bytes):
        attr = attr.decode()
    return attr if isinstance(attr, str) else ALIGNS[attr]


def _align_attr(op, align, name, end):
    align = align.decode() if isinstance(align, bytes) else align
    if align not in ALIGNS:
        raise attr_value_error(op, f'"{align}"', name, end, attr="align")
    return ALIGNS.index(align)


def _band(op, k, name, end):
    """(lower, upper) of a k operand's values, with TensorFlow's kernel checks."""
    values = [int(v) for v in np.asarray(k).reshape(-1)]
    if np.ndim(k) > 1 or not 1 <= len(values) <= 2:
        raise kernel_error(op, f"diag_index must have only one or two elements, received {len(values)} elements.",
                           name, end=end)
    lower, upper = values[0], values[-1]
    if lower > upper:
        raise kernel_error(op, f"lower_diag_index must not be larger than upper_diag_index: {lower} > {upper}", name,
                           end=end)
    return lower, upper


def _positions(rows, cols, lower, upper, max_len, align):
    """For each diagonal (uppermost first) and position along the stored row: the element's
    (row, column) in the matrix and whether it is one (a padded position is not)."""
    left_super = align in ("LEFT_LEFT", "LEFT_RIGHT")
    left_sub = align in ("LEFT_LEFT", "RIGHT_LEFT")
    d = np.arange(upper, lower - 1, -1)[:, None]
    p = np.arange(max_len)[None, :]
    length = np.minimum(rows + np.minimum(0, d), cols - np.maximum(0, d))
    left = ((d >= 0) & left_super) | ((d <= 0) & left_sub)
    n = p - np.where(left, 0, max_len - length)
    valid = (n >= 0) & (n < length)
    i = np.where(d >= 0, n, n - d)
    j = np.where(d >= 0, n + d, n)
    return np.where(valid, i, 0), np.where(valid, j, 0), valid


def _check_bounds(op, lower, upper, rows, cols, name, end, sep=". "):
    for what, v in (("lower_diag_index", lower), ("upper_diag_index", upper)):
        if v != 0 and not -rows < v < cols:
            raise kernel_error(op, f"{what} is out of bound: {v}{sep}It must be between {-rows} and {cols}", name,
                               end=end)


# --- diag_part ----------------------------------------------------------------------------

@op_def_lib.implements("MatrixDiagPartV3")
def _raw_diag_part(input, k, padding_value, align="RIGHT_LEFT", name=None):  # noqa: A002 - TensorFlow's names
    return diag_part(input, name, k, padding_value, align)


def diag_part(input, name="diag_part", k=0, padding_value=0, align="RIGHT_LEFT") -> Tensor:  # noqa: A002
    """The band k = (lower, upper) of diagonals of each innermost matrix (one diagonal: a vector
    per matrix), shorter diagonals padded with `padding_value`."""
    a, dtype = operand(input)
    end = suffix(name, input, k, padding_value)
    if dtype is dtypes.bool:
        padding_value = bool(padding_value)
    k_a, _ = operand(k, dtypes.int32)
    pad, _ = operand(padding_value, dtype)
    align_index = _align_attr("MatrixDiagPartV3", align, name, end)
    align = ALIGNS[align_index]

    def kernel(a, k, pad):
        if a.ndim < 2:
            raise kernel_error("MatrixDiagPartV3", f"input must be at least 2-dim, received shape: "
                                                   f"{shape_text(a.shape)}", name, end=end)
        lower, upper = _band("MatrixDiagPartV3", k, name, end)
        rows, cols = a.shape[-2:]
        _check_bounds("MatrixDiagPartV3", lower, upper, rows, cols, name, end)
        max_len = min(rows + min(upper, 0), cols - max(lower, 0))
        i, j, valid = _positions(rows, cols, lower, upper, max_len, align)
        out = np.where(valid, a[..., i, j], np.asarray(pad).reshape(()))
        return out if lower < upper else out[..., 0, :]
    return run("MatrixDiagPartV3", kernel, (a, k_a, pad), dtype, attrs={"align": align_index}, name=name)


# --- diag -----------------------------------------------------------------------------------

@op_def_lib.implements("MatrixDiagV3")
def _raw_diag(diagonal, k, num_rows, num_cols, padding_value, align="RIGHT_LEFT", name=None):
    return diag(diagonal, name, k, num_rows, num_cols, padding_value, align)


def diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT") -> Tensor:
    """Matrices with the given diagonals (the band k = (lower, upper)) and `padding_value`
    elsewhere, of num_rows by num_cols (-1: the smallest that holds the diagonals)."""
    a, dtype = operand(diagonal)
    end = suffix(name, diagonal, k, num_rows, num_cols, padding_value)
    if dtype is dtypes.bool:
        padding_value = bool(padding_value)
    k_a, _ = operand(k, dtypes.int32)
    rows_a, _ = operand(num_rows, dtypes.int32)
    cols_a, _ = operand(num_cols, dtypes.int32)
    pad, _ = operand(padding_value, dtype)
    align_index = _align_attr("MatrixDiagV3", align, name, end)
    align = ALIGNS[align_index]

    def kernel(a, k, rows, cols, pad):
        def fail(message):
            return kernel_error("MatrixDiagV3", message, name, end=end)
        if a.ndim < 1:
            raise fail(f"diagonal must be at least 1-dim, received shape: {shape_text(a.shape)}")
        lower, upper = _band("MatrixDiagV3", k, name, end)
        num_diags = upper - lower + 1
        if lower < upper and (a.ndim < 2 or a.shape[-2] != num_diags):
            raise fail("The number of diagonals provided in the input does not match the lower_diag_index and "
                       "upper_diag_index range.")
        rows, cols = int(np.asarray(rows).reshape(())), int(np.asarray(cols).reshape(()))
        max_len = a.shape[-1]
        min_rows = max_len - min(upper, 0)
        min_cols = max_len + max(lower, 0)
        if rows == -1 and cols == -1:
            rows = cols = max(min_rows, min_cols)
        elif rows == -1:
            rows = min_rows
        elif cols == -1:
            cols = min_cols
        if rows != min_rows and cols != min_cols:
            raise fail("The number of rows or columns is not consistent with the specified d_lower, d_upper, and "
                       "diagonal.")
        diags = a if lower < upper else a[..., None, :]
        batch = diags.shape[:-2]
        out = np.empty(batch + (rows, cols), a.dtype)
        out[...] = np.asarray(pad).reshape(())
        i, j, valid = _positions(rows, cols, lower, upper, max_len, align)
        out[..., i[valid], j[valid]] = diags[..., valid]
        return out
    return run("MatrixDiagV3", kernel, (a, k_a, rows_a, cols_a, pad), dtype, attrs={"align": align_index}, name=name)


# --- set_diag -------------------------------------------------------------------------------

@op_def_lib.implements("MatrixSetDiagV3")
def _raw_set_diag(input, diagonal, k, align="RIGHT_LEFT", name=None):  # noqa: A002 - TensorFlow's names
    return set_diag(input, diagonal, name, k, align)


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT") -> Tensor:  # noqa: A002
    """`input` with the band k = (lower, upper) of diagonals of each innermost matrix replaced
    by `diagonal`'s."""
    (a, d), dtype = matching("MatrixSetDiagV3", (input, diagonal), name)
    end = suffix(name, input, diagonal, k)
    k_a, _ = operand(k, dtypes.int32)
    align_index = _align_attr("MatrixSetDiagV3", align, name, end)
    align = ALIGNS[align_index]

    def kernel(a, d, k):
        def fail(message):
            return kernel_error("MatrixSetDiagV3", message, name, end=end)
        lower, upper = _band("MatrixSetDiagV3", k, name, end)
        if a.ndim < 2:
            raise fail(f"input must be at least 2-dim, received shape: {shape_text(a.shape)}")
        rows, cols = a.shape[-2:]
        _check_bounds("MatrixSetDiagV3", lower, upper, rows, cols, name, end, sep=" ")
        max_len = min(rows + min(upper, 0), cols - max(lower, 0))
        expected = a.shape[:-2] + ((upper - lower + 1,) if lower < upper else ()) + (max_len,)
        if d.shape != expected:
            raise fail("Either first dimensions of diagonal don't match input.shape[:-2], or diagonal.shape[:-1] is "
                       "not equal to the longests diagonal in range [lower_diag_index:upper_diag_index].\nInput "
                       f"shape: {shape_text(a.shape)}\nDiagonal shape: {shape_text(d.shape)}\nExpected diagonal "
                       f"shape: {shape_text(expected)}")
        diags = d if lower < upper else d[..., None, :]
        out = np.array(a)
        i, j, valid = _positions(rows, cols, lower, upper, max_len, align)
        out[..., i[valid], j[valid]] = diags[..., valid]
        return out
    return run("MatrixSetDiagV3", kernel, (a, d, k_a), dtype, attrs={"align": align_index}, name=name)


# --- eye ------------------------------------------------------------------------------------

def eye(num_rows, num_columns=None, batch_shape=None, dtype=dtypes.float32, name=None) -> Tensor:
    """Identity matrices (num_rows by num_columns, default square), of `batch_shape`: ones on
    the main diagonal, as TensorFlow builds them (MatrixDiagV3 of ones, or MatrixSetDiagV3 of
    ones into zeros when not square)."""
    is_square = num_columns is None
    batch_shape = [] if batch_shape is None else batch_shape
    num_columns = num_rows if num_columns is None else num_columns
    if is_tensor_like(num_rows) or is_tensor_like(num_columns):
        raise NotImplementedError("varrt's eye takes num_rows and num_columns as Python integers")
    if not isinstance(num_rows, numbers.Integral) or not isinstance(num_columns, numbers.Integral):
        raise TypeError("Arguments `num_rows` and `num_columns` must be positive integer values. Received: "
                        f"num_rows={num_rows}, num_columns={num_columns}")
    is_square = num_rows == num_columns
    diag_size = min(num_rows, num_columns)
    if is_tensor_like(batch_shape):
        raise NotImplementedError("varrt's eye takes batch_shape as a list of integers")
    batch_shape = tuple(TensorShape(batch_shape).as_list())
    diag_ones = array_ops.ones(batch_shape + (diag_size,), dtype=dtype)
    if is_square:
        return diag(diag_ones)
    return set_diag(array_ops.zeros(batch_shape + (num_rows, num_columns), dtype=dtype), diag_ones)
