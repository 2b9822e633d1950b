"""Scatter and gather on variables: every op against a NumPy model (duplicates included),
TensorFlow's error messages with the variable left unchanged, copy-on-write proven with the
allocator counters, placement logging, and concurrent updates under the variable's lock."""
import ml_dtypes
import numpy as np
import pytest

import varrt as tf

from op_checks import wrapped
from thread_helpers import run_threads

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
IS = tf.IndexedSlices


def kernel_error(op, message):
    return wrapped(op, message, name="")


def allocs():
    return tf.experimental.memory_stats()["num_allocs"]


def warmed(value):
    """A variable whose buffer is its own (the first update of a new variable may copy its initial value)."""
    v = tf.Variable(value)
    v.assign(value)
    v.assign(np.asarray(value))
    return v


# --- NumPy models --------------------------------------------------------------------

def _apply(kind, d, s):
    if kind == "update":
        return s
    if kind == "add":
        return d + s
    if kind == "sub":
        return d - s
    if kind == "mul":
        return d * s
    if kind == "div":
        if np.issubdtype(d.dtype, np.integer):
            return (np.trunc(d.astype(np.float64) / s.astype(np.float64))).astype(d.dtype)
        return d / s
    if kind == "min":
        return np.where(s < d, s, d)
    if kind == "max":
        return np.where(d < s, s, d)
    raise AssertionError(kind)


def scatter_model(kind, params, indices, updates):
    out = params.copy()
    indices = np.asarray(indices).reshape(-1)
    rows = np.broadcast_to(updates, indices.shape + params.shape[1:]) if np.ndim(updates) == 0 else \
        np.asarray(updates).reshape(indices.shape + params.shape[1:])
    with np.errstate(all="ignore"):
        for i, ix in enumerate(indices):  # in order: duplicates accumulate, the last update wins
            out[ix] = _apply(kind, out[ix], rows[i]).astype(out.dtype)
    return out


def scatter_nd_model(kind, params, indices, updates):
    out = params.copy()
    indices = np.asarray(indices)
    depth = indices.shape[-1]
    flat = indices.reshape(-1, depth)
    rows = np.asarray(updates).reshape((len(flat),) + params.shape[depth:])
    with np.errstate(all="ignore"):
        for i, ix in enumerate(flat):
            out[tuple(ix)] = _apply(kind, out[tuple(ix)], rows[i]).astype(out.dtype)
    return out


KINDS = ["update", "add", "sub", "mul", "div", "min", "max"]
NUMERIC = [np.float32, np.float64, np.int32, np.int64, np.int8, np.int16, np.uint8, np.uint16, np.uint32,
           np.uint64, np.float16, ml_dtypes.bfloat16]


