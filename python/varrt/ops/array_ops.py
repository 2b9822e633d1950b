"""Shape ops under TensorFlow's names and op names: reshape (Reshape), transpose (Transpose),
concat (ConcatV2), stack/unstack (Pack/Unpack), expand_dims, squeeze, tile, identity, fill,
zeros/ones(_like), shape/rank/size. Reshape, expand_dims and squeeze are zero-copy.
"""
import contextlib

import numpy as np

from varrt import _C, dtypes, errors
from varrt.framework import conversion as _convert
from varrt.ops.op_util import (_op_result, check_dtype, dtype_of, host, int_list, is_tensor_like, kernel_error, matching,
                            op_error, operand, place, result, shape_of, shape_text, slow, suffix, tensor_operand)
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape


def _shape_arg(shape):
    if isinstance(shape, TensorShape):
        return shape.as_list()
    return shape


def _as_tensor(x):
    """A Tensor for a Tensor, Variable (its value) or convertible value."""
    return x if type(x) is Tensor else convert_to_tensor(x)


_SHAPE_ATTR = {
    "Fill": ("index_type", "\n\t; NodeDef: {{node Fill}}; Op<name=Fill; signature=dims:index_type, value:T -> "
                           "output:T; attr=T:type; attr=index_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>"),
    "Reshape": ("Tshape", "\n\t; NodeDef: {{node Reshape}}; Op<name=Reshape; signature=tensor:T, shape:Tshape -> "
                          "output:T; attr=T:type; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>"),
}
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
        attr, text = _SHAPE_ATTR[op]
        got = dtypes.core_name(dtype_of(array)) if dtype_of(array) is not None else array.dtype.name
        raise op_error(op, f"Value for attr '{attr}' of {got} is not in the list of allowed values: int32, int64{text}",
                       name, end="" if slow(shape) else end)
    if array.ndim > 1:
        message = ("dims must represent a vector, got shape " if op == "Fill" else "sizes input must be 1-D, not ")
        raise kernel_error(op, message + shape_text(array.shape), name, end=end)
    return [int(d) for d in array.reshape(-1)]


def reshape(tensor, shape, name=None):
    """A new tensor with the same values in `shape` (one dimension may be -1). Zero-copy."""
    t = _as_tensor(tensor)
    shape = _shape_arg(shape)
    end = "" if suffix(name, shape) == "" else None
    dims = _shape_values("Reshape", shape, name, end)
    place("Reshape")

    def fail(message):
        return kernel_error("Reshape", message, name, end=end)

    # TensorFlow's ValidateSizes: zero sizes stay out of the product, so that a -1 beside a 0
    # is still inferred from the other dimensions.
    n, unknown, product = t._data.size, None, 1
    sizes_have_zero = 0 in dims
    for i, d in enumerate(dims):
        if d == -1:
            if unknown is not None:
                raise fail(f"Only one input size may be -1, not both {unknown} and {i}")
            unknown = i
        elif d < 0:
            raise fail(f"Size {i} must be non-negative, not {d}")
        elif d > 0:
            product *= d
            if product > _INT64_MAX:
                raise fail(f"Shape [{', '.join(str(x) for x in dims)}] has too many elements")
    if unknown is not None:
        counted = [d for d in t._data.shape if d > 0 or not sizes_have_zero]
        elements = int(np.prod(counted, dtype=object)) if counted else 1
        missing = elements // product
        if len(counted) == len(t._data.shape) and product * missing != elements:
            raise fail(f"Input to reshape is a tensor with {elements} values, but the requested shape requires a "
                       f"multiple of {product}")
        dims[unknown] = missing
    wanted = int(np.prod(dims, dtype=object)) if dims else 1
    if wanted != n:
        raise fail(f"Input to reshape is a tensor with {n} values, but the requested shape has {wanted}")
    return Tensor._wrap(t._data.reshaped(dims))


def _index(tensor, i):
    """tensor[i] for an integer i (used by iteration)."""
    place("StridedSlice")
    return result(tensor._data.view()[i], tensor.dtype)


# --- creation ------------------------------------------------------------------------------

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


def _filled_tensor(op, dims, element, dtype, name, end):
    """`dims` filled with the one value of `element` (an ndarray of `dtype`), allocated straight
    from the op's device: no full-size intermediate array."""
    with allocating_output(op, dims, dtype, name, end):
        return Tensor._wrap(_C.op_filled(dims, _op_result(_convert.to_array(element.reshape(()), dtype))))


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


