"""Iterating a dataset: `tf.data.Iterator`, the iterator `iter(dataset)` gives, and
`as_numpy_iterator()`'s. A failure producing an element is raised as the iterator's
IteratorGetNext op raises it (op_errors.py)."""
from varrt.data import structure
from varrt.data.op_errors import PendingIteratorError, at_get_next, end_of_sequence


class Iterator:
    """`tf.data.Iterator`: what iterating a dataset gives (`element_spec`, `get_next`)."""

    @property
    def element_spec(self):
        """The nest of specs each element matches."""
        raise NotImplementedError

    def get_next(self):
        """The next element; `tf.errors.OutOfRangeError` at the end."""
        raise NotImplementedError


class OwnedIterator(Iterator):
    """An iterator over a dataset's elements (`iter(dataset)`)."""

    def __init__(self, dataset):
        self._dataset = dataset
        self._elements = checked(dataset._elements(), dataset.element_spec)

    @property
    def element_spec(self):
        return self._dataset.element_spec

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._elements)

    def get_next(self):
        """The next element; OutOfRangeError at the end (StopIteration is `next`'s)."""
        try:
            return next(self._elements)
        except StopIteration:
            raise end_of_sequence(len(structure.leaves(self.element_spec))) from None


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