@pytest.mark.parametrize("dtype", NUMERIC, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("kind", KINDS)
def test_scatter_matches_numpy_with_duplicates(kind, dtype):
    rng = np.random.default_rng(7)
    params = rng.integers(1, 9, size=(6, 3)).astype(dtype)
    indices = np.array([4, 0, 4, 2, 4], np.int64)
    updates = rng.integers(1, 5, size=(5, 3)).astype(dtype)
    v = tf.Variable(params)
    result = getattr(v, f"scatter_{kind}")(IS(updates, indices))
    want = scatter_model(kind, params, indices, updates)
    np.testing.assert_array_equal(v.numpy(), want)
    assert result.name == "UnreadVariable"
    np.testing.assert_array_equal(result.numpy(), want)


@pytest.mark.parametrize("kind", KINDS)
def test_scatter_scalar_updates_and_higher_rank_indices(kind):
    params = np.arange(1.0, 13.0).reshape(4, 3)
    v = tf.Variable(params)
    getattr(v, f"scatter_{kind}")(IS(2.0, [3, 1]))  # a scalar update applies to every element of the rows
    want = scatter_model(kind, params, [3, 1], 2.0)
    np.testing.assert_array_equal(v.numpy(), want)
    updates = np.arange(1.0, 13.0).reshape(2, 2, 3)
    getattr(v, f"scatter_{kind}")(IS(updates, [[0, 1], [1, 2]]))
    np.testing.assert_array_equal(v.numpy(), scatter_model(kind, want, [[0, 1], [1, 2]], updates))


def test_scatter_complex_strings_and_bools():
    c = tf.Variable(np.array([1 + 1j, 2, 3], np.complex64))
    c.scatter_mul(IS(np.array([2j], np.complex64), [0]))
    c.scatter_div(IS(np.array([2], np.complex64), [1]))
    c.scatter_add(IS(np.array([1j, 1j], np.complex64), [2, 2]))
    assert c.numpy().tolist() == [-2 + 2j, 1 + 0j, 3 + 2j]
    s = tf.Variable([b"a", b"b", b"c"])
    s.scatter_update(IS([b"x", b"y"], [2, 0]))
    assert s.numpy().tolist() == [b"y", b"b", b"x"]
    assert s.sparse_read([2, 2]).numpy().tolist() == [b"x", b"x"]
    b = tf.Variable([True, False])
    b.scatter_update(IS([True], [1]))
    assert b.numpy().tolist() == [True, True]


def test_integer_arithmetic_wraps_and_division_truncates():
    v = tf.Variable(np.array([-7, 7, 2**31 - 1, -2**31], np.int32))
    v.scatter_div(IS(np.array([2, -2], np.int32), [0, 1]))
    v.scatter_add(IS(np.array([1], np.int32), [2]))
    v.scatter_div(IS(np.array([-1], np.int32), [3]))  # INT_MIN / -1 wraps instead of trapping
    assert v.numpy().tolist() == [-3, -3, -2**31, -2**31]
    u = tf.Variable(np.array([1, 2], np.uint8))
    u.scatter_sub(IS(np.array([3], np.uint8), [1]))
    assert u.numpy().tolist() == [1, 255]


def test_min_max_nan_semantics():
    v = tf.Variable(np.array([np.nan, 1.0], np.float32))
    v.scatter_max(IS([1.0, np.nan], [0, 1]))
    assert np.isnan(v.numpy()[0]) and v.numpy()[1] == 1.0
    v.scatter_min(IS([1.0, np.nan], [0, 1]))
    assert np.isnan(v.numpy()[0]) and v.numpy()[1] == 1.0


@pytest.mark.parametrize("kind", ["update", "add", "sub", "min", "max"])
def test_scatter_nd_matches_numpy(kind):
    params = np.arange(24.0).reshape(2, 3, 4)
    v = tf.Variable(params)
    indices = [[1, 2], [0, 0], [1, 2]]  # duplicates apply in order
    updates = np.arange(12.0).reshape(3, 4) - 5
    result = getattr(v, f"scatter_nd_{kind}")(indices, updates)
    want = scatter_nd_model(kind, params, np.array(indices), updates)
    np.testing.assert_array_equal(v.numpy(), want)
    assert result.name == "UnreadVariable"
    elements = [[[0, 1, 2], [1, 0, 3]]]  # full-depth indices with an extra batch dimension
    getattr(v, f"scatter_nd_{kind}")(elements, [[100.0, 200.0]])
    np.testing.assert_array_equal(v.numpy(), scatter_nd_model(kind, want, np.array(elements), np.array([[100.0, 200.0]])))


def test_scatter_nd_rank1_indices_strings_and_bools():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    v.scatter_nd_update([1], [[7.0, 8.0]])  # 1-D indices: entries of depth 1
    assert v.numpy().tolist() == [[1.0, 2.0], [7.0, 8.0]]
    s = tf.Variable([b"a", b"b"])
    s.scatter_nd_update([[1]], [b"z"])
    assert s.numpy().tolist() == [b"a", b"z"]
    b = tf.Variable([True, True, False, False])
    b.scatter_nd_add([[0], [1], [2], [3]], [True, False, True, False])  # logical or
    assert b.numpy().tolist() == [True, True, True, False]
    b.scatter_nd_sub([[0], [1], [2], [3]], [True, False, True, False])  # exclusive or
    assert b.numpy().tolist() == [False, True, False, False]


def test_sparse_read_and_gather_nd_match_numpy():
    params = np.arange(24.0).reshape(4, 3, 2)
    v = tf.Variable(params)
    for indices in ([2, 0, 2], [[3], [1]], 1, np.array([0, 3], np.int64), tf.constant([1, 2]), tf.Variable([3])):
        want = params[np.asarray(indices)]
        np.testing.assert_array_equal(v.sparse_read(indices).numpy(), want)
    for indices in ([[0, 1], [3, 2]], [1], [[1]], [[[0, 1, 1]], [[3, 2, 0]]], np.zeros((2, 0), np.int32)):
        idx = np.asarray(indices)
        flat = idx.reshape(int(np.prod(idx.shape[:-1])), idx.shape[-1])
        want = np.stack([params[tuple(i)] for i in flat]).reshape(
            idx.shape[:-1] + params.shape[idx.shape[-1]:])
        np.testing.assert_array_equal(v.gather_nd(indices).numpy(), want)
    assert v.gather_nd(np.zeros((0, 2), np.int32)).shape.as_list() == [0, 2]
    strings = tf.Variable([b"a", b"b"])
    assert strings.gather_nd([[1]]).numpy().tolist() == [b"b"]


def test_batch_scatter_update_matches_numpy():
    v = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    result = v.batch_scatter_update(IS([[10.0, 11.0], [20.0, 21.0]], [[2, 1], [0, 0]]))
    assert v.numpy().tolist() == [[1.0, 11.0, 10.0], [21.0, 5.0, 6.0]]
    assert result.name == "UnreadVariable"
    v3 = tf.Variable(np.arange(12.0).reshape(2, 3, 2))
    v3.batch_scatter_update(IS([[[10.0, 11.0]], [[20.0, 21.0]]], tf.constant([[2], [0]], tf.int64)))
    want = np.arange(12.0).reshape(2, 3, 2)
    want[0, 2] = [10.0, 11.0]
    want[1, 0] = [20.0, 21.0]
    np.testing.assert_array_equal(v3.numpy(), want)
    flat = tf.Variable([1.0, 2.0, 3.0])
    flat.batch_scatter_update(IS([10.0], [2]))
    assert flat.numpy().tolist() == [1.0, 2.0, 10.0]


# --- errors: TensorFlow's messages, the variable unchanged ------------------------------

SCATTER_OPS = {"update": "ResourceScatterUpdate", "add": "ResourceScatterAdd", "sub": "ResourceScatterSub",
               "mul": "ResourceScatterMul", "div": "ResourceScatterDiv", "min": "ResourceScatterMin",
               "max": "ResourceScatterMax"}


@pytest.mark.parametrize("kind", KINDS)
def test_scatter_errors_leave_the_variable_unchanged(kind):
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    before = v.numpy()
    op = SCATTER_OPS[kind]
    method = getattr(v, f"scatter_{kind}")
    cases = [
        (IS([[10.0, 10.0]], [5]), "indices[0] = 5 is not in [0, 3)"),
        (IS([[10.0, 10.0]], [-1]), "indices[0] = -1 is not in [0, 3)"),
        # TensorFlow writes row 0 before it finds the bad index; varrt checks every index first.
        (IS([[9.0, 9.0], [8.0, 8.0]], [0, 9]), "indices[1] = 9 is not in [0, 3)"),
        (IS([[[9.0, 9.0]]], [[-3]]), "indices[0,0] = -3 is not in [0, 3)"),
        (IS([[10.0, 10.0]], [0, 1]), "The shape of indices ([2]) must be a prefix of the shape of updates ([1,2])"),
        (IS([10.0, 10.0], [0]), "Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = [], "
                                "got updates.shape [2], indices.shape [1], params.shape [3,2]"),
        # TensorFlow checks only the rank here and writes out of place; varrt requires params.shape[1:].
        (IS([[10.0, 10.0, 10.0]], [0]), "Must have updates.shape = indices.shape + params.shape[1:] or "
                                        "updates.shape = [], got updates.shape [1,3], indices.shape [1], "
                                        "params.shape [3,2]"),
    ]
    for delta, message in cases:
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            method(delta)
        assert str(info.value) == kernel_error(op, message)
        np.testing.assert_array_equal(v.numpy(), before)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        method(IS([[1.0, 1.0]], [1.0]))
    assert str(info.value).startswith("Value for attr 'Tindices' of float is not in the list of allowed values: "
                                      "int32, int64")
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'Tindices' of uint8"):
        method(IS([[1.0, 1.0]], np.array([1], np.uint8)))
    with pytest.raises(ValueError, match=r"^Tensor conversion requested dtype float32 for Tensor with dtype int32"):
        method(IS(tf.constant([[10, 10]]), [0]))
    with pytest.raises(TypeError, match=r"^Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: "
                                        r"\[\[1.0, 2.0\]\]$"):
        method([[1.0, 2.0]])
    np.testing.assert_array_equal(v.numpy(), before)


def test_scatter_div_by_zero_and_unsupported_dtypes():
    v = tf.Variable([1.0, 2.0])
    for delta in (IS([0.0, 1.0], [0, 1]), IS(0.0, [0]), IS([-0.0], [0]), IS([0.0], [5])):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            v.scatter_div(delta)
        assert str(info.value) == kernel_error("ResourceScatterDiv", "updates must not contain 0")
    assert v.numpy().tolist() == [1.0, 2.0]
    with pytest.raises(tf.errors.InvalidArgumentError, match="updates must not contain 0"):
        tf.Variable([1, 2]).scatter_div(IS([0], [0]))
    s = tf.Variable([b"a", b"b"])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^Value for attr 'dtype' of string is not in the list"):
        s.scatter_add(IS([b"z"], [1]))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^Value for attr 'dtype' of bool is not in the list"):
        tf.Variable([True]).scatter_max(IS([True], [0]))
    c = tf.Variable(np.array([1, 2], np.complex64))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^No OpKernel was registered to support Op "
                                                             r"'ResourceScatterMin'"):
        c.scatter_min(IS(np.array([3], np.complex64), [1]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="No OpKernel .* 'ResourceScatterNdAdd'"):
        s.scatter_nd_add([[1]], [b"z"])
    assert s.numpy().tolist() == [b"a", b"b"] and c.numpy().tolist() == [1, 2]


def test_scatter_nd_errors_leave_the_variable_unchanged():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    before = v.numpy()
    op = "ResourceScatterNdAdd"
    cases = [
        ([[5, 0]], [1.0], "indices[0] = [5, 0] does not index into shape [3,2]"),
        ([[-1, 0]], [1.0], "indices[0] = [-1, 0] does not index into shape [3,2]"),
        # TensorFlow reports the last bad index and has applied the good ones before it.
        ([[5, 0], [0, 0], [7, 0], [0, 0]], [1.0, 2.0, 3.0, 4.0], "indices[2] = [7, 0] does not index into shape [3,2]"),
        ([[0, 0]], [1.0, 2.0], "Dimensions [0,1) of indices[shape=[1,2]] = 1 must match dimensions [0,1) of "
                               "updates[shape=[2]] = 2"),
        ([[0, 0, 0]], [1.0], "Dimensions [3,2) of input[shape=[3,2]] must match dimensions [3,1) of "
                             "updates[shape=[1]]"),
        ([[0]], [[1.0, 2.0, 3.0]], "Dimensions [1,2) of input[shape=[3,2]] must match dimensions [1,2) of "
                                   "updates[shape=[1,3]]"),
        ([[0, 0]], [[1.0]], "Dimensions [2,2) of input[shape=[3,2]] must match dimensions [2,2) of "
                            "updates[shape=[1,1]]"),
        (np.zeros((0,), np.int32), [9.0, 8.0], "Indices and updates specified for empty output.  indices shape: [0]"),
    ]
    for indices, updates, message in cases:
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            v.scatter_nd_add(indices, updates)
        assert str(info.value) == kernel_error(op, message)
        np.testing.assert_array_equal(v.numpy(), before)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.Variable(1.0).scatter_nd_update([[0]], [1.0])
    assert str(info.value) == kernel_error("ResourceScatterNdUpdate", "Output must be at least 1-D, got shape: []")
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'Tindices' of float"):
        v.scatter_nd_update([[0.0, 0.0]], [1.0])
    np.testing.assert_array_equal(v.numpy(), before)


def test_gather_errors():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    for indices, message in (([5], "indices[0] = 5 is not in [0, 3)"), ([-1], "indices[0] = -1 is not in [0, 3)"),
                             ([[0, 7]], "indices[0,1] = 7 is not in [0, 3)"),
                             ([5, 0, 7], "indices[0] = 5 is not in [0, 3)")):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            v.sparse_read(indices)
        assert str(info.value) == kernel_error("ResourceGather", message)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.Variable(5.0).sparse_read([0])
    assert str(info.value) == kernel_error("ResourceGather", "params must be at least 1 dimensional")
    for indices, message in (
            ([[5, 0], [0, 0], [7, 0]], "indices[2] = [7, 0] does not index into param shape [3,2], node name: "
                                       "ResourceGatherNd"),
            ([0, 5], "indices = [0, 5] does not index into param shape [3,2], node name: ResourceGatherNd"),
            ([[[5]]], "indices[0,0] = [5] does not index into param shape [3,2], node name: ResourceGatherNd"),
            ([[0, 0, 0]], "index innermost dimension length must be <= params rank; saw: 3 vs. 2")):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            v.gather_nd(indices)
        assert str(info.value) == kernel_error("ResourceGatherNd", message)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.Variable(np.zeros((0, 2), np.float32)).gather_nd([[0]])
    assert str(info.value) == kernel_error("ResourceGatherNd", "Requested more than 0 entries, but params is "
                                                               "empty.  Params shape: [0,2]")
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'Tindices' of float"):
        v.sparse_read([])


def test_batch_scatter_update_errors():
    v = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[0,0\] = \[0, 5\] does not index into "
                                                             r"shape \[2,3\]"):
        v.batch_scatter_update(IS([[10.0], [20.0]], [[5], [0]]))
    with pytest.raises(TypeError, match="must be a `tf.IndexedSlices`"):
        v.batch_scatter_update([[1.0]])
    assert v.numpy().tolist() == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]


