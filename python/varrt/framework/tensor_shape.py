"""`TensorShape`: a possibly partially known shape, as TensorFlow prints and compares it, and its
conversion to a tensor."""
from varrt.base import dtypes
from varrt.framework.dimension import Dimension


class TensorShape:
    """A shape whose rank, and each of whose dimensions, may be unknown (None)."""

    __slots__ = ("_dims",)

    def __init__(self, dims):
        if dims is None:
            self._dims = None
        elif isinstance(dims, TensorShape):
            self._dims = dims._dims
        else:
            try:
                items = tuple(dims)
            except TypeError:
                items = (dims,)  # TensorShape(3) is a rank-1 shape in TensorFlow
            self._dims = tuple(_dimension(d) for d in items)

    @classmethod
    def _known(cls, dims):
        """A shape from a tuple of non-negative ints already known to be valid (no checks)."""
        s = object.__new__(cls)
        s._dims = dims
        return s

    @property
    def rank(self):
        """The number of dimensions, or None for an unknown rank."""
        return None if self._dims is None else len(self._dims)

    @property
    def ndims(self):
        """The number of dimensions, or None for an unknown rank (as rank)."""
        return self.rank

    @property
    def dims(self):
        """The dimensions as a list of TensorFlow 1's `Dimension` objects (as TensorFlow 2.21 gives
        them), or None for an unknown rank."""
        return None if self._dims is None else [Dimension(d) for d in self._dims]

    def as_list(self):
        """The dimensions as a list of ints (None for unknown ones); ValueError for an unknown rank."""
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self):
        """Whether the rank and every dimension are known."""
        return self._dims is not None and all(d is not None for d in self._dims)

    def num_elements(self):
        """The number of elements of a fully defined shape, else None."""
        if not self.is_fully_defined():
            return None
        n = 1
        for d in self._dims:
            n *= d
        return n

    def is_compatible_with(self, other):
        """Whether some shape could be both this and `other` (unknown parts match anything)."""
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return True
        if len(self._dims) != len(other._dims):
            return False
        return all(a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def assert_is_compatible_with(self, other):
        """Raises ValueError unless this shape is compatible with `other`."""
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {as_shape(other)} are incompatible")

    def merge_with(self, other):
        """The most specific shape compatible with both; ValueError if they are incompatible."""
        other = as_shape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        self.assert_is_compatible_with(other)
        return TensorShape([a if a is not None else b for a, b in zip(self._dims, other._dims)])

    def concatenate(self, other):
        """This shape's dimensions followed by `other`'s."""
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def with_rank(self, rank):
        """This shape with its rank checked (or set) to `rank`; ValueError otherwise."""
        if self._dims is None:
            return TensorShape([None] * rank)
        if len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")
        return self

    def assert_has_rank(self, rank):
        """Raises ValueError unless this shape's rank is `rank` (or unknown)."""
        if self._dims is not None and len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __bool__(self):
        return self._dims is not None

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if self._dims is None:
            return TensorShape(None) if isinstance(key, slice) else None
        if isinstance(key, slice):
            return TensorShape(self._dims[key])
        return self._dims[key]

    def __eq__(self, other):
        try:
            other = as_shape(other)
        except (TypeError, ValueError):
            return NotImplemented
        return self._dims == other._dims

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash(self._dims)

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return as_shape(other).concatenate(self)

    def __reduce__(self):
        return TensorShape, (None if self._dims is None else list(self._dims),)

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        return f"TensorShape({list(self._dims)})"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return f"({self._dims[0]},)"
        return "(" + ", ".join(str(d) for d in self._dims) + ")"


def as_tensor_value(shape, dtype=None):
    """(dimensions, dtype): TensorFlow's conversion of a TensorShape given to convert_to_tensor or
    as an op's argument (its registered conversion function): int32, or int64 when a dimension
    does not fit; only int32 and int64 are allowed, and only a fully known shape converts."""
    if not shape.is_fully_defined():
        raise ValueError(f"Cannot convert a partially known TensorShape {shape} to a Tensor.")
    dims = list(shape._dims)
    too_large = any(d >= 2**31 for d in dims)
    if dtype is None:
        return dims, dtypes.int64 if too_large else dtypes.int32
    if dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"Cannot convert TensorShape {shape} to dtype {dtype}. Allowed dtypes are tf.int32 and "
                        "tf.int64.")
    if dtype == dtypes.int32 and too_large:
        raise ValueError(f"Cannot convert TensorShape {shape} to dtype int32; a dimension is too large. Consider "
                         "using tf.int64.")
    return dims, dtype


def _dimension(d):
    if d is None:
        return None
    value = getattr(d, "value", d)  # TF1-style Dimension objects
    if value is None:
        return None
    try:
        value = int(value.__index__())
    except (AttributeError, TypeError):
        raise TypeError(f"Dimension value must be integer or None, got value {d!r} with type {type(d)!r}") from None
    if value < 0:
        raise ValueError(f"Dimension {value} must be >= 0")
    return value


def as_shape(shape):
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)


def unknown_shape(rank=None):
    return TensorShape(None if rank is None else [None] * rank)
