"""Math ops under TensorFlow's names. Each runs a NumPy kernel on zero-copy views of core
buffers, after being placed (and logged) by the core's executor under TensorFlow's op name.

Dtype rules are TensorFlow's: a Python or NumPy operand takes the tensor operand's dtype;
two tensors of different dtypes are an InvalidArgumentError (no silent promotion).
"""
import numpy as np

from varrt import _C, _convert, dtypes, errors
from varrt.tensor import Tensor, convert_to_tensor


def _is_tensor_like(x):
    return isinstance(x, Tensor) or hasattr(x, "_as_tensor")


def _result(array, dtype=None):
    """Wraps a fresh NumPy result as a Tensor of `dtype` (the op's output dtype)."""
    if dtype is not None:
        array = np.asarray(array, dtype=dtype.as_numpy_dtype)
    return Tensor._wrap(_C.op_result(_convert.from_numpy(array)))


def _op_error(op, message):
    return errors.InvalidArgumentError(None, None, f"{message} [Op:{op}] name: ")


def binary_operands(op, x, y):
    """(x, y) as Tensors of one dtype, following TensorFlow's conversion rules for binary ops."""
    if _is_tensor_like(x):
        x = convert_to_tensor(x)
        y = y if _is_tensor_like(y) else convert_to_tensor(y, x.dtype)
    elif _is_tensor_like(y):
        y = convert_to_tensor(y)
        x = convert_to_tensor(x, y.dtype)
    else:
        x = convert_to_tensor(x)
        y = convert_to_tensor(y, x.dtype)
    y = convert_to_tensor(y)
    if x.dtype != y.dtype:
        raise _op_error(op, f"cannot compute {op} as input #1(zero-based) was expected to be a "
                            f"{dtypes.core_name(x.dtype)} tensor but is a {dtypes.core_name(y.dtype)} tensor")
    return x, y


def _binary(op, kernel, x, y, out_dtype=None):
    x, y = binary_operands(op, x, y)
    xa, ya = _C.place_op(op, x._data, y._data)  # views on the op's device
    try:
        with np.errstate(all="ignore"):  # TensorFlow returns inf/nan and wraps integers silently
            r = kernel(xa, ya)
    except ValueError as e:  # shapes that do not broadcast
        raise _op_error(op, f"Incompatible shapes: {list(xa.shape)} vs. {list(ya.shape)}") from e
    return _result(r, out_dtype or x.dtype)


def add(x, y, name=None):
    return _binary("AddV2", np.add, x, y)


def subtract(x, y, name=None):
    return _binary("Sub", np.subtract, x, y)


def multiply(x, y, name=None):
    return _binary("Mul", np.multiply, x, y)


def equal(x, y, name=None):
    return _binary("Equal", np.equal, x, y, dtypes.bool)


def not_equal(x, y, name=None):
    return _binary("NotEqual", np.not_equal, x, y, dtypes.bool)


def tensor_equals(x, y, negate=False):
    """`==` on tensors: elementwise when the shapes broadcast, else a scalar False (True for !=)."""
    op = "NotEqual" if negate else "Equal"
    x, y = binary_operands(op, x, y)
    try:
        np.broadcast_shapes(x._data.shape, y._data.shape)
    except ValueError:
        return _result(np.array(negate))
    return (not_equal if negate else equal)(x, y)


def argmax(input, axis=None, output_type=dtypes.int64, name=None):
    return _arg_reduce("ArgMax", np.argmax, input, axis, output_type)


def argmin(input, axis=None, output_type=dtypes.int64, name=None):
    return _arg_reduce("ArgMin", np.argmin, input, axis, output_type)


def _arg_reduce(op, kernel, input, axis, output_type):
    x = convert_to_tensor(input)
    axis = 0 if axis is None else int(axis)
    a = x._data.view()
    if a.ndim == 0 or not -a.ndim <= axis < a.ndim:
        raise _op_error(op, f"Expected dimension in the range [{-a.ndim}, {a.ndim}), but got {axis}")
    if a.shape[axis] == 0:
        raise _op_error(op, f"Reduction axis {axis} is empty in shape {list(a.shape)}")
    _C.place_op(op)
    return _result(kernel(a, axis=axis), dtypes.as_dtype(output_type))


def matmul(a, b, transpose_a=False, transpose_b=False, name=None):
    """Matrix product of the last two dimensions (batched over the leading ones)."""
    a, b = binary_operands("MatMul", a, b)
    xs, ys = list(a._data.shape), list(b._data.shape)
    if len(xs) < 2 or len(ys) < 2:
        raise _op_error("MatMul", f"In[0] and In[1] has different ndims: {xs} vs. {ys}"
                        if len(xs) != len(ys) else f"In[0] ndims must be >= 2: {len(xs)}")
    if transpose_a:
        xs[-1], xs[-2] = xs[-2], xs[-1]
    if transpose_b:
        ys[-1], ys[-2] = ys[-2], ys[-1]
    if xs[-1] != ys[-2]:
        raise _op_error("MatMul", f"Matrix size-incompatible: In[0]: {xs}, In[1]: {ys}")
    x, y = _C.place_op("MatMul", a._data, b._data)  # views on the op's device
    if transpose_a:
        x = np.swapaxes(x, -1, -2)
    if transpose_b:
        y = np.swapaxes(y, -1, -2)
    return _result(np.matmul(x, y), a.dtype)
