"""TensorFlow 1's dataset iterators in graphs: `tf.compat.v1.data.make_one_shot_iterator` and
`make_initializable_iterator`. A graph's session keeps the iterator between runs: the handle node
opens it on the graph's first run (one-shot) or when `initializer` runs (initializable), and each
run of `get_next()` takes the next element, `OutOfRangeError` at the end. Executing eagerly, both
return the iterator `iter(dataset)` gives, as TensorFlow's do."""
from varrt.base import dtypes
from varrt.data import graph_iteration
from varrt.data.iterators import OwnedIterator
from varrt.framework import graph_building
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_shape import TensorShape


class _SessionIterator(graph_iteration.GraphIterator):
    """A GraphIterator whose handle stays the same across the graph's runs."""

    def __init__(self, dataset, open_now):
        self._handle_value = None

        def handle():
            if self._handle_value is None:
                self._handle_value = graph_iteration._open_iterator(dataset)[0]
                if not open_now:  # until the initializer runs, there is nothing to iterate
                    graph_iteration._close(self._handle_value)
            return (self._handle_value,)
        super().__init__(dataset, handle, op="IteratorV2")


class InitializableIterator(_SessionIterator):
    """`make_initializable_iterator`'s: `initializer` (re)starts it."""

    def __init__(self, dataset):
        super().__init__(dataset, open_now=False)
        dataset_ = dataset

        def start(handle):
            graph_iteration._open[int(handle.numpy())] = OwnedIterator(dataset_)
            return (convert_to_tensor(True),)
        graph = graph_building.current()
        first, node = graph.add_call_node("MakeIterator", start, [self._handle], 1, None)
        started = graph.register_outputs([dtypes.bool], first, node, [TensorShape([])], "MakeIterator")[0]
        if graph_building.tf1_graph() is graph:  # an op a Session fetches: the node's record
            self._initializer = graph.last_node_operation(node)
        else:
            self._initializer = started.op

    @property
    def initializer(self):
        """The op that starts (or restarts) the iteration."""
        return self._initializer


def make_one_shot_iterator(dataset):
    """An iterator over `dataset` that starts on its graph's first run (TensorFlow 1)."""
    if not graph_building.building():
        return OwnedIterator(dataset)
    return _SessionIterator(dataset, open_now=True)


def make_initializable_iterator(dataset, shared_name=None):
    """An iterator over `dataset` that starts when its `initializer` runs (TensorFlow 1)."""
    if not graph_building.building():
        raise RuntimeError("dataset.make_initializable_iterator is not supported when eager execution is enabled. "
                           "Use `for element in dataset` instead.")
    return InitializableIterator(dataset)
