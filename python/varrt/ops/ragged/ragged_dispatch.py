"""The ops that take RaggedTensors (TensorFlow's ragged_dispatch.py, ragged_math_ops.reduce,
ragged_operators.py): element-wise ops on the flat values (both operands ragged with the same
partitions, or a dense one broadcast into the ragged one's), reductions over ragged and inner
axes, tf.concat, stack, gather, tile, reverse, expand_dims, where, shape (a DynamicRaggedShape)
and the ops taking one (zeros, ones, fill, reshape), ...; and RaggedTensor's operators, `==`
included. Importing this module registers them with ops/dispatch.py."""
import numpy as np

from varrt.base import dtypes
from varrt.base import errors
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.ops import array_ops, dispatch, index_ops, math_ops, nn_ops, reduction_ops, scatter_ops, segment_ops, special_math_ops
from varrt.ops.ragged import ragged_array_ops, ragged_conversion, ragged_map_fn
from varrt.ops.ragged.dynamic_ragged_shape import DynamicRaggedShape
from varrt.ops.ragged.ragged_array_ops import _assert_same_splits
from varrt.ops.ragged.ragged_tensor import RaggedTensor

_ORIGINAL = {}  # "math_ops.add" -> the op without dispatch (what the handlers call on flat values)


def _unary(fn):
    def handler(x, *args, **kwargs):
        if not isinstance(x, RaggedTensor):
            return NotImplemented
        return x.with_flat_values(fn(x.flat_values, *args, **kwargs))
    return handler


def _dense_operand(value, like):
    if isinstance(value, (Tensor, RaggedTensor)):
        return value
    return convert_to_tensor(value, dtype_hint=like.dtype)


def _broadcast_dense(rt, d):
    """Dense `d` broadcast to the flat values of `rt` (its leading dimensions over rt's rows and
    ragged dimensions): a tf.gather_nd of d, so gradients reach it; TensorFlow's errors for the
    dimensions it cannot broadcast along."""
    k = rt.ragged_rank
    rank = rt.shape.rank
    if d.shape.rank > rank:
        raise NotImplementedError("varrt does not implement broadcasting a RaggedTensor to a dense operand of "
                                  "higher rank yet")
    shape = [1] * (rank - d.shape.rank) + d.shape.as_list()
    flat, splits_list = ragged_conversion._nested(rt)
    positions = ragged_conversion._positions(splits_list, flat.shape[0])
    index = []
    for level in range(k + 1):
        size = shape[level]
        if size == 1:
            index.append(np.zeros(flat.shape[0], np.int64))
            continue
        if level == 0:
            if size != len(splits_list[0]) - 1:  # TensorFlow's check of the row counts, as it words it
                raise errors.InvalidArgumentError(None, None, "Condition x == y did not hold.\nFirst 1 elements of "
                                                              "x:\n[False]\nFirst 1 elements of y:\n[ True]")
        else:
            splits = splits_list[level - 1]
            _assert_same_splits(np.arange(len(splits), dtype=splits.dtype) * size, splits, "")
        index.append(positions[level])
    full = array_ops.reshape(d, shape)
    return index_ops.gather_nd(full, constant(np.stack(index, axis=1).reshape(-1, k + 1)))


def _binary(fn):
    def handler(x, y, *args, **kwargs):
        if not isinstance(x, RaggedTensor) and not isinstance(y, RaggedTensor):
            return NotImplemented
        x = _dense_operand(x, y)
        y = _dense_operand(y, x)
        if isinstance(x, RaggedTensor) and isinstance(y, RaggedTensor):
            if x.row_splits.dtype != y.row_splits.dtype:
                raise ValueError("Input RaggedTensors have mismatched row_splits dtypes; use "
                                 "RaggedTensor.with_row_splits_dtype() to convert them to compatible dtypes.")
            if x.ragged_rank != y.ragged_rank:
                raise NotImplementedError("varrt does not implement element-wise ops on RaggedTensors of different "
                                          "ragged ranks yet")
            for a, b in zip(x.nested_row_splits, y.nested_row_splits):
                _assert_same_splits(a.numpy(), b.numpy(), "")
            return x.with_flat_values(fn(x.flat_values, y.flat_values, *args, **kwargs))
        rt, d = (x, y) if isinstance(x, RaggedTensor) else (y, x)
        inner_rank = rt.flat_values.shape.rank - 1
        if d.shape.rank > inner_rank:  # d reaches the ragged dimensions: one value per flat value
            d = _broadcast_dense(rt, d)
        if rt is x:
            return rt.with_flat_values(fn(rt.flat_values, d, *args, **kwargs))
        return rt.with_flat_values(fn(d, rt.flat_values, *args, **kwargs))
    return handler


