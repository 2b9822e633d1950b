"""`tensor[...]` and `variable[...]` with TensorFlow's slicing semantics.

An index (ints, negative ints, slices with any step, `...`, `tf.newaxis`/None, scalar
int16/int32/int64 tensors) compiles to a strided-slice spec, run by the core's StridedSlice
op. A boolean tensor or array selects with a mask (TensorFlow's boolean_mask).

`variable[...]` reads the variable (ReadVariableOp) and slices the value. The result is a
Tensor that also has `assign(value)`, which writes the value (broadcast to the slice) into
those elements of the variable (ResourceStridedSliceAssign), as TensorFlow attaches
`assign` to the sliced tensor.
"""
import numbers

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework import conversion as _convert
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.variables import Variable
from varrt.ops.op_util import host_if_known, kernel_error, shape_text, tensor_operand
from varrt.ops import index_ops, op_def_lib
from varrt.ops.boolean_mask import boolean_mask

_SLICE_TYPE_ERROR = ("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
                     "tf.int32/tf.int64 tensors are valid indices")
_INDEX_DTYPES = ("int16", "int32", "int64")
_INT64_MIN, _INT64_END = -(1 << 63), 1 << 63


def _check_index(idx):
    """TensorFlow's _check_index: integers, or objects with an integer dtype that are not vectors.
    True for the latter (which may be matrices of indices: see _Shaped), None for integers."""
    if isinstance(idx, numbers.Integral):
        return None
    dtype = getattr(idx, "dtype", None)
    try:
        name = dtypes.as_dtype(dtype).name if dtype is not None else None
    except TypeError:
        name = None
    shape = getattr(idx, "shape", None)
    if name not in _INDEX_DTYPES or (shape is not None and len(shape) == 1):
        raise TypeError(f"{_SLICE_TYPE_ERROR}, got {idx!r}")
    return True


class _Shaped:
    """A non-scalar index (a matrix of indices). TensorFlow stacks begin, end and strides
    before the op runs; with one of these among them the stack or the op fails (_unstackable)."""

    __slots__ = ("shape",)

    def __init__(self, shape):
        self.shape = shape

    def __add__(self, other):  # end = index + 1 has the index's shape
        return self


def _as_int(idx):
    """The index as a Python int (reading a scalar tensor), range-checked as int64, or a
    _Shaped for a non-scalar one."""
    if isinstance(idx, numbers.Integral):
        value = int(idx)
    else:
        shape = tuple(getattr(idx, "shape", ()))
        if shape:
            return _Shaped(shape)
        value = int(np.asarray(idx))
    if not _INT64_MIN <= value < _INT64_END:
        _convert.to_array(value, dtypes.int64)  # raises the core's out-of-range conversion error
    return value


def _stacked_shape(parts):
    """The shape of TensorFlow's stack(parts), or its Pack kernel's error when shapes differ."""
    shapes = [p.shape if type(p) is _Shaped else () for p in parts]
    for i, s in enumerate(shapes):
        if s != shapes[0]:
            _C.place_op("Pack")
            raise kernel_error("Pack", f"Shapes of all inputs must match: values[0].shape = {shape_text(shapes[0])} "
                                       f"!= values[{i}].shape = {shape_text(s)}", "stack", node=f"Pack_N_{len(parts)}")
    return (len(parts),) + shapes[0]


def _unstackable(begin, end, strides):
    """TensorFlow's error for a spec with a non-scalar index: Pack's, or StridedSlice's for
    begin, end and strides that are not vectors."""
    b, e, s = (shape_text(_stacked_shape(parts)) for parts in (begin, end, strides))
    _C.place_op("StridedSlice")
    return kernel_error("StridedSlice", f"Expected begin, end, and strides to be 1D equal size tensors, but got "
                                        f"shapes {b}, {e}, and {s} instead.", "strided_slice/")


def slice_spec(key):
    """The StridedSlice arguments (begin, end, strides and the five masks) for an index."""
    if not isinstance(key, (list, tuple)):
        key = [key]
    begin, end, strides = [], [], []
    begin_mask = end_mask = ellipsis_mask = new_axis_mask = shrink_axis_mask = 0
    shaped = False  # some part is not a Python/NumPy integer (the all-int path skips the check below)
    for i, s in enumerate(key):
        bit = 1 << i
        if isinstance(s, slice):
            for part in (s.start, s.stop, s.step):
                if part is not None:
                    shaped = _check_index(part) or shaped
            if s.start is None:
                begin.append(0)
                begin_mask |= bit
            else:
                begin.append(_as_int(s.start))
            if s.stop is None:
                end.append(0)
                end_mask |= bit
            else:
                end.append(_as_int(s.stop))
            strides.append(1 if s.step is None else _as_int(s.step))
        elif s is Ellipsis:
            begin.append(0)
            end.append(0)
            strides.append(1)
            ellipsis_mask |= bit
        elif s is None:
            begin.append(0)
            end.append(0)
            strides.append(1)
            new_axis_mask |= bit
        else:
            shaped = _check_index(s) or shaped
            value = _as_int(s)
            begin.append(value)
            end.append(value + 1)
            strides.append(1)
            shrink_axis_mask |= bit
    if shaped and _Shaped in map(type, begin + end + strides):
        raise _unstackable(begin, end, strides)
    return (begin, end, strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)


