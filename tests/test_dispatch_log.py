"""Every logged op ran through the core dispatch: for the ops varrt composes from several ops
(as TensorFlow does), the placement log equals the ops an observe hook saw, and both are
TensorFlow 2.21's sequence. _EagerConst (a host value becoming a constant) is dispatched like
every op, so the log and the hook agree on it too; where it falls among the ops depends on when
a wrapper converts its arguments, so the comparison with TensorFlow's sequence leaves it out."""
import gc

import numpy as np
import pytest

import varrt as tf
from op_checks import logged_ops
from varrt import _C


@pytest.fixture(autouse=True)
def collected():
    gc.collect()  # no DestroyResourceOp of an earlier test's garbage in the middle of a log
    tf.random.set_seed(None)
    yield
    tf.random.set_seed(None)


def run_logged(fn):
    """(result, logged ops, ops the observe hook saw, their output counts), _EagerConst left out
    once the hook is checked to have seen exactly the logged ops."""
    seen = []

    def observe(op, device, inputs, outputs, attrs, resource):
        seen.append((op, len(outputs)))

    h = _C.push_dispatch_hook("observe", observe)
    try:
        out, logged = logged_ops(fn)
    finally:
        _C.pop_dispatch_hook(h)
    # The hook saw every host value's _EagerConst the log shows (dispatched like every op).
    assert sum(op == "_EagerConst" for op, _ in seen) == logged.count("_EagerConst")
    seen = [(op, n) for op, n in seen if op != "_EagerConst"]
    return out, [op for op in logged if op != "_EagerConst"], [op for op, _ in seen], [n for _, n in seen]


x = tf.constant([[1.0, 2.0], [3.0, 5.0]])
xc = tf.constant([1 + 2j, 3j])
xi = tf.constant([1, 0, 3])

# Recorded with TensorFlow 2.21 (tf.debugging.set_log_device_placement), _EagerConst left out.
TENSORFLOW_SEQUENCES = [
    (lambda: tf.math.reduce_variance(x), ["Mean", "Sub", "Square", "Mean"]),
    (lambda: tf.math.reduce_variance(x, axis=1, keepdims=True), ["Mean", "Sub", "Square", "Mean"]),
    (lambda: tf.math.reduce_variance(xc), ["Mean", "Sub", "Conj", "Mul", "Real", "Mean"]),
    (lambda: tf.math.reduce_std(x), ["Mean", "Sub", "Square", "Mean", "Sqrt"]),
    (lambda: tf.math.reduce_logsumexp(x),
     ["Max", "IsFinite", "SelectV2", "StopGradient", "Sub", "Exp", "Sum", "Log", "Shape", "Reshape", "AddV2"]),
    (lambda: tf.math.reduce_logsumexp(x, axis=1, keepdims=True),
     ["Max", "IsFinite", "SelectV2", "StopGradient", "Sub", "Exp", "Sum", "Log", "AddV2"]),
    (lambda: tf.math.count_nonzero(x), ["Fill", "NotEqual", "Cast", "Sum"]),
    (lambda: tf.math.count_nonzero(xi, dtype=tf.int32), ["Fill", "NotEqual", "Cast", "Sum", "Cast"]),
    (lambda: tf.random.uniform([2], seed=1), ["RandomUniform"]),
    (lambda: tf.random.uniform([2], 2.0, 5.0, seed=1), ["RandomUniform", "Sub", "Mul", "AddV2"]),
    (lambda: tf.random.uniform([2], 0, 5, dtype=tf.int32, seed=1), ["RandomUniformInt"]),
    (lambda: tf.random.normal([2], seed=1), ["RandomStandardNormal", "Mul", "AddV2"]),
    (lambda: tf.random.truncated_normal([2], seed=1), ["TruncatedNormal", "Mul", "AddV2"]),
    (lambda: tf.unstack(x), ["Unpack"]),
    (lambda: tf.identity(x), ["Identity"]),
    (lambda: tf.zeros_like(x), ["ZerosLike"]),
    (lambda: tf.zeros([2]), ["Fill"]),
    (lambda: tf.fill([2], 1.0), ["Fill"]),
    (lambda: tf.range(5), ["Range"]),
    (lambda: tf.math.cumsum(x), ["Cumsum"]),
    (lambda: tf.argmax(x), ["ArgMax"]),
    (lambda: tf.reshape(x, [4]), ["Reshape"]),
]


@pytest.mark.parametrize("call, expected", TENSORFLOW_SEQUENCES)
def test_logged_ops_ran_through_the_dispatch_in_tensorflows_order(call, expected):
    _, logged, seen, _ = run_logged(call)
    assert logged == seen == expected


@pytest.mark.parametrize("call, expected", [
    # varrt's own shorter forms (TensorFlow runs some fifty ops for linspace).
    (lambda: tf.linspace(0.0, 1.0, 5), ["RealDiv", "ConcatV2"]),
    (lambda: tf.linspace(0, 4, 5), ["Cast", "Cast", "RealDiv", "ConcatV2"]),
    (lambda: tf.stack([x, x]), ["Pack"]),
    (lambda: tf.concat([x, x], 0), ["ConcatV2"]),
    (lambda: tf.transpose(x), ["Transpose"]),
    (lambda: tf.tile(x, [1, 2]), ["Tile"]),
    (lambda: tf.gather(x, [1]), ["GatherV2"]),
    (lambda: tf.gather_nd(x, [[1, 0]]), ["GatherNd"]),
    (lambda: tf.where(x > 2.0), ["Greater", "Where"]),
    (lambda: tf.where(x > 2.0, x, -x), ["Greater", "Neg", "SelectV2"]),
    (lambda: tf.one_hot([0, 1], 2), ["OneHot"]),
    (lambda: tf.shape(x), ["Shape"]),
    (lambda: tf.expand_dims(x, 0), ["ExpandDims"]),
    (lambda: tf.squeeze(tf.constant([[1.0]])), ["Squeeze"]),
    (lambda: tf.matmul(x, x, transpose_a=True), ["MatMul"]),
    (lambda: list(x), ["StridedSlice", "StridedSlice"]),
])
def test_every_logged_op_ran(call, expected):
    _, logged, seen, _ = run_logged(call)
    assert logged == seen == expected


