"""`tf.py_function`: a deliberate Python call, run eagerly every time, inside a graph too.

Eagerly it calls `func(*inp)`. Inside a graph being built it records one node that calls
`func` with the inputs' values each time the graph runs (never while tracing, as in
TensorFlow); its outputs' static shapes are unknown and, while tracing, stand in as scalars of
`Tout` (zeros).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import functools
from typing import Any

from varrt.base import dtypes
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.ops.gradients.registry import NotDifferentiable

NotDifferentiable("EagerPyFunc")  # varrt records no gradient through a Python call


def _outputs(result, tout, single):
    if result is None and not single:  # TensorFlow takes a function returning nothing as no values
        values = []
    else:
        values = [result] if single else list(result if isinstance(result, (list, tuple)) else [result])
    if len(values) != len(tout):
        raise ValueError(f"Expected {len(tout)} values from the py_function, got {len(values)}.")
    out = []
    for v, d in zip(values, tout):
        t = v if isinstance(v, Tensor) else convert_to_tensor(v, d)
        if t.dtype != d:
            raise TypeError(f"Expected py_function to return a {d.name} tensor, got {t.dtype.name}.")
        out.append(t)
    return out


def _decorator_or_checked(script_op, op_name, func, inp, Tout, **kwargs):  # noqa: N803 - TensorFlow's name
    """TensorFlow's argument rule of `tf.py_function` and `tf.numpy_function`: `Tout` is required;
    without `func` they are decorators (the wrapped function's arguments become `inp`), else
    `inp` is required. Returns the decorator, or None for a direct call."""
    if Tout is None:
        raise TypeError("Missing required argument: 'Tout'\n"
                        f"  If using {op_name} as a decorator, set `Tout`\n"
                        "  **by name** above the function:\n"
                        f"  `@{op_name}(Tout=tout)`")
    if func is None:
        if inp is not None:
            raise TypeError(f"Don't set the `inp` argument when using {op_name} as a decorator (`func=None`).")

        def decorator(fun):
            @functools.wraps(fun)
            def wrapper(*args):
                return script_op(fun, inp=args, Tout=Tout, **kwargs)
            return wrapper
        return decorator
    if inp is None:
        raise TypeError("Missing argument `inp`:\n"
                        "  You must set the `inp` argument (the list of arguments to the\n"
                        f"  function), unless you use `{op_name}` as a decorator(`func=None`).")
    return None


def py_function(func=None, inp=None, Tout=None, name=None) -> Any:  # noqa: N803 - TensorFlow's argument name
    """Wraps a Python function into an op that runs it eagerly (TensorFlow's `tf.py_function`).

    Inside a graph the function runs when the graph runs, on eager tensors.

    Args:
        func: A Python function of tensors; None returns a decorator.
        inp: The list of inputs passed to `func`.
        Tout: The output dtype, or a list of dtypes (one per output).
        name: A name for the operation (optional).

    Returns:
        A tensor (for a single dtype `Tout`) or a list of tensors of the dtypes `Tout`.

    Raises:
        TypeError: If `func` returns a value that cannot be converted to its `Tout` dtype.
        Exception: Whatever `func` raises, executing eagerly.
    """
    decorator = _decorator_or_checked(py_function, "tf.py_function", func, inp, Tout, name=name)
    if decorator is not None:
        return decorator
    single = not isinstance(Tout, (list, tuple))
    tout = [dtypes.as_dtype(Tout)] if single else [dtypes.as_dtype(d) for d in Tout]
    inputs = [x if isinstance(x, Tensor) else convert_to_tensor(x) for x in (inp or [])]
    graph = graph_building.current()
    if graph is None:
        out = _outputs(func(*inputs), tout, single)
        return out[0] if single else out

    def run(*values):
        return tuple(_outputs(func(*values), tout, single))

    first, node_name = graph.add_call_node("EagerPyFunc", run, inputs, len(tout), name)
    out = graph.register_outputs(tout, first, node_name, [TensorShape(None)] * len(tout), "EagerPyFunc")
    return out[0] if single else out


def numpy_function(func=None, inp=None, Tout=None, stateful=True, name=None) -> Any:  # noqa: N803 - TensorFlow's names
    """Wraps a Python function of NumPy arrays into an op (TensorFlow's `tf.numpy_function`): like
    `tf.py_function`, but `func` receives the inputs' NumPy values and may return arrays.

    Args:
        func: A Python function of NumPy arrays; None returns a decorator.
        inp: The list of inputs passed to `func`.
        Tout: The output dtype, or a list of dtypes (one per output).
        stateful: Accepted (varrt runs the function on every call either way).
        name: A name for the operation (optional).

    Returns:
        A tensor (for a single dtype `Tout`) or a list of tensors of the dtypes `Tout`.
    """
    decorator = _decorator_or_checked(numpy_function, "tf.numpy_function", func, inp, Tout, stateful=stateful,
                                      name=name)
    if decorator is not None:
        return decorator
    return py_function(lambda *tensors: func(*[t.numpy() for t in tensors]), inp, Tout, name)