def fill(dims, value, name=None):
    """A tensor of shape `dims` filled with `value` (whose dtype it takes)."""
    a, dtype = operand(value)
    a, = place("Fill", a)
    end = "" if slow(dims) else None
    shape = _dims("Fill", dims, name, end)
    if np.ndim(a) != 0:
        raise kernel_error("Fill", f"value must represent a scalar, got shape {shape_text(np.shape(a))}", name,
                           end=end)
    return _filled_tensor("Fill", shape, np.asarray(a), dtype, name, end)


def zeros(shape, dtype=dtypes.float32, name=None, layout=None):
    return _filled(shape, dtype, 0, name)


def ones(shape, dtype=dtypes.float32, name=None, layout=None):
    return _filled(shape, dtype, 1, name)


def _filled(shape, dtype, value, name):
    dtype = dtypes.as_dtype(dtype)
    if dtype is dtypes.string:
        # ones() of strings fails as converting 1 to a string does (the core's conversion rule).
        value = _convert.to_array(value, dtype) if value else b""
    elif dtype is dtypes.bool:
        value = bool(value)
    place("Fill")
    dims = _dims("Fill", shape, name, python_int32=True)
    return _filled_tensor("Fill", dims, np.array(value, dtype=dtype.as_numpy_dtype), dtype, name, None)


def zeros_like(input, dtype=None, name=None, layout=None):  # noqa: A002 - TensorFlow's names
    a, source = operand(input)
    dtype = source if dtype is None else dtypes.as_dtype(dtype)
    place("ZerosLike")
    return result(np.full(shape_of(a), b"" if dtype is dtypes.string else 0, dtype=dtype.as_numpy_dtype), dtype)


def ones_like(input, dtype=None, name=None, layout=None):  # noqa: A002 - TensorFlow's names
    a, source = operand(input)
    dtype = source if dtype is None else dtypes.as_dtype(dtype)
    check_dtype("OnesLike", dtype, name, "" if slow(input) else None)
    place("OnesLike")
    return result(np.ones(shape_of(a), dtype=dtype.as_numpy_dtype), dtype)


# --- shape queries -------------------------------------------------------------------------

def shape(input, out_type=dtypes.int32, name=None):  # noqa: A002 - TensorFlow's names
    a, _ = operand(input)
    place("Shape")
    out_type = dtypes.as_dtype(out_type)
    return result(np.array(shape_of(a), dtype=out_type.as_numpy_dtype), out_type)


def rank(input, name=None):  # noqa: A002 - TensorFlow's names
    a, _ = operand(input)
    place("_EagerConst")  # TensorFlow answers from the static shape, as a constant
    return result(np.array(len(shape_of(a)), dtype=np.int32), dtypes.int32)


def size(input, out_type=dtypes.int32, name=None):  # noqa: A002 - TensorFlow's names
    a, _ = operand(input)
    place("_EagerConst")
    out_type = dtypes.as_dtype(out_type)
    return result(np.array(int(np.prod(shape_of(a), dtype=np.int64)), dtype=out_type.as_numpy_dtype), out_type)


# --- rearranging ---------------------------------------------------------------------------

def identity(input, name=None):  # noqa: A002 - TensorFlow's names
    t = _as_tensor(input)
    place("Identity")
    return Tensor._wrap(t._data)


def transpose(a, perm=None, conjugate=False, name=None):
    """Permutes the dimensions (default: reverses them); `conjugate` also conjugates complex values."""
    x, dtype = operand(a)
    x, = place("ConjugateTranspose" if conjugate and dtype.is_complex else "Transpose", x)
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
    if conjugate and dtype.is_complex:
        out = np.conj(out)
    return result(out, dtype)


def expand_dims(input, axis, name=None):  # noqa: A002 - TensorFlow's names
    """Inserts a dimension of size 1 at `axis` (-rank-1 <= axis <= rank). Zero-copy."""
    t = _as_tensor(input)
    axes = int_list(axis)
    place("ExpandDims")
    end = "" if suffix(name, axis) == "" else None
    if len(axes) != 1:
        raise kernel_error("ExpandDims", "'dim' must be a tensor with a single value", name, end="")
    dims = list(t._data.shape)
    a = axes[0]
    if not -len(dims) - 1 <= a <= len(dims):
        raise kernel_error("ExpandDims", f"Tried to expand dim index {a} for tensor with {len(dims)} "
                                                 f"dimensions.", name, end=end)
    dims.insert(a + len(dims) + 1 if a < 0 else a, 1)
    return Tensor._wrap(t._data.reshaped(dims))


def squeeze(input, axis=None, name=None, squeeze_dims=None):  # noqa: A002 - TensorFlow's names
    """Removes dimensions of size 1 (all of them, or those in `axis`). Zero-copy."""
    t = _as_tensor(input)
    axis = squeeze_dims if axis is None else axis
    dims = list(t._data.shape)
    place("Squeeze")
    if axis is None:
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
    return Tensor._wrap(t._data.reshaped(keep))


