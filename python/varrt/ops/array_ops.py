"""Shape ops under TensorFlow's names and op names: reshape (Reshape), transpose (Transpose),
concat (ConcatV2), stack/unstack (Pack/Unpack), expand_dims, squeeze, tile, identity, fill,
zeros/ones(_like), shape/rank/size. Reshape, expand_dims and squeeze are zero-copy.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import contextlib

import numpy as np

from varrt.framework import symbolic as _symbolic

from varrt import _C
from varrt.base import dtypes
from varrt.base import errors
from varrt.framework import conversion as _convert
from varrt.ops.op_util import (attr_ints, attr_value_error, check_dtype, dtype_of, error_name, host, int_list, is_tensor_like, kernel_error, matching, op_error,
                            operand, run, run_core, run_failing, run_outputs, shape_of, shape_text, slow, suffix,
                            tensor_operand)
from varrt.framework.tensor import Tensor, _from_array, convert_to_tensor, packs
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import op_def_lib


def _shape_arg(shape):
    if isinstance(shape, TensorShape):
        return shape.as_list()
    return shape


def _as_tensor(x):
    """A Tensor for a Tensor, Variable (its value) or convertible value."""
    return x if type(x) is Tensor else convert_to_tensor(x)


_INT64_MAX = 2 ** 63 - 1


def _shape_values(op, shape, name, end, python_int32=False):
    """A shape argument's values as TensorFlow's Fill and Reshape read them, never wrapped:
    tensors must be int32/int64 (the op's attribute check), NumPy arrays are cast, Python
    scalars convert to int32 (TypeError for 1.5), Python lists convert to int32 or int64 by
    their values, and then must be integers: for zeros/ones, which convert lists to int32
    first, a TypeError; for Fill and Reshape the attribute error. The result must be a vector."""
    shape = _shape_arg(shape)
    if is_tensor_like(shape):
        array = host(tensor_operand(shape)[0])
    elif isinstance(shape, np.ndarray):
        array = shape.astype(np.int64) if shape.dtype.kind in "biuf" else shape
    elif not isinstance(shape, (list, tuple, str, bytes)):
        array = _convert.to_array(shape, dtypes.int32)
    else:
        array = _convert.to_array(shape)
        if array.size == 0:
            array = array.astype(np.int32)  # [] is a scalar's shape, not a float32 list
        elif array.dtype.kind not in "iu" and python_int32:
            array = _convert.to_array(shape, dtypes.int32)  # TensorFlow's TypeError for [1.5], ["a"]
    if array.dtype.kind not in "iu" or array.dtype.itemsize < 4:
        got = dtypes.core_name(dtype_of(array)) if dtype_of(array) is not None else array.dtype.name
        raise attr_value_error(op, got, name, "" if slow(shape) else end)
    if array.ndim > 1:
        message = ("dims must represent a vector, got shape " if op == "Fill" else "sizes input must be 1-D, not ")
        raise kernel_error(op, message + shape_text(array.shape), name, end=end)
    return [int(d) for d in array.reshape(-1)]


@op_def_lib.implements("Reshape")
def reshape(tensor, shape, name=None) -> Tensor:
    """A new tensor with the same values in `shape` (one dimension may be -1). Zero-copy: the
    core's Reshape, whose output shares the input's buffer."""
    if type(tensor) is Tensor and type(shape) in (tuple, list) and all(type(d) is int for d in shape):
        return run_core(_C.reshape, name, tensor, shape, None)  # what gradient functions do (a list: no " name: ")
    t = _as_tensor(tensor)
    shape = _packed(shape)
    if _symbolic.is_symbolic(shape):
        # Inside a graph a computed shape is known only when the graph runs: the kernel reads it then.
        return run_core(_C.reshape, name, t, shape, name or "")
    shape = _shape_arg(shape)
    end = "" if suffix(name, shape) == "" else None
    dims = _shape_values("Reshape", shape, name, end)
    # The -1 is resolved by the kernel from its input, not the traced example: a graph replays
    # the node on inputs of other shapes.
    return run_core(_C.reshape, name, t, dims, error_name(name, end))


def _view(a, dims):
    """The kernel of ExpandDims and Squeeze: `a` in `dims`, sharing its buffer. Tensors NumPy
    cannot view (rank above 64) come as TensorData and are reshaped by the core."""
    return a.reshape(dims) if type(a) is np.ndarray else a.reshaped(dims)


def _index(tensor, i):
    """tensor[i] for an integer i (used by iteration)."""
    return run("StridedSlice", lambda a: a[i], (tensor,), tensor.dtype,
               attrs={"begin": (i,), "end": (i + 1,), "strides": (1,), "begin_mask": 0, "end_mask": 0,
                      "ellipsis_mask": 0, "new_axis_mask": 0, "shrink_axis_mask": 1})


# --- creation ------------------------------------------------------------------------------

def _packed(shape):
    """A shape argument holding graph tensors (`[tf.shape(x)[0], -1]`) as the Pack TensorFlow makes of it."""
    return convert_to_tensor(shape) if packs(shape) else shape


def _dims(op, shape, name, end=None, python_int32=False):
    """The dimensions of a shape argument, checked after `op` was placed (TensorFlow's messages)."""
    dims = _shape_values(op, shape, name, end, python_int32)
    elements = 1
    for d in dims:
        if d < 0:
            raise kernel_error(op, f"Dimension {d} must be >= 0", name, end=end)
        elements *= d
        if elements > _INT64_MAX:  # counted as TensorFlow counts: a later zero does not help
            raise kernel_error(op, f"Shape {shape_text(dims)} would have more than 2**63 - 1 elements", name, end=end)
    return dims


def _fill(shape, value, dtype, name, end=None, python_int32=False, node_name=None):
    """Runs Fill: every element of the shape argument's dims is `value` (an operand of `dtype`).
    The checks of the shape and value are the kernel's in TensorFlow, so their errors follow the
    op's log line. The output is allocated by the core and filled in place: no full-size
    intermediate array."""
    shape = _packed(shape)
    if _symbolic.is_symbolic(shape):
        # Inside a graph a computed shape is known only when the graph runs: the kernel reads it then.
        def fill_dynamic(dims_array, element):
            dims_now = [int(d) for d in np.asarray(dims_array).reshape(-1)]
            return np.full(dims_now, element.reshape(()), dtype=object if dtype is dtypes.string else element.dtype)
        return run("Fill", fill_dynamic, (shape, value), dtype, name=node_name or name)
    try:
        dims = _dims("Fill", shape, name, end, python_int32)
        if len(shape_of(value)) != 0:
            raise kernel_error("Fill", f"value must represent a scalar, got shape {shape_text(shape_of(value))}", name,
                               end=end)
    except Exception as e:  # noqa: BLE001 - whatever the check raised, raised by the op
        run_failing("Fill", e, (value,), dtype)

    def fill(element, out=None):
        if out is None:  # strings: the kernel makes the output
            return np.full(dims, element.reshape(()), dtype=object)
        np.copyto(out, element)
    with allocating_output("Fill", dims, dtype, name, end):
        return run("Fill", fill, (value,), dtype, tuple(dims), attrs={"dims": tuple(dims)}, name=node_name or name)


@contextlib.contextmanager
def allocating_output(op, dims, dtype, name="", end=None):
    """Around the allocation of `op`'s output of shape `dims`: running out of memory, in the
    device's allocator or in a NumPy kernel (MemoryError), is TensorFlow's ResourceExhaustedError."""
    try:
        yield
    except (MemoryError, errors.ResourceExhaustedError):
        raise kernel_error(op, f"OOM when allocating tensor with shape{shape_text(dims)} and type "
                               f"{dtypes.core_name(dtype)} on {_C.current_device()} by allocator cpu", name, end=end,
                           cls=errors.ResourceExhaustedError) from None


@op_def_lib.implements("Fill")
def fill(dims, value, name=None) -> Tensor:
    """A tensor of shape `dims` filled with `value` (whose dtype it takes)."""
    a, dtype = operand(value)
    return _fill(dims, a, dtype, name, "" if slow(dims) else None)


def zeros(shape, dtype=dtypes.float32, name=None, layout=None) -> Tensor:
    """Creates a tensor with all elements set to zero (TensorFlow's `tf.zeros`).

    Args:
        shape: A list of non-negative ints, a `TensorShape` or a 1-D int32 tensor.
        dtype: The dtype of the elements (default `tf.float32`).
        name: A name for the operation (optional).
        layout: Accepted for compatibility (DTensor layouts) and ignored.

    Returns:
        A `Tensor` of `shape` and `dtype`, all zeros.

    Raises:
        InvalidArgumentError: If a dimension is negative.
    """
    return _filled(shape, dtype, 0, name, "zeros")


def ones(shape, dtype=dtypes.float32, name=None, layout=None) -> Tensor:
    """Creates a tensor with all elements set to one (TensorFlow's `tf.ones`).

    Args:
        shape: A list of non-negative ints, a `TensorShape` or a 1-D int32 tensor.
        dtype: The dtype of the elements (default `tf.float32`).
        name: A name for the operation (optional).
        layout: Accepted for compatibility (DTensor layouts) and ignored.

    Returns:
        A `Tensor` of `shape` and `dtype`, all ones.

    Raises:
        InvalidArgumentError: If a dimension is negative.
    """
    return _filled(shape, dtype, 1, name, "ones")


def _filled(shape, dtype, value, name, default_name):
    dtype = dtypes.as_dtype(dtype)
    if dtype._np is None or dtype.is_quantized:
        dtypes.check_holds_tensors(dtype, value)
    if dtype is dtypes.string:
        # ones() of strings fails as converting 1 to a string does (the core's conversion rule).
        value = _convert.to_array(value, dtype) if value else b""
    elif dtype is dtypes.bool:
        value = bool(value)
    return _fill(shape, np.array(value, dtype=dtype.as_numpy_dtype), dtype, name, python_int32=True,
                 node_name=name or default_name)


def zeros_like(input, dtype=None, name=None, layout=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """Zeros with the shape (and, unless `dtype` is given, the dtype) of `input` (tf.zeros_like)."""
    a, source = operand(input)
    dtype = source if dtype is None else dtypes.as_dtype(dtype)
    if dtype is source:
        return run_core(_C.zeros_like, name, a)
    return run("ZerosLike", _constant_fill(b"" if dtype is dtypes.string else 0, dtype), (a,), dtype, shape_of(a))


def _constant_fill(value, dtype):
    """A kernel filling its output (of its input's shape) with `value`."""
    def kernel(a, out=None):
        if out is None:  # strings: the kernel makes the output
            return np.full(np.shape(a), value, dtype=dtype.as_numpy_dtype)
        out.fill(value)
    return kernel


def ones_like(input, dtype=None, name=None, layout=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """Ones with the shape (and, unless `dtype` is given, the dtype) of `input` (tf.ones_like)."""
    a, source = operand(input)
    dtype = source if dtype is None else dtypes.as_dtype(dtype)
    check_dtype("OnesLike", dtype, name, "" if slow(input) else None)
    if dtype is source:
        return run_core(_C.ones_like, name, a)
    return run("OnesLike", _constant_fill(1, dtype), (a,), dtype, shape_of(a))


# --- shape queries -------------------------------------------------------------------------

@op_def_lib.implements("Shape")
def shape(input, out_type=dtypes.int32, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The shape of `input` as a 1-D tensor of `out_type` (tf.shape)."""
    a, _ = operand(input)
    out_type = dtypes.as_dtype(out_type)
    if out_type is dtypes.int32 or out_type is dtypes.int64:
        return run_core(_C.shape, name, a, out_type._enum)
    return run("Shape", lambda a: np.array(a.shape, dtype=out_type.as_numpy_dtype), (a,), out_type)


def shape_n(input, out_type=dtypes.int32, name=None) -> list[Tensor]:  # noqa: A002 - TensorFlow's names
    """The shapes of the tensors in `input`, one 1-D tensor of `out_type` each (tf.shape_n)."""
    out_type = dtypes.as_dtype(out_type)
    check_dtype("ShapeN", out_type, name, attr="out_type")
    operands = [operand(x)[0] for x in input]
    return run_core(_C.shape_n, name, operands, out_type._enum)


@op_def_lib.implements("ShapeN")
def _raw_shape_n(input, out_type=dtypes.int32, name=None):  # noqa: A002 - TensorFlow's names
    return shape_n(input, out_type, name)


@op_def_lib.implements("Rank")
def rank(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The number of dimensions of `input` as a 0-d int32 tensor (tf.rank)."""
    a, _ = operand(input)
    if _symbolic.is_symbolic(input) and input.shape.rank is None:
        # Inside a graph with a rank known only when it runs: the Rank op counts the dimensions then.
        return run("Rank", lambda x: np.array(np.ndim(x), dtype=np.int32), (a,), dtypes.int32)
    return _from_array(np.array(len(shape_of(a)), dtype=np.int32))  # TensorFlow's answer: a constant (_EagerConst)


@op_def_lib.implements("Size")
def size(input, out_type=dtypes.int32, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The number of elements of `input` as a 0-d tensor of `out_type` (tf.size)."""
    a, _ = operand(input)
    out_type = dtypes.as_dtype(out_type)
    if _symbolic.is_symbolic(input) and not input.shape.is_fully_defined():
        # Inside a graph with dimensions known only when it runs: the Size op counts them then.
        return run("Size", lambda x: np.array(int(np.prod(np.shape(x), dtype=np.int64)),
                                              dtype=out_type.as_numpy_dtype), (a,), out_type)
    return _from_array(np.array(int(np.prod(shape_of(a), dtype=np.int64)), dtype=out_type.as_numpy_dtype))


# --- rearranging ---------------------------------------------------------------------------

@op_def_lib.implements("Identity")
def identity(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """A tensor with the same value as `input`, on the current device (tf.identity)."""
    t = _as_tensor(input)
    return run("Identity", _forward, (t,), t.dtype, name=name)


def _forward(a):
    return a  # the input itself: the output shares its buffer


@op_def_lib.implements("StopGradient")
def stop_gradient(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """The input, through which no gradient flows (StopGradient)."""
    t = _as_tensor(input)
    return run("StopGradient", _forward, (t,), t.dtype, name=name)


@op_def_lib.implements("BroadcastTo")
def broadcast_to(input, shape, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """`input` repeated along new leading and size-1 dimensions to `shape` (BroadcastTo, the core's
    kernel, which checks the shapes with TensorFlow's texts)."""
    shape = _packed(shape)
    if _symbolic.is_symbolic(shape):
        # Inside a graph a computed shape is known only when the graph runs: the kernel reads it then.
        a, _ = operand(input)
        return run_core(_C.broadcast_to, name, a, shape, name or "")
    if type(input) is Tensor and type(shape) in (tuple, list) and all(type(d) is int for d in shape):
        return run_core(_C.broadcast_to, name, input, shape, None)  # gradient functions' form (a list: no " name: ")
    a, _ = operand(input)
    end = suffix(name, input, shape)
    dims = _shape_values("Reshape", shape, name, end)
    return run_core(_C.broadcast_to, name, a, dims, error_name(name, end))


def broadcast_known(tensor, shape) -> Tensor:
    """BroadcastTo of a Tensor to a list of ints it is known to broadcast to (what gradient
    functions have): broadcast_to without its conversions."""
    return _C.broadcast_to(tensor, shape, "")


def transpose(a, perm=None, conjugate=False, name=None) -> Tensor:
    """Permutes the dimensions (default: reverses them); `conjugate` also conjugates complex values."""
    x, dtype = operand(a)
    conjugate = conjugate and dtype.is_complex
    # TensorFlow's perm input, as an attribute (for the gradient); None when it does not convert.
    p = tuple(range(len(shape_of(x))))[::-1] if perm is None else attr_ints(perm)
    return run("ConjugateTranspose" if conjugate else "Transpose", lambda x: _transposed(x, perm, conjugate, name),
               (x,), dtype, attrs=None if p is None else {"perm": p})


def _transposed(x, perm, conjugate, name):
    rank_ = x.ndim
    op = "Transpose"
    end = "" if suffix(name, perm) == "" else None
    if perm is None:
        p = list(range(rank_))[::-1]
    else:
        p = int_list(perm)
        if len(p) != rank_:
            raise kernel_error(op, f"transpose expects a vector of size {rank_}. But input(1) is a vector of "
                                           f"size {len(p)}", name, end=end)
        p = [d + rank_ if d < 0 else d for d in p]
        for d in p:
            if not 0 <= d < rank_:
                raise kernel_error(op, f"{d} is out of range [0 .. {rank_})", name, end=end)
        for i in range(rank_):
            if i not in p:
                raise kernel_error(op, f"{i} is missing from {{{','.join(str(d) for d in p)}}}.", name,
                                   end=end)
    out = np.transpose(x, p)
    return np.conj(out) if conjugate else out


@op_def_lib.implements("ExpandDims")
def expand_dims(input, axis, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """Inserts a dimension of size 1 at `axis` (-rank-1 <= axis <= rank). Zero-copy."""
    t = _as_tensor(input)
    axes = int_list(axis)
    end = "" if suffix(name, axis) == "" else None
    return run("ExpandDims", lambda a: _view(a, _expanded_dims(a, axes, name, end)), (t,), t.dtype,
               attrs={"dim": axes[0] if len(axes) == 1 else tuple(axes)})


def _expanded_dims(data, axes, name, end):
    """The input's dims (from the kernel's own input, so a replayed graph node adapts) with a 1 at axes[0]."""
    if len(axes) != 1:
        raise kernel_error("ExpandDims", "'dim' must be a tensor with a single value", name, end="")
    dims = list(data.shape)
    a = axes[0]
    if not -len(dims) - 1 <= a <= len(dims):
        raise kernel_error("ExpandDims", f"Tried to expand dim index {a} for tensor with {len(dims)} "
                                                 f"dimensions.", name, end=end)
    dims.insert(a + len(dims) + 1 if a < 0 else a, 1)
    return dims


@op_def_lib.implements("Squeeze")
def squeeze(input, axis=None, name=None, squeeze_dims=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """Removes dimensions of size 1 (all of them, or those in `axis`). Zero-copy."""
    t = _as_tensor(input)
    axis = squeeze_dims if axis is None else axis
    dims = () if axis is None else attr_ints(axis)
    return run("Squeeze", lambda a: _view(a, _squeezed_dims(a, axis, name)), (t,), t.dtype,
               attrs=None if dims is None else {"squeeze_dims": dims})


def _squeezed_dims(data, axis, name):
    dims = list(data.shape)
    if axis is None or (isinstance(axis, (list, tuple)) and not axis):  # Squeeze's squeeze_dims=[]: all
        keep = [d for d in dims if d != 1]
    else:
        chosen = set()
        for a in int_list(axis):
            if not -len(dims) <= a < len(dims):
                raise kernel_error("Squeeze", f"Tried to squeeze dim index {a} for tensor with {len(dims)} "
                                                      f"dimensions.", name)
            a %= len(dims)
            if dims[a] != 1:
                raise kernel_error("Squeeze", f"Can not squeeze dim[{a}], expected a dimension of 1, got "
                                                      f"{dims[a]}", name)
            chosen.add(a)
        keep = [d for i, d in enumerate(dims) if i not in chosen]
    return keep


@op_def_lib.implements("Tile")
def tile(input, multiples, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """Repeats the tensor multiples[i] times along dimension i."""
    a, dtype = operand(input)
    end = "" if suffix(name, multiples) == "" else None
    reps = attr_ints(multiples)
    return run("Tile", lambda a: _tiled(a, multiples, name, end), (a,), dtype,
               attrs=None if reps is None else {"multiples": reps})


def _tiled(a, multiples, name, end):
    reps = int_list(multiples)
    if len(reps) != a.ndim:
        raise kernel_error("Tile", f"Expected multiples argument to be a vector of length {a.ndim} but got "
                                           f"length {len(reps)}", name, end=end)
    for i, r in enumerate(reps):
        if r < 0:
            raise kernel_error("Tile", f"Expected multiples[{i}] >= 0, but got {r}", name, end=end)
    return np.tile(a, reps) if reps else a


def _axis_in(axis, n, what="axis"):
    if not -n <= axis < n:
        raise ValueError(f"Argument `{what}` = {axis} not in range [{-n}, {n})")
    return axis % n


@op_def_lib.implements("ConcatV2")
def concat(values, axis, name="concat") -> Tensor:
    """Joins tensors of one dtype along an existing dimension (the core's ConcatV2, whose kernel
    checks the shapes with TensorFlow's messages)."""
    values = list(values)
    if len(values) == 1:
        return identity(values[0])
    arrays, dtype = matching("ConcatV2", values, name) if values else ([], dtypes.float32)
    ax = attr_ints(axis)
    if values and ax:
        return run_core(_C.concat_v2, name, arrays, ax[0], name)
    # No values, or an axis that is no integer: the errors TensorFlow's kernel raises.
    return run("ConcatV2", lambda *arrays: _concat_refused(arrays, axis, name), arrays, dtype)


def _concat_refused(arrays, axis, name):
    if not arrays:
        raise op_error("ConcatV2", "OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef "
                                   "'[N=0, Tidx=DT_INT32]', KernelDef: 'goo.gle/debugstr    op: \"ConcatV2\" "
                                   "device_type: \"CPU\" constraint { name: \"T\" allowed_values { list { type: "
                                   "DT_QINT32 } } } host_memory_arg: \"axis\"'", name)
    int_list(axis)[0]  # raises the conversion's error (IndexError for an empty list)
    raise AssertionError(f"ConcatV2 refused the axis {axis!r}, which converts")


@op_def_lib.implements("Pack")
def stack(values, axis=0, name="stack") -> Tensor:
    """Joins tensors of one dtype and shape along a new dimension `axis`."""
    values = list(values)
    if not values:
        return convert_to_tensor([])
    if not any(is_tensor_like(v) for v in values):
        a, dtype = operand(values)
        r = a.ndim - 1
        ax = _axis_in(axis, r + 1)
        return run("Pack", lambda a: np.moveaxis(a, 0, ax), (a,), dtype)  # of constants: nothing to differentiate
    arrays, dtype = matching("Pack", values, name)
    ax = _axis_in(axis, len(shape_of(arrays[0])) + 1)
    return run("Pack", lambda *arrays: _stacked(arrays, ax, name), arrays, dtype, attrs={"axis": ax, "N": len(arrays)})


def _stacked(arrays, ax, name):
    for i, a in enumerate(arrays[1:], 1):
        if np.shape(a) != np.shape(arrays[0]):
            raise kernel_error("Pack", f"Shapes of all inputs must match: values[0].shape = "
                                       f"{shape_text(np.shape(arrays[0]))} != values[{i}].shape = "
                                       f"{shape_text(np.shape(a))}", name, node=f"Pack_N_{len(arrays)}")
    return np.stack(arrays, axis=ax)


@op_def_lib.implements("Unpack")
def unstack(value, num=None, axis=0, name="unstack") -> list[Tensor]:
    """The slices of `value` along `axis`, as a list of tensors."""
    a, dtype = operand(value)
    ax = _axis_in(axis, len(shape_of(a)))
    n = shape_of(a)[ax]

    def unpack(a):
        if num is not None and num != n:
            raise kernel_error("Unpack", f"Input shape axis {ax} must equal {num}, got shape {shape_text(a.shape)}",
                               name, node=f"Unpack_num_{num}")
        return [np.take(a, i, axis=ax) for i in range(n)]
    return list(run_outputs("Unpack", unpack, (a,), dtype, n, attrs={"axis": ax, "num": n}))


# --- tf.raw_ops -------------------------------------------------------------------------------

@op_def_lib.implements("Transpose")
def _raw_transpose(x, perm, name=None):
    return transpose(x, perm, name=name)


@op_def_lib.implements("ZerosLike")
def _raw_zeros_like(x, name=None):
    return zeros_like(x, name=name)


@op_def_lib.implements("OnesLike")
def _raw_ones_like(x, name=None):
    return ones_like(x, name=name)


@op_def_lib.implements("IdentityN")
def identity_n(input, name=None) -> list:  # noqa: A002 - TensorFlow's names
    """Each tensor of the list `input` itself (tf.identity_n; one Identity each, where TensorFlow
    makes one IdentityN node: the same values and gradients)."""
    return [identity(x) for x in input]


from varrt.ops import dispatch  # noqa: E402
dispatch.install(globals(), "array_ops", ("concat", "stack", "shape", "zeros", "ones", "fill", "reshape", "tile", "identity", "ones_like", "zeros_like", "size", "rank", "expand_dims"))  # ragged operands: ops/ragged/ragged_dispatch.py