# --- reductions -----------------------------------------------------------------------------------

_SEGMENT_OPS = {"reduce_sum": scatter_ops.unsorted_segment_sum, "reduce_max": segment_ops.unsorted_segment_max,
                "reduce_min": segment_ops.unsorted_segment_min, "reduce_prod": segment_ops.unsorted_segment_prod}


def _segment_reduce(name, values, segment_ids, num_segments, dtype):
    """TensorFlow's unsorted segment reductions, as its ragged reductions use them (empty rows:
    the reduction's identity, the lowest and highest values for max and min; gradients reach the
    values); reduce_any and reduce_all as max and min of the booleans as int32, cast back."""
    ids = constant(np.asarray(segment_ids, np.int64))
    if name in ("reduce_any", "reduce_all"):
        op = segment_ops.unsorted_segment_max if name == "reduce_any" else segment_ops.unsorted_segment_min
        as_int = op(math_ops.cast(values, dtypes.int32), ids, num_segments)
        # An empty row gets the segment op's identity (int32's lowest or highest): False for any, True for all.
        as_int = math_ops.maximum(as_int, 0) if name == "reduce_any" else math_ops.minimum(as_int, 1)
        return math_ops.cast(as_int, dtypes.bool)
    return _SEGMENT_OPS[name](values, ids, num_segments)


def _reduce_axis(name, rt, axis):
    """`name` over one axis (non-negative, < rank) of the RaggedTensor `rt`."""
    k = rt.ragged_rank
    if axis > k:  # a uniform inner axis of the flat values
        return rt.with_flat_values(_ORIGINAL[f"reduction_ops.{name}"](rt.flat_values, axis - k))
    if axis >= 2:  # a deeper ragged axis: each of rt's rows reduced alike
        return rt.with_values(_reduce_axis(name, rt.values, axis - 1))
    if k > 1:
        raise NotImplementedError(f"varrt does not implement tf.{name} over axis {axis} of a RaggedTensor with "
                                  f"ragged_rank > 1 yet")
    splits = rt.row_splits.numpy()
    if axis == 1:
        ids = np.repeat(np.arange(len(splits) - 1), np.diff(splits))
        return _segment_reduce(name, rt.values, ids, len(splits) - 1, rt.dtype)
    columns = np.arange(int(splits[-1])) - np.repeat(splits[:-1], np.diff(splits))
    width = int(np.diff(splits).max()) if len(splits) > 1 else 0
    return _segment_reduce(name, rt.values, columns, width, rt.dtype)


def _reduce(name, rt, axis):
    if axis is None:
        return _ORIGINAL[f"reduction_ops.{name}"](rt.flat_values)
    axes = [int(a) for a in (axis.numpy().reshape(-1) if isinstance(axis, Tensor) else np.reshape(axis, -1))]
    rank = rt.shape.rank
    for a in axes:
        if not -rank <= a < rank:
            raise ValueError(f"axis={a} out of bounds: expected {-rank}<=axis<{rank}")
    result = rt
    for a in sorted({a % rank for a in axes}, reverse=True):
        result = _reduce_axis(name, result, a) if isinstance(result, RaggedTensor) else \
            _ORIGINAL[f"reduction_ops.{name}"](result, a)
    return result


def _reduction(name):
    def handler(input_tensor, axis=None, keepdims=False, name_=None, **kwargs):
        if not isinstance(input_tensor, RaggedTensor):
            return NotImplemented
        if keepdims:
            raise NotImplementedError(f"varrt does not implement tf.{name}(keepdims=True) of a RaggedTensor yet")
        if name == "reduce_mean":
            total = _reduce("reduce_sum", input_tensor, axis)
            ones = input_tensor.with_flat_values(constant(np.ones(input_tensor.flat_values.shape.as_list(),
                                                                  input_tensor.dtype.as_numpy_dtype)))
            count = _reduce("reduce_sum", ones, axis)
            if isinstance(total, RaggedTensor):
                return total.with_flat_values(math_ops.truediv(total.flat_values, count.flat_values))
            return math_ops.truediv(total, count)
        return _reduce(name, input_tensor, axis)
    return handler


# --- array ops -------------------------------------------------------------------------------------

def _has_ragged(values):
    return isinstance(values, (list, tuple)) and any(isinstance(v, RaggedTensor) for v in values)


def _concat(values, axis, name="concat"):
    if not _has_ragged(values):
        return NotImplemented
    return ragged_array_ops.ragged_concat(list(values), int(axis))


def _stack(values, axis=0, name="stack"):
    if not _has_ragged(values):
        return NotImplemented
    return ragged_array_ops.stack(values, axis)


