"""What `tf.types.experimental.Callable` is: the common type of tf.function's callables (the
Function `tf.function` returns, its ConcreteFunctions and their AtomicFunctions), registered as
its virtual subclasses."""
import abc

from varrt.graph.atomic_function import AtomicFunction
from varrt.graph.function import ConcreteFunction, Function


class Callable(metaclass=abc.ABCMeta):
    """A callable tf.function object (`tf.types.experimental.Callable`)."""

    @property
    @abc.abstractmethod
    def function_type(self):
        """The function's parameters and output type."""

    @abc.abstractmethod
    def __call__(self, *args, **kwargs):
        """Calls the function."""


for _cls in (Function, ConcreteFunction, AtomicFunction):
    Callable.register(_cls)
