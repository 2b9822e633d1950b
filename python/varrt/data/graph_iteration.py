"""Iterating a dataset while a graph is built (a `tf.function`, a TensorFlow 1 graph). The
dataset stays a Python pipeline: the graph's nodes open an iterator over it each time the graph
runs (`AnonymousIteratorV3`) and take its elements (`IteratorGetNext`, which raises
`OutOfRangeError` at the end, as TensorFlow's does), running the pipeline on the host, with
each element's static shape from the dataset's element spec.

A `for` over a dataset in converted code (AutoGraph) is a loop of the graph: `dataset_for` takes
the elements with `IteratorGetNextAsOptional` (whether there was one, and its components), and a
`tf.while_loop` runs the body while there was, as AutoGraph makes such a loop a loop of the graph.
A `DeleteIterator` node after the loop closes its iterator (a `break` leaves it open otherwise)."""
import itertools
import threading
import weakref

import numpy as np

from varrt.autograph import operators
from varrt.base import dtypes
from varrt.data import structure
from varrt.data.iterators import Iterator, OwnedIterator
from varrt.data.op_errors import end_of_sequence
from varrt.framework import graph_building
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import array_ops

_open = {}  # handle -> OwnedIterator, for the length of a graph's loop
_handles = itertools.count(1)
_lock = threading.Lock()


def _open_iterator(dataset):
    iterator = OwnedIterator(dataset)
    with _lock:
        handle = next(_handles)
        _open[handle] = iterator
    return (convert_to_tensor(handle, dtypes.int64),)


_owned = weakref.WeakValueDictionary()  # handle -> an eager iterator a traced function reads

# TensorFlow's guard against a Python `for` over a dataset in a function AutoGraph does not
# convert: every step adds nodes and the trace never ends. Past this many next() calls on one
# iterator while one graph is built, its ValueError (iterator_ops.py).
_GET_NEXT_CALL_ERROR_THRESHOLD = 32
_GET_NEXT_CALL_ERROR_MESSAGE = (
    "An unusually high number of `tf.data.Iterator.get_next()` calls was detected. This suggests that the "
    "`for elem in dataset: ...` idiom is used within tf.function with AutoGraph disabled. This idiom is only "
    "supported when AutoGraph is enabled.")


def _count_next_call(iterator):
    """Counts a next() of `iterator` in the graph being built; ValueError past the threshold."""
    graph = graph_building.current()
    counts = iterator.__dict__.setdefault("_next_calls_while_tracing", weakref.WeakKeyDictionary())
    counts[graph] = counts.get(graph, 0) + 1
    if counts[graph] > _GET_NEXT_CALL_ERROR_THRESHOLD:
        error = ValueError(_GET_NEXT_CALL_ERROR_MESSAGE)
        error._varrt_raised_as_is = True  # as TensorFlow raises it from an unconverted function: no "in user code"
        raise error


def _iterator(handle):
    """The open iterator of `handle`, or None once it ended (or before a TensorFlow 1
    initializable iterator's initializer ran)."""
    key = int(handle.numpy())
    iterator = _open.get(key)
    return iterator if iterator is not None else _owned.get(key)


def _owned_handle(iterator):
    """The handle a traced function's nodes read an eager iterator by (one per iterator; the
    graph holds it as a constant, not the iterator)."""
    handle = iterator.__dict__.get("_graph_handle")
    if handle is None:
        with _lock:
            handle = iterator._graph_handle = next(_handles)
            _owned[handle] = iterator
    return handle


def _close(handle):
    _open.pop(int(handle.numpy()), None)


def _placeholder(spec):
    """What an exhausted optional holds: zeros of the spec's dtype, unknown dimensions 0."""
    shape = [0 if d is None else d for d in (spec.shape.as_list() if spec.shape.rank is not None else [])]
    if spec.dtype == dtypes.string:  # empty strings (zeros of dtype object would be ints)
        return np.full(shape, b"", dtype=object)
    return np.zeros(shape, dtype=spec.dtype.as_numpy_dtype)


