"""`tf.cond`, `tf.while_loop`, `tf.case`, `tf.switch_case`, `tf.group`, `tf.no_op`,
`tf.control_dependencies` and `tf.debugging.Assert` with TensorFlow 2.21's argument checks. Eagerly they are Python control flow; with a symbolic predicate (inside
a `tf.function` trace) `cond` records both branches, and inside a trace `while_loop` records its
condition and body, as graph nodes (graph/control_flow_graph.py).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import contextlib
from typing import Any, ContextManager, Optional

import numpy as np

from varrt.base.dtypes import string
from varrt.framework import graph_building, symbolic
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.graph import control_flow_graph
from varrt.ops import array_ops, logging_ops
from varrt.base import nest
from varrt.base import errors


def control_dependencies(control_inputs) -> ContextManager[Any]:
    """`with tf.control_dependencies([...]):` ops made in the block run after `control_inputs`
    (inside a graph; eagerly ops run in order anyway, and the block does nothing)."""
    graph = graph_building.current()
    if graph is None:
        return contextlib.nullcontext()
    return graph.control_dependencies(control_inputs)


def _eager_summary(tensor, summarize):
    """How TensorFlow's eager Assert shows one datum: NumPy's text of its first elements."""
    a = tensor.numpy()
    if np.ndim(a) == 0:
        return str(a) if summarize != 0 else ""
    flat = a.reshape(-1)
    count = flat.size if summarize < 0 else summarize
    shown = [str(x) for x in flat[:count]]
    return ", ".join(shown + (["..."] if len(shown) < flat.size else []))


def Assert(condition, data, summarize=None, name=None) -> Optional[symbolic.Operation]:  # noqa: N802
    """Raises InvalidArgumentError when `condition` is false, showing `data` (tf.debugging.Assert).
    Eagerly it checks at once and returns None; in a graph it is a node that checks when the graph
    runs (keep it with tf.control_dependencies) and it returns that node."""
    summarize = 3 if summarize is None else summarize
    graph = graph_building.current()
    if graph is None:
        if not condition:
            shown = "\n".join(_eager_summary(convert_to_tensor(d), summarize) for d in data)
            raise errors.InvalidArgumentError(None, None, "Expected '%s' to be true. Summarized data: %s" % (condition, shown))
        return None
    condition = convert_to_tensor(condition)
    data = [convert_to_tensor(d) for d in data]

    def check(cond_value, *values):
        if not bool(cond_value.numpy()):
            raise errors.InvalidArgumentError(None, None, "assertion failed: " + " ".join(
                "[" + logging_ops.legacy_text(np.asarray(v.numpy(), dtype=object if v.dtype == string else None),
                                              summarize) + "]" for v in values))
        return ()
    node = name or ("Assert/AssertGuard/Assert" if graph.lifts_variables else "Assert")
    first, node_name = graph.add_call_node("Assert", check, [condition] + data, 0, node)
    if hasattr(graph, "last_node_operation"):  # a TensorFlow 1 Graph: an Operation a Session can run
        return graph.last_node_operation(node_name)
    return symbolic.Operation(graph, node_name, "Assert")


# cond, while_loop, case and switch_case return what their callables return (any structure): Any.
def cond(pred, true_fn=None, false_fn=None, name=None) -> Any:
    """Returns `true_fn()` if `pred` is true else `false_fn()` (TensorFlow's `tf.cond`).

    Eagerly this is Python control flow; inside a graph both branches are traced and the one
    `pred` selects runs on each call.

    Args:
        pred: A scalar bool tensor or Python bool.
        true_fn: The callable run when `pred` is true.
        false_fn: The callable run when `pred` is false.
        name: A name for the operation (optional).

    Returns:
        The outputs of the branch that ran (inside a graph, both branches must return the
        same structure).

    Raises:
        TypeError: If `true_fn` or `false_fn` is not callable.
    """
    if not callable(true_fn):
        raise TypeError("'true_fn' must be callable.")
    if not callable(false_fn):
        raise TypeError("'false_fn' must be callable.")
    if symbolic.is_symbolic(pred):
        return control_flow_graph.cond(pred, true_fn, false_fn, name)
    value = pred.numpy() if isinstance(pred, Tensor) else pred
    return true_fn() if bool(value) else false_fn()


def _as_loop_tensor(v):
    if v is None or isinstance(v, Tensor) or hasattr(v, "flow"):
        return v
    if hasattr(v, "_as_tensor"):
        return v._as_tensor()
    return convert_to_tensor(v)


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,  # noqa: A002
               swap_memory=False, maximum_iterations=None, name=None) -> Any:
    """Repeats `body` while `cond` is true (TensorFlow's `tf.while_loop`).

    Eagerly this is a Python loop; inside a graph it is one While node the core runs.

    Args:
        cond: A callable of the loop variables returning a scalar bool tensor.
        body: A callable of the loop variables returning their new values (same structure).
        loop_vars: A tuple, list or structure of tensors: the initial values.
        shape_invariants: Optional shapes the loop variables keep across iterations.
        parallel_iterations: A positive int (accepted; iterations run one after another).
        back_prop: Accepted for compatibility.
        swap_memory: Accepted for compatibility and ignored.
        maximum_iterations: Optional bound on the number of iterations.
        name: A name for the operation (optional).

    Returns:
        The loop variables after the last iteration, in `loop_vars`' structure.

    Raises:
        TypeError: If `cond` or `body` is not callable, or `parallel_iterations` is not a
            positive integer.
        ValueError: If `loop_vars` is empty.
    """
    if not callable(cond):
        raise TypeError("'cond' must be callable.")
    if not callable(body):
        raise TypeError("'body' must be callable.")
    if parallel_iterations < 1:
        raise TypeError("'parallel_iterations' must be a positive integer.")
    if loop_vars is None or (isinstance(loop_vars, (list, tuple, dict)) and not loop_vars):
        raise ValueError("'loop_vars' must be provided.")
    if isinstance(loop_vars, list):
        loop_vars = tuple(loop_vars)
    if graph_building.building():
        return control_flow_graph.while_loop(cond, body, loop_vars, shape_invariants, maximum_iterations, name)
    loop_vars = nest.map_structure(_as_loop_tensor, loop_vars)
    packed = isinstance(loop_vars, tuple) and not hasattr(loop_vars, "_fields")
    limit = None if maximum_iterations is None else int(_as_loop_tensor(maximum_iterations).numpy())
    n = 0
    while limit is None or n < limit:
        go = cond(*loop_vars) if packed else cond(loop_vars)
        if not bool(go.numpy() if isinstance(go, Tensor) else go):
            break
        result = body(*loop_vars) if packed else body(loop_vars)
        if packed and len(loop_vars) == 1 and not isinstance(result, (list, tuple)):
            result = (result,)
        if isinstance(result, list):
            result = tuple(result)
        try:
            nest.assert_same_structure(loop_vars, result, check_types=False)
        except (TypeError, ValueError) as e:
            raise ValueError(f"The two structures don't have the same nested structure.\n\nFirst structure: "
                             f"{loop_vars}\n\nSecond structure: {result}\n\nMore specifically: {e}") from None
        loop_vars = nest.map_structure(_as_loop_tensor, result)
        n += 1
    return loop_vars


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case") -> Any:
    """The fn of the first pair whose predicate holds (all of them checked when exclusive), else default()."""
    pairs = list(pred_fn_pairs.items()) if isinstance(pred_fn_pairs, dict) else list(pred_fn_pairs)
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"Each entry in pred_fn_pairs must be a 2-tuple. Received {pair}.")
        if not callable(pair[1]):
            raise TypeError(f"fn for pred {pair[0]} must be callable.")
    if default is None and not pairs:
        raise ValueError("Must provide at least one of `pred_fn_pairs` or `default`.")
    fallback = default if default is not None else pairs[-1][1]
    if default is None:
        pairs = pairs[:-1]
    result = fallback
    for pred, fn in reversed(pairs):
        result = (lambda p, f, rest: (lambda: cond(p, f, rest)))(pred, fn, result)
    return result()


def switch_case(branch_index, branch_fns, default=None, name="switch_case") -> Any:
    """branch_fns[branch_index]() (default, or the last branch, when out of range)."""
    fns = [f for _, f in sorted(branch_fns.items())] if isinstance(branch_fns, dict) else list(branch_fns)
    if not fns:
        raise ValueError("Must provide at least one item in branch_fns")
    for f in fns:
        if not callable(f):
            raise TypeError(f"branch_fns[{fns.index(f)}] must be callable.")
    fallback = default if default is not None else fns[-1]
    index = convert_to_tensor(branch_index) if not isinstance(branch_index, Tensor) else branch_index
    result = fallback
    for k in reversed(range(len(fns))):
        result = (lambda k, f, rest: (lambda: cond(index == k, f, rest)))(k, fns[k], result)
    return result()


def no_op(name=None) -> Optional[symbolic.Operation]:
    """Does nothing (TensorFlow's NoOp; None eagerly)."""
    return None


def tensor_tuple(tensors, control_inputs=None, name=None) -> list:
    """The tensors, each available only once all of them (and `control_inputs`) are computed
    (tf.tuple); eagerly they all are, and the list comes back as it is."""
    if control_inputs is not None and not isinstance(control_inputs, (list, tuple)):
        raise TypeError(f"'control_inputs' must be a list or tuple, got: {type(control_inputs).__name__}")
    graph = graph_building.current()
    if graph is None:
        return list(tensors)
    deps = [t for t in tensors if t is not None] + list(control_inputs or [])
    with graph.control_dependencies(deps):
        return [None if t is None else array_ops.identity(t) for t in tensors]


def group(*inputs, name=None) -> Optional[symbolic.Operation]:
    """Groups the inputs' effects: in a TensorFlow 1 graph, a NoOp Operation that runs them all (what
    a Session runs for it); eagerly they have all happened, and in a tf.function they run in
    program order (None)."""
    graph = graph_building.current()
    if hasattr(graph, "group_operation"):  # a TensorFlow 1 Graph
        return graph.group_operation(inputs, name)
    return None
