"""TensorFlow's AtomicFunction (`ConcreteFunction.inference_fn`): a traced graph called with its
flat tensor inputs only, in order, each cast to its input's spec, without the structured binding
of a ConcreteFunction call; its result has the traced output's structure."""
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec


class AtomicFunction:
    """The graph of one ConcreteFunction, called with flat tensors (`tf.types.experimental.AtomicFunction`)."""

    def __init__(self, concrete):
        self._concrete = concrete

    @property
    def name(self):
        """The function's name in TensorFlow's function library (bytes)."""
        return self._concrete.name.encode()

    @property
    def graph(self):
        return self._concrete.graph

    @property
    def function_type(self):
        return self._concrete.function_type

    def _tensors(self, args):
        specs = self._concrete._specs
        if len(args) != len(specs):
            raise TypeError(f"{self._concrete.name} takes {len(specs)} tensor inputs, got {len(args)}.")
        tensors = []
        for value, spec in zip(args, specs):
            tensor = value if isinstance(value, Tensor) else convert_to_tensor(value, spec.dtype)
            unnamed = TensorSpec(spec.shape, spec.dtype)
            if not unnamed.is_compatible_with(tensor):
                raise TypeError(f"Can not cast {TensorSpec.from_tensor(tensor)!r} to {unnamed!r}")
            tensors.append(tensor)
        return tensors

    def __call__(self, *args):
        """The traced output for the flat tensor inputs `args`."""
        return self._concrete._run(self._tensors(args))

    def call_flat(self, *args):
        """The output tensors, flat, for the flat tensor inputs `args`."""
        return self._concrete._flat_output_tensors(self(*args))

    def __repr__(self):
        return f"<AtomicFunction> {self._concrete.name}{self.function_type}"
