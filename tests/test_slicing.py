"""Slicing: `tensor[...]` / `variable[...]` (StridedSlice) against NumPy, TensorFlow's errors,
and `variable[...].assign(value)` (ResourceStridedSliceAssign): broadcasting, copy-on-write,
and an unchanged variable after any error."""
import random
import sys

import numpy as np
import pytest

import varrt as tf

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def slice_error(message):
    return (f"{{{{function_node __wrapped__StridedSlice_device_{CPU}}}}} {message} [Op:StridedSlice] "
            "name: strided_slice/")


def assign_error(message):
    return (f"{{{{function_node __wrapped__ResourceStridedSliceAssign_device_{CPU}}}}} {message} "
            "[Op:ResourceStridedSliceAssign] name: strided_slice/_assign")


def allocs():
    return tf.experimental.memory_stats()["num_allocs"]


A = np.arange(4 * 5 * 6).reshape(4, 5, 6)

HAND_KEYS = [
    0, -1, 3, -4, slice(None), slice(1, 3), slice(None, None, -1), slice(3, 0, -1), slice(-1, -5, -2),
    slice(10, None, -1), slice(-10, 2), slice(2, 2), slice(3, 1), (1, 2), (1, 2, 3), (-1, -2, -3), (Ellipsis,),
    (Ellipsis, 1), (1, Ellipsis), (1, Ellipsis, 2), (None,), (None, 1), (Ellipsis, None), (1, None, 2, None),
    (slice(None), None, slice(None, None, 2)), (None, None, Ellipsis, None), (slice(None, None, 3), Ellipsis, slice(-2, None)),
    (2, slice(None, None, -2), slice(1, -1)), (Ellipsis, slice(None, None, -1)), [1, 2], [Ellipsis, 0],
    (slice(1, 100), slice(-100, 100, 4)), (0, 0, slice(5, -7, -1)),
]


def random_key(rng):
    items = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        if kind < 0.35:
            items.append(rng.randint(-4, 3))
        elif kind < 0.85:
            bound = lambda: None if rng.random() < 0.3 else rng.randint(-8, 8)  # noqa: E731
            items.append(slice(bound(), bound(), rng.choice([None, 1, 2, 3, -1, -2, -3])))
        else:
            items.append(None)
    if rng.random() < 0.3:
        items.insert(rng.randint(0, len(items)), Ellipsis)
    return tuple(items)


RANDOM_KEYS = [random_key(random.Random(seed)) for seed in range(150)]


@pytest.mark.parametrize("key", HAND_KEYS + RANDOM_KEYS, ids=repr)
def test_tensor_slice_matches_numpy(key):
    t = tf.constant(A)
    got = t[key]
    want = A[tuple(key) if isinstance(key, list) else key]
    assert got.shape.as_list() == list(want.shape)
    assert got.dtype == tf.int64
    np.testing.assert_array_equal(got.numpy(), want)


@pytest.mark.parametrize("key", HAND_KEYS[:20], ids=repr)
def test_variable_slice_matches_numpy_for_floats_and_strings(key):
    floats = A.astype(np.float32)
    strings = np.array([str(x).encode() for x in A.reshape(-1)], dtype=object).reshape(A.shape)
    for data in (floats, strings):
        v = tf.Variable(data)
        got = v[key]
        want = data[tuple(key) if isinstance(key, list) else key]
        np.testing.assert_array_equal(got.numpy(), want)


def test_scalar_tensor_and_numpy_integer_indices():
    t = tf.constant([10, 20, 30, 40])
    for i in (tf.constant(2), tf.constant(2, tf.int64), tf.constant(2, tf.int16), np.int32(2), np.int64(2),
              np.array(2), tf.Variable(2)):
        assert int(t[i]) == 30
    assert t[tf.constant(1):tf.constant(3)].numpy().tolist() == [20, 30]
    assert t[::tf.constant(-2)].numpy().tolist() == [40, 20]
    assert t[tf.constant(1, tf.int64):tf.constant(3)].numpy().tolist() == [20, 30]


