"""TensorFlow's WeakTensor (framework/weak_tensor.py): a tensor whose dtype was inferred from a
Python value while auto dtype conversion is on ("safe"/"all" modes), so it defers to the other
operand's dtype in the ops that promote (framework/flexible_dtypes.py). It wraps a Tensor and is
not one: `isinstance(w, tf.Tensor)` is False and `tf.is_tensor(w)` True, as in TensorFlow. Every op
reads it as its tensor (`_as_tensor`); only the ops ops/weak_tensor_ops.py wraps give weak results.
Its operators are installed there too (they are ops)."""
import numpy as np

from varrt.base import dtypes

_ALLOWED_WEAK_DTYPES = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64, dtypes.complex128)


class WeakTensor:
    """A weakly typed tensor: a Tensor whose dtype defers to other dtypes in promotion."""

    __slots__ = ("tensor",)
    _is_weak_tensor = True  # what flexible_dtypes and the wrappers check, without importing this class
    __array_priority__ = 100  # NumPy defers to its reflected operators, as to Tensor's

    def __init__(self, tensor):
        if tensor.dtype not in _ALLOWED_WEAK_DTYPES:
            raise TypeError(f"{tensor.dtype} not allowed as a weak type. The allowed types are "
                            f"{_ALLOWED_WEAK_DTYPES}.")
        self.tensor = tensor

    @classmethod
    def from_tensor(cls, tensor):
        """The weak tensor holding `tensor` (eager or symbolic)."""
        if getattr(type(tensor), "_is_symbolic", False):
            return GraphWeakTensor(tensor)
        return EagerWeakTensor(tensor)

    def to_tensor(self):
        """The tf.Tensor this holds."""
        return self.tensor

    def _as_tensor(self):
        return self.tensor

    def __tf_tensor__(self, dtype=None, name=None):
        return self.tensor

    def __getattr__(self, name):
        # Tensor's other methods and properties, as TensorFlow's fallback does.
        if name == "tensor":
            raise AttributeError(name)
        return getattr(self.tensor, name)

    def _format(self, text):
        """TensorFlow's text: the tensor's, with ", weak=True" before its closing character."""
        return text[:text.rfind(text[-1])] + ", weak=True" + text[-1]

    def __repr__(self):
        return self._format(repr(self.tensor))

    def __str__(self):
        return self._format(str(self.tensor))

    @property
    def dtype(self):
        """The dtype of the tensor held."""
        return self.tensor.dtype

    @property
    def shape(self):
        """The static shape of the tensor held."""
        return self.tensor.shape

    @property
    def is_tensor_like(self):
        """True (TensorFlow's marker of tensor-like values)."""
        return True

    def __iter__(self):
        tensor = self.tensor
        return (WeakTensor.from_tensor(tensor[i]) for i in range(len(tensor)))

    def __len__(self):
        return len(self.tensor)

    def __bool__(self):
        return bool(self.tensor)

    def __hash__(self):
        return hash(self.tensor)

    def __copy__(self):
        return self  # immutable, as a Tensor

    def __deepcopy__(self, memo):
        return self


class EagerWeakTensor(WeakTensor):
    """A weak tensor holding an eager tensor's value."""

    __slots__ = ()

    def numpy(self):
        """The value as a NumPy array or scalar."""
        return self.tensor.numpy()

    def __array__(self, dtype=None, copy=None):
        return np.array(self.tensor.numpy(), dtype=dtype)

    def __int__(self):
        return int(self.tensor)

    def __float__(self):
        return float(self.tensor)

    def __complex__(self):
        return complex(self.tensor)

    def __index__(self):
        return self.tensor.__index__()

    def __format__(self, format_spec):
        return f"{self.tensor.__format__(format_spec)} weakly typed"


class GraphWeakTensor(WeakTensor):
    """A weak tensor holding a graph (symbolic) tensor."""

    __slots__ = ()


def convert_to_weak_tensor_or_tensor(t, to_weak):
    """`t` as a WeakTensor when `to_weak`, else as a Tensor."""
    if to_weak:
        return WeakTensor.from_tensor(t)
    return t.tensor if isinstance(t, WeakTensor) else t
