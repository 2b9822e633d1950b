"""Shape, index and sequence ops: values against NumPy, dtype rules, zero-copy views, and
TensorFlow's error types and messages (checked against TensorFlow 2.21).
"""
import numpy as np
import pytest

import varrt as tf
from varrt import errors

from op_checks import check, wrapped


# --- reshape, expand_dims, squeeze ----------------------------------------------------------

def test_reshape_is_zero_copy():
    t = tf.constant([1, 2, 3, 4])
    r = tf.reshape(t, [2, 2])
    check(r, [[1, 2], [3, 4]], tf.int32)
    assert r._data.shares_buffer_with(t._data)
    check(tf.reshape(t, (-1, 2)), [[1, 2], [3, 4]], tf.int32)
    check(tf.reshape(t, tf.TensorShape([4, 1])), [[1], [2], [3], [4]], tf.int32)
    check(tf.reshape(tf.constant([1]), []), 1, tf.int32)
    check(tf.reshape(tf.constant([], tf.int32), [0, -1]), np.zeros([0, 1], np.int32), tf.int32)


def test_reshape_errors():
    t = tf.constant([1, 2, 3, 4])
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.reshape(t, [3, 2])
    assert str(e.value) == wrapped("Reshape", "Input to reshape is a tensor with 4 values, but the requested shape has 6",
                                   name="")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.reshape(t, tf.constant([3, 2]))
    assert str(e.value).endswith("requested shape has 6 [Op:Reshape] name: ")
    with pytest.raises(errors.InvalidArgumentError, match="requested shape requires a multiple of 3 \\[Op:Reshape\\]$"):
        tf.reshape(t, [3, -1])
    with pytest.raises(errors.InvalidArgumentError, match="Only one input size may be -1, not both 0 and 1"):
        tf.reshape(t, [-1, -1])
    with pytest.raises(errors.InvalidArgumentError, match="Size 0 must be non-negative, not -2"):
        tf.reshape(t, [-2, 2])
    with pytest.raises(TypeError, match="^Cannot convert 1.5 to EagerTensor of dtype int32$"):
        tf.reshape(t, 1.5)


def test_expand_dims():
    t = tf.constant([1, 2])
    check(tf.expand_dims(t, 0), [[1, 2]], tf.int32)
    check(tf.expand_dims(t, 1), [[1], [2]], tf.int32)
    check(tf.expand_dims(t, -1), [[1], [2]], tf.int32)
    check(tf.expand_dims(t, -2), [[1, 2]], tf.int32)
    check(tf.expand_dims(t, [0]), [[1, 2]], tf.int32)
    check(tf.expand_dims(tf.constant(1), 0), [1], tf.int32)
    check(tf.expand_dims([1, 2], axis=0), [[1, 2]], tf.int32)
    assert tf.expand_dims(t, 0)._data.shares_buffer_with(t._data)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.expand_dims(t, 2)
    assert str(e.value) == wrapped("ExpandDims", "Tried to expand dim index 2 for tensor with 1 dimensions.")
    with pytest.raises(errors.InvalidArgumentError, match="Tried to expand dim index -3 for tensor with 1 dimensions"):
        tf.expand_dims(t, -3)
    with pytest.raises(errors.InvalidArgumentError, match="'dim' must be a tensor with a single value"):
        tf.expand_dims(t, [0, 1])


def test_squeeze():
    t = tf.constant([[[1], [2]]])
    check(tf.squeeze(t), [1, 2], tf.int32)
    check(tf.squeeze(t, axis=0), [[1], [2]], tf.int32)
    check(tf.squeeze(t, axis=[0, 2]), [1, 2], tf.int32)
    check(tf.squeeze(t, axis=-1), [[1, 2]], tf.int32)
    check(tf.squeeze(tf.constant(1)), 1, tf.int32)
    check(tf.squeeze(tf.zeros([1, 0, 1])), np.zeros([0], np.float32), tf.float32)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.squeeze(t, axis=1)
    assert str(e.value) == wrapped("Squeeze", "Can not squeeze dim[1], expected a dimension of 1, got 2")
    with pytest.raises(errors.InvalidArgumentError, match="Tried to squeeze dim index 3 for tensor with 3 dimensions."):
        tf.squeeze(t, axis=3)


# --- transpose, concat, stack, unstack, tile -------------------------------------------------

