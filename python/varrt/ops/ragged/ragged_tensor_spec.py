"""`tf.RaggedTensorSpec`: the type of a RaggedTensor (its static shape, dtype, ragged rank and
row-splits dtype), as TensorFlow's."""
from varrt.base import dtypes
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.tensor_spec import TensorSpec
from varrt.framework.type_spec import TypeSpec


class RaggedTensorSpec(TypeSpec):
    """The type of a RaggedTensor: shape (ragged dimensions None), dtype, ragged_rank (default
    rank - 1) and row_splits_dtype."""

    def __init__(self, shape=None, dtype=dtypes.float32, ragged_rank=None, row_splits_dtype=dtypes.int64,
                 flat_values_spec=None):
        self._shape = TensorShape(shape)
        self._row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
        if flat_values_spec is not None:
            raise NotImplementedError("varrt does not implement RaggedTensorSpec's flat_values_spec yet")
        if dtype is None:
            raise ValueError("At least one of dtype or flat_values_spec must be provided")
        self._dtype = dtypes.as_dtype(dtype)
        rank = self._shape.rank
        if ragged_rank is None:
            if rank is None:
                raise ValueError("Must specify ragged_rank or a shape with a known rank.")
            ragged_rank = rank - 1
        if not isinstance(ragged_rank, int):
            raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
        if rank is not None and ragged_rank >= rank:
            raise ValueError(f"Argument `ragged_rank` ({ragged_rank}) must be less than rank ({rank}).")
        self._ragged_rank = ragged_rank

    @classmethod
    def from_value(cls, value):
        """The spec of the RaggedTensor `value`."""
        return cls(shape=value.shape, dtype=value.dtype, ragged_rank=value.ragged_rank,
                   row_splits_dtype=value.row_splits.dtype)

    _value_type = None  # RaggedTensor, set by its module (which imports this one)

    @property
    def value_type(self):
        """RaggedTensor."""
        return self._value_type

    @property
    def shape(self):
        """The static shape (ragged dimensions None)."""
        return self._shape

    @property
    def dtype(self):
        """The values' dtype."""
        return self._dtype

    @property
    def ragged_rank(self):
        """The number of ragged dimensions."""
        return self._ragged_rank

    @property
    def row_splits_dtype(self):
        """The row partitions' dtype."""
        return self._row_splits_dtype

    @property
    def flat_values_spec(self):
        """None: the flat values are a Tensor."""
        return None

    @property
    def _component_specs(self):
        flat_shape = TensorShape([None]).concatenate(self._shape[self._ragged_rank + 1:]) \
            if self._shape.rank is not None else TensorShape(None)
        outer = self._shape[0] if self._shape.rank is not None else None
        outer = outer if outer is None or isinstance(outer, int) else outer.value
        return ([TensorSpec(flat_shape, self._dtype),
                 TensorSpec([None if outer is None else outer + 1], self._row_splits_dtype)]
                + [TensorSpec([None], self._row_splits_dtype) for _ in range(self._ragged_rank - 1)])

    def is_compatible_with(self, spec_or_value):
        """Whether a RaggedTensor or spec has this dtype, ragged rank and splits dtype and a
        compatible shape."""
        other = spec_or_value._type_spec if isinstance(spec_or_value, self._value_type) else spec_or_value
        return (isinstance(other, RaggedTensorSpec) and other._dtype == self._dtype
                and other._ragged_rank == self._ragged_rank and other._row_splits_dtype == self._row_splits_dtype
                and self._shape.is_compatible_with(other._shape))

    def __tf_tracing_type__(self, context):
        raise NotImplementedError("varrt does not implement RaggedTensor arguments of a tf.function yet "
                                  "(RaggedTensorSpec in an input_signature or get_concrete_function)")

    def _key(self):
        return (tuple(self._shape.as_list()) if self._shape.rank is not None else None, self._dtype,
                self._ragged_rank, self._row_splits_dtype)

    def __eq__(self, other):
        return type(other) is RaggedTensorSpec and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"RaggedTensorSpec({self._shape!r}, {self._dtype!r}, {self._ragged_rank!r}, {self._row_splits_dtype!r})"
