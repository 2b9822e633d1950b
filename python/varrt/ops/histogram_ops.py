"""tf.histogram_fixed_width (HistogramFixedWidth) and tf.histogram_fixed_width_bins (written over
other ops as TensorFlow's histogram_ops writes it): `nbins` equal bins over value_range, values
below and above it counted in the first and last."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, math_ops, op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, matching, operand, run, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _bins(values, low, high, nbins):
    """Each value's bin: floor((v - low) / (high - low) * nbins), clipped to [0, nbins - 1]."""
    scaled = (values.astype(np.float64) - low) / (high - low)
    return np.clip(np.floor(scaled * nbins), 0, nbins - 1).astype(np.int64)


@op_def_lib.implements("HistogramFixedWidth")
def _raw_histogram_fixed_width(values, value_range, nbins, dtype=dtypes.int32, name=None) -> Tensor:
    (v, r), vdtype = matching("HistogramFixedWidth", [values, value_range], name)
    n, _ = operand(nbins, dtypes.int32)
    dtype = dtypes.as_dtype(dtype)
    end = suffix(name, values, value_range, nbins)
    check_dtype("HistogramFixedWidth", vdtype, name, end)
    check_dtype("HistogramFixedWidth", dtype, name, end, attr="dtype")

    def kernel(v, r, n):
        nb = int(n)
        if nb <= 0:
            raise kernel_error("HistogramFixedWidth", f"nbins should be a positive number, but got '{nb}'", name,
                               end=end)
        low, high = r.reshape(-1)[:2].tolist()
        if not low < high:
            raise kernel_error("HistogramFixedWidth", "value_range should satisfy value_range[0] < value_range[1], "
                                                      f"but got '[{_num(low)}, {_num(high)}]'", name, end=end)
        return np.bincount(_bins(v.reshape(-1), low, high, nb), minlength=nb).astype(dtype.as_numpy_dtype)
    return run("HistogramFixedWidth", kernel, (v, r, n), dtype, attrs={"dtype": dtype._enum}, name=name)


def _num(x):
    return str(int(x)) if float(x).is_integer() else str(x)


def histogram_fixed_width(values, value_range, nbins=100, dtype=dtypes.int32, name=None) -> Tensor:
    """How many of `values` fall in each of `nbins` equal bins over `value_range`, the outliers in
    the end bins (tf.histogram_fixed_width)."""
    return _raw_histogram_fixed_width(values, value_range, nbins, dtype, name)


def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=dtypes.int32, name=None) -> Tensor:
    """The bin of each of `values` among `nbins` equal bins over `value_range`, values outside it
    in the end bins (tf.histogram_fixed_width_bins)."""
    values = convert_to_tensor(values)
    value_range = convert_to_tensor(value_range)
    shape = array_ops.shape(values)
    values = array_ops.reshape(values, [-1])
    nbins_float = math_ops.cast(nbins, values.dtype)
    scaled = math_ops.truediv(values - value_range[0], value_range[1] - value_range[0])
    indices = math_ops.floor(nbins_float * scaled)
    indices = math_ops.cast(math_ops.clip_by_value(indices, 0, nbins_float - 1), dtype)
    return array_ops.reshape(indices, shape)
