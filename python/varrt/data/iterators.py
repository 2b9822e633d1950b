"""Iterating a dataset: `tf.data.Iterator`, the iterator `iter(dataset)` gives, and
`as_numpy_iterator()`'s. A failure producing an element is raised as the iterator's
IteratorGetNext op raises it (op_errors.py).

An iterator is checkpointable, in varrt's own format: `tf.train.Checkpoint(iterator=it)` saves
how many elements it has produced (an int64 variable, `iterator/_position`), and a restore
replays the pipeline from its start with the seeds its random ops had when the iterator was made
and skips that many elements. A resumed run so sees the remaining elements of the saved run when
the pipeline is deterministic for its seeds (no randomness, or seeded random ops); an unseeded
shuffle continues in a new order, where TensorFlow, which saves the shuffle buffer itself,
continues in the saved one. TensorFlow's own state (a variant, `ITERATOR_STATE`) cannot be read:
restoring a TensorFlow checkpoint skips it with a warning, leaving the iterator where it is."""
import warnings

from varrt.base import dtypes
from varrt.data import structure
from varrt.data.op_errors import PendingIteratorError, at_get_next, end_of_sequence
from varrt.data.random_source import PassSeeds
from varrt.framework import graph_building
from varrt.framework.variables import Variable

# The object-graph attribute of TensorFlow's saved iterator state (its entry in the file is
# "<path>/.ATTRIBUTES/ITERATOR_STATE").
TENSORFLOW_STATE = "ITERATOR"
POSITION = "_position"  # varrt's: the child variable holding the elements produced


class Iterator:
    """`tf.data.Iterator`: what iterating a dataset gives (`element_spec`, `get_next`)."""

    @property
    def element_spec(self):
        """The nest of specs each element matches."""
        raise NotImplementedError

    def get_next(self):
        """The next element; `tf.errors.OutOfRangeError` at the end."""
        raise NotImplementedError


def _tracing_function():
    """Whether a tf.function's graph is being built here (not a TensorFlow 1 graph)."""
    return graph_building.tf1_graph() is None


_building_state = graph_building._state  # .graph: the graph being built on this thread (one read per element)


class OwnedIterator(Iterator):
    """An iterator over a dataset's elements (`iter(dataset)`)."""

    def __init__(self, dataset):
        self._dataset = dataset
        # Where each random op's passes stood: a restore replays the pipeline from there.
        self._seeds_at_start = [(seeds, seeds.drawn) for seeds in _pass_seeds_of(dataset)]
        self._elements = checked(dataset._elements(), dataset.element_spec)
        self._produced = 0
        self._position = None  # the checkpoint's variable, made at the first save or restore

    @property
    def element_spec(self):
        return self._dataset.element_spec

    def __iter__(self):
        return self

    # While a tf.function is traced, an iterator made outside it (an argument, a closure) is read
    # by the graph each time it runs, as TensorFlow's IteratorGetNext on the iterator's resource:
    # `next(iterator)` is a node taking the next element then, `for x in iterator` a loop of the
    # graph over the remaining ones. data/graph_iteration.py (above this module) sets these.
    _traced_next = None
    _traced_for = None

    def __next__(self):
        if _building_state.graph is not None and OwnedIterator._traced_next is not None and _tracing_function():
            return OwnedIterator._traced_next(self)
        element = next(self._elements)
        self._produced += 1
        return element

    def get_next(self):
        """The next element; OutOfRangeError at the end (StopIteration is `next`'s)."""
        if _building_state.graph is not None and OwnedIterator._traced_next is not None and _tracing_function():
            return OwnedIterator._traced_next(self)
        try:
            return self.__next__()
        except StopIteration:
            raise end_of_sequence(len(structure.leaves(self.element_spec))) from None

    def _graph_for(self, body, values, names, extra_test):
        """AutoGraph's `for element in iterator` while a function is traced (see _traced_next)."""
        return OwnedIterator._traced_for(self, body, values, names, extra_test)

    # --- checkpoints ---------------------------------------------------------------------------

    def _checkpoint_children(self):
        """The position variable, holding the elements produced (a save writes it; a restore
        writes into it, then _checkpoint_restored replays)."""
        if self._position is None:
            self._position = Variable(self._produced, dtype=dtypes.int64, trainable=False, name="iterator_position")
        else:
            self._position.assign(self._produced)
        return [(POSITION, self._position)]

    def _checkpoint_restored(self, node):
        """After a restore matched this iterator to checkpoint `node` (its TrackableObject)."""
        if any(ref.local_name == POSITION for ref in node.children):
            self._replay(int(self._position.numpy()))
        elif any(a.name == TENSORFLOW_STATE for a in node.attributes):
            warnings.warn("varrt cannot restore a TensorFlow iterator's state (a variant tensor): the iterator is "
                          "not restored and continues where it is; the checkpoint's other values are restored.",
                          stacklevel=3)

    def _replay(self, produced):
        for seeds, drawn in self._seeds_at_start:
            seeds.rewind(drawn)
        self._elements = checked(self._dataset._elements(), self._dataset.element_spec)
        self._produced = 0
        for _ in range(produced):
            try:
                next(self._elements)
            except StopIteration:
                break
            self._produced += 1


def _pass_seeds_of(dataset):
    """The PassSeeds of every random op in a dataset's pipeline (its nodes and their inputs)."""
    found, seen, stack = [], set(), [dataset]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, PassSeeds):
            found.append(obj)
            continue
        if isinstance(obj, (list, tuple)):
            stack.extend(obj)
        elif hasattr(obj, "_elements") and hasattr(obj, "__dict__"):  # a dataset or one of its nodes
            stack.extend(vars(obj).values())
    return found


def checked(elements, element_spec):
    """The elements, a failure producing one raised as the iterator's IteratorGetNext raises it."""
    try:
        yield from elements
    except PendingIteratorError as e:
        raise at_get_next(e, len(structure.leaves(element_spec))) from None


class NumpyIterator:
    """`as_numpy_iterator()`: the elements as NumPy values."""

    def __init__(self, iterator):
        self._iterator = iterator

    def __iter__(self):
        return self

    def __next__(self):
        return structure.as_numpy(next(self._iterator))

    def __repr__(self):
        return f"NumpyIterator(iterator={self._iterator!r})"
