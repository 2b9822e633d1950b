"""The gradient registry: one gradient function per op type, keyed by TensorFlow's op names.

    @RegisterGradient("Mul")
    def _mul_grad(op, grad):
        x, y = op.inputs
        return grad * y, grad * x          # then reduced to each input's shape (broadcasting)

A gradient function gets the recorded op (`op.type`, `op.inputs`, `op.outputs`,
`op.get_attr(name)`) and one gradient per output (zeros for outputs nothing depends on), and
returns one gradient per input: a Tensor, an IndexedSlices or None (no gradient). It computes
with varrt ops, so a tape around the gradient computation records it (higher derivatives).
TensorFlow's definitions in `tensorflow/python/ops/*_grad.py` are the reference; the
functions live beside them here (math_grad, array_grad, nn_grad, ...).
"""
from varrt.ops import op_def_lib

_registry = {}
_not_differentiable = set()


class RegisterGradient:
    """Decorator registering the gradient function of `op_type` (TensorFlow's `tf.RegisterGradient`)."""

    def __init__(self, op_type):
        if not isinstance(op_type, str):
            raise TypeError("op_type must be a string")
        self._op_type = op_type

    def __call__(self, fn):
        if self._op_type in _registry or self._op_type in _not_differentiable:
            raise KeyError(f"Registering two gradient with name '{self._op_type}'! (Previous registration was in "
                           f"{_where(self._op_type)})")
        _registry[self._op_type] = fn
        return fn


def _where(op_type):
    fn = _registry.get(op_type)
    code = getattr(fn, "__code__", None)
    return f"{code.co_name} {code.co_filename}:{code.co_firstlineno}" if code else "NotDifferentiable"


def NotDifferentiable(op_type):  # noqa: N802  (TensorFlow's name)
    """Declares that `op_type` has no gradient: its inputs get None, and no LookupError."""
    if not isinstance(op_type, str):
        raise TypeError("op_type must be a string")
    _not_differentiable.add(op_type)


no_gradient = NotDifferentiable  # tf.no_gradient


def get_gradient_function(op_type):
    """The gradient function of `op_type`; None for a non-differentiable op; LookupError (with
    TensorFlow's message) for an op nobody registered."""
    fn = _registry.get(op_type)
    if fn is not None:
        return fn
    if op_type in _not_differentiable:
        return None
    raise LookupError(f"gradient registry has no entry for: {op_type}")


def has_gradient(op_type):
    return op_type in _registry


def registered_ops():
    """The op types with a gradient function (for tests and the issue's list of ops without one)."""
    return sorted(_registry)


def not_differentiable_ops():
    return sorted(_not_differentiable)


class RecordedOp:
    """What a gradient function sees of an op a tape kept: `type`, `inputs` (for a resource op
    the Variable first), `outputs`, `get_attr(name)`, and `skip_input_indices`, the inputs no
    requested gradient depends on (TensorFlow's eager gradients get it too, and skip work)."""

    __slots__ = ("type", "inputs", "outputs", "_attrs", "resource", "skip_input_indices")

    def __init__(self, op_type, inputs, outputs, attrs, resource=None):
        self.type = op_type
        self.inputs = inputs
        self.outputs = outputs
        self._attrs = attrs
        self.resource = resource  # the resource id of a resource op's variable
        self.skip_input_indices = ()

    @property
    def name(self):
        return self.type

    def get_attr(self, name):
        try:
            value = self._attrs[name]
            if isinstance(value, int):  # a core op's string attr comes as an index (OpDef.decode_attrs)
                op_def = op_def_lib.get(self.type)
                if op_def is not None:
                    value = op_def.decode_attrs({name: value})[name]
            return value
        except (KeyError, TypeError):
            raise ValueError(f"Operation '{self.type}' has no attr named '{name}'.") from None

    def __repr__(self):
        return f"<RecordedOp {self.type}>"
