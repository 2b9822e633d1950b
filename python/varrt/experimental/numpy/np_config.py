"""`tf.experimental.numpy.experimental_enable_numpy_behavior` (TensorFlow's numpy_ops/np_config.py):
NumPy's methods on tf.Tensor, NumPy's type promotion in its operators ("legacy" mode, TensorFlow's
override_binary_operator.maybe_promote_tensors) and NumPy's advanced indexing. Nothing here
touches Tensor until the function is called, as in TensorFlow."""
import numpy as np

from varrt.base import nest, tf_logging
from varrt.experimental.numpy import np_array_ops, np_dtypes, np_math_ops, np_utils, weak_tensor_api
from varrt.framework import flexible_dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import math_ops
from varrt.ops.index_ops import gather

_originals = {}  # Tensor's own operators and __getitem__, which the installed wrappers call

# The operators TensorFlow's binary_op_wrapper (and the comparison overrides) promote.
_PROMOTED_OPERATORS = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or", "xor")
_PROMOTED_COMPARISONS = ("__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__")


is_numpy_style_type_promotion = flexible_dtypes.is_numpy_style_type_promotion


def maybe_promote_tensors(*tensors):
    """The operands converted to NumPy's result type of them all when NumPy-style promotion is on."""
    if not tensors or not is_numpy_style_type_promotion():
        return tensors
    result_type = np_dtypes._result_type(*[np_utils._maybe_get_dtype(x) for x in nest.flatten(tensors)])

    def _promote_or_cast(x):
        if isinstance(x, Tensor):
            return math_ops.cast(x, result_type)
        return convert_to_tensor(x, result_type)

    return [_promote_or_cast(x) for x in tensors]


def _promoting(name):
    """Tensor's operator `name` with its operands promoted first."""
    original = _originals[name]
    reflected = name.startswith("__r") and name not in ("__rshift__",)

    def operator(self, other):
        if other is not None and is_numpy_style_type_promotion():
            if reflected:
                other, self = maybe_promote_tensors(other, self)
            else:
                self, other = maybe_promote_tensors(self, other)
        return original(self, other)

    operator.__name__ = name
    operator.__doc__ = getattr(original, "__doc__", None)
    return operator


def _is_advanced(part):
    """Whether an index component needs NumPy's advanced indexing (a sequence, an array, a
    tensor of rank 1 or more, or a bool)."""
    if isinstance(part, (bool, np.bool_, list)):
        return True
    if isinstance(part, tuple):
        return True
    if isinstance(part, np.ndarray):
        return part.ndim > 0 or part.dtype == np.bool_
    if isinstance(part, Tensor):
        return part.shape.rank != 0 or part.dtype.is_bool
    return False


def _getitem(tensor, key):
    """`tensor[key]` with NumPy's rules: basic keys as TensorFlow slices them; advanced keys
    (sequences, arrays, boolean lists) by NumPy's index arithmetic on the element positions,
    then one gather of those elements (differentiable like TensorFlow's gathers). That needs the
    tensor's static shape and the index's values (in a traced function too); TensorFlow's
    dynamic form (index tensors known only when the graph runs) is not built."""
    parts = key if isinstance(key, tuple) else (key,)
    if isinstance(key, Tensor) and key.dtype.is_bool:
        return _originals["__getitem__"](tensor, key)  # a boolean mask, TensorFlow's own path
    if not any(_is_advanced(p) for p in parts):
        return _originals["__getitem__"](tensor, key)
    if not tensor.shape.is_fully_defined():
        raise NotImplementedError("varrt does not implement NumPy-style advanced indexing of a tensor "
                                  "whose shape is not fully known")

    def concrete(p):
        if isinstance(p, Tensor):
            if getattr(type(p), "_is_symbolic", False):
                raise NotImplementedError("varrt does not implement NumPy-style advanced indexing with an "
                                          "index tensor inside tf.function")
            return p.numpy()
        if isinstance(p, (list, tuple)):
            return np.asarray([q.numpy() if isinstance(q, Tensor) else q for q in p])
        return p

    np_key = tuple(concrete(p) for p in parts)
    shape = tensor.shape.as_list()
    positions = np.arange(int(np.prod(shape, dtype=np.int64)), dtype=np.int64).reshape(shape)[np_key]
    return gather(np_array_ops.reshape(tensor, [-1]), positions)


