"""`tf.TensorArray`: a list of same-shaped tensors, written and read by index, functional as in
TensorFlow 2 (`ta = ta.write(i, x)` returns the new array).

The whole state is one tensor, the *flow*: the elements stacked along a new first dimension.
Every operation is an op on it (TensorArrayWriteV3 writes a row, growing the array when it has
a dynamic size), so a TensorArray works the same eagerly and inside a graph, where it can be a
`tf.while_loop` variable (the loop carries its flow, whose first dimension may change).
"""
import numpy as np

from varrt.base import dtypes
from varrt.base import errors
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import array_ops, index_ops, op_util
from varrt.ops.gradients.registry import NotDifferentiable

for _op in ("TensorArrayWriteV3", "TensorArrayScatterV3"):
    NotDifferentiable(_op)  # gradients flow through reads and stacks (gathers), not through writes


def _index(i):
    return i if isinstance(i, Tensor) else convert_to_tensor(i, dtypes.int32)


class TensorArray:
    """TensorFlow's TensorArray over a stacked flow tensor (see the module docstring)."""

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None, tensor_array_name=None,
                 handle=None, flow=None, infer_shape=True, element_shape=None, colocate_with_first_write_call=True,
                 name=None):
        self._dtype = dtypes.as_dtype(dtype)
        self._dynamic_size = bool(dynamic_size)
        # Eagerly TensorFlow clears an element once read (the default); graphs do not.
        self._clear_after_read = True if clear_after_read is None else bool(clear_after_read)
        self._element_shape = TensorShape(element_shape) if element_shape is not None else TensorShape(None)
        self._infer_shape = infer_shape
        if flow is not None:
            self._flow = flow
            return
        if size is None:
            raise ValueError("Size must be provided if handle is not provided")
        # Until the first write tells the element shape, the rows are scalars (re-laid out then).
        self._unknown_element = not self._element_shape.is_fully_defined()
        dims = [] if self._unknown_element else self._element_shape.as_list()
        if isinstance(size, Tensor):
            shape = array_ops.concat([array_ops.reshape(size, [1]), convert_to_tensor(np.array(dims, np.int32))], 0)
        else:
            shape = [int(size)] + dims
        self._flow = array_ops.zeros(shape, self._dtype)

    def _with_flow(self, flow, element_shape=None):
        ta = TensorArray.__new__(TensorArray)
        ta._dtype, ta._dynamic_size, ta._infer_shape = self._dtype, self._dynamic_size, self._infer_shape
        ta._clear_after_read = self._clear_after_read
        ta._element_shape = element_shape if element_shape is not None else self._element_shape
        ta._flow = flow
        ta._unknown_element = getattr(self, "_unknown_element", False) and element_shape is None
        return ta

    # --- attributes ----------------------------------------------------------------------------

    @property
    def flow(self):
        """The tensor holding the elements, stacked along its first dimension (threaded through each operation)."""
        return self._flow

    @property
    def dtype(self):
        """The dtype of the elements."""
        return self._dtype

    @property
    def dynamic_size(self):
        """Whether writes past the end grow the array."""
        return self._dynamic_size

    @property
    def element_shape(self):
        """The shape every element has (as far as known)."""
        return self._element_shape

    def size(self, name=None):
        """The number of elements, as a scalar int32 Tensor."""
        return array_ops.shape(self._flow)[0]

    def identity(self):
        """A TensorArray with the same contents (and a new flow)."""
        return self._with_flow(self._flow)

    def close(self, name=None):
        """Closes the array (nothing to release in varrt)."""
        return None

    # --- writing -------------------------------------------------------------------------------

    def write(self, index, value, name=None):
        """A TensorArray with `value` at `index` (grown to index + 1 when the size is dynamic)."""
        value = value if isinstance(value, Tensor) else convert_to_tensor(value, self._dtype)
        if value.dtype != self._dtype:
            raise errors.InvalidArgumentError(
                None, None, f"TensorArray dtype is {self._dtype.name} but Op is trying to write dtype "
                f"{value.dtype.name} ")
        shape = value.shape
        if self._element_shape.rank is not None and not self._element_shape.is_compatible_with(shape):
            raise ValueError(f"Inconsistent shapes: saw {shape} but expected {self._element_shape} ")
        dynamic = self._dynamic_size

        def kernel(flow, i, v):
            i = int(i)
            n = flow.shape[0]
            if i < 0 or (i >= n and not dynamic):
                raise errors.OutOfRangeError(None, None, f"Tried to write to index {i} but array is not resizeable "
                                             f"and size is: {n}")
            if flow.shape[1:] != v.shape:
                # Rows laid out before the element shape was known (scalars): nothing written yet.
                flow = np.zeros((n,) + v.shape, flow.dtype)
            if i >= n:
                flow = np.concatenate([flow, np.zeros((i + 1 - n,) + v.shape, flow.dtype)])
            out = np.array(flow, copy=True)
            out[i] = v
            return out

        new = op_util.run("TensorArrayWriteV3", kernel, (self._flow, _index(index), value), self._dtype)
        ta = self._with_flow(new, self._element_shape.merge_with(shape) if self._infer_shape else None)
        ta._unknown_element = False
        return ta

    def unstack(self, value, name=None):
        """A TensorArray holding the rows of `value` as its elements."""
        value = value if isinstance(value, Tensor) else convert_to_tensor(value, self._dtype)
        ta = self._with_flow(array_ops.identity(value), TensorShape(value.shape.as_list()[1:]))
        ta._unknown_element = False
        return ta

    def scatter(self, indices, value, name=None):
        """A TensorArray with the rows of `value` written at `indices`."""
        value = value if isinstance(value, Tensor) else convert_to_tensor(value, self._dtype)
        ta = self
        for k in range(int(value.shape[0])):
            ta = ta.write(index_ops.gather(_index(indices), k), value[k])
        return ta

    # --- reading -------------------------------------------------------------------------------

    def read(self, index, name=None):
        """The element at `index`."""
        value = index_ops.gather(self._flow, _index(index))
        if self._clear_after_read and not graph_building.building():
            # TensorFlow's eager TensorArray drops what was read (stack then gives zeros there).
            self._flow = self.write(index, array_ops.zeros_like(value))._flow
        return value

    def gather(self, indices, name=None):
        """The elements at `indices`, stacked."""
        return index_ops.gather(self._flow, _index(indices))

    def stack(self, name=None):
        """All elements stacked along a new first dimension."""
        return array_ops.identity(self._flow)

    def concat(self, name=None):
        """All elements concatenated along their first dimension."""
        flow = self._flow
        shape = array_ops.shape(flow)
        return array_ops.reshape(flow, array_ops.concat([array_ops.reshape(shape[0] * shape[1], [1]), shape[2:]], 0))