def _is_mask(key):
    if isinstance(key, bool):
        return True
    if isinstance(key, np.ndarray):
        return key.dtype == np.bool_
    if isinstance(key, Tensor) or hasattr(key, "_as_tensor"):
        return getattr(key, "dtype", None) == dtypes.bool
    return False


def tensor_getitem(tensor, key):
    """`tensor[key]`: a StridedSlice, or a boolean mask for a boolean key. Inside a graph an
    integer index known only when the graph runs (a loop counter) selects its row with a gather."""
    if getattr(type(key), "_is_symbolic", False) and key.dtype.is_integer and not key.shape.rank:
        return index_ops.gather(tensor, key)
    if _is_mask(key):
        return boolean_mask(tensor, key)
    return Tensor._wrap(_C.strided_slice(tensor._data, *slice_spec(key)))


class VariableSlice(Tensor):
    """A slice of a variable's value that can also write back: `v[1, 1:].assign(x)`.

    For basic keys (ints, plain slices, tuples of them) `v[key]` and `assign` are C methods
    (csrc/bindings/variable_slice.cc, installed by framework/variables.py) that compile the key
    themselves; the Python functions here are their general paths, for every other key."""

    # _var: the variable; _key: the key; _spec: slice_spec(key), set by the general path only.
    __slots__ = ("_var", "_spec", "_key")

    def assign(self, val, name=None):
        """Writes `val` (broadcast to this slice's shape) into the variable; returns the variable."""
        var = self._var
        spec = getattr(self, "_spec", None) or slice_spec(self._key)  # None: made by the C __getitem__
        if isinstance(val, Tensor) or hasattr(val, "_as_tensor"):
            val = convert_to_tensor(val, var.dtype)._data
        else:
            val = _convert.to_array(val, var.dtype)  # borrowed by the core, not copied
        return _C.resource_strided_slice_assign(var, *spec, val)


def variable_getitem(var, key):
    """`variable[key]` for keys other than basic ones: ReadVariableOp, then the slice, which
    also has `assign` (a boolean mask's result has not, as in TensorFlow)."""
    value = var.value()
    if _is_mask(key):
        return boolean_mask(value, key)
    spec = slice_spec(key)
    out = VariableSlice._wrap(_C.strided_slice(value._data, *spec, False))  # a view would pin the variable's buffer
    out._var = var
    out._key = key
    out._spec = spec
    return out


# `t[...]` and `v[...]` are these functions, installed on the classes here (the ops layer, as the
# operators in overloads.py); `v[key]` and `v[key].assign(x)` for basic keys run in C
# (csrc/bindings/variable_slice.cc), which falls back to the functions above for other keys.
Tensor.__getitem__ = tensor_getitem
Variable.__getitem__ = variable_getitem
_C._install_variable_slicing(Variable, VariableSlice, variable_getitem, VariableSlice.assign)


def _host_ints(value, what):
    """A begin/end/strides argument as Python ints (varrt's StridedSlice takes them while it is
    called, not as graph inputs)."""
    if getattr(type(value), "_is_symbolic", False):
        known = host_if_known(tensor_operand(value)[0])  # a graph's constant (a loaded function's Const)
        if known is None:
            raise NotImplementedError(f"tf.strided_slice with a {what} known only when the graph runs is not "
                                      "supported by varrt")
        return [int(v) for v in np.asarray(known).reshape(-1)]
    return [int(v) for v in np.asarray(value.numpy() if isinstance(value, Tensor) else value).reshape(-1)]


@op_def_lib.implements("StridedSlice")
def _raw_strided_slice(input, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,  # noqa: A002
                       new_axis_mask=0, shrink_axis_mask=0, name=None) -> Tensor:
    t = convert_to_tensor(input)
    return Tensor._wrap(_C.strided_slice(t._data, _host_ints(begin, "begin"), _host_ints(end, "end"),
                                         _host_ints(strides, "strides"), begin_mask, end_mask, ellipsis_mask,
                                         new_axis_mask, shrink_axis_mask))


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0, var=None, name=None) -> Tensor:
    """input_[begin:end:strides] with TensorFlow's masks (tf.strided_slice); strides default to 1."""
    if strides is None:
        strides = [1] * len(_host_ints(begin, "begin"))
    return _raw_strided_slice(input_, begin, end, strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask,
                              shrink_axis_mask, name)
