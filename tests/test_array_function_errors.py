"""The errors the Python functions of the array ops raise before any op runs (split, pad, sort,
eye, meshgrid): TensorFlow 2.21's types and texts, as it printed them for these calls."""
import pytest

import varrt as tf


def _x():
    return tf.reshape(tf.range(6.), [2, 3])


@pytest.mark.parametrize("call, kind, text", [
    (lambda: tf.split(_x(), tf.constant(3), axis=1), ValueError,
     "Rank-0 tensors are not supported as the num_or_size_splits argument to split. Argument provided: "
     "tf.Tensor(3, shape=(), dtype=int32)"),
    (lambda: tf.pad(_x(), [[0, 0], [0, 0]], "foo"), ValueError,
     'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". Received `mode` = FOO'),
    (lambda: tf.sort(_x(), direction="UP"), ValueError,
     "Argument `direction` should be one of ASCENDING, DESCENDING. Received: direction=UP"),
    (lambda: tf.eye(2.5), TypeError,
     "Arguments `num_rows` and `num_columns` must be positive integer values. Received: num_rows=2.5, "
     "num_columns=2.5"),
    (lambda: tf.boolean_mask(_x(), True), ValueError, "mask cannot be scalar."),
    (lambda: tf.boolean_mask(_x(), [True, False, True]), ValueError, "Shapes (2,) and (3,) are incompatible"),
], ids=["split-rank0", "pad-mode", "sort-direction", "eye-float", "mask-scalar", "mask-shape"])
def test_error_is_tensorflows(call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert str(info.value) == text


def test_meshgrid_refuses_an_unknown_indexing():
    with pytest.raises(ValueError) as info:
        tf.meshgrid([1, 2], [3], indexing="xz")
    assert str(info.value) == "Argument `indexing` parameter must be either 'xy' or 'ij', got 'xz'"