class GraphIterator(Iterator):
    """`iter(dataset)` while a graph is built: its nodes open the iterator when the graph runs
    (or, `owned`, read an eager iterator made outside the graph)."""

    def __init__(self, dataset, open_kernel=None, op="AnonymousIteratorV3", owned=None):
        self._dataset = dataset
        # A SparseTensor is its three component tensors in the graph (its spec: theirs).
        self._specs = structure.components(dataset.element_spec)
        self._n_leaves = len(structure.leaves(dataset.element_spec))  # TensorFlow's count: one per SparseTensor
        if owned is not None:
            self._handle = convert_to_tensor(_owned_handle(owned), dtypes.int64)  # captured by the graph
            return
        graph = graph_building.current()
        first, node = graph.add_call_node(op, open_kernel or (lambda: _open_iterator(dataset)), [], 1, None)
        self._handle = graph.register_outputs([dtypes.int64], first, node, [TensorShape([])], op)[0]

    @property
    def element_spec(self):
        return self._dataset.element_spec

    def __iter__(self):
        return self

    def __next__(self):
        _count_next_call(self)
        return self.get_next()

    def _components(self, op, run, leading):
        graph = graph_building.current()
        out_dtypes = leading + [s.dtype for s in self._specs]
        shapes = [TensorShape([])] * len(leading) + [s.shape for s in self._specs]
        first, node = graph.add_call_node(op, run, [self._handle], len(out_dtypes), None)
        return graph.register_outputs(out_dtypes, first, node, shapes, op)

    def get_next(self):
        """The next element's tensors; the graph's run raises OutOfRangeError at the end."""
        n_leaves = self._n_leaves

        def run(handle):
            iterator = _iterator(handle)
            try:
                if iterator is None:
                    raise StopIteration
                element = next(iterator)
            except StopIteration:
                _close(handle)
                raise end_of_sequence(n_leaves) from None
            return tuple(structure.components(element))
        return structure.from_components(self.element_spec, self._components("IteratorGetNext", run, []))

    def get_next_as_optional_components(self):
        """(whether there was a next element, its tensors: placeholders when there was none)."""
        specs = self._specs

        def run(handle):
            iterator = _iterator(handle)
            try:
                if iterator is None:
                    raise StopIteration
                element = next(iterator)
            except StopIteration:
                _close(handle)
                return (convert_to_tensor(False),) + tuple(convert_to_tensor(_placeholder(s)) for s in specs)
            return (convert_to_tensor(True),) + tuple(structure.components(element))
        out = self._components("IteratorGetNextAsOptional", run, [dtypes.bool])
        return out[0], structure.from_components(self.element_spec, out[1:])


def dataset_for(dataset, body, values, names, extra_test=None):
    """AutoGraph's `for element in dataset` while a graph is built: a tf.while_loop taking the
    elements, the body run while there was one (and extra_test, a lowered break, holds)."""
    return _graph_for(GraphIterator(dataset), dataset, body, values, names, extra_test, close=True)


def _owned_next(iterator):
    """`next(iterator)` of an eager iterator in a traced function: its next element when the
    graph runs (OutOfRangeError at the end, as TensorFlow's IteratorGetNext)."""
    _count_next_call(iterator)
    return GraphIterator(iterator._dataset, owned=iterator).get_next()


def _owned_for(iterator, body, values, names, extra_test):
    """`for element in iterator` of an eager iterator in a traced function: a loop of the graph
    over the elements it has left when the graph runs (the iterator stays open)."""
    return _graph_for(GraphIterator(iterator._dataset, owned=iterator), iterator._dataset, body, values, names,
                      extra_test, close=False)


OwnedIterator._traced_next = staticmethod(_owned_next)
OwnedIterator._traced_for = staticmethod(_owned_for)


def _graph_for(iterator, dataset, body, values, names, extra_test, close):
    has, element = iterator.get_next_as_optional_components()
    flat = structure.components(element)
    n = len(flat)

    def test(has, *rest):
        if extra_test is None:
            return has
        return operators.and_(lambda: has, lambda: extra_test(*rest[n:]))

    def step(has, *rest):
        current = structure.from_components(dataset.element_spec, [array_ops.identity(t) for t in rest[:n]])
        new_values = tuple(body(current, *rest[n:]))
        has_next, following = iterator.get_next_as_optional_components()
        return (has_next,) + tuple(structure.components(following)) + new_values

    element_names = tuple(f"<element {i}>" for i in range(n))
    out = operators._graph_loop(test, step, (has,) + tuple(flat) + tuple(values),
                                ("<has element>",) + element_names + tuple(names))
    # After the loop (its last has-element flag is an input, so the node runs after it), the
    # iterator is closed: a loop ended by a break leaves it open otherwise.
    if close:
        graph_building.current().add_call_node("DeleteIterator", lambda handle, _: (_close(handle), ())[1],
                                               [iterator._handle, out[0]], 0, None)
    return tuple(out[1 + n:])