def test_empty_scatters_are_no_ops():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    v.scatter_update(IS(np.zeros((0, 2), np.float32), np.zeros((0,), np.int32)))
    v.scatter_add(IS(np.zeros((1, 0, 2), np.float32), np.zeros((1, 0), np.int32)))
    v.scatter_nd_update(np.zeros((0, 2), np.int32), np.zeros((0,), np.float32))
    assert v.numpy().tolist() == [[1.0, 2.0], [3.0, 4.0]]
    s = tf.Variable(1.0)
    s.scatter_update(IS(9.0, 0))  # a scalar variable has one row
    assert s.numpy() == 9.0


# --- copy-on-write ---------------------------------------------------------------------

@pytest.mark.parametrize("update", [
    lambda v: v.scatter_add(IS(np.ones((2, 4), np.float32), np.array([3, 3]))),
    lambda v: v.scatter_update(IS([[1.0, 2.0, 3.0, 4.0]], [7])),
    lambda v: v.scatter_mul(IS(2.0, [1, 2])),
    lambda v: v.scatter_nd_sub([[1, 1], [2, 3]], [5.0, 6.0]),
    lambda v: v.scatter_nd_update(np.array([[4]]), np.zeros((1, 4), np.float32)),
    lambda v: v.batch_scatter_update(IS(np.ones((100, 1), np.float32), np.zeros((100, 1), np.int32))),
])
def test_scatter_without_readers_allocates_nothing(update):
    v = warmed(np.zeros((100, 4), np.float32))
    address = np.asarray(v).__array_interface__["data"][0]
    update(v)  # warm-up: caches on the Python side
    n = allocs()
    update(v)
    assert allocs() == n
    assert np.asarray(v).__array_interface__["data"][0] == address


