"""Transformations by a traced user function: `map` (in parallel too), `filter`, `scan`,
`take_while`; and `unique`."""
import numpy as np

from varrt.base import dtypes, errors
from varrt.data import parallel_map, structure
from varrt.data.node import UnaryNode, scalar_int
from varrt.data.op_errors import op_error
from varrt.data.traced_function import TracedFunction
from varrt.framework.tensor_spec import TensorSpec


class _MapDataset(UnaryNode):
    def __init__(self, input_dataset, map_func):
        self._func = TracedFunction(map_func, input_dataset.element_spec)
        super().__init__(input_dataset, self._func.output_spec)

    def _elements(self):
        for element in self._input._elements():
            yield self._func(element)

    def _batches(self, size, drop_remainder):
        """The batches of this map's results, from the input's batches with the function run once
        per batch (map_vectorization.py), or None where that is not the same."""
        source = getattr(self._input, "_node", None)
        if not hasattr(source, "_batches") or not self._func.runs_on_batches():
            return None
        batches = source._batches(size, drop_remainder)
        if batches is None:
            return None
        template = self._input.element_spec
        return (self._func.call_on_batch(b, lambda b: _rows_of(template, b)) for b in batches)

    def _cardinality(self):
        return self._input._cardinality()


def _rows_of(template, batch):
    """The elements of a batch (leaves split along the first axis), in the structure of `template`."""
    columns = structure.leaves(batch)
    for i in range(int(columns[0].shape[0])):
        yield structure.pack(template, [c[i] for c in columns])


class _ParallelMapDataset(_MapDataset):
    """`map` with `num_parallel_calls`: the traced function run on worker threads (parallel_map.py)."""

    def __init__(self, input_dataset, map_func, num_parallel_calls, deterministic):
        self._workers = parallel_map.parallelism(scalar_int(num_parallel_calls))
        self._deterministic = deterministic is None or bool(deterministic)
        super().__init__(input_dataset, map_func)

    def _elements(self):
        if self._workers == 1:
            return super()._elements()
        return parallel_map.mapped(self._func, self._input._elements(), self._workers, self._deterministic)


class _FilterDataset(UnaryNode):
    def __init__(self, input_dataset, predicate):
        self._func = TracedFunction(predicate, input_dataset.element_spec)
        spec = self._func.output_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.bool and spec.shape.rank == 0):
            raise ValueError("Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return "
                             f"type is {spec}.")
        super().__init__(input_dataset)

    def _elements(self):
        for element in self._input._elements():
            if bool(self._func(element).numpy()):
                yield element


class _ScanDataset(UnaryNode):
    """`scan`: the function traced with the state's spec, traced again with the shapes relaxed
    while the new state's shapes differ from the state's (TensorFlow's loop)."""

    def __init__(self, input_dataset, initial_state, scan_func):
        self._initial = structure.to_tensors(initial_state)
        state_spec = structure.spec_of(self._initial)
        while True:
            step = TracedFunction(scan_func, (state_spec, input_dataset.element_spec), unpack="state_element")
            out = step.output_spec
            if not (type(out) is tuple and len(out) == 2):
                raise TypeError("Invalid `scan_func`. `scan_func` should return a pair consisting of new state and "
                                f"the output value but its return type is {out}.")
            old, new = structure.leaves(state_spec), structure.leaves(out[0])
            if [s.dtype for s in old] != [s.dtype for s in new]:
                old_types = structure.map_leaves(lambda s: s.dtype, state_spec)
                new_types = structure.map_leaves(lambda s: s.dtype, out[0])
                raise TypeError("Invalid `scan_func`. The element types for the new state must match the initial "
                                f"state. Expected {_dtypes_text(old_types)}, got {_dtypes_text(new_types)}.")
            relaxed = [structure.most_specific_compatible_spec(a, b) for a, b in zip(old, new)]
            if relaxed == old:
                break
            state_spec = structure.pack(state_spec, relaxed)
        self._step = step
        super().__init__(input_dataset, out[1])

    def _elements(self):
        state = self._initial
        for element in self._input._elements():
            state, output = self._step((state, element))
            yield output

    def _cardinality(self):
        return self._input._cardinality()


def _dtypes_text(types):
    """A nest of dtypes as TensorFlow's message prints it (str of each dtype: `<dtype: 'int64'>`)."""
    if isinstance(types, dict):
        return "{" + ", ".join(f"{k!r}: {_dtypes_text(v)}" for k, v in types.items()) + "}"
    if isinstance(types, tuple):
        inner = ", ".join(_dtypes_text(t) for t in types)
        return f"({inner},)" if len(types) == 1 else f"({inner})"
    return str(types)


class _TakeWhileDataset(UnaryNode):
    def __init__(self, input_dataset, predicate):
        self._func = TracedFunction(predicate, input_dataset.element_spec)
        spec = self._func.output_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.bool and spec.shape.rank == 0):
            raise ValueError("Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor but its return "
                             f"type is{spec}.")
        super().__init__(input_dataset)

    def _elements(self):
        for element in self._input._elements():
            if not bool(self._func(element).numpy()):
                return
            yield element


class _UniqueDataset(UnaryNode):
    def __init__(self, input_dataset):
        for spec in structure.leaves(input_dataset.element_spec):
            if spec.dtype not in (dtypes.int32, dtypes.int64, dtypes.string):
                raise TypeError(f"`tf.data.Dataset.unique` does not support type {spec.dtype} -- only `tf.int32`, "
                                "`tf.int64`, and `tf.string` are supported.")
        if len(structure.leaves(input_dataset.element_spec)) != 1:
            raise op_error(errors.InvalidArgumentError, "UniqueDataset",
                           "UniqueDataset only supports inputs with a single component.")
        if not isinstance(structure.leaves(input_dataset.element_spec)[0], TensorSpec):  # a composite's variant
            raise op_error(errors.InvalidArgumentError, "UniqueDataset", "UniqueDataset only supports inputs with a "
                           "single `tf.int32`, `tf.int64`, or `tf.string` component.")
        super().__init__(input_dataset)

    def _elements(self):
        seen = set()
        for element in self._input._elements():
            (t,) = structure.leaves(element)
            values = t.numpy()
            key = (tuple(t.shape.as_list()), values.tobytes() if t.dtype != dtypes.string
                   else tuple(np.asarray(values, dtype=object).reshape(-1).tolist()))
            if key not in seen:
                seen.add(key)
                yield element