def test_scalar_input_and_newaxis():
    s = tf.constant(5)
    assert s[...].shape.as_list() == [] and int(s[...]) == 5
    assert s[None].numpy().tolist() == [5]
    assert s[..., None].numpy().tolist() == [5]
    assert tf.newaxis is None


@pytest.mark.parametrize("expr, message", [
    ("t[5]", "slice index 5 of dimension 0 out of bounds."),
    ("t[3]", "slice index 3 of dimension 0 out of bounds."),
    ("t[-4]", "slice index -1 of dimension 0 out of bounds."),
    ("t[2**40]", "slice index 1099511627776 of dimension 0 out of bounds."),
    ("m[:, 7]", "slice index 7 of dimension 1 out of bounds."),
    ("t[0, 0]", "Index out of range using input dim 1; input has only 1 dims"),
    ("t[[0, 1]]", "Index out of range using input dim 1; input has only 1 dims"),
    ("m[:, :, :]", "Index out of range using input dim 2; input has only 2 dims"),
    ("t[::0]", "strides[0] must be non-zero"),
    ("m[..., ...]", "Multiple ellipses in slice spec not allowed"),
    ("s[0]", "Attempting to slice scalar input."),
    ("s[:]", "Attempting to slice scalar input."),
    ("s[None, 0]", "Attempting to slice scalar input."),
])
def test_slice_errors_are_tensorflows(expr, message):
    env = {"t": tf.constant([1, 2, 3]), "m": tf.constant(np.zeros((3, 4))), "s": tf.constant(5)}
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        eval(expr, {}, env)
    assert str(info.value) == slice_error(message)


@pytest.mark.parametrize("index, shown", [
    (1.5, "1.5"), ("a", "'a'"), (np.bool_(True), "np.True_"), (np.array([1]), "array([1])"), ([[0]], "[0]"),
])
def test_invalid_index_types_are_type_errors(index, shown):
    t = tf.constant([1, 2, 3])
    with pytest.raises(TypeError) as info:
        t[index]
    assert str(info.value) == ("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
                               f"tf.int32/tf.int64 tensors are valid indices, got {shown}")


def test_invalid_tensor_indices_are_type_errors():
    t = tf.constant([1, 2, 3])
    for index in (tf.constant([1]), tf.constant(1.0), tf.constant(1, tf.uint8)):
        with pytest.raises(TypeError, match=r"^Only integers, slices .* got <tf.Tensor: shape="):
            t[index]
    with pytest.raises(ValueError, match="out-of-range integer"):
        t[2**63]


# A non-scalar integer index: TensorFlow stacks begin, end and strides (Pack), and then
# StridedSlice rejects parts that are not vectors. What TensorFlow 2.21 prints, on the device
# the op ran on (a bug printed `__wrapped__StridedSlice_device_()`).
@pytest.mark.parametrize("key, shapes", [
    (np.array([[1]]), "[1,1,1], [1,1,1], and [1]"),                 # begin and end = index + 1
    (slice(np.array([[0]]), None), "[1,1,1], [1], and [1]"),        # end and strides are plain
    ((slice(None, np.array([[1]])), slice(None, np.array([[1]]))), "[2], [2,1,1], and [2]"),
])
def test_matrix_indices_fail_as_in_tensorflow(key, shapes):
    for sliced in (tf.constant([[1, 2], [3, 4]]), tf.Variable([[1.0, 2.0], [3.0, 4.0]])):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            sliced[key]
        assert str(info.value) == slice_error("Expected begin, end, and strides to be 1D equal size tensors, but "
                                              f"got shapes {shapes} instead.")


@pytest.mark.parametrize("key, shapes", [
    ((0, np.array([[1, 0]])), "values[0].shape = [] != values[1].shape = [1,2]"),             # begin
    ((slice(None, np.array([[1, 0]])), 0), "values[0].shape = [1,2] != values[1].shape = []"),  # end
])
def test_matrix_index_among_scalars_fails_in_pack(key, shapes):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.constant([[1, 2], [3, 4]])[key]
    assert str(info.value) == (f"{{{{function_node __wrapped__Pack_N_2_device_{CPU}}}}} Shapes of all inputs must "
                               f"match: {shapes} [Op:Pack] name: stack")


