"""TensorFlow's tracing protocol (tensorflow/python/types/trace.py): an argument of a
`tf.function` whose class defines `__tf_tracing_type__(context)` is traced by the `TraceType` that
method returns. Equal trace types share a trace; a call whose type `is_subtype_of` a traced one
reuses that trace; `most_specific_common_supertype` is what `reduce_retracing` widens to; the
function's body sees `placeholder_value(context)` in place of the argument."""
import abc
from typing import Protocol, runtime_checkable


class TraceType(metaclass=abc.ABCMeta):
    """The type of an argument for `tf.function`'s tracing (`tf.types.experimental.TraceType`)."""

    @abc.abstractmethod
    def is_subtype_of(self, other):
        """Whether an argument of this type can use a trace made for `other`."""

    @abc.abstractmethod
    def most_specific_common_supertype(self, others):
        """The most specific type that this one and each of `others` are subtypes of, or None."""

    @abc.abstractmethod
    def placeholder_value(self, placeholder_context):
        """The value the traced function's body sees for an argument of this type."""

    def to_tensors(self, value):
        """The tensors of `value` that are the trace's inputs (none by default)."""
        del value
        return []

    def from_tensors(self, tensors):
        """A value of this type from the tensors `to_tensors` gave (by default the placeholder)."""
        del tensors
        return self.placeholder_value(PlaceholderContext())

    def flatten(self):
        """The TensorSpecs of the tensors `to_tensors` gives (none by default)."""
        return []

    def cast(self, value, cast_context):
        """`value` as a value of this type (by default `value`, which must be the placeholder)."""
        del cast_context
        assert value == self.placeholder_value(PlaceholderContext()), f"Can not cast {value!r} to type {self!r}"
        return value

    @abc.abstractmethod
    def __hash__(self):
        pass

    @abc.abstractmethod
    def __eq__(self, other):
        pass


class TracingContext(metaclass=abc.ABCMeta):
    """What `__tf_tracing_type__` is given: shared by the arguments of one call."""


class PlaceholderContext:
    """What `placeholder_value` is given."""


class CastContext:
    """What `cast` is given."""


@runtime_checkable
class SupportsTracingProtocol(Protocol):
    """A class whose objects say how `tf.function` traces them."""

    @abc.abstractmethod
    def __tf_tracing_type__(self, context: TracingContext) -> TraceType:
        """The TraceType of this object."""


class _CallTracingContext(TracingContext):
    """The context varrt gives `__tf_tracing_type__` for a call's arguments."""


def traces_itself(value):
    """Whether `value`'s class defines `__tf_tracing_type__`."""
    return hasattr(type(value), "__tf_tracing_type__")


def trace_type_of(value):
    """The TraceType `value` (which traces itself) gives for a call."""
    return value.__tf_tracing_type__(_CallTracingContext())


def placeholder_of(value):
    """What the body of a tf.function sees for `value` (which traces itself)."""
    return trace_type_of(value).placeholder_value(PlaceholderContext())
