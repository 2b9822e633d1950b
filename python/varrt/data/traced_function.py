"""The user functions of tf.data's transformations: `TracedFunction` (map, filter, reduce, scan,
take_while), traced once with the element spec as TensorFlow traces it; `DatasetFunction`
(flat_map, interleave), whose result is a dataset."""
import numpy as np

from varrt import autograph
from varrt.base import errors
from varrt.data import map_vectorization, structure
from varrt.data.dataset_spec import DatasetSpec
from varrt.data.op_errors import PendingIteratorError
from varrt.data.sources import _VariantDataset
from varrt.framework.graph_execution_error import kernel_message
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec
from varrt.graph import function as _function


def _as_tuple(value):
    """A function's result as tf.data keeps it: lists become tuples (TensorFlow converts them)."""
    if isinstance(value, list):
        return tuple(_as_tuple(v) for v in value)
    if type(value) is tuple:
        return tuple(_as_tuple(v) for v in value)
    if type(value) is dict:
        return {k: _as_tuple(v) for k, v in value.items()}
    if isinstance(value, dict):  # an OrderedDict stays one (tf.nest keeps a mapping's type)
        return type(value)((k, _as_tuple(v)) for k, v in value.items())
    return value


class TracedFunction:
    """A user function traced once with a dataset's element spec: tuple elements are unpacked
    into arguments (TensorFlow's rule), results kept as tf.data keeps them (lists as tuples)."""

    def __init__(self, fn, element_spec, unpack="tuple"):
        self._fn = autograph.convert(fn)  # TensorFlow converts a dataset function's control flow too
        self._unpack = unpack  # "state_element": reduce's (state, element), never unpacked further
        self._in_spec = element_spec
        self.output_structure = None
        self.output_spec = None
        flat_specs = structure.components(element_spec)  # a SparseTensor passes as its three tensors
        traced = _function.function(self._flat_call, input_signature=flat_specs)
        self._concrete = traced.get_concrete_function()
        self._on_batches = None  # whether call_on_batch may run the graph on a batch (decided when first asked)

    def _flat_call(self, *flat):
        element = structure.from_components(self._in_spec, flat)
        if self._unpack == "state_element":  # reduce's (state, element): the element is one argument
            result = self._fn(*element)
        else:
            result = self._fn(*element) if type(element) is tuple else self._fn(element)
        result = structure.to_tensors(_as_tuple(result))
        self.output_structure = result
        self.output_spec = structure.spec_of(result)
        return structure.components(result)

    def __call__(self, element, release_gil=False):
        # The element has the dataset's element spec, which the function was traced with.
        # `release_gil`: a worker thread's call (parallel_map.py), whose graph runs without the GIL.
        try:
            out = self._concrete._call_flat(structure.components(element), release_gil)
        except errors.OpError as e:  # TensorFlow's iterator reports the node that failed inside the function
            raise PendingIteratorError(type(e), getattr(e, "failed_node_text", None) or kernel_message(e)) from None
        return structure.from_components(self.output_structure, out if isinstance(out, (list, tuple)) else [out])


    def runs_on_batches(self):
        """Whether call_on_batch may run the traced graph once on a batch of elements (an
        elementwise graph: map_vectorization.py), with every leaf a dense tensor."""
        if self._on_batches is None:
            specs = structure.leaves(self._in_spec) + structure.leaves(self.output_spec)
            self._on_batches = (self._unpack == "tuple" and all(type(s) is TensorSpec for s in specs) and
                                map_vectorization.vectorizable(self._concrete, [s.shape for s in
                                                                                structure.leaves(self._in_spec)]))
        return self._on_batches

    def call_on_batch(self, batch, rows):
        """The results for a batch of elements (the element structure, each leaf batched), from
        one run of the graph; where that run fails, from the elements one by one (`rows(batch)`
        gives them), so an error is the one TensorFlow's per-element run raises."""
        try:
            out = self._concrete._call_flat(structure.leaves(batch))
        except Exception:  # noqa: BLE001 - the per-element runs raise the element's own error
            results = [structure.leaves(self(element)) for element in rows(batch)]
            out = [convert_to_tensor(np.stack([t._numpy() for t in column])) for column in zip(*results)]
        return structure.pack(self.output_structure, out if isinstance(out, (list, tuple)) else [out])


class DatasetFunction:
    """A function from an element to a dataset (flat_map, interleave). Traced once, as TensorFlow
    traces it, for the element spec of the datasets it makes (dataset arguments stand in as empty
    datasets of their spec); then, unlike TensorFlow, called again for each element, eagerly (a
    dataset cannot yet be a value of a traced graph in varrt), so its Python side effects run per
    element."""

    def __init__(self, fn, element_spec, make_dataset):
        self._fn = autograph.convert(fn)
        self._make_dataset = make_dataset  # tf.data.Dataset, whose module imports this one
        self._in_spec = element_spec
        self.output_spec = None
        # Each tensor's spec, a SparseTensor's three components' specs; datasets stand in below.
        tensor_specs = structure.components(tuple(s for s in structure.leaves(element_spec)
                                                  if not isinstance(s, DatasetSpec)))
        _function.function(self._traced, input_signature=tensor_specs).get_concrete_function()

    def _traced(self, *tensors):
        specs = structure.leaves(self._in_spec)
        given = iter(structure.from_components(tuple(s for s in specs if not isinstance(s, DatasetSpec)), tensors))
        flat = [self._make_dataset(_VariantDataset([], s.element_spec)) if isinstance(s, DatasetSpec) else next(given)
                for s in specs]
        self.output_spec = self.checked(self(structure.pack(self._in_spec, flat))).element_spec

    @staticmethod
    def checked(result):
        if not structure.is_dataset(result):  # TensorFlow fails where it reads the result's name
            kind = "Tensor" if isinstance(result, Tensor) else type(result).__name__
            raise AttributeError(f"'{kind}' object has no attribute '_name'")
        return result

    def __call__(self, element):
        result = self._fn(*element) if type(element) is tuple else self._fn(element)
        return self.checked(result)
