"""`shuffle` and `cache`: the transformations that hold elements back."""
import numpy as np

from varrt.base import errors, tf_logging
from varrt.data import cache_file, structure
from varrt.data.constants import INT64_MAX, UNKNOWN_CARDINALITY
from varrt.data.node import UnaryNode, scalar_int
from varrt.data.op_errors import op_error
from varrt.framework.tensor import Tensor
from varrt.ops import random_ops


class _ShuffleDataset(UnaryNode):
    def __init__(self, input_dataset, buffer_size, seed, reshuffle_each_iteration):
        self._buffer_size = scalar_int(buffer_size)
        if self._buffer_size is not None and self._buffer_size <= 0 and self._buffer_size != UNKNOWN_CARDINALITY:
            raise op_error(errors.InvalidArgumentError, "ShuffleDatasetV3",
                           "buffer_size must be greater than zero or UNKNOWN_CARDINALITY")
        seeds = random_ops.get_seed(seed)
        # One stream of per-iteration seeds: a new order each iteration unless told otherwise.
        self._seeds = np.random.default_rng(None if seeds == (None, None) else list(seeds))
        self._reshuffle = True if reshuffle_each_iteration is None else bool(reshuffle_each_iteration)
        self._fixed_seed = int(self._seeds.integers(0, 2 ** 63))
        super().__init__(input_dataset)

    def _elements(self):
        seed = int(self._seeds.integers(0, 2 ** 63)) if self._reshuffle else self._fixed_seed
        rng = np.random.default_rng(seed)
        size = self._buffer_size if self._buffer_size > 0 else INT64_MAX
        buffer = []
        for element in self._input._elements():
            if len(buffer) < size:
                buffer.append(element)
                continue
            i = int(rng.integers(len(buffer)))
            yield buffer[i]
            buffer[i] = element
        while buffer:
            i = int(rng.integers(len(buffer)))
            buffer[i], buffer[-1] = buffer[-1], buffer[i]
            yield buffer.pop()

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