def test_boolean_masks():
    m = np.arange(12).reshape(3, 4)
    t = tf.constant(m)
    mask = np.array([True, False, True])
    np.testing.assert_array_equal(t[mask].numpy(), m[mask])
    np.testing.assert_array_equal(t[tf.constant(mask)].numpy(), m[mask])
    mask2 = m % 3 == 0
    np.testing.assert_array_equal(t[mask2].numpy(), m[mask2])
    with pytest.raises(ValueError, match=r"^mask cannot be scalar\.$"):
        t[True]
    with pytest.raises(ValueError, match=r"^Shapes \(3,\) and \(2,\) are incompatible$"):
        t[np.array([True, False])]
    v = tf.Variable(m.astype(np.float32))
    np.testing.assert_array_equal(v[mask].numpy(), m[mask])


def test_slices_of_tensor_rows_share_memory_and_stay_immutable():
    t = tf.constant(np.arange(12.0).reshape(3, 4))
    row = t[1]
    assert np.shares_memory(np.asarray(row), np.asarray(t))
    assert not np.asarray(row).flags.writeable
    assert row.numpy().tolist() == [4.0, 5.0, 6.0, 7.0]
    assert t[0:2].shape.as_list() == [2, 4]
    strided = t[:, ::2]
    assert not np.shares_memory(np.asarray(strided), np.asarray(t))
    assert strided.numpy().tolist() == [[0.0, 2.0], [4.0, 6.0], [8.0, 10.0]]


def test_iteration_and_chained_slices():
    t = tf.constant([[1, 2], [3, 4]])
    assert t[1][0].numpy() == 3
    assert t[None][0][None].shape.as_list() == [1, 2, 2]
    assert t[1:][0:][0].numpy().tolist() == [3, 4]


def test_variable_slice_logs_read_then_strided_slice(capfd):
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    tf._C.set_log_device_placement(True)
    out = v[1]
    v[0].assign([5.0, 6.0])
    tf._C.set_log_device_placement(False)
    ops = [line.split()[2] for line in capfd.readouterr().err.splitlines() if line.startswith("Executing op")]
    assert ops == ["ReadVariableOp", "StridedSlice", "ReadVariableOp", "StridedSlice", "_EagerConst",
                   "ResourceStridedSliceAssign"]
    assert out.numpy().tolist() == [3.0, 4.0]


# --- slice assign ---------------------------------------------------------------------

ASSIGN_CASES = [
    ((1,), np.array([1.0, 2, 3, 4])),
    ((1, slice(1, None)), np.array([7.0, 8, 9])),
    ((0,), 5.0),
    ((slice(None, None, -1), 0), np.array([1.0, 2, 3])),
    ((slice(None), slice(None, None, -2)), np.arange(6.0).reshape(3, 2)),
    ((Ellipsis, 1), np.array([10.0, 20, 30])),
    ((slice(None), None, 1), np.array([[1.0], [2], [3]])),
    ((slice(None), slice(1, None)), np.array([[1.0], [2], [3]])),  # broadcast along a dimension of 1
    ((slice(None), slice(1, None)), np.array([[[1.0, 2, 3]]])),    # extra leading dimensions of 1
    ((Ellipsis,), 0.5),
    ((slice(-1, -4, -1), -1), np.array([1.0, 2, 3])),
    ((0, 0), np.array([9.0])),
    ((0, slice(0, 0)), np.array([5.0, 6.0])),                      # nothing selected: nothing checked
]


@pytest.mark.parametrize("key, value", ASSIGN_CASES, ids=repr)
def test_slice_assign_matches_numpy(key, value):
    model = np.arange(12.0).reshape(3, 4)
    v = tf.Variable(model.copy())
    result = v[key].assign(value)
    target = np.asarray(model[key])
    if target.size:
        value = np.asarray(value)
        while value.ndim > target.ndim:  # extra leading dimensions are 1
            value = value[0]
        model[key] = value
    np.testing.assert_array_equal(v.numpy(), model)
    assert result.name == "UnreadVariable"
    np.testing.assert_array_equal(result.numpy(), model)


