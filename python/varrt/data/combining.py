"""Datasets of several inputs, or of the datasets a function makes: `zip`, `concatenate`,
`flat_map`, `interleave`, and choose_from_datasets' and sample_from_datasets' directed interleave."""
import itertools

from varrt.base import errors
from varrt.data import parallel_map, structure
from varrt.data.constants import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from varrt.data.interleave_order import interleaved
from varrt.data.node import DatasetNode, UnaryNode, check_positive, scalar_int
from varrt.data.op_errors import PendingIteratorError, at_make_iterator, op_error
from varrt.data.traced_function import DatasetFunction


class _ZipDataset(DatasetNode):
    def __init__(self, datasets):
        if isinstance(datasets, list) or not all(structure.is_dataset(d) for d in structure.leaves(datasets)):
            raise TypeError("Invalid input to `zip`. Inputs are expected to be (nested) structures of "
                            "`tf.data.Dataset` objects. Python `list` is not supported and you should use `tuple` "
                            "instead.")
        self._datasets = datasets
        super().__init__(structure.map_leaves(lambda d: d.element_spec, self._datasets))

    def _elements(self):
        iterators = [d._elements() for d in structure.leaves(self._datasets)]
        for items in zip(*iterators):
            yield structure.pack(self._datasets, items)

    def _cardinality(self):
        cards = [d._cardinality() for d in structure.leaves(self._datasets)]
        finite = [c for c in cards if c >= 0]
        if finite:
            return min(finite)
        return UNKNOWN_CARDINALITY if UNKNOWN_CARDINALITY in cards else INFINITE_CARDINALITY


class _ConcatenateDataset(DatasetNode):
    def __init__(self, first, second):
        self._first, self._second = first, second
        specs_a, specs_b = structure.leaves(first.element_spec), structure.leaves(second.element_spec)
        merged = [structure.most_specific_compatible_spec(a, b) for a, b in zip(specs_a, specs_b)]
        if len(specs_a) != len(specs_b) or None in merged:
            raise TypeError(f"Incompatible dataset elements:\n  {first.element_spec} vs.   {second.element_spec}")
        super().__init__(structure.pack(first.element_spec, merged))

    def _elements(self):
        return itertools.chain(self._first._elements(), self._second._elements())

    def _cardinality(self):
        a, b = self._first._cardinality(), self._second._cardinality()
        if INFINITE_CARDINALITY in (a, b):
            return INFINITE_CARDINALITY
        return UNKNOWN_CARDINALITY if UNKNOWN_CARDINALITY in (a, b) else a + b


class _FlatMapDataset(UnaryNode):
    def __init__(self, input_dataset, map_func, make_dataset):
        self._func = DatasetFunction(map_func, input_dataset.element_spec, make_dataset)
        super().__init__(input_dataset, self._func.output_spec)

    def _elements(self):
        for element in self._input._elements():
            yield from self._func(element)._elements()


class _InterleaveDataset(UnaryNode):
    _OP, _NODE = "InterleaveDataset", "InterleaveDataset_Targuments_0"  # the function captures no tensors
    _CYCLE_MESSAGE = "cycle_length must be greater than zero."
    _BLOCK_MESSAGE = "block_length must be greater than zero."

    def __init__(self, input_dataset, map_func, cycle_length, block_length, make_dataset):
        self._func = DatasetFunction(map_func, input_dataset.element_spec, make_dataset)
        cycle = AUTOTUNE if cycle_length is None else scalar_int(cycle_length)
        # AUTOTUNE: TensorFlow's kernel takes the machine's schedulable cores (port::MaxParallelism).
        self._cycle = parallel_map.parallelism(cycle) if cycle == AUTOTUNE else cycle
        self._block = 1 if block_length is None else scalar_int(block_length)
        check_positive(self._cycle, self._OP, self._CYCLE_MESSAGE.format(self._cycle), self._NODE)
        check_positive(self._block, self._OP, self._BLOCK_MESSAGE, self._NODE)
        super().__init__(input_dataset, self._func.output_spec)

    def _elements(self):
        opened = (self._func(element)._elements() for element in self._input._elements())
        return interleaved(opened, self._cycle, self._block)