def test_scatter_with_readers_copies_and_readers_keep_their_values():
    v = warmed(np.zeros((50, 4), np.float32))
    read = v.read_value()
    view = np.asarray(v)
    n = allocs()
    v.scatter_add(IS(np.ones((1, 4), np.float32), np.array([3])))
    assert allocs() == n + 1  # one copy of the variable, then the update in the copy
    assert read.numpy()[3].tolist() == [0.0] * 4
    assert view[3].tolist() == [0.0] * 4
    assert v.numpy()[3].tolist() == [1.0] * 4
    del read, view
    n = allocs()
    v.scatter_nd_add(np.array([[3, 0]]), np.array([1.0], np.float32))
    assert allocs() == n  # the readers are gone: in place again
    assert v.numpy()[3].tolist() == [2.0, 1.0, 1.0, 1.0]


def test_gather_result_is_independent_of_later_updates():
    v = tf.Variable(np.arange(6.0).reshape(3, 2))
    rows = v.sparse_read([2, 0])
    cells = v.gather_nd([[1, 1]])
    v.scatter_update(IS(np.zeros((3, 2)), [0, 1, 2]))
    assert rows.numpy().tolist() == [[4.0, 5.0], [0.0, 1.0]]
    assert cells.numpy().tolist() == [3.0]