def test_values_of_the_composed_ops():
    np.testing.assert_array_equal(tf.math.reduce_variance(xc).numpy(), np.float64(np.var([1 + 2j, 3j])))
    assert tf.math.reduce_variance(xc).dtype == tf.float64
    np.testing.assert_array_equal(tf.math.reduce_logsumexp(tf.constant([[1.0, -np.inf]]), axis=1).numpy(), [1.0])
    np.testing.assert_array_equal(tf.math.reduce_logsumexp(tf.constant([-np.inf, -np.inf])).numpy(), -np.inf)
    counted = tf.math.count_nonzero(tf.constant([b"a", b"", b"c"]), dtype=tf.int32)
    assert counted.dtype == tf.int32 and counted.numpy() == 2
    np.testing.assert_array_equal(tf.linspace(0, 4, 5).numpy(), [0.0, 1.0, 2.0, 3.0, 4.0])


def test_uniform_draws_unit_values_then_scales_them():
    # RandomUniform's [0, 1) values are TensorFlow's for the op's seeds (the default global seed
    # with op seed 7; bytes recorded with TensorFlow 2.21), then (maxval - minval) * values +
    # minval in float32. (Before varrt drew TensorFlow's streams, the unit values were NumPy's.)
    tf.random.set_seed(None)
    unit = tf.random.uniform([4], seed=7).numpy()
    assert unit.tobytes().hex() == "1cc7f73e8696013f34a2823ee078ff3d"
    tf.random.set_seed(None)  # a fresh kernel: the same unit values again
    got = tf.random.uniform([4], minval=2.0, maxval=5.0, seed=7).numpy()
    np.testing.assert_array_equal(got, unit * np.float32(3.0) + np.float32(2.0))
    assert got.tobytes().hex() == "aaea5c40e4306140d4fc304055f31740"
    tf.random.set_seed(None)
    _, _, _, counts = run_logged(lambda: tf.random.uniform([4], minval=2.0, maxval=5.0, seed=7))
    assert counts == [1, 1, 1, 1]


def test_unpack_has_one_output_per_slice():
    parts, logged, seen, counts = run_logged(lambda: tf.unstack(x, axis=1))
    assert logged == seen == ["Unpack"] and counts == [2]
    np.testing.assert_array_equal(parts[1].numpy(), [2.0, 5.0])
    assert tf.unstack(tf.zeros([0, 2])) == []


def test_forwarding_ops_share_their_input_buffer():
    for out in (tf.identity(x), tf.reshape(x, [4]), tf.expand_dims(x, 0), tf.squeeze(tf.reshape(x, [1, 4]))):
        assert out._data.shares_buffer_with(x._data)
    s = tf.constant(["a", "b"])
    assert tf.identity(s)._data.shares_buffer_with(s._data)
    # A host value is the caller's memory: copied, never shared.
    a = np.array([1.0, 2.0], np.float32)
    r = tf.reshape(a, [2, 1])
    a[0] = 9.0
    np.testing.assert_array_equal(r.numpy(), [[1.0], [2.0]])


def test_kernel_errors_follow_the_ops_line():
    def bad():
        with pytest.raises(tf.errors.InvalidArgumentError, match="Need minval < maxval"):
            tf.random.uniform([2], minval=3, maxval=1, dtype=tf.int32)
        with pytest.raises(tf.errors.InvalidArgumentError, match="Dimension -1 must be >= 0"):
            tf.zeros([-1])
        with pytest.raises(tf.errors.InvalidArgumentError, match="Input to reshape is a tensor with 4 values"):
            tf.reshape(x, [3])
    _, logged, seen, _ = run_logged(bad)
    assert logged == ["RandomUniformInt", "Fill", "Reshape"]
    assert seen == []  # an op whose kernel failed has no outputs to observe


def test_logsumexp_of_integers_fails_where_tensorflow_does():
    # TensorFlow 2.21: Max runs, then IsFinite rejects the integer maximum.
    def call():
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            tf.math.reduce_logsumexp(xi)
        return str(e.value)
    message, logged, _, _ = run_logged(call)
    assert logged == ["Max"]
    assert message.startswith("Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, "
                              "float, double\n\t; NodeDef: {{node IsFinite}}")
    assert message.endswith(" [Op:IsFinite] name: ")


def test_core_gather_and_slice_ops_run_through_the_dispatch():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    t = tf.constant([1.0, 2.0, 3.0])

    def ops():
        rows = v.sparse_read([1])
        element = tf.gather_nd(v, [[0, 1]])
        tail = t[1:]
        v[0].assign([5.0, 6.0])
        return rows, element, tail
    (rows, element, tail), logged, seen, _ = run_logged(ops)
    assert logged == seen == ["ResourceGather", "ResourceGatherNd", "StridedSlice", "ReadVariableOp", "StridedSlice",
                              "ResourceStridedSliceAssign"]
    np.testing.assert_array_equal(rows.numpy(), [[3.0, 4.0]])
    np.testing.assert_array_equal(element.numpy(), [2.0])
    np.testing.assert_array_equal(tail.numpy(), [2.0, 3.0])
    np.testing.assert_array_equal(v.numpy(), [[5.0, 6.0], [3.0, 4.0]])
