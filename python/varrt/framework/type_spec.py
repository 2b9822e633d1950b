"""`tf.TypeSpec`, the base of the classes that describe a kind of value (TensorSpec,
SparseTensorSpec), and `tf.type_spec_from_value`."""


class TypeSpec:
    """The base class of varrt's value specifications (TensorFlow's tf.TypeSpec): TensorSpec and
    SparseTensorSpec derive from it."""

    __slots__ = ()

    @property
    def value_type(self):
        """The Python type of the values this spec describes."""
        raise NotImplementedError(f"{type(self).__name__} does not name its value type in varrt")