def test_failed_scatter_allocates_nothing():
    v = warmed(np.zeros((10, 2), np.float32))
    read = v.read_value()  # a reader would force a copy, but validation comes first
    n = allocs()
    with pytest.raises(tf.errors.InvalidArgumentError):
        v.scatter_add(IS(np.ones((2, 2), np.float32), np.array([1, 10])))
    assert allocs() == n
    assert read._data.shares_buffer_with(v.read_value()._data)  # nothing was copied or written


# --- logging, names, concurrency ---------------------------------------------------------

def test_ops_are_placed_and_logged(capfd):
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    capfd.readouterr()
    tf._C.set_log_device_placement(True)
    try:
        v.scatter_add(IS([[1.0, 1.0]], [0]))
        v.scatter_nd_update(np.array([[0, 0]]), np.array([1.0], np.float32))
        v.sparse_read([0])
        v.gather_nd([[0, 0]])
    finally:
        tf._C.set_log_device_placement(False)
    ops = [line.split()[2] for line in capfd.readouterr().err.splitlines() if line.startswith("Executing op")]
    assert ops == ["_EagerConst", "ResourceScatterAdd", "_EagerConst", "ResourceScatterNdUpdate",
                   "ResourceGather", "ResourceGatherNd"]


def test_method_signatures_follow_tensorflow():
    from op_checks import signature_text as signature
    v = tf.Variable([1.0])
    for kind in KINDS:
        assert signature(getattr(v, f"scatter_{kind}")) == "(sparse_delta, use_locking=False, name=None)"
    for kind in ("update", "add", "sub", "min", "max"):
        assert signature(getattr(v, f"scatter_nd_{kind}")) == "(indices, updates, name=None)"
    assert signature(v.sparse_read) == "(indices, name=None)"
    assert signature(v.gather_nd) == "(indices, name=None)"
    assert signature(v.batch_scatter_update) == "(sparse_delta, use_locking=False, name=None)"
    v.scatter_update(IS([2.0], [0]), use_locking=True, name="x")
    assert v.numpy().tolist() == [2.0]