class _ParallelInterleaveDataset(_InterleaveDataset):
    _OP, _NODE = "ParallelInterleaveDatasetV4", "ParallelInterleaveDatasetV4_Targuments_0"
    _CYCLE_MESSAGE = "`cycle_length` must be `tf.data.AUTOTUNE` or greater than 0 but is {}"
    _BLOCK_MESSAGE = "`block_length` must be > 0"
    _CALLS_MESSAGE = ("If `cycle_length` is set to a fixed value, `num_parallel_calls` must be either "
                      "`tf.data.AUTOTUNE` or a value less than or equal to `cycle_length`. However, "
                      "`num_parallel_calls` is {} and `cycle_length` is {}")

    def __init__(self, input_dataset, map_func, cycle_length, block_length, make_dataset, num_parallel_calls):
        calls = scalar_int(num_parallel_calls)
        cycle = AUTOTUNE if cycle_length is None else scalar_int(cycle_length)
        # TensorFlow's kernel (ParallelInterleaveDatasetV4): an unset cycle length is the calls'
        # number capped at the machine's cores, or, when the calls are autotuned too, the cores
        # divided by the threads each cycle element may use (itself and two prefetched): one on
        # two cores. It decides the order of the elements.
        cores = parallel_map.parallelism(AUTOTUNE)
        if cycle == AUTOTUNE:
            resolved = min(calls, cores) if calls != AUTOTUNE else -(-cores // 3)
        else:
            resolved = cycle
        super().__init__(input_dataset, map_func, resolved, block_length, make_dataset)
        self._calls = calls
        self._calls_error = None
        if calls != AUTOTUNE and calls > resolved:
            message = self._CALLS_MESSAGE.format(calls, resolved)
            if cycle != AUTOTUNE:  # a fixed cycle length: refused when the dataset is made
                raise op_error(errors.InvalidArgumentError, self._OP, message, self._NODE)
            self._calls_error = message  # from the machine's cores: refused when an iterator is made

    def _elements(self):
        if self._calls_error is not None:
            # TensorFlow names the dataset's node of the iterator's graph on a second line.
            raise at_make_iterator(errors.InvalidArgumentError,
                                   self._calls_error + "\n\t [[{{node ParallelInterleaveDatasetV4}}]]")
        return super()._elements()


class _DirectedInterleaveDataset(DatasetNode):
    """choose_from_datasets and sample_from_datasets: each selector index picks the next element of
    that dataset; an empty one ends it all (`stop_on_empty_dataset`) or is passed over."""

    def __init__(self, selector, datasets, stop_on_empty_dataset):
        self._selector, self._datasets, self._stop = selector, list(datasets), bool(stop_on_empty_dataset)
        spec = self._datasets[0].element_spec
        for i, d in enumerate(self._datasets[1:]):
            merged = structure.common_spec(spec, d.element_spec)
            if merged is None:
                raise TypeError("Invalid `datasets`. `datasets` must have compatible element specs.\n Dataset 0 "
                                f"element_spec={self._datasets[0].element_spec}.\nDataset {i + 1} "
                                f"element_spec={d.element_spec}.")
            spec = merged
        super().__init__(spec)

    def _elements(self):
        inputs = [d._elements() for d in self._datasets]
        live = [True] * len(inputs)
        for choice in self._selector._elements():
            i = int(choice.numpy())
            if not 0 <= i < len(inputs):
                raise PendingIteratorError(errors.InvalidArgumentError,
                                           f"Selector index out of range: {i} >= {len(inputs)}")
            if not live[i]:
                continue
            try:
                yield next(inputs[i])
            except StopIteration:
                if self._stop:
                    return
                live[i] = False
                if not any(live):
                    return
