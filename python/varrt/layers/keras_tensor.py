"""`KerasTensor`: the symbolic tensor of Keras's functional API (keras/src/backend/common/
keras_tensor.py): a shape (a tuple, the batch dimension first, None where unknown), a dtype
name and a name, and no value. Calling a layer on one returns another (a "symbolic call",
varrt.layers.operation), recording the call as a `Node`; a functional model is the graph of
those nodes between its inputs and outputs.

Keras's rule that it is not a value has one home here: TensorFlow ops refuse it (its
`_as_tensor` conversion hook raises Keras's `__tf_tensor__` message), and so do `int`,
`float`, NumPy and iteration."""
from varrt.base.dtypes import as_dtype
from varrt.layers import naming

_NOT_A_VALUE = ("A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't have any actual "
                "numerical value. You cannot convert it to {}.")

TF_FUNCTION_ERROR = (
    "A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a symbolic placeholder for a "
    "shape and dtype, used when constructing Keras Functional models or Keras Functions. You can only use it as input "
    "to a Keras layer or a Keras operation (from the namespaces `keras.layers` and `keras.ops`). You are likely doing "
    "something like:\n\n```\nx = Input(...)\n...\ntf_fn(x)  # Invalid.\n```\n\nWhat you should do instead is wrap "
    "`tf_fn` in a layer:\n\n```\nclass MyLayer(Layer):\n    def call(self, x):\n        return tf_fn(x)\n\n"
    "x = MyLayer()(x)\n```\n")


def standardize_shape(shape):
    """Keras's shape rule: a tuple of ints and Nones (a TensorShape or list is converted)."""
    if shape is None:
        raise ValueError("Undefined shapes are not supported.")
    if hasattr(shape, "as_list"):
        shape = shape.as_list()
    if not hasattr(shape, "__iter__"):
        raise ValueError(f"Cannot convert '{shape}' to a shape.")
    out = []
    for d in shape:
        if d is None:
            out.append(None)
            continue
        if hasattr(d, "value"):  # a Dimension
            d = d.value
        if not isinstance(d, int) or isinstance(d, bool):
            try:
                d = int(d)
            except (TypeError, ValueError):
                raise ValueError(f"Cannot convert '{tuple(shape)}' to a shape. Found invalid dimension '{d}' of "
                                 f"type '{type(d)}'.") from None
        if d < 0:
            raise ValueError(f"Cannot convert '{tuple(shape)}' to a shape. Negative dimensions are not allowed.")
        out.append(d)
    return tuple(out)


def standardize_dtype(dtype):
    """A dtype as Keras names it ("float32"); None is float32."""
    return "float32" if dtype is None else as_dtype(dtype).name


class KerasTensor:
    """A symbolic tensor (`keras.KerasTensor`): shape, dtype, name; no value."""

    def __init__(self, shape, dtype="float32", sparse=False, ragged=False, record_history=True, name=None):
        self._shape = standardize_shape(shape)
        self._dtype = standardize_dtype(dtype)
        if sparse and ragged:
            raise ValueError("KerasTensor cannot have `sparse=True` and `ragged=True` at the same time.")
        if ragged:
            raise NotImplementedError("varrt's KerasTensor has no ragged form yet.")
        self._sparse = bool(sparse)
        self._ragged = False
        self.name = name or naming.auto_name("KerasTensor")
        self.record_history = record_history

    shape = property(lambda self: self._shape, doc="The shape: a tuple of ints and Nones.")
    dtype = property(lambda self: self._dtype, doc="The dtype's name.")
    sparse = property(lambda self: self._sparse, doc="Whether it stands for a SparseTensor (a sparse Input's).")
    ragged = property(lambda self: self._ragged, doc="Whether it stands for a ragged tensor (never, in varrt).")

    @property
    def ndim(self):
        """The rank (the length of `shape`)."""
        return len(self._shape)

    def _as_tensor(self):
        raise ValueError(TF_FUNCTION_ERROR)

    def __int__(self):
        raise ValueError(_NOT_A_VALUE.format("an int"))

    def __float__(self):
        raise ValueError(_NOT_A_VALUE.format("a float"))

    def __array__(self, dtype=None, copy=None):
        raise ValueError(_NOT_A_VALUE.format("a NumPy array"))

    def __iter__(self):
        raise NotImplementedError("Iterating over a symbolic KerasTensor is not supported.")

    def __bool__(self):
        raise TypeError("A symbolic KerasTensor cannot be used as a boolean.")

    def __repr__(self):
        return (f"<KerasTensor shape={self.shape}, dtype={self.dtype}, sparse={self.sparse}, ragged={self.ragged}, "
                f"name={self.name}>")

    __hash__ = object.__hash__


def is_keras_tensor(x):
    """Whether `x` is a KerasTensor (`keras.utils.is_keras_tensor`)."""
    return isinstance(x, KerasTensor)


def any_symbolic_tensors(args=(), kwargs=None):
    """Whether any argument (nested in lists, tuples or dicts) is a KerasTensor."""
    stack = list(args) + list((kwargs or {}).values())
    while stack:
        x = stack.pop()
        if isinstance(x, KerasTensor):
            return True
        if isinstance(x, (list, tuple)):
            stack.extend(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
    return False
