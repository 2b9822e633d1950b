"""`TensorSpec`: a description (shape, dtype, optional name) of the tensors a function takes."""
from varrt.base import dtypes
from varrt.framework.tensor import Tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.type_spec import TypeSpec


class TensorSpec(TypeSpec):
    """Describes a tensor: `TensorSpec(shape, dtype=float32, name=None)`. Unknown dimensions
    (None) and an unknown rank (shape=None) match any size."""

    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape, dtype=dtypes.float32, name=None):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name

    @classmethod
    def from_tensor(cls, tensor, name=None):
        """A TensorSpec with the shape and dtype of `tensor`."""
        return cls(tensor.shape, tensor.dtype, name)

    @classmethod
    def from_spec(cls, spec, name=None):
        """A TensorSpec with `spec`'s shape and dtype (and `name`, or spec's name)."""
        return cls(spec.shape, spec.dtype, spec.name if name is None else name)

    @property
    def value_type(self):
        """Tensor: the type of the values this spec describes."""
        return Tensor

    @property
    def shape(self):
        """The TensorShape values must have."""
        return self._shape

    @property
    def dtype(self):
        """The DType values must have."""
        return self._dtype

    @property
    def name(self):
        """The spec's name, or None."""
        return self._name

    def is_compatible_with(self, spec_or_tensor):
        """Same dtype and a compatible shape (names are ignored)."""
        return (self._dtype == spec_or_tensor.dtype
                and self._shape.is_compatible_with(spec_or_tensor.shape))

    def __eq__(self, other):
        return (type(other) is type(self) and self._shape == other._shape and self._dtype == other._dtype
                and self._name == other._name)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((self._shape, self._dtype, self._name))

    def __reduce__(self):
        return TensorSpec, (self._shape, self._dtype, self._name)

    def __repr__(self):
        return f"TensorSpec(shape={self._shape}, dtype={self._dtype!r}, name={self._name!r})"