def _tensor_t(self):
    """The transpose of this tensor."""
    return self.transpose()


def _tensor_ndim(self):
    """The rank of this tensor."""
    return self.shape.ndims


def _tensor_pos(self):
    """Itself, for unary `+`."""
    return self


def _tensor_size(self):
    """The number of elements of this tensor, if its shape is fully known."""
    if not self.shape.is_fully_defined():
        return None
    return np.prod(self.shape.as_list())


def _tensor_tolist(self):
    """This tensor's value as nested Python lists."""
    if getattr(type(self), "_is_symbolic", False):
        raise ValueError("Symbolic Tensors do not support the tolist API.")
    return self.numpy().tolist()


def _enable_numpy_methods(tensor_class):
    """Adds NumPy's methods to `tensor_class` (TensorFlow's list)."""
    tensor_class.T = property(_tensor_t)
    tensor_class.ndim = property(_tensor_ndim)
    tensor_class.size = property(_tensor_size)
    tensor_class.__pos__ = _tensor_pos
    tensor_class.tolist = _tensor_tolist
    tensor_class.transpose = np_array_ops.transpose
    tensor_class.flatten = np_array_ops.flatten
    tensor_class.reshape = np_array_ops._reshape_method_wrapper
    tensor_class.ravel = np_array_ops.ravel
    tensor_class.clip = np_math_ops.clip
    tensor_class.astype = math_ops.cast
    tensor_class.__round__ = np_array_ops.around
    tensor_class.max = np_array_ops.amax
    tensor_class.mean = np_array_ops.mean
    tensor_class.min = np_array_ops.amin
    tensor_class.data = property(lambda self: self)


def _install_promotion_and_indexing():
    """Wraps Tensor's operators and __getitem__ once; the wrappers read the mode on each call."""
    if _originals:
        return
    names = [f"__{op}__" for op in _PROMOTED_OPERATORS] + [f"__r{op}__" for op in _PROMOTED_OPERATORS]
    names += list(_PROMOTED_COMPARISONS)
    for name in names:
        if name in Tensor.__dict__ or hasattr(Tensor, name):
            _originals[name] = getattr(Tensor, name)
    _originals["__getitem__"] = Tensor.__getitem__
    for name in names:
        if name in _originals:
            setattr(Tensor, name, _promoting(name))
    Tensor.__getitem__ = _getitem


def enable_numpy_behavior(prefer_float32=False, dtype_conversion_mode="legacy"):
    """Enables NumPy behaviour on Tensors: NumPy's methods (`T`, `reshape`, `ravel`, `astype`,
    ...), NumPy's indexing, and the dtype conversion mode: 'legacy' promotes in Tensor's operators
    as NumPy does; 'safe' and 'all' are TensorFlow's auto dtype conversion (Python values make weak
    tensors, ops promote by its lattice; 'safe' refuses widening promotions); 'off' converts nothing.

    Args:
      prefer_float32: whether Python floats are inferred as float32 (else float64, NumPy's choice).
      dtype_conversion_mode: 'off', 'legacy', 'safe' or 'all'.

    Raises:
      ValueError: for an unknown mode.
    """
    if dtype_conversion_mode == "safe" or dtype_conversion_mode == "all":
        tf_logging.warning(
            "UserWarning: enabling the new type promotion must happen at the"
            " beginning of the program. Please ensure no TF APIs have been used"
            " yet.")
    flexible_dtypes.set_dtype_conversion_mode(dtype_conversion_mode)
    _install_promotion_and_indexing()
    _enable_numpy_methods(Tensor)
    if flexible_dtypes.is_auto_dtype_conversion_enabled():
        weak_tensor_api.install()
    np_dtypes.set_prefer_float32(prefer_float32)
