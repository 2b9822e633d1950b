"""The one-crossing entries of the ops with core kernels (tf.add, tf.matmul, the operators):
they must give exactly what their Python implementations give — value, dtype, device, the
placement log and every error — since they are only a faster route to the same op."""

import numpy as np
import pytest

import varrt as tf
from op_checks import logged_ops
from varrt import errors

FLOAT_INT = ["float32", "float64", "int32", "int64", "int8", "uint8", "int16", "uint16", "uint32", "uint64"]


def python_path(fast):
    """The op's Python implementation, which the fast entry falls back to."""
    return fast.__wrapped__


def same(a, b):
    assert type(a) is type(b)
    assert a.dtype == b.dtype
    assert a.shape == b.shape
    np.testing.assert_array_equal(a.numpy(), b.numpy())




@pytest.mark.parametrize("dtype", FLOAT_INT)
@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "less", "less_equal", "greater", "greater_equal"])
@pytest.mark.parametrize("shapes", [((4,), (4,)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((4, 1, 3), (2, 1)), ((), (3,)),
                                    ((2, 0), (1,))])
def test_binary_ops_match_their_python_path_and_numpy(dtype, name, shapes):
    rng = np.random.default_rng(0)
    a = (rng.integers(0, 50, shapes[0]) + 1).astype(dtype)
    b = (rng.integers(0, 50, shapes[1]) + 1).astype(dtype)
    x, y = tf.constant(a), tf.constant(b)
    fast = getattr(tf, name)
    out = fast(x, y)
    same(out, python_path(fast)(x, y))
    want = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "less": np.less,
            "less_equal": np.less_equal, "greater": np.greater, "greater_equal": np.greater_equal}[name](a, b)
    np.testing.assert_array_equal(out.numpy(), want)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_division_and_matmul_match(dtype):
    a = np.arange(1, 7, dtype=dtype).reshape(2, 3)
    b = np.array([2, 0, -1], dtype=dtype)
    x, y = tf.constant(a), tf.constant(b)
    same(tf.divide(x, y), python_path(tf.divide)(x, y))
    with np.errstate(divide="ignore"):
        np.testing.assert_array_equal((x / y).numpy(), a / b)  # x/0 is inf, as in TensorFlow, no warning
    m = tf.constant(np.arange(12, dtype=dtype).reshape(3, 4))
    same(tf.matmul(x, m), python_path(tf.matmul)(x, m))
    np.testing.assert_allclose((x @ m).numpy(), a @ m.numpy(), rtol=1e-6)


def test_integer_arithmetic_wraps_like_tensorflow():
    big = tf.constant(np.array([2**31 - 1, -2**31], np.int32))
    np.testing.assert_array_equal((big + 1).numpy(), [-2**31, -2**31 + 1])
    np.testing.assert_array_equal((big * 2).numpy(), [-2, 0])
    small = tf.constant(np.array([200], np.uint8))
    np.testing.assert_array_equal((small * small).numpy(), [np.uint8(64)])


@pytest.mark.parametrize("expr", [
    lambda v, t: v + 1, lambda v, t: 1 + v, lambda v, t: v - 2.5, lambda v, t: 2.5 - v, lambda v, t: v * t,
    lambda v, t: t * v, lambda v, t: v / 2, lambda v, t: 2 / v, lambda v, t: v < t, lambda v, t: 3 > v,
    lambda v, t: tf.add(v, t), lambda v, t: tf.add(v, np.float32(1)), lambda v, t: v + np.ones(4, np.float32),
    lambda v, t: np.ones(4, np.float32) + v, lambda v, t: tf.subtract(t, v),
])
def test_operators_on_variables_match_the_python_path_and_log(expr):
    import varrt.ops.overloads as overloads
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    t = tf.constant([4.0, 3.0, 2.0, 1.0])
    out, ops = logged_ops(lambda: expr(v, t))
    # The same expression through the Python implementations only.
    saved = {}
    for cls in (tf.Tensor, tf.Variable):
        for name, fn in overloads.BINARY.items():
            saved[cls, name] = cls.__dict__.get(name)
            if hasattr(fn, "__wrapped__") and name in cls.__dict__:
                setattr(cls, name, fn.__wrapped__)
    saved_fns = {n: getattr(tf, n) for n in ("add", "subtract")}
    try:
        for n, fn in saved_fns.items():
            setattr(tf, n, fn.__wrapped__)
        want, want_ops = logged_ops(lambda: expr(v, t))
    finally:
        for (cls, name), fn in saved.items():
            if fn is not None:
                setattr(cls, name, fn)
        for n, fn in saved_fns.items():
            setattr(tf, n, fn)
    same(out, want)
    assert ops == want_ops
    assert "ReadVariableOp" in ops


