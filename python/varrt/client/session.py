"""TensorFlow 1's `Session`: runs the parts of a graph that fetches need, with values fed.

`run(fetches, feed_dict)` takes a Tensor, an Operation, a Variable (its value), a tensor name
("x:0"), or a list, tuple, namedtuple or dict of them, and returns the same structure with
NumPy values (None for operations). The nodes run are those the fetches need (TensorFlow's
pruning); fed tensors (placeholders or any other) are the compiled graph's arguments; a node's
failure is TensorFlow 1's "Graph execution error" (ops.Graph.run). Outside a graph (eager
mode) a session evaluates eager values, as varrt always did.
"""
import numpy as np

from varrt import _C
from varrt.framework import graph_building
from varrt.framework.default_session import get_default_session  # noqa: F401  (tf.compat.v1's name)
from varrt.framework.default_session import sessions as _sessions
from varrt.graph import graph as ops
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.variables import Variable
from varrt.framework.variables import _UnreadVariable


class Session:
    """A TensorFlow 1 session over a graph (`tf.compat.v1.Session`).

    `run` executes only the nodes the fetches need. Executing eagerly (no graph), `run`
    evaluates eager tensors and variables to NumPy, as TensorFlow 2 does.

    Args:
        target: Accepted for compatibility; varrt runs the graph in this process.
        graph: The graph to run (default: the default graph).
        config: Accepted for compatibility (a `ConfigProto` is not read).
    """

    def __init__(self, target="", graph=None, config=None):
        self._closed = False
        self.graph = graph if graph is not None else (ops.get_default_graph() if ops.eager_disabled() or
                                                      ops.current_graph() is not None else None)
        self._entered_graph = None
        self._logged = False

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        """Runs the graph nodes `fetches` need and returns their values.

        Args:
            fetches: A tensor, operation, variable or their name, or a nested list, tuple,
                dict or namedtuple of them.
            feed_dict: A dict from placeholders (or other tensors) to the values they take.
            options: Accepted for compatibility and ignored.
            run_metadata: Accepted for compatibility and ignored.

        Returns:
            The fetched values as NumPy values, in the structure of `fetches` (None for an
            operation).

        Raises:
            RuntimeError: If the session is closed.
            TypeError: If a fetch or a feed key is not something a session can run or feed
                (TensorFlow's texts).
            FailedPreconditionError: If a variable is read before its initializer ran.
            InvalidArgumentError: If a placeholder the fetches need is not fed, or an op
                refuses its values ("Graph execution error" naming the node).
        """
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        graph = self.graph
        if graph is None:
            if feed_dict:
                raise RuntimeError("varrt executes eagerly here and has no placeholders: there is nothing to feed.")
            return _fetch_eager(fetches)
        flat, rebuild = _flatten(fetches)
        tensors, run_nodes, kinds = [], [], []
        for f in flat:
            kind, value, nodes = _fetch_kind(graph, f)
            kinds.append(kind)
            run_nodes.extend(nodes)
            if kind == "tensor":
                tensors.append(value)
        feeds = list((feed_dict or {}).items())
        feed_slots, feed_values = [], []
        for key, value in feeds:
            t = _feed_tensor(graph, key)
            slot = graph._slots.get(_C.tensor_id(t))
            if slot is None:
                raise TypeError(f"Cannot interpret feed_dict key as Tensor: {key!r}")
            with graph_building.init_scope():
                v = value if isinstance(value, Tensor) and not graph_building.info_of(value) else convert_to_tensor(
                    np.asarray(value, t.dtype.as_numpy_dtype))
            shape = graph_building.shape_of(t)
            if not shape.is_compatible_with(v.shape):
                raise ValueError(f"Cannot feed value of shape {tuple(v.shape.as_list())} for Tensor {t.name}, which "
                                 f"has shape {_shape_text(shape)}")
            feed_slots.append(slot)
            feed_values.append(v)
        fetch_slots = [graph.slot_of(t) for t in tensors]
        if not self._logged and _C.get_log_device_placement():
            # TensorFlow's placer lists the graph's nodes when a session first runs it.
            self._logged = True
            _C.log_placement_lines([f"{name}: ({op})" for name, op in graph.node_names])
        running, _sessions.running = _sessions.running, self  # stateful kernels keep their state per session
        try:
            with graph_building.init_scope():  # the run executes: nothing is recorded, results are eager
                results = iter(graph.run(fetch_slots, feed_slots, sorted(set(run_nodes)), feed_values))
                values = [next(results).numpy() if kind == "tensor" else None for kind in kinds]
        finally:
            _sessions.running = running
        return rebuild(values)

    def close(self):
        """Closes the session (further run calls raise RuntimeError)."""
        self._closed = True

    def as_default(self):
        """A context manager making this the default session (Tensor.eval and Operation.run use it)."""
        return _SessionDefault(self)

    def __enter__(self):
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        _sessions.stack.append(self)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if _sessions.stack and _sessions.stack[-1] is self:
            _sessions.stack.pop()
        self.close()
        return False


