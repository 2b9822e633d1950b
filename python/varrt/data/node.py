"""What one dataset is: a `DatasetNode` (its element spec, a fresh generator of its elements, its
cardinality), which a `tf.data.Dataset` wraps (dataset_ops.py). A node class is named as
TensorFlow's dataset class of that kind (`_BatchDataset`, ...), the name a dataset prints, and
reads its input datasets through their `element_spec`, `_elements()` and `_cardinality()`."""
from varrt import _C
from varrt.base import errors
from varrt.data.constants import UNKNOWN_CARDINALITY
from varrt.data.op_errors import op_error
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor


def scalar_int(value):
    """A Python int, or None for a tensor whose value is not known while a function is traced (a
    dataset a flat_map or interleave function makes while traced for its element spec only)."""
    if isinstance(value, Tensor):
        if not graph_building.value_known(value) or _C._has_no_value(value):
            return None
        return int(value._data.view())  # a constant made while a graph is built has no numpy()
    return int(value)


def check_positive(value, op, message, node=None):
    """TensorFlow's InvalidArgumentError from op `op` (kernel node `node`) when `value` is not positive."""
    if value is not None and value <= 0:
        raise op_error(errors.InvalidArgumentError, op, message, node)


class DatasetNode:
    """One dataset: its element spec, its elements, its cardinality."""

    _TF_NAME = None  # the class name TensorFlow's dataset of this kind prints, where it is not this class's

    def __init__(self, element_spec):
        self._element_spec = element_spec

    @property
    def element_spec(self):
        return self._element_spec

    @property
    def tf_name(self):
        return self._TF_NAME or type(self).__name__

    def _elements(self):
        """A fresh generator of the elements (tensor nests)."""
        raise NotImplementedError

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


class UnaryNode(DatasetNode):
    """A transformation of one input dataset (its element spec unless told another)."""

    def __init__(self, input_dataset, element_spec=None):
        self._input = input_dataset
        super().__init__(input_dataset.element_spec if element_spec is None else element_spec)