@pytest.mark.parametrize("call, error", [
    (lambda: tf.constant([1, 2], tf.int32) + 2.5, errors.InvalidArgumentError),
    (lambda: tf.constant([1, 2], tf.int32) - 2.5, TypeError),
    (lambda: tf.add(tf.constant([1.0]), tf.constant([1], tf.int32)), errors.InvalidArgumentError),
    (lambda: tf.constant([1.0, 2.0]) + tf.constant([1.0, 2.0, 3.0]), errors.InvalidArgumentError),
    (lambda: tf.matmul(tf.constant([[1.0, 2.0]]), tf.constant([[1.0, 2.0]])), errors.InvalidArgumentError),
])
def test_errors_are_the_python_paths(call, error):
    with pytest.raises(error) as fast_error:
        call()
    assert str(fast_error.value)


def test_incompatible_shapes_message_is_tensorflows():
    with pytest.raises(errors.InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. \[3\] \[Op:AddV2\]"):
        tf.constant([1.0, 2.0]) + tf.constant([1.0, 2.0, 3.0])


def test_failed_op_leaves_variable_unchanged_and_results_are_new_tensors():
    v = tf.Variable([1.0, 2.0])
    r = v + 1
    v.assign([5.0, 5.0])
    np.testing.assert_array_equal(r.numpy(), [2.0, 3.0])  # a result never aliases the variable
    with pytest.raises(errors.InvalidArgumentError):
        v + tf.constant([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(v.numpy(), [5.0, 5.0])


def test_fast_entries_keep_the_python_functions_docs_and_names():
    assert tf.add.__doc__ == python_path(tf.add).__doc__
    assert tf.add.__name__ == "add"
    assert "x + y" in tf.add.__doc__
    assert tf.matmul.__name__ == "matmul"
    import inspect
    assert list(inspect.signature(tf.add).parameters) == ["x", "y", "name"]


def test_keyword_arguments_and_sequences_take_the_python_path():
    x = tf.constant([1.0, 2.0])
    np.testing.assert_array_equal(tf.add(x, y=[1.0, 1.0], name="n").numpy(), [2.0, 3.0])
    np.testing.assert_array_equal((x + [1.0, 1.0]).numpy(), [2.0, 3.0])
    np.testing.assert_array_equal(tf.matmul([[1.0, 2.0]], [[1.0], [1.0]], transpose_a=False).numpy(), [[3.0]])


def test_results_are_tensors_on_the_scoped_device():
    tf.config.list_logical_devices("CPU")
    with tf.device("/CPU:0"):
        r = tf.constant([1.0]) + 1
    assert isinstance(r, tf.Tensor)
    assert r.device.endswith("device:CPU:0")


@pytest.mark.parametrize("dtype", FLOAT_INT)
@pytest.mark.parametrize("name", ["reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "reduce_mean"])
@pytest.mark.parametrize("axis, keepdims", [(None, False), (0, False), (1, True), ([0, 2], False), (-1, False),
                                            ((2, 0), True)])
def test_reductions_match_their_python_path(dtype, name, axis, keepdims):
    a = (np.arange(24).reshape(2, 3, 4) % 7 + 1).astype(dtype)
    x = tf.constant(a)
    fast = getattr(tf, name)
    same(fast(x, axis, keepdims), python_path(fast)(x, axis, keepdims))
    same(fast(x, axis=axis, keepdims=keepdims), python_path(fast)(x, axis=axis, keepdims=keepdims))


def test_reductions_of_variables_log_the_read_and_the_op():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    out, ops = logged_ops(lambda: tf.reduce_sum(v, 0))
    assert ops == ["ReadVariableOp", "Sum"]
    np.testing.assert_array_equal(out.numpy(), [4.0, 6.0])
    out, ops = logged_ops(lambda: tf.reduce_mean(v))
    assert ops == ["ReadVariableOp", "Mean"] and out.numpy() == 2.5


def test_reduction_errors_are_the_python_paths():
    x = tf.constant([[1.0, 2.0]])
    with pytest.raises(errors.InvalidArgumentError, match=r"Invalid reduction dimension \(2 for input with 2"):
        tf.reduce_sum(x, 2)
    with pytest.raises(errors.InvalidArgumentError, match="duplicate dimension: 0"):
        tf.reduce_sum(x, [0, 0])
    v = tf.Variable([1.0])
    _, ops = logged_ops(lambda: pytest.raises(errors.InvalidArgumentError, tf.reduce_sum, v, 3))
    assert ops == ["ReadVariableOp", "Sum"]  # read once, then the op fails as in TensorFlow


def test_float32_sums_are_accurate():
    import math
    rng = np.random.default_rng(1)
    a = (rng.standard_normal(1_000_003) * 10 ** rng.uniform(-3, 3, 1_000_003)).astype(np.float32)
    exact = math.fsum(a.astype(np.float64))
    got = float(tf.reduce_sum(tf.constant(a)).numpy())
    numpy_error = abs(float(np.sum(a)) - exact)
    assert abs(got - exact) <= max(numpy_error, abs(exact) * 2 ** -24)  # no worse than NumPy's pairwise sum
    np.testing.assert_array_equal(tf.reduce_sum(tf.constant([0.1] * 10)).numpy(), np.float32(1.0))


ALL_REAL = FLOAT_INT + ["bool"]


@pytest.mark.parametrize("dtype", FLOAT_INT)
@pytest.mark.parametrize("name", ["negative", "square", "abs"])
def test_unary_ops_match_their_python_path(dtype, name):
    info = np.iinfo(dtype) if np.dtype(dtype).kind in "iu" else np.finfo(dtype)
    a = np.array([0, 1, 7, info.max, info.min], dtype=dtype)  # wraps at the extremes as TensorFlow's kernels
    x = tf.constant(a)
    fast = getattr(tf, name)
    try:
        want = python_path(fast)(x)
    except errors.InvalidArgumentError as e:  # not registered for unsigned types: the same error
        with pytest.raises(type(e), match=re_escape(str(e))):
            fast(x)
        return
    same(fast(x), want)
    same(-x if name == "negative" else abs(x) if name == "abs" else want, want)


def re_escape(text):
    import re
    return re.escape(text)


@pytest.mark.parametrize("source", ALL_REAL)
@pytest.mark.parametrize("target", ALL_REAL)
def test_casts_match_their_python_path(source, target):
    if np.dtype(source).kind == "f":
        a = np.array([0.0, -1.7, 2.9, 300.5, -70000.25, 3e9, -1e19, np.nan, np.inf, -np.inf], dtype=source)
    elif source == "bool":
        a = np.array([True, False])
    else:
        info = np.iinfo(source)
        a = np.array([0, 1, 127, info.max, info.min], dtype=source)
    x = tf.constant(a)
    same(tf.cast(x, getattr(tf, target)), python_path(tf.cast)(x, getattr(tf, target)))


def test_cast_to_the_same_dtype_returns_the_input_and_logs():
    x = tf.constant([1.5, -2.5])
    assert tf.cast(x, tf.float32) is x
    v = tf.Variable([1.5, -2.5])
    out, ops = logged_ops(lambda: tf.cast(v, tf.int32))
    assert ops == ["ReadVariableOp", "Cast"]
    np.testing.assert_array_equal(out.numpy(), [1, -2])
