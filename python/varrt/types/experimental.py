"""`tf.types.experimental`: tf.function's types and the tracing protocol."""
from varrt.framework.tensor_like import TensorLike  # noqa: F401
from varrt.framework.trace_type import SupportsTracingProtocol, TraceType  # noqa: F401
from varrt.graph.atomic_function import AtomicFunction  # noqa: F401
from varrt.graph.callable_types import Callable  # noqa: F401
from varrt.graph.function import ConcreteFunction, FunctionType  # noqa: F401
from varrt.graph.function import Function as GenericFunction  # noqa: F401
from varrt.graph.function import Function as PolymorphicFunction  # noqa: F401
