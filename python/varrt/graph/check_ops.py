"""tf.debugging's assertions (TensorFlow's check_ops.py): written over the comparison ops and
`Assert` as TensorFlow writes them. Eagerly a failed check raises at once with TensorFlow's eager
text (the first elements that differ, NumPy's text of them); in a graph it is an Assert node that
raises InvalidArgumentError when the graph runs, unless the inputs are constants (then it raises
while the graph is built, as TensorFlow does). Rank, type and shape checks that the static shape
already decides raise ValueError or TypeError at once, in graphs too."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections
from typing import Optional
import numpy as np

from varrt.base import dtypes, errors
from varrt.framework import graph_building, symbolic
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.graph.control_flow_ops import Assert, control_dependencies, group, no_op
from varrt.ops import array_ops, boolean_mask, index_ops, math_ops, reduction_ops
from varrt.ops.constant_value import get_static_value
from varrt.ops.numerics_ops import check_numerics

# TensorFlow's check_ops.NUMERIC_TYPES: what is_numeric_tensor accepts (bool and string are not).
NUMERIC_TYPES = frozenset([dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int8, dtypes.int16, dtypes.int32,
                           dtypes.int64, dtypes.uint8, dtypes.uint16, dtypes.uint32, dtypes.uint64,
                           dtypes.complex64, dtypes.complex128, dtypes.bfloat16])


def _eager():
    return graph_building.current() is None


def _message_prefix(message):
    return "%s.  " % message if message else ""


def _shape_and_dtype_str(tensor):
    return "shape=%s dtype=%s" % (tensor.shape, tensor.dtype.name)


def _label(x):
    """How a message names a tensor: its shape and dtype eagerly, its graph name in a graph."""
    return _shape_and_dtype_str(x) if _eager() else x.name


def _pretty_print(item, summarize):
    """One datum of an eager failure: a tensor as the list of its first elements' NumPy texts."""
    if isinstance(item, Tensor):
        arr = item.numpy()
        if np.isscalar(arr):
            return str(arr)
        flat = arr.reshape((-1,))
        shown = [str(x) for x in flat[:summarize]]
        if len(shown) < flat.size:
            shown.append("...")
        return str(shown)
    return str(item)


def _static_text(t):
    if not isinstance(t, Tensor):
        return str(t)
    value = get_static_value(t)
    return str(value) if value is not None else t


def _assert_static(condition, data):
    if not condition:
        raise errors.InvalidArgumentError(None, None, "\n".join(_static_text(x) for x in data))


def _make_assert_msg_data(sym, x, y, summarize, test):
    """The default text of an eager failure: where x and y differ (when their shapes match) and
    their first elements."""
    data = ["Condition x %s y did not hold." % sym]
    if summarize > 0:
        if x.shape == y.shape and x.shape.as_list():
            mask = math_ops.logical_not(test)
            indices = index_ops.where(mask).numpy()
            x_vals = boolean_mask.boolean_mask(x, mask)
            y_vals = boolean_mask.boolean_mask(y, mask)
            count = min(summarize, indices.shape[0])
            data += ["Indices of first %d different values:" % count, indices[:count],
                     "Corresponding x values:", x_vals.numpy().reshape((-1,))[:count],
                     "Corresponding y values:", y_vals.numpy().reshape((-1,))[:count]]
        x_np = x.numpy().reshape((-1,))
        y_np = y.numpy().reshape((-1,))
        x_sum = min(x_np.size, summarize)
        y_sum = min(y_np.size, summarize)
        data += ["First %d elements of x:" % x_sum, x_np[:x_sum], "First %d elements of y:" % y_sum, y_np[:y_sum]]
    return data


