"""`tf.keras.Input` as far as varrt goes without Keras's functional API: the symbolic input
(`KerasTensor`) that a Sequential takes as its first element, giving the model its input
shape. Used anywhere else (called on by a layer: the functional API) it raises
NotImplementedError."""
from varrt.base.dtypes import as_dtype
from varrt.layers import naming

FUNCTIONAL_MISSING = ("varrt does not have Keras's functional API yet (`tf.keras.Model(inputs, outputs)`, layers "
                      "called on `tf.keras.Input`): subclass `tf.keras.Model`, or use `tf.keras.Sequential` (with "
                      "`tf.keras.Input` as its first element).")


class KerasTensor:
    """The symbolic input `tf.keras.Input` returns: a shape (batch dimension first), a dtype, a name."""

    def __init__(self, shape, dtype, name):
        self.shape = shape
        self.dtype = dtype
        self.name = name
        self.sparse = False
        self.ragged = False

    @property
    def ndim(self):
        return len(self.shape)

    def __array__(self, dtype=None, copy=None):
        # A layer converting it to a value: that is the functional API.
        raise NotImplementedError(FUNCTIONAL_MISSING)

    def __repr__(self):
        return (f"<KerasTensor shape={self.shape}, dtype={self.dtype}, sparse={self.sparse}, ragged={self.ragged}, "
                f"name={self.name}>")


def Input(shape=None, batch_size=None, dtype=None, sparse=None, batch_shape=None, name=None, tensor=None,  # noqa: N802
          optional=False):
    """A symbolic input of `shape` (without the batch dimension) for the first element of a Sequential."""
    if sparse or tensor is not None or optional:
        raise NotImplementedError("varrt's `tf.keras.Input` takes no `sparse`, `tensor` or `optional` yet.")
    if shape is not None and batch_shape is not None:
        raise ValueError("You cannot pass both `shape` and `batch_shape` at the same time.")
    if shape is None and batch_shape is None:
        raise ValueError("You must pass a `shape` argument.")
    batch_shape = tuple(batch_shape) if batch_shape is not None else (batch_size,) + tuple(shape)
    dtype = as_dtype(dtype).name if dtype is not None else "float32"
    return KerasTensor(batch_shape, dtype, name if name is not None else naming.auto_name("keras_tensor"))