def test_slice_assign_converts_python_and_numpy_values():
    v = tf.Variable(np.zeros((2, 3)))
    v[0].assign([1, 2, 3])                      # Python ints into float64
    v[1].assign(np.array([4, 5, 6], np.int32))  # NumPy arrays are cast
    assert v.numpy().tolist() == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    s = tf.Variable([b"a", b"b", b"c"])
    s[1:].assign([b"x", b"y"])
    assert s.numpy().tolist() == [b"a", b"x", b"y"]
    s[::2].assign(b"z")
    assert s.numpy().tolist() == [b"z", b"x", b"z"]
    b = tf.Variable([True, False, True])
    b[1].assign(True)
    assert b.numpy().tolist() == [True, True, True]


def test_slice_assign_errors_leave_the_variable_unchanged():
    v = tf.Variable(np.arange(6.0).reshape(2, 3))
    before = v.numpy()
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        v[0].assign([1.0, 2.0])
    assert str(info.value) == assign_error("Cannot broadcast input shape [2] into final shape [3]")
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        v[:, 1].assign([[10.0], [20.0]])
    assert str(info.value) == assign_error("Cannot broadcast input shape [2,1] into final shape [2]")
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        v[0].assign(np.ones((2, 3)))
    assert str(info.value) == assign_error("Cannot broadcast input shape [2,3] into final shape [3]")
    with pytest.raises(tf.errors.InvalidArgumentError, match="slice index 5 of dimension 0 out of bounds"):
        v[5].assign(1.0)
    with pytest.raises(ValueError, match=r"^Tensor conversion requested dtype float64 for Tensor with dtype int32"):
        v[0].assign(tf.constant([1, 2, 3]))
    with pytest.raises(TypeError, match=r"^Cannot convert 'a' to EagerTensor of dtype double$"):
        v[0, 0].assign("a")
    with pytest.raises(TypeError, match="unexpected keyword argument 'read_value'"):
        v[0].assign([1.0, 2.0, 3.0], read_value=False)
    np.testing.assert_array_equal(v.numpy(), before)


def test_slice_of_a_slice_has_no_assign():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    assert hasattr(v[0], "assign")
    with pytest.raises(AttributeError, match="has no attribute 'assign'"):
        v[0][1].assign(3.0)
    with pytest.raises(AttributeError):
        tf.constant([1.0])[0].assign(2.0)


def test_slice_assign_is_copy_on_write():
    v = tf.Variable(np.zeros((100, 8), np.float32))
    v[0].assign(np.ones(8, np.float32))  # the first update may copy (the initial value's buffer)
    reader = v.read_value()
    view = np.asarray(v)
    n = allocs()
    v[3, 2:].assign(np.full(6, 7.0, np.float32))
    assert allocs() == n + 1  # the copy that spares the readers (v[3, 2:]'s own read is never copied)
    assert reader.numpy()[3].tolist() == [0.0] * 8
    assert view[3].tolist() == [0.0] * 8
    assert v.numpy()[3].tolist() == [0.0, 0.0] + [7.0] * 6
    del reader, view
    n = allocs()
    v[5, 1:3].assign(np.array([1.0, 2.0], np.float32))
    assert allocs() == n  # nothing: the variable is written in place, the unused slice never copied
    assert v.numpy()[5].tolist() == [0.0, 1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0]


def test_variable_slice_keeps_its_value_after_the_variable_changes():
    v = tf.Variable(np.arange(8.0).reshape(2, 4))
    row = v[0]
    whole = v[...]
    v.assign(np.zeros((2, 4)))
    v[0].assign(9.0)
    assert row.numpy().tolist() == [0.0, 1.0, 2.0, 3.0]
    assert whole.numpy()[1].tolist() == [4.0, 5.0, 6.0, 7.0]
    assert v.numpy().tolist() == [[9.0] * 4, [0.0] * 4]


def test_slice_assign_value_from_the_same_variable():
    v = tf.Variable(np.arange(5.0))
    v[1:].assign(v[:-1])
    assert v.numpy().tolist() == [0.0, 0.0, 1.0, 2.0, 3.0]


def test_slicing_does_not_leak_references():
    t = tf.constant([1, 2, 3])
    before = sys.getrefcount(t)
    for _ in range(100):
        t[1:]
    assert sys.getrefcount(t) == before