def _binary_assert(sym, op_func, static_func, x, y, data, summarize, message):
    x = convert_to_tensor(x)
    y = convert_to_tensor(y)
    if _eager():
        test = op_func(x, y)
        if reduction_ops.reduce_all(test):
            return None
        # 3 like Assert's graph form; negative prints everything, as Tensor::SummarizeValue does.
        summarize = 3 if summarize is None else (10 ** 9 if summarize < 0 else summarize)
        if data is None:
            data = _make_assert_msg_data(sym, x, y, summarize, test)
        if message is not None:
            data = [message] + list(data)
        raise errors.InvalidArgumentError(None, None, "\n".join(_pretty_print(d, summarize) for d in data))
    if data is None:
        data = ["Condition x %s y did not hold element-wise:" % sym, "x (%s) = " % x.name, x, "y (%s) = " % y.name, y]
    if message is not None:
        data = [message] + list(data)
    condition = reduction_ops.reduce_all(op_func(x, y))
    x_static, y_static = get_static_value(x), get_static_value(y)
    if x_static is not None and y_static is not None:
        _assert_static(np.all(static_func(x_static, y_static)), data)
    return Assert(condition, data, summarize=summarize)


def assert_equal(x, y, message=None, summarize=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless `x == y` element-wise (tf.debugging.assert_equal); None
    eagerly, the Assert operation in a graph."""
    if x is y:
        return None if _eager() else no_op()
    return _binary_assert("==", math_ops.equal, np.equal, x, y, None, summarize, message)


def assert_none_equal(x, y, summarize=None, message=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless `x != y` element-wise (tf.debugging.assert_none_equal)."""
    return _binary_assert("!=", math_ops.not_equal, np.not_equal, x, y, None, summarize, message)


def assert_less(x, y, message=None, summarize=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless `x < y` element-wise (tf.debugging.assert_less)."""
    return _binary_assert("<", math_ops.less, np.less, x, y, None, summarize, message)


def assert_less_equal(x, y, message=None, summarize=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless `x <= y` element-wise (tf.debugging.assert_less_equal)."""
    return _binary_assert("<=", math_ops.less_equal, np.less_equal, x, y, None, summarize, message)


def assert_greater(x, y, message=None, summarize=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless `x > y` element-wise (tf.debugging.assert_greater)."""
    return _binary_assert(">", math_ops.greater, np.greater, x, y, None, summarize, message)


def assert_greater_equal(x, y, message=None, summarize=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless `x >= y` element-wise (tf.debugging.assert_greater_equal)."""
    return _binary_assert(">=", math_ops.greater_equal, np.greater_equal, x, y, None, summarize, message)


def _sign_assert(x, message, summarize, sym, op_func, static_func, zero_on_left):
    """x against 0, with the text of the one-argument asserts (`Condition x < 0 ...`)."""
    message = _message_prefix(message)
    x = convert_to_tensor(x)
    data = [message, "Condition x %s 0 did not hold element-wise:" % sym, "x (%s) = " % _label(x), x]
    if sym == "<=":  # TensorFlow's assert_non_positive runs these two lines together (a missing comma)
        data[1:3] = [data[1] + data[2]]
    zero = convert_to_tensor(0, dtype=x.dtype)
    a, b = (zero, x) if zero_on_left else (x, zero)
    return _binary_assert(sym, op_func, static_func, a, b, data, summarize, None)


def assert_negative(x, message=None, summarize=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless `x < 0` element-wise (tf.debugging.assert_negative)."""
    return _sign_assert(x, message, summarize, "<", math_ops.less, np.less, False)


def assert_positive(x, message=None, summarize=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless `x > 0` element-wise (tf.debugging.assert_positive)."""
    return _sign_assert(x, message, summarize, ">", math_ops.less, np.less, True)


def assert_non_negative(x, message=None, summarize=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless `x >= 0` element-wise (tf.debugging.assert_non_negative)."""
    return _sign_assert(x, message, summarize, ">=", math_ops.less_equal, np.less_equal, True)


def assert_non_positive(x, message=None, summarize=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless `x <= 0` element-wise (tf.debugging.assert_non_positive)."""
    return _sign_assert(x, message, summarize, "<=", math_ops.less_equal, np.less_equal, False)


def assert_near(x, y, rtol=None, atol=None, message=None, summarize=None, name=None) -> Optional[symbolic.Operation]:
    """Raises InvalidArgumentError unless |x - y| < atol + rtol * |y| element-wise (tolerances
    default to 10 machine epsilons of x's dtype; tf.debugging.assert_near)."""
    message = _message_prefix(message)
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype)
    dtype = x.dtype.real_dtype if x.dtype.is_complex else x.dtype
    eps = np.finfo(dtype.as_numpy_dtype).eps
    rtol = convert_to_tensor(10 * eps if rtol is None else rtol, dtype=dtype)
    atol = convert_to_tensor(10 * eps if atol is None else atol, dtype=dtype)
    data = [message, "x and y not equal to tolerance rtol = %s, atol = %s" % (rtol, atol),
            "x (%s) = " % _label(x), x, "y (%s) = " % _label(y), y]
    tol = math_ops.add(atol, math_ops.multiply(rtol, math_ops.abs(y)))
    diff = math_ops.abs(math_ops.subtract(x, y))
    return Assert(reduction_ops.reduce_all(math_ops.less(diff, tol)), data, summarize=summarize)


def _rank_name(x):
    return "" if _eager() or isinstance(x, SparseTensor) else x.name


def _static_rank(x):
    return x.shape.rank


def _scalar_rank(rank):
    """The given rank as a tensor: int32 (TensorFlow's assert_type), a scalar when known."""
    rank = convert_to_tensor(rank)
    assert_type(rank, dtypes.int32)
    return rank, get_static_value(rank)


def _rank_assert(x, ranks, static_condition, dynamic_condition, what, message):
    """assert_rank, assert_rank_at_least and assert_rank_in: a ValueError when the static rank
    decides, else an Assert on the rank the graph computes."""
    message = _message_prefix(message)
    name = _rank_name(x)
    pairs = [_scalar_rank(r) for r in ranks]
    tensors = [t for t, _ in pairs]
    statics = [v for _, v in pairs]
    data = [message, "Tensor %s must have %s" % (name, what)] + tensors + ["Received shape: ", array_ops.shape(x)]
    if all(v is not None for v in statics):
        if any(np.ndim(v) != 0 for v in statics):
            raise ValueError("Rank must be a scalar.")
        actual = _static_rank(x)
        if actual is not None:
            given = [int(v) for v in statics]
            if not static_condition(actual, given):
                return actual, given
            return None
    condition = dynamic_condition(array_ops.rank(x), tensors)
    return Assert(condition, data)


def assert_rank(x, rank, message=None, name=None) -> Optional[symbolic.Operation]:
    """Raises ValueError (statically) or InvalidArgumentError (when the graph runs) unless `x`
    has rank `rank` (tf.debugging.assert_rank)."""
    if not isinstance(x, SparseTensor):
        x = convert_to_tensor(x)
    result = _rank_assert(x, [rank], lambda a, g: a == g[0], lambda r, g: math_ops.equal(r, g[0]), "rank", message)
    if isinstance(result, tuple):
        raise ValueError("%sTensor %s must have rank %d.  Received rank %d, shape %s"
                         % (_message_prefix(message), _rank_name(x), result[1][0], result[0], x.shape))
    return result if result is not None or _eager() else no_op()


def assert_rank_at_least(x, rank, message=None, name=None) -> Optional[symbolic.Operation]:
    """Raises unless `x` has rank `rank` or more (tf.debugging.assert_rank_at_least)."""
    x = convert_to_tensor(x)
    result = _rank_assert(x, [rank], lambda a, g: a >= g[0], lambda r, g: math_ops.greater_equal(r, g[0]),
                          "rank at least", message)
    if isinstance(result, tuple):
        raise ValueError("%sTensor %s must have rank at least %d.  Received rank %d, shape %s"
                         % (_message_prefix(message), _rank_name(x), result[1][0], result[0], x.shape))
    return result if result is not None or _eager() else no_op()


def _rank_in(rank, given):
    if not given:
        return convert_to_tensor(False)
    result = math_ops.equal(given[0], rank)
    for g in given[1:]:
        result = math_ops.logical_or(result, math_ops.equal(g, rank))
    return result


def assert_rank_in(x, ranks, message=None, name=None) -> Optional[symbolic.Operation]:
    """Raises unless the rank of `x` is one of `ranks` (tf.debugging.assert_rank_in)."""
    if not isinstance(x, SparseTensor):
        x = convert_to_tensor(x)
    result = _rank_assert(x, list(ranks), lambda a, g: a in g, _rank_in, "rank in", message)
    if isinstance(result, tuple):
        raise ValueError("%sTensor %s must have rank in %s.  Received rank %d, shape %s"
                         % (_message_prefix(message), _rank_name(x), tuple(result[1]), result[0], x.shape))
    return result if result is not None or _eager() else no_op()


def assert_integer(x, message=None, name=None) -> None:
    """Raises TypeError unless `x` has an integer dtype (tf.debugging.assert_integer)."""
    x = convert_to_tensor(x)
    if not x.dtype.is_integer:
        raise TypeError('%sExpected "x" to be integer type.  Found: %s of dtype %s'
                        % (_message_prefix(message), "tensor" if _eager() else x.name, x.dtype))


def assert_type(tensor, tf_type, message=None, name=None) -> None:
    """Raises TypeError unless `tensor` has dtype `tf_type` (tf.debugging.assert_type)."""
    tf_type = dtypes.as_dtype(tf_type)
    if not isinstance(tensor, SparseTensor):
        tensor = convert_to_tensor(tensor)
    if tensor.dtype != tf_type:
        label = "tensor" if _eager() or isinstance(tensor, SparseTensor) else tensor.name
        raise TypeError(f"{_message_prefix(message)}{label} must be of type {tf_type!r}; got {tensor.dtype!r}")


def assert_scalar(tensor, message=None, name=None) -> None:
    """Raises ValueError unless `tensor` is statically a scalar (tf.debugging.assert_scalar)."""
    tensor = convert_to_tensor(tensor)
    shape = tensor.shape
    if shape.rank != 0:
        if _eager():
            raise ValueError("%sExpected scalar shape, saw shape: %s." % (_message_prefix(message), shape))
        raise ValueError("%sExpected scalar shape for %s, saw shape: %s."
                         % (_message_prefix(message), tensor.name, shape))


def assert_proper_iterable(values) -> None:
    """Raises TypeError unless `values` is an iterable that is not a tensor, an array or a string
    (tf.debugging.assert_proper_iterable)."""
    if isinstance(values, (Tensor, SparseTensor, np.ndarray, bytes, str)) or symbolic.is_symbolic(values):
        raise TypeError('Expected argument "values" to be a "proper" iterable.  Found: %s' % type(values))
    if not hasattr(values, "__iter__"):
        raise TypeError('Expected argument "values" to be iterable.  Found: %s' % type(values))


def is_numeric_tensor(tensor) -> bool:
    """Whether `tensor` is a tensor of a numeric dtype (tf.debugging.is_numeric_tensor)."""
    return isinstance(tensor, Tensor) and tensor.dtype in NUMERIC_TYPES


def assert_same_float_dtype(tensors=None, dtype=None) -> dtypes.DType:
    """The one floating dtype of `tensors` (and `dtype`), float32 when none is given; ValueError
    otherwise (tf.debugging.assert_same_float_dtype)."""
    if tensors:
        expected = dtype
        for item in tensors:
            if item is None:
                continue
            item_type = item.dtype.base_dtype
            if not expected:
                expected = item_type
            elif expected != item_type:
                first = next((t for t in tensors if t is not None), None) if dtype is None else None
                shown = " as %s" % (first.name if hasattr(first, "name") else str(first)) if first is not None else ""
                raise ValueError("%s, type=%s, must be of the same type (%s)%s."
                                 % (item.name if hasattr(item, "name") else str(item), item_type, expected, shown))
        dtype = expected
    if not dtype:
        return dtypes.float32
    if not dtype.is_floating:
        raise ValueError("Expected floating point type, got %s." % dtype)
    return dtype


_DimSizes = collections.namedtuple("_DimSizes", ["x", "unspecified_dim", "actual_sizes", "symbolic_sizes"])


def _dimension_sizes(x):
    rank = x.shape.rank
    if rank == 0:
        return (1,)
    if rank is not None:
        dynamic = None
        sizes = []
        for i, size in enumerate(x.shape.as_list()):
            if size is None:
                dynamic = array_ops.shape(x) if dynamic is None else dynamic
                sizes.append(dynamic[i])
            else:
                sizes.append(int(size))
        return sizes
    raise NotImplementedError("tf.debugging.assert_shapes of a tensor of unknown rank is not supported by varrt")


def _known(size):
    if size is None:
        return False
    try:
        int(size)
    except (ValueError, TypeError):
        return False
    return True


def assert_shapes(shapes, data=None, summarize=None, message=None, name=None) -> Optional[symbolic.Operation]:
    """Raises unless the tensors' shapes agree with the symbolic shapes given for them
    (tf.debugging.assert_shapes): a ValueError when static shapes decide, else Assert nodes."""
    if isinstance(shapes, dict):
        shapes = shapes.items()
    prefix = _message_prefix(message)
    constraints = [(x if isinstance(x, SparseTensor) else convert_to_tensor(x), s) for x, s in shapes if s is not None]

    def tensor_name(x):
        return _shape_and_dtype_str(x) if _eager() or isinstance(x, SparseTensor) else x.name

    dim_sizes = []
    for tensor, symbolic_shape in constraints:
        if not (hasattr(symbolic_shape, "__iter__") or hasattr(symbolic_shape, "__getitem__")):
            raise ValueError("%sTensor %s.  Specified shape must be an iterable.  An iterable has the attribute "
                             "`__iter__` or `__getitem__`.  Received specified shape: %s"
                             % (prefix, tensor_name(tensor), symbolic_shape))
        spec = tuple(symbolic_shape)
        innermost = False
        for i, symbol in enumerate(spec):
            if symbol not in [Ellipsis, "*"]:
                continue
            if i != 0:
                raise ValueError("%sTensor %s specified shape index %d.  Symbol `...` or `*` for a variable number of "
                                 "unspecified dimensions is only allowed as the first entry"
                                 % (prefix, tensor_name(tensor), i))
            innermost = True
        sizes = spec[1:] if innermost else spec
        dim_sizes.append(_DimSizes(tensor, innermost, _dimension_sizes(tensor), sizes or (1,)))

    rank_assertions = []
    for sizes in dim_sizes:
        rank = len(sizes.symbolic_sizes)
        zero_or_one = rank in [0, 1]
        if sizes.unspecified_dim:
            if zero_or_one:
                continue
            rank_assertions.append(assert_rank_at_least(sizes.x, rank, message=message))
        elif zero_or_one:
            rank_assertions.append(assert_rank_in(sizes.x, [0, 1], message=message))
        else:
            rank_assertions.append(assert_rank(sizes.x, rank, message=message))

    size_assertions = []
    specified = {}
    for sizes in dim_sizes:
        for i, symbol in enumerate(sizes.symbolic_sizes):
            if symbol in [None, "."]:
                continue
            dim = i - len(sizes.symbolic_sizes) if sizes.unspecified_dim else i
            if symbol in specified or _known(symbol):
                if _known(symbol):
                    want, how = int(symbol), "Specified explicitly"
                else:
                    want, by, at = specified[symbol]
                    how = "Specified by tensor %s dimension %d" % (tensor_name(by), at)
                actual = sizes.actual_sizes[dim]
                if _known(actual) and _known(want):
                    if int(actual) != int(want):
                        raise ValueError("%s%s.  Tensor %s dimension %s must have size %d.  Received size %d, shape %s"
                                         % (prefix, how, tensor_name(sizes.x), dim, want, actual, sizes.x.shape))
                    continue
                condition = math_ops.equal(convert_to_tensor(actual), convert_to_tensor(want))
                data_ = data if data is not None else [prefix, how, "Tensor %s dimension" % tensor_name(sizes.x), dim,
                                                       "must have size", want, "Received shape: ",
                                                       array_ops.shape(sizes.x)]
                with control_dependencies([a for a in rank_assertions if a is not None]):
                    size_assertions.append(Assert(condition, data_, summarize=summarize))
            else:
                specified[symbol] = (sizes.actual_sizes[dim], sizes.x, dim)
    return group(*size_assertions)


def assert_all_finite(x, message, name=None) -> Tensor:
    """`x`, checked for NaN and infinities (tf.debugging.assert_all_finite: CheckNumerics)."""
    return check_numerics(x, message, name=name)
