"""TensorFlow 1's `Dimension` (tensorflow/python/framework/tensor_shape.py): one dimension of a shape,
its size or unknown (None), with TensorFlow's arithmetic and comparisons, where unknown propagates;
and `dimension_value` / `dimension_at_index`, which read a dimension whether a shape holds ints
(TensorFlow 2) or Dimensions (TensorFlow 1)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import operator


class Dimension:
    """A shape's dimension: `value` an int >= 0, or None when unknown.

    Raises:
        TypeError: If `value` is neither None nor an integer.
        ValueError: If `value` is negative.
    """

    def __init__(self, value):
        if value is None:
            self._value = None
        else:
            try:
                self._value = int(value.__index__())
            except AttributeError:
                raise TypeError("Dimension value must be integer or None or have an __index__ method, got value "
                                f"'{value!r}' with type '{type(value)!r}'") from None
            if self._value < 0:
                raise ValueError(f"Dimension {self._value} must be >= 0")

    @property
    def value(self):
        """The size, or None when unknown."""
        return self._value

    def __repr__(self):
        return f"Dimension({self._value!r})"

    def __str__(self):
        return "?" if self._value is None else str(self._value)

    def __int__(self):
        return self._value

    def __index__(self):
        return self._value

    def __bool__(self):
        return bool(self._value)

    def __hash__(self):
        return hash(self._value)

    def is_compatible_with(self, other):
        """Whether the two could be the same dimension (equal, or either unknown)."""
        other = _as_dimension(other)
        return self._value is None or other.value is None or self._value == other.value

    def merge_with(self, other):
        """The dimension that is both (ValueError when they differ)."""
        other = _as_dimension(other)
        if not self.is_compatible_with(other):
            raise ValueError(f"Dimensions {self} and {other} are not compatible")
        return Dimension(self._value if self._value is not None else other.value)

    def _binary(self, other, fn):
        try:
            other = _as_dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other.value is None:
            return Dimension(None)
        return Dimension(fn(self._value, other.value))

    def __add__(self, other):
        return self._binary(other, operator.add)

    def __radd__(self, other):
        return self._binary(other, lambda a, b: b + a)

    def __sub__(self, other):
        return self._binary(other, operator.sub)

    def __rsub__(self, other):
        return self._binary(other, lambda a, b: b - a)

    def __mul__(self, other):
        return self._binary(other, operator.mul)

    def __rmul__(self, other):
        return self._binary(other, lambda a, b: b * a)

    def __floordiv__(self, other):
        return self._binary(other, operator.floordiv)

    def __rfloordiv__(self, other):
        return self._binary(other, lambda a, b: b // a)

    def __mod__(self, other):
        return self._binary(other, operator.mod)

    def __rmod__(self, other):
        return self._binary(other, lambda a, b: b % a)

    def _compare(self, other, fn):
        try:
            other = _as_dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other.value is None:
            return None
        return fn(self._value, other.value)

    def __eq__(self, other):
        return self._compare(other, operator.eq)

    def __ne__(self, other):
        return self._compare(other, operator.ne)

    def __lt__(self, other):
        return self._compare(other, operator.lt)

    def __le__(self, other):
        return self._compare(other, operator.le)

    def __gt__(self, other):
        return self._compare(other, operator.gt)

    def __ge__(self, other):
        return self._compare(other, operator.ge)


def _as_dimension(value):
    """`value` as a Dimension."""
    return value if isinstance(value, Dimension) else Dimension(value)


def dimension_value(dimension):
    """A dimension's size as an int or None, from an int, None or a Dimension."""
    if isinstance(dimension, Dimension):
        return dimension.value
    return dimension


def dimension_at_index(shape, index):
    """The Dimension at `index` of a TensorShape (unknown when the rank is)."""
    if shape.rank is None:
        return Dimension(None)
    return _as_dimension(shape.as_list()[index])
