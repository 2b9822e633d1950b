"""TensorFlow 1's signatures of tf.strings' functions (tf.compat.v1.strings and the top-level
tf.compat.v1 names): `name` before `unit`, reduce_join's `keep_dims` and `reduction_indices`, and
`string_tensor` beside `input`, each over the TensorFlow 2 function it wraps."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.base import dtypes
from varrt.framework.tensor import Tensor
from varrt.ops import string_hash_ops, string_ops, string_to_number_ops
from varrt.ops.tf1_math_ops import _renamed_argument


def length(input, name=None, unit="BYTE") -> Tensor:  # noqa: A002
    """tf.compat.v1.strings.length: tf.strings.length with `name` before `unit`."""
    return string_ops.length(input, unit=unit, name=name)


def substr(input, pos, len, name=None, unit="BYTE") -> Tensor:  # noqa: A002
    """tf.compat.v1.strings.substr (and tf.compat.v1.substr): tf.strings.substr with `name` before
    `unit`."""
    return string_ops.substr(input, pos, len, unit=unit, name=name)


def reduce_join(inputs, axis=None, keep_dims=None, separator="", name=None, reduction_indices=None,
                keepdims=None) -> Tensor:
    """tf.compat.v1.strings.reduce_join: tf.strings.reduce_join with TensorFlow 1's
    `reduction_indices` and `keep_dims` (either name of each argument, not both)."""
    keepdims = _renamed_argument("keepdims", keepdims, "keep_dims", keep_dims)
    axis = _renamed_argument("axis", axis, "reduction_indices", reduction_indices)
    return string_ops.reduce_join(inputs, axis=axis, keepdims=bool(keepdims), separator=separator, name=name)


def to_number(string_tensor=None, out_type=dtypes.float32, name=None, input=None) -> Tensor:  # noqa: A002
    """tf.compat.v1.strings.to_number (and tf.compat.v1.string_to_number): tf.strings.to_number
    of `input` or, by its TensorFlow 1 name, `string_tensor`."""
    input = _renamed_argument("input", input, "string_tensor", string_tensor)  # noqa: A001
    return string_to_number_ops.to_number(input, out_type, name)


def to_hash_bucket(string_tensor=None, num_buckets=None, name=None, input=None) -> Tensor:  # noqa: A002
    """tf.compat.v1.strings.to_hash_bucket (and tf.compat.v1.string_to_hash_bucket):
    tf.strings.to_hash_bucket of `input` or, by its TensorFlow 1 name, `string_tensor`."""
    input = _renamed_argument("input", input, "string_tensor", string_tensor)  # noqa: A001
    return string_hash_ops.to_hash_bucket(input, num_buckets, name)