def _gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    if not isinstance(params, RaggedTensor) and not isinstance(indices, RaggedTensor):
        return NotImplemented
    return ragged_array_ops.gather(params, indices, axis, batch_dims)


def _tile(input, multiples, name=None):  # noqa: A002 - TensorFlow's names
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return ragged_array_ops.tile(input, multiples)


def _like(fill_like):
    def handler(input, dtype=None, name=None, layout=None):  # noqa: A002 - TensorFlow's names
        if not isinstance(input, RaggedTensor):
            return NotImplemented
        return input.with_flat_values(fill_like(input.flat_values, dtype=dtype))
    return handler


def _identity(input, name=None):  # noqa: A002 - TensorFlow's names
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return input.with_flat_values(array_ops.identity(input.flat_values))


def _size(input, out_type=dtypes.int32, name=None):  # noqa: A002 - TensorFlow's names
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return array_ops.size(input.flat_values, out_type=out_type)


def _rank(input, name=None):  # noqa: A002 - TensorFlow's names
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return constant(np.array(input.shape.rank, np.int32))


def _expand_dims(input, axis, name=None):  # noqa: A002 - TensorFlow's names
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return ragged_array_ops.expand_dims(input, int(axis))


def _reverse(tensor, axis, name=None):
    if not isinstance(tensor, RaggedTensor):
        return NotImplemented
    return ragged_array_ops.reverse(tensor, axis)


def _flat_like(rt, value):
    """`value` (ragged with rt's partitions, or dense broadcast into it) over rt's flat values."""
    if isinstance(value, RaggedTensor):
        for a, b in zip(rt.nested_row_splits, value.nested_row_splits):
            _assert_same_splits(a.numpy(), b.numpy(), "")
        return value.flat_values
    value = _dense_operand(value, rt)
    if value.shape.rank > rt.flat_values.shape.rank - 1:
        return _broadcast_dense(rt, value)
    return value


def _where(condition, x=None, y=None, name=None):
    if not any(isinstance(v, RaggedTensor) for v in (condition, x, y)):
        return NotImplemented
    if x is None or y is None or not isinstance(condition, RaggedTensor):
        raise NotImplementedError("varrt does not implement tf.where of RaggedTensors but for where(condition, x, y) "
                                  "with a ragged condition yet")
    return condition.with_flat_values(index_ops.where(condition.flat_values, _flat_like(condition, x),
                                                      _flat_like(condition, y)))


def _clip_by_value(t, clip_value_min, clip_value_max, name=None):
    if not isinstance(t, RaggedTensor):
        return NotImplemented
    return t.with_flat_values(_ORIGINAL["math_ops.clip_by_value"](t.flat_values, _flat_like(t, clip_value_min),
                                                                  _flat_like(t, clip_value_max)))


def _add_n(inputs, name=None):
    if not isinstance(inputs, (list, tuple)) or not any(isinstance(v, RaggedTensor) for v in inputs):
        return NotImplemented
    first = next(v for v in inputs if isinstance(v, RaggedTensor))
    return first.with_flat_values(_ORIGINAL["math_ops.add_n"]([_flat_like(first, v) for v in inputs]))


def _shape(input, out_type=dtypes.int32, name=None):  # noqa: A002 - TensorFlow's names
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return DynamicRaggedShape.from_tensor(input, out_type)


def _of_shape(shape, flat_values):
    """The RaggedTensor of the DynamicRaggedShape `shape` with these flat values."""
    result = flat_values
    for splits, uniform in reversed(list(zip(shape._splits, shape._uniform))):
        result = RaggedTensor(result, constant(splits), internal=True, uniform_row_length=uniform)
    return result


def _filled(shape, value, dtype):
    inner = [int(d) for d in shape._inner]
    return _of_shape(shape, array_ops.fill(inner, value) if dtype is None else
                     array_ops.fill(inner, math_ops.cast(value, dtype)))


def _zeros(shape, dtype=dtypes.float32, name=None, layout=None):
    if not isinstance(shape, DynamicRaggedShape):
        return NotImplemented
    return _filled(shape, 0, dtypes.as_dtype(dtype))


def _ones(shape, dtype=dtypes.float32, name=None, layout=None):
    if not isinstance(shape, DynamicRaggedShape):
        return NotImplemented
    return _filled(shape, 1, dtypes.as_dtype(dtype))


def _fill(dims, value, name=None):
    if not isinstance(dims, DynamicRaggedShape):
        return NotImplemented
    return _filled(dims, value, None)


def _reshape(tensor, shape, name=None):
    if not isinstance(shape, DynamicRaggedShape):
        return NotImplemented
    if isinstance(tensor, RaggedTensor):
        raise NotImplementedError("varrt does not implement tf.reshape of a RaggedTensor yet")
    return _of_shape(shape, array_ops.reshape(tensor, shape.inner_shape))  # a tensor shape, as TensorFlow's


