"""`tf.custom_gradient`: a function whose gradient the user defines.

    @tf.custom_gradient
    def log1pexp(x):
        e = tf.exp(x)
        def grad(upstream):
            return upstream * (1 - 1 / (1 + e))
        return tf.math.log(1 + e), grad

The function runs with every tape on this thread paused; its outputs are then recorded on
the recording tapes as one op whose backward is `grad` (TensorFlow's eager implementation).
If the function reads variables, `grad` must take them as the keyword `variables` and return
`(input_grads, variable_grads)`.
"""
import functools
import inspect

from varrt import _C
from varrt.autodiff import tape as tape_lib
from varrt.framework import graph_building
from varrt.framework import variables as _variables
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops
from varrt.base import nest


class _VariableReads:
    """Collects the trainable variables read while it is installed (an observe hook)."""

    def __init__(self):
        self.variables = {}

    def __enter__(self):
        self._hook = _C.push_dispatch_hook("observe", self._on_op)
        return self

    def __exit__(self, *exc):
        _C.pop_dispatch_hook(self._hook)
        return False

    def _on_op(self, op, device, inputs, outputs, attrs, resource):
        if resource is not None and op in tape_lib._READS and resource not in self.variables:
            v = _variables.trainable_variable_of(resource)
            if v is not None:
                self.variables[resource] = v


# Records the custom gradient as a node of a tf.function's graph traced with no tape recording
# inside it (graph/custom_gradient_node.py, a layer above: it registers itself here), so a tape
# around the function's call takes grad_fn's gradients.
_graph_recorder = None


def register_graph_recorder(record):
    """Makes `record(grad_fn, inputs, variables, result)` what a trace with no tape recording does."""
    global _graph_recorder
    _graph_recorder = record


def call_grad_fn(grad_fn, upstream, n_inputs, variables):
    """grad_fn's gradients for `upstream` as one list, the inputs' then the variables' (grad_fn
    takes `variables=` when the function read some), with TensorFlow's errors for wrong counts.
    The eager tape's backward and a traced function's gradient subgraph
    (graph/custom_gradient_node.py) both call grad_fn through it."""
    if variables:
        input_grads, variable_grads = grad_fn(*upstream, variables=variables)
    else:
        input_grads, variable_grads = grad_fn(*upstream), []
    input_grads = list(nest.flatten(input_grads)) if isinstance(input_grads, (list, tuple)) else [input_grads]
    if len(input_grads) != n_inputs:
        raise ValueError(f"custom_gradient function expected to return {n_inputs} gradients, but returned "
                         f"{len(input_grads)} instead.")
    if len(variable_grads) != len(variables):
        raise ValueError("Must return gradient for each variable from @custom_gradient grad_fn.")
    return list(input_grads) + list(variable_grads)


def _accepts_variables(fn):
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == "variables" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def custom_gradient(f=None):
    """Decorator defining a function's gradient (TensorFlow's `tf.custom_gradient`).

    The decorated function returns `(y, grad_fn)`; `grad_fn(*upstream)` returns the gradients
    of its inputs (and, when it takes `variables=`, a second list for the variables it read).

    Args:
        f: The function to decorate; None returns a decorator.

    Returns:
        A function computing `f`'s value whose gradient is `grad_fn`'s.

    Raises:
        TypeError: When called, if `f` reads variables and `grad_fn` does not accept the
            `variables` keyword argument.
    """
    if f is None:
        return lambda f: custom_gradient(f)

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        recorders = tape_lib.recording_recorders()
        traced = False
        if _graph_recorder is not None and graph_building.inside_function():
            # Only a tape opened inside the function records its ops; one around the call sees
            # the graph run, and takes grad_fn's gradients from the node recorded for it.
            inside = tape_lib.installed_recorders()[graph_building.current().tapes_at_entry:]
            recorders = [r for r in recorders if any(r is i for i in inside)]
            traced = not recorders
        if not recorders and not traced:
            result, _ = f(*args, **kwargs)
            return result
        inputs = [a if isinstance(a, (Tensor, _variables.Variable)) else convert_to_tensor(a)
                  for a in nest.flatten(args)]
        with tape_lib.stop_all_recording(), _VariableReads() as reads:
            result, grad_fn = f(*args, **kwargs)
        variables = [v for v in reads.variables.values() if all(v is not x for x in inputs)]
        if variables and not _accepts_variables(grad_fn):
            raise TypeError("@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function "
                            f"uses variables: {variables}")
        if traced:
            return _graph_recorder(grad_fn, inputs, variables, result)
        with tape_lib.stop_all_recording():
            flat = [array_ops.identity(r) for r in nest.flatten(result)]  # new values, even for a returned input
        n_in = len(inputs)

        def backward(*grads):
            return call_grad_fn(grad_fn, grads, n_in, variables)

        for r in recorders:
            r.record("CustomGradient", inputs + variables, flat, backward)
        return nest.pack_sequence_as(result, flat)

    return decorated