def test_concurrent_scatter_adds_are_not_lost():
    v = warmed(np.zeros((8, 16), np.int64))
    rounds, threads = 300, 4

    def worker(seed):
        rng = np.random.default_rng(seed)
        for _ in range(rounds):
            rows = rng.integers(0, 8, size=3)
            v.scatter_add(IS(np.ones((3, 16), np.int64), rows))
            v.sparse_read(rows)

    run_threads(worker, threads)
    assert int(v.numpy().sum()) == rounds * threads * 3 * 16


# --- IndexedSlices ---------------------------------------------------------------------

def test_indexed_slices_attributes_and_printing():
    s = IS([1.0], [0])
    assert s.values == [1.0] and s.indices == [0] and s.dense_shape is None
    assert str(s) == "IndexedSlices(indices=[0], values=[1.0])"
    assert str(IS([1.0], [0], [3])) == "IndexedSlices(indices=[0], values=[1.0], dense_shape=[3])"
    t = IS(tf.constant([1.0]), tf.constant([0]), tf.constant([3]))
    assert t.dtype == tf.float32 and t.shape.as_list() == [3] and t.device == CPU
    assert IS(tf.constant([1.0]), tf.constant([0])).shape.rank is None
    assert str(t) == ("IndexedSlices(indices=tf.Tensor([0], shape=(1,), dtype=int32), values=tf.Tensor([1.], "
                      "shape=(1,), dtype=float32), dense_shape=tf.Tensor([3], shape=(1,), dtype=int32))")


