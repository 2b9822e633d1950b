"""`tf.sparse.SparseTensor`: a tensor given by the indices of its non-default elements, their
values and its dense shape (three tensors), as tf.io.VarLenFeature parses it; and its spec
(`tf.SparseTensorSpec`), which a dataset's element_spec holds for one."""
from varrt.base import dtypes
from varrt.framework import graph_building
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.tensor_spec import TensorSpec
from varrt.framework.type_spec import TypeSpec


class SparseTensor:
    """indices: int64 [N, rank]; values: [N]; dense_shape: int64 [rank]."""

    def __init__(self, indices, values, dense_shape):
        self._indices = convert_to_tensor(indices, dtype=dtypes.int64)
        self._values = convert_to_tensor(values)
        self._dense_shape = convert_to_tensor(dense_shape, dtype=dtypes.int64)

    @property
    def indices(self):
        """The int64 [N, rank] positions of the values."""
        return self._indices

    @property
    def values(self):
        """The [N] values."""
        return self._values

    @property
    def dense_shape(self):
        """The int64 [rank] shape of the dense tensor."""
        return self._dense_shape

    @property
    def dtype(self):
        """The values' dtype."""
        return self._values.dtype

    @property
    def shape(self):
        """The dense shape as far as it is known while building: its value when known, else its rank."""
        # A symbolic tensor made of constants is folded by the ops layer (TensorFlow's
        # constant_value_as_shape): a traced dataset function's sparse argument has its spec's
        # shape as a constant dense shape, and what it returns keeps it.
        if graph_building.value_known(self._dense_shape):
            if not getattr(type(self._dense_shape), "_is_symbolic", False):
                return TensorShape([int(d) for d in self._dense_shape.numpy()])
            value = _STATIC_VALUE[0](self._dense_shape) if _STATIC_VALUE else None
            if value is not None:
                return TensorShape([int(d) for d in value.reshape(-1)])
        partial = graph_building.partial_shape_value(self._dense_shape)  # a graph's stack of known dimensions
        if partial is not None:
            return partial
        rank = self._dense_shape.shape[0] if self._dense_shape.shape.rank == 1 else None
        return TensorShape(None if rank is None else [None] * rank)

    def get_shape(self):
        """`shape`."""
        return self.shape

    def with_values(self, new_values):
        """A SparseTensor of the same indices and dense shape holding `new_values` ([N])."""
        return SparseTensor(self._indices, new_values, self._dense_shape)

    @classmethod
    def from_value(cls, sparse_tensor_value):
        """A SparseTensor of a SparseTensor (itself) or of a value with indices, values and dense_shape."""
        if isinstance(sparse_tensor_value, SparseTensor):
            return sparse_tensor_value
        return cls(sparse_tensor_value.indices, sparse_tensor_value.values, sparse_tensor_value.dense_shape)

    def __mul__(self, other):
        # SparseDenseCwiseMul lives with the sparse ops (a layer above): asked for when used.
        return _DENSE_CWISE["mul"](self, other)

    def __truediv__(self, other):
        # SparseDenseCwiseDiv after TensorFlow's true-division casts, with the sparse ops too.
        return _DENSE_CWISE["truediv"](self, other)

    def __repr__(self):
        # str(), as TensorFlow's "%s" (a tensor's format() is its NumPy value's).
        return (f"SparseTensor(indices={str(self._indices)}, values={str(self._values)}, "
                f"dense_shape={str(self._dense_shape)})")


# Set by varrt.ops.sparse_math_ops, which is of a higher layer than this module.
_DENSE_CWISE = {}
# [get_static_value], set by varrt.ops.constant_value (a higher layer): a graph constant's value.
_STATIC_VALUE = []


class SparseTensorSpec(TypeSpec):
    """The type of a SparseTensor: its dense shape (as far as known) and dtype; what a dataset's
    `element_spec` holds for one."""

    def __init__(self, shape=None, dtype=dtypes.float32):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)

    @property
    def shape(self):
        """The dense shape as far as it is known."""
        return self._shape

    @property
    def dtype(self):
        """The values' dtype."""
        return self._dtype

    @property
    def value_type(self):
        """SparseTensor: the type of the values this spec describes."""
        return SparseTensor

    @property
    def component_specs(self):
        """The TensorSpecs of indices, values and dense_shape."""
        rank = self._shape.rank
        return [TensorSpec([None, rank], dtypes.int64), TensorSpec([None], self._dtype),
                TensorSpec([rank], dtypes.int64)]

    def __eq__(self, other):
        return type(other) is SparseTensorSpec and self._shape == other._shape and self._dtype == other._dtype

    def __hash__(self):
        return hash((tuple(self._shape.as_list()) if self._shape.rank is not None else None, self._dtype))

    def __repr__(self):
        return f"SparseTensorSpec({self._shape!r}, {self._dtype!r})"


def type_spec_from_value(value) -> TypeSpec:
    """The TypeSpec of `value` (tf.type_spec_from_value): a TensorSpec of a tensor's (or of what a
    value converts to) shape and dtype, a SparseTensor's SparseTensorSpec; TypeError otherwise."""
    if isinstance(value, SparseTensor):
        return SparseTensorSpec(TensorShape(value.shape), value.dtype)
    spec = getattr(type(value), "_type_spec", None)  # a composite tensor of a higher layer (RaggedTensor)
    if spec is not None:
        return value._type_spec
    try:
        tensor = convert_to_tensor(value)
    except (TypeError, ValueError):
        raise TypeError(f"Could not build a TypeSpec for {value} of unsupported type {type(value)}.") from None
    return TensorSpec(tensor.shape, tensor.dtype)
