"""`tf.strings`: string ops under TensorFlow's tf.strings names."""
from varrt.ops.logging_ops import string_format as format  # noqa: F401,A001  (TensorFlow's name)
from varrt.ops.as_string_ops import as_string  # noqa: F401
from varrt.ops.ragged.ragged_string_ops import split  # noqa: F401