def _register():
    for module, names, make in ((math_ops, math_ops.UNARY_ELEMENTWISE, _unary),
                                (math_ops, math_ops.BINARY_ELEMENTWISE, _binary),
                                (special_math_ops, special_math_ops.UNARY_ELEMENTWISE, _unary),
                                (nn_ops, nn_ops.UNARY_ELEMENTWISE, _unary)):
        for name in names:
            fn = getattr(module, name)
            original = getattr(fn, "__wrapped__", fn)  # a FastOp forwards attributes to its fallback
            key = f"{module.__name__.rsplit('.', 1)[1]}.{name}"
            _ORIGINAL[key] = original
            dispatch.register(key, make(original))
    for name in reduction_ops.REDUCTIONS:
        fn = getattr(reduction_ops, name)
        _ORIGINAL[f"reduction_ops.{name}"] = getattr(fn, "__wrapped__", fn)
        dispatch.register(f"reduction_ops.{name}", _reduction(name))
    for name in ("clip_by_value", "add_n"):
        _ORIGINAL[f"math_ops.{name}"] = getattr(math_ops, name).__wrapped__
    dispatch.register("math_ops.clip_by_value", _clip_by_value)
    dispatch.register("math_ops.add_n", _add_n)
    dispatch.register("index_ops.where", _where)
    dispatch.register("manip_ops.reverse", _reverse)
    for name, handler in (("ones_like", _like(array_ops.ones_like)), ("zeros_like", _like(array_ops.zeros_like)),
                          ("identity", _identity), ("size", _size), ("rank", _rank), ("expand_dims", _expand_dims)):
        dispatch.register(f"array_ops.{name}", handler)
    dispatch.register("functional_ops.map_fn", ragged_map_fn.map_fn)
    dispatch.register("array_ops.concat", _concat)
    dispatch.register("array_ops.stack", _stack)
    dispatch.register("array_ops.shape", _shape)
    for name, handler in (("zeros", _zeros), ("ones", _ones), ("fill", _fill), ("reshape", _reshape), ("tile", _tile)):
        dispatch.register(f"array_ops.{name}", handler)
    dispatch.register("index_ops.gather", _gather)


_register()


# --- operators ---------------------------------------------------------------------------------------

def _operator(key, reflected=False):
    def method(self, other):
        handler = dispatch._handlers[key]
        return handler(other, self) if reflected else handler(self, other)
    return method


def _unary_operator(key):
    def method(self):
        return dispatch._handlers[key](self)
    return method


for _name, _key in (("add", "add"), ("sub", "subtract"), ("mul", "multiply"), ("truediv", "truediv"),
                    ("floordiv", "floordiv"), ("mod", "floormod"), ("pow", "pow"), ("and", "logical_and"),
                    ("or", "logical_or"), ("xor", "logical_xor")):
    setattr(RaggedTensor, f"__{_name}__", _operator(f"math_ops.{_key}"))
    setattr(RaggedTensor, f"__r{_name}__", _operator(f"math_ops.{_key}", reflected=True))
for _name, _key in (("lt", "less"), ("le", "less_equal"), ("gt", "greater"), ("ge", "greater_equal")):
    setattr(RaggedTensor, f"__{_name}__", _operator(f"math_ops.{_key}"))


def _equals(negate):
    """`==` / `!=`: element-wise where the operands broadcast, else False (True for !=), as
    TensorFlow's tensor_equals."""
    key = "math_ops.not_equal" if negate else "math_ops.equal"

    def method(self, other):
        if other is None:
            return negate
        try:
            return dispatch._handlers[key](self, other)
        except (errors.InvalidArgumentError, ValueError):
            return negate
    return method


def _tensor_equals(x, y, negate=False):
    """A Tensor's `==` / `!=` with a RaggedTensor."""
    if isinstance(y, RaggedTensor):
        return _equals(negate)(y, x)
    if isinstance(x, RaggedTensor):
        return _equals(negate)(x, y)
    return NotImplemented


def _unhashable(self):
    raise TypeError("RaggedTensor is unhashable.")


dispatch.register("math_ops.tensor_equals", _tensor_equals)  # a Tensor's == with a RaggedTensor
RaggedTensor.__eq__ = _equals(False)
RaggedTensor.__ne__ = _equals(True)
RaggedTensor.__hash__ = _unhashable
RaggedTensor.__neg__ = _unary_operator("math_ops.negative")
RaggedTensor.__abs__ = _unary_operator("math_ops.abs")
RaggedTensor.__invert__ = _unary_operator("math_ops.logical_not")