def tile(input, multiples, name=None):  # noqa: A002 - TensorFlow's names
    """Repeats the tensor multiples[i] times along dimension i."""
    a, dtype = operand(input)
    a, = place("Tile", a)
    reps = int_list(multiples)
    end = "" if suffix(name, multiples) == "" else None
    if len(reps) != a.ndim:
        raise kernel_error("Tile", f"Expected multiples argument to be a vector of length {a.ndim} but got "
                                           f"length {len(reps)}", name, end=end)
    for i, r in enumerate(reps):
        if r < 0:
            raise kernel_error("Tile", f"Expected multiples[{i}] >= 0, but got {r}", name, end=end)
    return result(np.tile(a, reps) if reps else a.copy(), dtype)


def _axis_in(axis, n, what="axis"):
    if not -n <= axis < n:
        raise ValueError(f"Argument `{what}` = {axis} not in range [{-n}, {n})")
    return axis % n


def concat(values, axis, name="concat"):
    """Joins tensors of one dtype along an existing dimension."""
    values = list(values)
    if len(values) == 1:
        return identity(values[0])
    arrays, dtype = matching("ConcatV2", values, name) if values else ([], dtypes.float32)
    n = len(arrays)
    arrays = place("ConcatV2", *arrays)
    node = f"ConcatV2_N_{n}"
    if not values:
        raise op_error("ConcatV2", "OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef "
                                   "'[N=0, Tidx=DT_INT32]', KernelDef: 'goo.gle/debugstr    op: \"ConcatV2\" "
                                   "device_type: \"CPU\" constraint { name: \"T\" allowed_values { list { type: "
                                   "DT_QINT32 } } } host_memory_arg: \"axis\"'", name)
    shapes = [np.shape(a) for a in arrays]
    r = len(shapes[0])
    ax = int_list(axis)[0]

    def fail(message):
        return kernel_error("ConcatV2", "ConcatOp : " + message, name, node=node)

    if r == 0:
        raise fail("Can't concatenate scalars (use tf.stack instead)")
    if not -r <= ax < r:
        raise fail(f"Expected concatenating dimensions in the range [{-r}, {r}), but got {ax}")
    ax %= r
    for i, s in enumerate(shapes[1:], 1):
        if len(s) != r:
            raise fail(f"Ranks of all input tensors should match: shape[0] = {shape_text(shapes[0])} vs. shape[{i}] = "
                       f"{shape_text(s)}")
        for d in range(r):
            if d != ax and s[d] != shapes[0][d]:
                raise fail(f"Dimension {d} in both shapes must be equal: shape[0] = {shape_text(shapes[0])} vs. "
                           f"shape[{i}] = {shape_text(s)}")
    return result(np.concatenate(arrays, axis=ax), dtype)


def stack(values, axis=0, name="stack"):
    """Joins tensors of one dtype and shape along a new dimension `axis`."""
    values = list(values)
    if not values:
        return convert_to_tensor([])
    if not any(is_tensor_like(v) for v in values):
        a, dtype = operand(values)
        r = a.ndim - 1
        ax = _axis_in(axis, r + 1)
        a, = place("Pack", a)
        return result(np.moveaxis(a, 0, ax), dtype)
    arrays, dtype = matching("Pack", values, name)
    ax = _axis_in(axis, len(shape_of(arrays[0])) + 1)
    arrays = place("Pack", *arrays)
    for i, a in enumerate(arrays[1:], 1):
        if np.shape(a) != np.shape(arrays[0]):
            raise kernel_error("Pack", f"Shapes of all inputs must match: values[0].shape = "
                                               f"{shape_text(np.shape(arrays[0]))} != values[{i}].shape = "
                                               f"{shape_text(np.shape(a))}", name, node=f"Pack_N_{len(arrays)}")
    return result(np.stack(arrays, axis=ax), dtype)


def unstack(value, num=None, axis=0, name="unstack"):
    """The slices of `value` along `axis`, as a list of tensors."""
    a, dtype = operand(value)
    ax = _axis_in(axis, len(shape_of(a)))
    a, = place("Unpack", a)
    n = a.shape[ax]
    if num is not None and num != n:
        raise kernel_error("Unpack", f"Input shape axis {ax} must equal {num}, got shape "
                                             f"{shape_text(a.shape)}", name, node=f"Unpack_num_{num}")
    return [result(np.take(a, i, axis=ax), dtype) for i in range(n)]