class InteractiveSession(Session):
    """A Session that makes itself the default on creation (for shells and notebooks)."""

    def __init__(self, target="", graph=None, config=None):
        super().__init__(target, graph, config)
        _sessions.stack.append(self)

    def close(self):
        """Closes the session and stops it being the default."""
        if self in _sessions.stack:
            _sessions.stack.remove(self)
        super().close()


class _SessionDefault:
    def __init__(self, session):
        self._session = session

    def __enter__(self):
        _sessions.stack.append(self._session)
        return self._session

    def __exit__(self, *exc):
        _sessions.stack.remove(self._session)
        return False


def _shape_text(shape):
    return "<unknown>" if shape.rank is None else "(" + ", ".join(
        "?" if d is None else str(d) for d in shape.as_list()) + ("," if shape.rank == 1 else "") + ")"


def _feed_tensor(graph, key):
    """The graph tensor a feed_dict key names (a variable: the read its fetch gives)."""
    if isinstance(key, Variable):
        return graph.fetch_read(key)
    try:
        return graph.as_graph_tensor(key)
    except (TypeError, ValueError, KeyError) as e:
        raise TypeError(f"Cannot interpret feed_dict key as Tensor: {e.args[0]}") from None


def _fetch_kind(graph, f):
    """(kind, tensor, nodes to run too) of one fetch."""
    if f is None:
        raise TypeError('Argument `fetch` = None has invalid type "NoneType". Cannot be None')
    if isinstance(f, ops.Operation):
        return "op", None, f._nodes
    if isinstance(f, Variable):
        return _variable_fetch(graph, f)
    if isinstance(f, Tensor):
        return "tensor", f, []
    if isinstance(f, str):
        return "tensor", graph.get_tensor_by_name(f), []
    raise TypeError(f"Fetch argument {f!r} has invalid type {type(f)}, must be a string or Tensor. (Can not convert "
                    f"a {type(f).__name__} into a Tensor or Operation.)")


def _variable_fetch(graph, variable):
    """A variable's value, read after everything recorded so far; what assign* returned (an
    UnreadVariable) runs its own update first (one made outside this graph: the latest)."""
    update = None
    if isinstance(variable, _UnreadVariable):
        update = ops.recorded_update(graph, variable)
        if update is None:
            update = graph._last_update.get(_C.resource_id(variable))
    return "tensor", graph.fetch_read(variable, update), [] if update is None else [update]


def _flatten(fetches):
    """(leaves, rebuild(values)) for a fetch structure."""
    if isinstance(fetches, (list, tuple)) and not hasattr(type(fetches), "_fields"):
        parts = [_flatten(f) for f in fetches]
        leaves = [leaf for p in parts for leaf in p[0]]

        def rebuild(values):
            out, i = [], 0
            for (ls, rb) in parts:
                out.append(rb(values[i:i + len(ls)]))
                i += len(ls)
            return type(fetches)(out) if isinstance(fetches, tuple) else out
        return leaves, rebuild
    if isinstance(fetches, tuple):  # namedtuple
        leaves, rb = _flatten(list(fetches))
        return leaves, lambda values: type(fetches)(*rb(values))
    if isinstance(fetches, dict):
        keys = list(fetches)
        leaves, rb = _flatten([fetches[k] for k in keys])
        return leaves, lambda values: type(fetches)(zip(keys, rb(values)))
    return [fetches], lambda values: values[0]


def _fetch_eager(value):
    if value is None:  # what the initializers return eagerly (TensorFlow's eager Session runs nothing)
        return None
    if isinstance(value, (Tensor, Variable)):
        return value.numpy()
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return type(value)(*(_fetch_eager(v) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(_fetch_eager(v) for v in value)
    if isinstance(value, dict):
        return type(value)((k, _fetch_eager(v)) for k, v in value.items())
    raise TypeError(f"Fetch argument {value!r} has invalid type {type(value)}, must be a string or Tensor. (Can not "
                    f"convert a {type(value).__name__} into a Tensor or Operation.)")

