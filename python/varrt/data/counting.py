"""Transformations that pass some of the elements on, in order: `repeat`, `take`, `skip`,
`shard`, `prefetch`, `assert_cardinality`."""
import itertools

from varrt.base import errors
from varrt.data.constants import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from varrt.data.node import UnaryNode, scalar_int
from varrt.data.op_errors import PendingIteratorError, op_error


class _RepeatDataset(UnaryNode):
    def __init__(self, input_dataset, count):
        self._count = -1 if count is None else scalar_int(count)
        super().__init__(input_dataset)

    def _elements(self):
        rounds = itertools.count() if self._count < 0 else range(self._count)
        for _ in rounds:
            empty = True
            for element in self._input._elements():
                empty = False
                yield element
            if empty:
                return

    def _cardinality(self):
        n = self._input._cardinality()
        if self._count < 0:
            return 0 if n == 0 else (INFINITE_CARDINALITY if n != UNKNOWN_CARDINALITY else UNKNOWN_CARDINALITY)
        if n == INFINITE_CARDINALITY:
            return INFINITE_CARDINALITY if self._count > 0 else 0
        return UNKNOWN_CARDINALITY if n == UNKNOWN_CARDINALITY else n * self._count


class _TakeDataset(UnaryNode):
    def __init__(self, input_dataset, count):
        self._count = scalar_int(count)
        super().__init__(input_dataset)

    def _elements(self):
        if self._count < 0:
            return self._input._elements()
        return itertools.islice(self._input._elements(), self._count)

    def _cardinality(self):
        n = self._input._cardinality()
        if self._count < 0:
            return n
        if n == UNKNOWN_CARDINALITY:
            return UNKNOWN_CARDINALITY
        return self._count if n == INFINITE_CARDINALITY else min(n, self._count)


class _SkipDataset(UnaryNode):
    def __init__(self, input_dataset, count):
        self._count = scalar_int(count)
        super().__init__(input_dataset)

    def _elements(self):
        if self._count < 0:
            return iter(())
        return itertools.islice(self._input._elements(), self._count, None)

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return 0 if self._count < 0 else max(n - self._count, 0)


class _ShardDataset(UnaryNode):
    def __init__(self, input_dataset, num_shards, index):
        self._shards, self._index = scalar_int(num_shards), scalar_int(index)
        if self._shards is not None and self._shards <= 0:
            raise op_error(errors.InvalidArgumentError, "ShardDataset", "Number of shards must be greater than zero "
                           f"(currently num_shards = {self._shards}).")
        if self._index is not None and self._shards is not None and not 0 <= self._index < self._shards:
            raise op_error(errors.InvalidArgumentError, "ShardDataset", f"Index must be between 0 and "
                           f"{self._shards - 1} (currently index = {self._index}).")
        super().__init__(input_dataset)

    def _elements(self):
        return itertools.islice(self._input._elements(), self._index, None, self._shards)

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return n // self._shards + (1 if self._index < n % self._shards else 0)


class _PrefetchDataset(UnaryNode):
    def __init__(self, input_dataset, buffer_size):
        super().__init__(input_dataset)

    def _elements(self):
        return self._input._elements()

    def _cardinality(self):
        return self._input._cardinality()


class _OptionsDataset(UnaryNode):
    """`with_options`: the same elements, carrying the options given (data/options.py)."""

    def __init__(self, input_dataset, options):
        self._given_options = options
        super().__init__(input_dataset)

    def _elements(self):
        return self._input._elements()

    def _cardinality(self):
        return self._input._cardinality()


class _AssertCardinalityDataset(UnaryNode):
    def __init__(self, input_dataset, expected):
        self._expected = scalar_int(expected)
        super().__init__(input_dataset)

    def _elements(self):
        count = 0
        for element in self._input._elements():
            count += 1
            if self._expected != INFINITE_CARDINALITY and count > self._expected:
                raise PendingIteratorError(errors.FailedPreconditionError, "Input dataset was expected to contain "
                                           f"{self._elements_text(self._expected)} but contained at least "
                                           f"{self._elements_text(count)}.")
            yield element
        if self._expected == INFINITE_CARDINALITY or count < self._expected:
            raise PendingIteratorError(errors.FailedPreconditionError, "Input dataset was expected to contain "
                                       f"{self._elements_text(self._expected)} but contained only "
                                       f"{self._elements_text(count)}.")

    @staticmethod
    def _elements_text(n):
        if n == INFINITE_CARDINALITY:
            return "an infinite number of elements"
        return f"{n} element" + ("" if n == 1 else "s")

    def _cardinality(self):
        return self._expected
