"""The user functions of tf.data's transformations: `TracedFunction` (map, filter, reduce, scan,
take_while), traced once with the element spec as TensorFlow traces it; `DatasetFunction`
(flat_map, interleave), whose result is a dataset."""
from varrt import autograph
from varrt.data import structure
from varrt.data.dataset_spec import DatasetSpec
from varrt.data.sources import _VariantDataset
from varrt.framework.tensor import Tensor
from varrt.framework.tensor_spec import TensorSpec
from varrt.graph import function as _function


def _as_tuple(value):
    """A function's result as tf.data keeps it: lists become tuples (TensorFlow converts them)."""
    if isinstance(value, list):
        return tuple(_as_tuple(v) for v in value)
    if type(value) is tuple:
        return tuple(_as_tuple(v) for v in value)
    if isinstance(value, dict):
        return {k: _as_tuple(v) for k, v in value.items()}
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

    def __call__(self, element):
        # The element has the dataset's element spec, which the function was traced with.
        out = self._concrete._call_flat(structure.components(element))
        return structure.from_components(self.output_structure, out if isinstance(out, (list, tuple)) else [out])


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
        tensor_specs = [s for s in structure.leaves(element_spec) if isinstance(s, TensorSpec)]
        _function.function(self._traced, input_signature=tensor_specs).get_concrete_function()

    def _traced(self, *tensors):
        given = iter(tensors)
        flat = [self._make_dataset(_VariantDataset([], s.element_spec)) if isinstance(s, DatasetSpec) else next(given)
                for s in structure.leaves(self._in_spec)]
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
