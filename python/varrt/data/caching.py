"""`shuffle` and `cache`: the transformations that hold elements back."""
import itertools

from varrt.base import errors, tf_logging
from varrt.data import cache_file, random_source, structure
from varrt.data.constants import INT64_MAX, UNKNOWN_CARDINALITY
from varrt.data.node import UnaryNode, scalar_int
from varrt.data.op_errors import op_error
from varrt.framework.tensor import Tensor


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
        words = random_source.uint32_stream(*next(self._pass_seeds))
        size = self._buffer_size if self._buffer_size > 0 else INT64_MAX  # UNKNOWN: the whole input
        source, buffer, start, end = self._input._elements(), {}, 0, 0
        while True:
            for element in itertools.islice(source, size - (end - start)):
                buffer[end % size] = element
                end += 1
            if start == end:
                return
            index = (start + next(words) % (end - start)) % size
            element = buffer[index]
            buffer[index] = buffer[start % size]
            del buffer[start % size]
            start += 1
            yield element

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