def test_indexed_slices_convert_to_dense_adding_duplicates():
    s = IS(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([1, 1]), tf.constant([3, 2]))
    assert tf.convert_to_tensor(s).numpy().tolist() == [[0.0, 0.0], [4.0, 6.0], [0.0, 0.0]]
    with pytest.raises(ValueError, match="^Tensor conversion requested for IndexedSlices for argument `value` "
                                         "without dense_shape: IndexedSlices"):
        tf.convert_to_tensor(IS(tf.constant([1.0]), tf.constant([0])))


def test_non_contiguous_and_byte_swapped_arrays():
    v = tf.Variable(np.zeros((4, 2), np.float32))
    v.scatter_add(IS(np.ones((2, 4), np.float32)[:, ::2], np.array([3, 1], ">i8")))
    v.scatter_update(IS(np.full((2, 2), 5.0, ">f4"), np.array([0, 9, 2, 9])[::2]))
    assert v.numpy().tolist() == [[5.0, 5.0], [1.0, 1.0], [5.0, 5.0], [1.0, 1.0]]
    assert v.sparse_read(np.array([[1, 2]], ">i4")[:, ::-1]).numpy().tolist() == [[[5.0, 5.0], [1.0, 1.0]]]
    assert v.gather_nd(np.array([[0, 1], [1, 0]])[:, ::-1]).numpy().tolist() == [1.0, 5.0]


def test_variables_and_tensors_as_indices_and_values():
    v = tf.Variable([1.0, 2.0, 3.0])
    v.scatter_update(IS(tf.Variable([9.0]), tf.Variable([0])))
    v.scatter_nd_update(tf.Variable([[1]]), tf.Variable([8.0]))
    v.scatter_add(IS(tf.constant([1.0]), tf.constant([2], tf.int64)))
    assert v.numpy().tolist() == [9.0, 8.0, 4.0]
    assert v.sparse_read(tf.Variable([2])).numpy().tolist() == [4.0]


def test_variable_with_unknown_shape():
    v = tf.Variable([1.0, 2.0], shape=tf.TensorShape(None))
    v.assign([1.0, 2.0, 3.0])
    v.scatter_add(IS([10.0], [2]))
    v[0].assign(5.0)
    assert v.numpy().tolist() == [5.0, 2.0, 13.0]
    assert v[1:].numpy().tolist() == [2.0, 13.0]


@pytest.mark.parametrize("update", [
    lambda v: v.scatter_add(IS([1.0], [0])),
    lambda v: v.scatter_nd_add([[0]], [1.0]),
    lambda v: v[0].assign(v[0] + 1.0),
])
def test_function_first_call_runs_indexed_updates_once(update):
    # A first call that creates a variable runs the body twice and rolls back the first run's
    # updates (TensorFlow executes only the second trace): indexed updates must be rolled back too.
    v = tf.Variable([1.0, 2.0])
    created = []

    @tf.function
    def f():
        if not created:
            created.append(tf.Variable(0.0))
        update(v)
        return 0

    f()
    assert v.numpy().tolist() == [2.0, 2.0]
