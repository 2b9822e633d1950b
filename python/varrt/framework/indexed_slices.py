"""`IndexedSlices`: a sparse set of rows of a tensor, TensorFlow's `tf.IndexedSlices`.

`values[i]` is row `indices[i]` of a dense tensor of shape `dense_shape` (which may be
unknown). The scatter methods of `Variable` take one as their `sparse_delta`. Like
TensorFlow's, the constructor stores its arguments as given (lists stay lists); converting
to a Tensor adds duplicate rows into zeros of `dense_shape`.
"""
import numpy as np

from varrt import _C
from varrt.framework import graph_building
from varrt.framework.tensor_shape import TensorShape


def _known_only_when_run(t):
    """Whether `t` is a graph tensor with no value while the graph is built."""
    return getattr(type(t), "_is_symbolic", False) and _C._has_no_value(t)


class IndexedSlices:
    """Rows `values` at positions `indices` of a dense tensor of shape `dense_shape`."""

    __slots__ = ("_values", "_indices", "_dense_shape")

    def __init__(self, values, indices, dense_shape=None):
        self._values = values
        self._indices = indices
        self._dense_shape = dense_shape

    @property
    def values(self):
        """The values of the slices (first dimension: one per index)."""
        return self._values

    @property
    def indices(self):
        """The indices of the slices along the first dimension."""
        return self._indices

    @property
    def dense_shape(self):
        """The shape of the dense tensor these slices stand for, or None."""
        return self._dense_shape

    @property
    def dtype(self):
        """The dtype of the values."""
        return self._values.dtype

    @property
    def device(self):
        """The device of the values."""
        return self._values.device

    @property
    def name(self):
        """The name of the values (eager tensors have none)."""
        return getattr(self._values, "name", None)

    @property
    def shape(self):
        """The dense shape as a TensorShape."""
        if self._dense_shape is None:
            return TensorShape(None)
        if _known_only_when_run(self._dense_shape):
            # A graph's Shape of the dense tensor: what the graph knows of it while it is built.
            partial = graph_building.partial_shape_value(self._dense_shape)
            return partial if partial is not None else TensorShape([None] * self._dense_shape.shape[0])
        return TensorShape([int(d) for d in np.asarray(self._dense_shape).reshape(-1)])

    @property
    def op(self):
        """The op that made the values (None eagerly)."""
        raise AttributeError("Tensor.op is undefined when eager execution is enabled.")

    @property
    def graph(self):
        """The graph of the values (None eagerly)."""
        raise AttributeError("Tensor.graph is undefined when eager execution is enabled.")

    def __str__(self):
        # str(), not format(): a Tensor formats as its bare values but prints as tf.Tensor(...).
        shape = "" if self._dense_shape is None else ", dense_shape=" + str(self._dense_shape)
        return "IndexedSlices(indices=" + str(self._indices) + ", values=" + str(self._values) + shape + ")"

    # _as_tensor, the conversion to a dense tensor, is an op: ops/scatter_ops.py installs it.
