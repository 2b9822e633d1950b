"""`tf.data.DatasetSpec`: the spec of an element that is itself a dataset (what `window` makes),
printed as TensorFlow prints it: `DatasetSpec(TensorSpec(...), TensorShape([]))`."""
from varrt.framework.tensor_shape import TensorShape


class DatasetSpec:
    """The type of a dataset: its `element_spec` (and `dataset_shape`, [] for one dataset)."""

    __slots__ = ("_element_spec", "_dataset_shape")

    def __init__(self, element_spec, dataset_shape=()):
        self._element_spec = element_spec
        self._dataset_shape = TensorShape(dataset_shape)

    @property
    def element_spec(self):
        """The element spec of the datasets this spec describes."""
        return self._element_spec

    @property
    def shape(self):
        """The shape of the dataset value ([] for one dataset)."""
        return self._dataset_shape

    def __eq__(self, other):
        return (type(other) is DatasetSpec and self._element_spec == other._element_spec
                and self._dataset_shape == other._dataset_shape)

    def __hash__(self):
        return hash((DatasetSpec, repr(self._element_spec)))

    def __repr__(self):
        return f"DatasetSpec({self._element_spec!r}, {self._dataset_shape!r})"
