"""`shuffle` and `cache`: the transformations that hold elements back."""
import itertools

from varrt.base import errors, tf_logging
from varrt.data import cache_file, random_source, structure
from varrt.data.constants import INT64_MAX, UNKNOWN_CARDINALITY
from varrt.data.node import UnaryNode, scalar_int
from varrt.data.op_errors import op_error
from varrt.framework.tensor import Tensor


_LIST_RING_SLOTS = 1 << 17  # the largest buffer_size kept in a list (1 MB of slots)


class _ShuffleDataset(UnaryNode):
    """TensorFlow's shuffle: a ring buffer of `buffer_size` elements, filled before each output;
    each output is the buffered element at a uniformly drawn offset from the ring's start
    (`word % count`), the start's element moved into its slot. TensorFlow's order for a seed."""

    def __init__(self, input_dataset, buffer_size, seed, reshuffle_each_iteration):
        self._buffer_size = scalar_int(buffer_size)
        if self._buffer_size is not None and self._buffer_size <= 0 and self._buffer_size != UNKNOWN_CARDINALITY:
            raise op_error(errors.InvalidArgumentError, "ShuffleDatasetV3",
                           "buffer_size must be greater than zero or UNKNOWN_CARDINALITY")
        reshuffle = True if reshuffle_each_iteration is None else bool(reshuffle_each_iteration)
        self._pass_seeds = random_source.PassSeeds(*random_source.op_seeds(seed), reshuffle)
        super().__init__(input_dataset)

    def _elements(self):
        return self._shuffled(self._input._elements())

    def _shuffled(self, source):
        """The items of `source` (elements, or a source's row indices) in this pass's order."""
        words = random_source.uint32_stream(*next(self._pass_seeds))
        size = self._buffer_size if self._buffer_size > 0 else INT64_MAX  # UNKNOWN: the whole input
        # The ring: a list where it fits (a list's slots cost a third of a dict's), else a dict.
        buffer = [None] * size if size <= _LIST_RING_SLOTS else {}
        start = end = 0
        while True:
            for item in itertools.islice(source, size - (end - start)):
                buffer[end % size] = item
                end += 1
            if start == end:
                return
            index = (start + next(words) % (end - start)) % size
            item = buffer[index]
            buffer[index] = buffer[start % size]
            buffer[start % size] = None  # the ring no longer holds it
            start += 1
            yield item

    def _batches(self, size, drop_remainder):
        """Batches of the shuffled elements of a dataset of slices, gathered by row index (the
        same order as the elements' shuffle, without making each element), or None."""
        source = self._input._node
        arrays = source._rows() if hasattr(source, "_rows") else None
        if arrays is None:
            return None
        return self._gathered(source, arrays, size, drop_remainder)

    def _gathered(self, source, arrays, size, drop_remainder):
        order = self._shuffled(iter(range(source._cardinality())))
        while True:
            indices = list(itertools.islice(order, size))
            if not indices or (drop_remainder and len(indices) < size):
                return
            yield source._gather(arrays, indices)

    def _cardinality(self):
        return self._input._cardinality()


class CacheDataset(UnaryNode):
    """`cache()`: after a complete pass the elements are kept (in memory, or in varrt's cache file
    when a filename is given) and later passes read them instead of the input."""

    def __init__(self, input_dataset, filename):
        self._filename = filename.numpy().decode() if isinstance(filename, Tensor) else str(filename)
        self._kept = None
        super().__init__(input_dataset)

    def _elements(self):
        if self._kept is not None:
            return iter(self._kept)
        if self._filename and cache_file.exists(self._filename):
            flat = cache_file.read(self._filename, structure.leaves(self._element_spec))
            return iter([structure.pack(self._element_spec, e) for e in flat])
        return self._first_pass()

    def _first_pass(self):
        seen, finished = [], False
        try:
            for element in self._input._elements():
                seen.append(element)
                yield element
            finished = True
        finally:
            if not finished:  # the iterator was dropped: TensorFlow's warning, and nothing kept
                tf_logging.warning(_PARTIAL_CACHE_WARNING)
        if self._filename:
            cache_file.write(self._filename, [structure.leaves(e) for e in seen])
        else:
            self._kept = seen

    def _cardinality(self):
        return self._input._cardinality()


_PARTIAL_CACHE_WARNING = (
    "The calling iterator did not fully read the dataset being cached. In order to avoid unexpected truncation of "
    "the dataset, the partially cached contents of the dataset  will be discarded. This can happen if you have an "
    "input pipeline similar to `dataset.cache().take(k).repeat()`. You should use `dataset.take(k).cache().repeat()` "
    "instead.")