def test_transpose():
    x = np.arange(6).reshape(2, 3).astype(np.int32)
    check(tf.transpose(tf.constant(x)), x.T, tf.int32)
    y = np.arange(24).reshape(2, 3, 4)
    check(tf.transpose(tf.constant(y), perm=[1, 0, 2]), y.transpose(1, 0, 2), tf.int64)
    check(tf.transpose(tf.constant(x), perm=[-1, 0]), x.T, tf.int32)
    check(tf.transpose(tf.constant(5)), 5, tf.int32)
    check(tf.transpose(tf.constant([1 + 2j]), conjugate=True), [1 - 2j], tf.complex128)
    check(tf.transpose([[1, 2]]), [[1], [2]], tf.int32)
    check(tf.linalg.matrix_transpose(tf.ones([2, 3, 4])), np.ones([2, 4, 3], np.float32), tf.float32)


def test_transpose_errors():
    t = tf.constant([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.transpose(t, perm=[0, 0])
    assert str(e.value) == wrapped("Transpose", "1 is missing from {0,0}.", name="")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.transpose(t, perm=tf.constant([0, 0]))
    assert str(e.value) == wrapped("Transpose", "1 is missing from {0,0}.")
    with pytest.raises(errors.InvalidArgumentError, match=r"2 is out of range \[0 .. 2\)"):
        tf.transpose(t, perm=[0, 2])
    with pytest.raises(errors.InvalidArgumentError, match=r"-1 is out of range \[0 .. 2\)"):
        tf.transpose(t, perm=[0, -3])
    with pytest.raises(errors.InvalidArgumentError, match="transpose expects a vector of size 2. But input\\(1\\) is a "
                                                          "vector of size 1"):
        tf.transpose(t, perm=[0])


def test_concat():
    check(tf.concat([tf.constant([1, 2]), tf.constant([3])], 0), [1, 2, 3], tf.int32)
    check(tf.concat([tf.constant([[1, 2]]), tf.constant([[3, 4]])], axis=1), [[1, 2, 3, 4]], tf.int32)
    check(tf.concat([tf.constant([[1, 2]]), tf.constant([[3, 4]])], axis=-1), [[1, 2, 3, 4]], tf.int32)
    check(tf.concat([tf.constant([[1]]), tf.constant([[2]])], axis=tf.constant(1)), [[1, 2]], tf.int32)
    check(tf.concat([tf.constant([1.]), [3, 4]], 0), [1., 3., 4.], tf.float32)
    check(tf.concat([tf.Variable([1]), tf.constant([2])], 0), [1, 2], tf.int32)
    check(tf.concat((tf.constant(["a"]), tf.constant(["b"])), 0), np.array([b"a", b"b"], object), tf.string)
    check(tf.concat([tf.constant([1, 2])], 0), [1, 2], tf.int32)


def test_concat_errors():
    a = tf.constant([[1, 2]])

    def concat_error(message):
        return wrapped("ConcatV2", "ConcatOp : " + message, name=" name: concat", node="ConcatV2_N_2")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.concat([a, tf.constant([[3, 4]])], axis=2)
    assert str(e.value) == concat_error("Expected concatenating dimensions in the range [-2, 2), but got 2")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.concat([a, tf.constant([3, 4])], axis=0)
    assert str(e.value) == concat_error("Ranks of all input tensors should match: shape[0] = [1,2] vs. shape[1] = [2]")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.concat([a, tf.constant([[3, 4, 5]])], axis=0)
    assert str(e.value) == concat_error("Dimension 1 in both shapes must be equal: shape[0] = [1,2] vs. shape[1] = "
                                        "[1,3]")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.concat([tf.constant(1), tf.constant(2)], 0)
    assert str(e.value) == concat_error("Can't concatenate scalars (use tf.stack instead)")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.concat([tf.constant([1, 2]), tf.constant([3.])], 0)
    assert str(e.value) == ("cannot compute ConcatV2 as input #1(zero-based) was expected to be a int32 tensor but is "
                            "a float tensor [Op:ConcatV2] name: concat")
    with pytest.raises(TypeError, match=r"^Cannot convert \[3.5\] to EagerTensor of dtype int32$"):
        tf.concat([[1, 2], [3.5]], 0)


def test_stack_and_unstack():
    a, b = tf.constant([1, 2]), tf.constant([3, 4])
    check(tf.stack([a, b]), [[1, 2], [3, 4]], tf.int32)
    check(tf.stack([a, b], axis=1), [[1, 3], [2, 4]], tf.int32)
    check(tf.stack([a, b], axis=-1), [[1, 3], [2, 4]], tf.int32)
    check(tf.stack([1, 2, 3]), [1, 2, 3], tf.int32)
    check(tf.stack([1, 2.5]), [1., 2.5], tf.float32)
    check(tf.stack([tf.constant(1.), 2]), [1., 2.], tf.float32)
    check(tf.stack([]), np.zeros([0], np.float32), tf.float32)
    check(tf.stack([tf.Variable([1]), tf.Variable([2])], axis=1), [[1, 2]], tf.int32)
    parts = tf.unstack(tf.constant([[1, 2], [3, 4]]))
    assert isinstance(parts, list) and len(parts) == 2
    check(parts[0], [1, 2], tf.int32)
    check(parts[1], [3, 4], tf.int32)
    cols = tf.unstack(tf.constant([[1, 2], [3, 4]]), axis=-1)
    check(cols[0], [1, 3], tf.int32)
    assert tf.unstack(tf.zeros([0, 2])) == []


def test_stack_and_unstack_errors():
    a = tf.constant([1, 2])
    with pytest.raises(ValueError, match=r"^Argument `axis` = 2 not in range \[-2, 2\)$"):
        tf.stack([a, a], axis=2)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.stack([a, tf.constant([3, 4, 5])])
    assert str(e.value) == wrapped("Pack", "Shapes of all inputs must match: values[0].shape = [2] != values[1].shape "
                                           "= [3]", name=" name: stack", node="Pack_N_2")
    with pytest.raises(errors.InvalidArgumentError, match="^cannot compute Pack as input #1.*int32 tensor but is a "
                                                          "float tensor \\[Op:Pack\\] name: stack$"):
        tf.stack([a, tf.constant([3., 4.])])
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.unstack(tf.constant([[1, 2], [3, 4]]), num=3)
    assert str(e.value) == wrapped("Unpack", "Input shape axis 0 must equal 3, got shape [2,2]", name=" name: unstack",
                                   node="Unpack_num_3")
    with pytest.raises(ValueError, match=r"^Argument `axis` = 0 not in range \[0, 0\)$"):
        tf.unstack(tf.constant(1))


def test_tile():
    check(tf.tile(tf.constant([1, 2]), [2]), [1, 2, 1, 2], tf.int32)
    check(tf.tile(tf.constant([[1, 2]]), [2, 3]), np.tile([[1, 2]], [2, 3]), tf.int32)
    check(tf.tile(tf.constant([[1, 2]]), [0, 1]), np.zeros([0, 2], np.int32), tf.int32)
    check(tf.tile(tf.constant(1), []), 1, tf.int32)
    check(tf.tile(tf.constant([1]), tf.constant([3], tf.int64)), [1, 1, 1], tf.int32)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.tile(tf.constant([[1, 2]]), [2])
    assert str(e.value) == wrapped("Tile", "Expected multiples argument to be a vector of length 2 but got length 1",
                                   name="")
    with pytest.raises(errors.InvalidArgumentError, match=r"Expected multiples\[1\] >= 0, but got -1"):
        tf.tile(tf.constant([[1, 2]]), [2, -1])


def test_identity():
    t = tf.constant([1, 2])
    check(tf.identity(t), [1, 2], tf.int32)
    check(tf.identity([1, 2]), [1, 2], tf.int32)
    v = tf.Variable([1, 2])
    i = tf.identity(v)
    v.assign([3, 4])
    check(i, [1, 2], tf.int32)


# --- creation and shape queries --------------------------------------------------------------

def test_fill_zeros_ones_and_likes():
    check(tf.fill([2], "a"), np.array([b"a", b"a"], object), tf.string)
    check(tf.zeros(2), [0., 0.], tf.float32)
    check(tf.ones((2, 3), dtype=tf.int32), np.ones([2, 3], np.int32), tf.int32)
    check(tf.zeros([2], tf.string), np.array([b"", b""], object), tf.string)
    check(tf.ones([2], tf.bool), [True, True], tf.bool)
    with pytest.raises(TypeError, match="^Cannot convert 1 to EagerTensor of dtype string$"):
        tf.ones([2], tf.string)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.zeros([2, -1])
    assert str(e.value) == wrapped("Fill", "Dimension -1 must be >= 0")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.fill([-1], 1)
    assert str(e.value) == wrapped("Fill", "Dimension -1 must be >= 0", name="")
    check(tf.zeros_like(tf.constant([[1, 2]])), [[0, 0]], tf.int32)
    check(tf.zeros_like(tf.constant([1.5]), dtype=tf.int32), [0], tf.int32)
    check(tf.zeros_like([1, 2]), [0, 0], tf.int32)
    check(tf.zeros_like(tf.constant(["a"])), np.array([b""], object), tf.string)
    check(tf.ones_like(tf.constant([[1, 2]])), [[1, 1]], tf.int32)
    check(tf.ones_like(tf.constant([1.]), dtype=tf.bool), [True], tf.bool)
    check(tf.ones_like(tf.Variable([1.])), [1.], tf.float32)
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'T' of string is not in the list"):
        tf.ones_like(tf.constant(["a"]))


def test_shape_rank_size():
    t = tf.constant([[1, 2, 3]])
    check(tf.shape(t), [1, 3], tf.int32)
    check(tf.shape(tf.constant(1)), np.zeros([0], np.int32), tf.int32)
    check(tf.shape(t, out_type=tf.int64), [1, 3], tf.int64)
    check(tf.shape([1, 2]), [2], tf.int32)
    check(tf.shape(tf.Variable([[1.]])), [1, 1], tf.int32)
    check(tf.rank(t), 2, tf.int32)
    check(tf.rank(1), 0, tf.int32)
    check(tf.size(t), 3, tf.int32)
    check(tf.size(t, out_type=tf.int64), 3, tf.int64)
    check(tf.size(tf.zeros([0, 3])), 0, tf.int32)


# --- gather, gather_nd, where, one_hot -------------------------------------------------------

def test_gather():
    p = tf.constant([1, 2, 3])
    check(tf.gather(p, [0, 2]), [1, 3], tf.int32)
    check(tf.gather(p, 1), 2, tf.int32)
    check(tf.gather(p, [[0, 1], [2, 2]]), [[1, 2], [3, 3]], tf.int32)
    check(tf.gather(tf.constant([[1, 2], [3, 4]]), [1], axis=1), [[2], [4]], tf.int32)
    check(tf.gather(tf.constant([[1, 2], [3, 4]]), [1], axis=-1), [[2], [4]], tf.int32)
    check(tf.gather(tf.constant([[1, 2], [3, 4]]), [[1], [0]], batch_dims=1), [[2], [3]], tf.int32)
    check(tf.gather(tf.Variable([1, 2, 3]), [0, 2]), [1, 3], tf.int32)
    check(tf.gather(p, tf.constant([0, 2], tf.int64)), [1, 3], tf.int32)
    check(tf.gather(p, np.array([0, 2])), [1, 3], tf.int32)
    check(tf.gather(tf.constant(["a", "b"]), [1]), np.array([b"b"], object), tf.string)


def test_gather_errors():
    p = tf.constant([1, 2, 3])
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.gather(p, [5])
    assert str(e.value) == wrapped("GatherV2", "indices[0] = 5 is not in [0, 3)", name="")
    with pytest.raises(errors.InvalidArgumentError, match=r"indices\[1\] = 5 is not in \[0, 3\)"):
        tf.gather(p, [0, 5])
    with pytest.raises(errors.InvalidArgumentError, match=r"indices\[0\] = -1 is not in \[0, 3\)"):
        tf.gather(p, [-1])
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.gather(p, 5)
    assert str(e.value) == wrapped("GatherV2", "indices = 5 is not in [0, 3)")
    with pytest.raises(errors.InvalidArgumentError, match=r"indices\[1,0\] = 5 is not in \[0, 2\)"):
        tf.gather(tf.constant([[1, 2], [3, 4]]), [[0], [5]], axis=1)
    with pytest.raises(errors.InvalidArgumentError, match="Shape must be at least rank 2 but is rank 1"):
        tf.gather(p, [0], axis=1)
    with pytest.raises(errors.InvalidArgumentError, match="params must be at least 1 dimensional"):
        tf.gather(tf.constant(1), [0])
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'Tindices' of float is not in the list"):
        tf.gather(p, [1.])


def test_gather_nd():
    p = tf.constant([[1, 2], [3, 4]])
    check(tf.gather_nd(p, [[0, 1], [1, 0]]), [2, 3], tf.int32)
    check(tf.gather_nd(p, [[1]]), [[3, 4]], tf.int32)
    check(tf.gather_nd(p, [1, 0]), 3, tf.int32)
    q = tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    check(tf.gather_nd(q, [[1], [0]], batch_dims=1), [[3, 4], [5, 6]], tf.int32)
    check(tf.gather_nd(q, [[[1, 0]], [[0, 1]]], batch_dims=1), [[3], [6]], tf.int32)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.gather_nd(p, [[2, 0]])
    assert str(e.value) == wrapped("GatherNd", "indices[0] = [2, 0] does not index into param shape [2,2], node name: "
                                               "GatherNd", name="")
    with pytest.raises(errors.InvalidArgumentError, match="index innermost dimension length must be <= params rank; "
                                                          "saw: 3 vs. 2"):
        tf.gather_nd(p, [[0, 0, 0]])


def test_where():
    check(tf.where(tf.constant([True, False, True])), [[0], [2]], tf.int64)
    check(tf.where(tf.constant([[True, False], [False, True]])), [[0, 0], [1, 1]], tf.int64)
    check(tf.where(tf.constant([1, 0, 2])), [[0], [2]], tf.int64)
    c = tf.constant([True, False])
    check(tf.where(c, tf.constant([1, 2]), tf.constant([3, 4])), [1, 4], tf.int32)
    check(tf.where(c, 1, 0), [1, 0], tf.int32)
    check(tf.where(c, 1., 0), [1., 0.], tf.float32)
    check(tf.where(tf.constant([[True], [False]]), tf.constant([1, 2]), tf.constant([3, 4])), [[1, 2], [3, 4]],
          tf.int32)
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.where(tf.constant([True, False, True]), tf.constant([1, 2]), tf.constant([3, 4]))
    assert str(e.value) == wrapped("SelectV2", "condition [3], then [2], and else [2] must be broadcastable")
    with pytest.raises(errors.InvalidArgumentError, match="^cannot compute SelectV2 as input #0.*bool tensor but is a "
                                                          "int32 tensor"):
        tf.where(tf.constant([1, 0]), tf.constant([1, 2]), tf.constant([3, 4]))
    with pytest.raises(errors.InvalidArgumentError, match="^cannot compute SelectV2 as input #2.*int32 tensor but is a "
                                                          "float tensor"):
        tf.where(c, tf.constant([1, 2]), tf.constant([3., 4.]))
    with pytest.raises(TypeError, match="^Cannot convert 0.5 to EagerTensor of dtype int32$"):
        tf.where(c, tf.constant([1, 2]), 0.5)
    with pytest.raises(ValueError, match="^x and y must both be non-None or both be None.$"):
        tf.where(c, x=tf.constant([1, 2]))
    with pytest.raises(errors.InvalidArgumentError, match="WhereOp : Unhandled input dimensions: 0"):
        tf.where(tf.constant(True))


def test_one_hot():
    check(tf.one_hot([0, 2], 3), [[1., 0., 0.], [0., 0., 1.]], tf.float32)
    check(tf.one_hot([0, -1, 5], 3), [[1., 0., 0.], [0., 0., 0.], [0., 0., 0.]], tf.float32)
    check(tf.one_hot([0, 2], 3, on_value=5, off_value=-1), [[5, -1, -1], [-1, -1, 5]], tf.int32)
    check(tf.one_hot([0, 2], 3, dtype=tf.int32), [[1, 0, 0], [0, 0, 1]], tf.int32)
    check(tf.one_hot([0, 2], 3, axis=0), [[1., 0.], [0., 0.], [0., 1.]], tf.float32)
    check(tf.one_hot([0, 2], 3, on_value=5, dtype=tf.float32), [[5., 0., 0.], [0., 0., 5.]], tf.float32)
    check(tf.one_hot([0, 2], 3, on_value=True, off_value=False), [[True, False, False], [False, False, True]],
          tf.bool)
    check(tf.one_hot(1, 3), [0., 1., 0.], tf.float32)
    check(tf.one_hot(tf.constant([0, 2], tf.uint8), 3), [[1., 0., 0.], [0., 0., 1.]], tf.float32)
    with pytest.raises(TypeError, match="^dtype <dtype: 'int32'> of on_value does not match dtype <dtype: 'float32'> "
                                        "of off_value$"):
        tf.one_hot([0, 2], 3, on_value=5, off_value=0.)
    with pytest.raises(errors.InvalidArgumentError, match="depth must be non-negative, got: -1"):
        tf.one_hot([0, 2], -1)
    with pytest.raises(errors.InvalidArgumentError, match=r"Expected axis to be -1 or between \[0, 2\).  But received: "
                                                          "2"):
        tf.one_hot([0, 2], 3, axis=2)
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'TI' of float is not in the list"):
        tf.one_hot([0., 2.], 3)


# --- range, linspace ---------------------------------------------------------------------------

def test_range():
    check(tf.range(5), [0, 1, 2, 3, 4], tf.int32)
    check(tf.range(1, 5, 2), [1, 3], tf.int32)
    check(tf.range(10, 0, -3), [10, 7, 4, 1], tf.int32)
    check(tf.range(0., 1., 0.25), [0., 0.25, 0.5, 0.75], tf.float32)
    check(tf.range(0, 1, 0.25), [0., 0.25, 0.5, 0.75], tf.float32)
    check(tf.range(5, dtype=tf.int64), [0, 1, 2, 3, 4], tf.int64)
    check(tf.range(5.5), [0., 1., 2., 3., 4., 5.], tf.float32)
    check(tf.range(tf.constant(3, tf.int64)), [0, 1, 2], tf.int64)
    check(tf.range(tf.constant(3), 5.), [3., 4.], tf.float32)
    check(tf.range(0, 1, 0.1), np.float32(0) + np.arange(10).astype(np.float32) * np.float32(0.1), tf.float32)
    assert tf.range(0, 1, 0.1).numpy()[-1] == np.float32(0.90000004)


def test_range_errors():
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.range(1, 5, 0)
    assert str(e.value) == wrapped("Range", "Requires delta != 0: 0")
    with pytest.raises(errors.InvalidArgumentError) as e:
        tf.range(5, 1)
    assert str(e.value) == wrapped("Range", "Requires start <= limit when delta > 0: 5/1")
    with pytest.raises(errors.InvalidArgumentError, match="Requires start >= limit when delta < 0: 1.5/5.5"):
        tf.range(1.5, 5.5, -0.5)
    with pytest.raises(errors.InvalidArgumentError, match="^Value for attr 'Tidx' of uint8 is not in the list"):
        tf.range(3, dtype=tf.uint8)
    with pytest.raises(TypeError, match="^Cannot convert 0 to EagerTensor of dtype bool$"):
        tf.range(3, dtype=tf.bool)


def test_linspace():
    check(tf.linspace(0., 1., 5), [0., 0.25, 0.5, 0.75, 1.], tf.float32)
    check(tf.linspace(0, 1, 5), [0., 0.25, 0.5, 0.75, 1.], tf.float64)
    check(tf.linspace(0., 1., 1), [0.], tf.float32)
    check(tf.linspace(0., 1., 0), np.zeros([0], np.float32), tf.float32)
    check(tf.linspace(0., 10., 4), np.array([0., 3.3333333, 6.6666665, 10.], np.float32), tf.float32)
    check(tf.linspace([0., 1.], [1., 2.], 3), [[0., 1.], [0.5, 1.5], [1., 2.]], tf.float32)
    check(tf.linspace([0., 10.], 1., 3, axis=1), [[0., 0.5, 1.], [10., 5.5, 1.]], tf.float32)
    with pytest.raises(errors.InvalidArgumentError, match="Requires start <= limit when delta > 0: 1/-1"):
        tf.linspace(0., 1., -1)


def test_shape_ops_do_not_change_inputs():
    n = np.arange(6, dtype=np.float32).reshape(2, 3)
    t = tf.constant(n)
    tf.transpose(t), tf.concat([t, t], 0), tf.stack([t, t]), tf.tile(t, [2, 1]), tf.gather(t, [1])
    np.testing.assert_array_equal(t.numpy(), n)
    np.testing.assert_array_equal(n, np.arange(6, dtype=np.float32).reshape(2, 3))
