"""tf.debugging.enable_check_numerics / disable_check_numerics against TensorFlow 2.21's recorded
outcomes (tests/check_numerics_cases.py): eager ops with TensorFlow's message (op, output slot,
dtype, shape, counts, inputs), the ops it leaves unchecked, tf.function graphs checked by nodes
added while tracing, and disabling."""
import threading

import numpy as np
import pytest

import check_numerics_cases
import linalg_cases
import varrt as tf

RECORDED = linalg_cases.recorded("check_numerics_tf.json")


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(check_numerics_cases.CASES)


@pytest.mark.parametrize("code", check_numerics_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    got = check_numerics_cases.run_case(tf, np, code)
    want = RECORDED[code]
    assert got == want


def test_a_wrong_count_is_caught():
    """The comparison can fail: one more NaN changes the message."""
    code = check_numerics_cases.CASES[0]
    got = check_numerics_cases.run_case(tf, np, code.replace("-1.]", "-1., -2.]"))
    assert got != RECORDED[code]


def test_checking_is_per_thread():
    """TensorFlow's callback is the enabling thread's: another thread's ops go unchecked."""
    tf.debugging.enable_check_numerics()
    try:
        seen = []
        t = threading.Thread(target=lambda: seen.append(tf.math.log(tf.constant([0.0])).numpy()))
        t.start()
        t.join()
        assert seen and np.isneginf(seen[0]).all()
        with pytest.raises(tf.errors.InvalidArgumentError):
            tf.math.log(tf.constant([0.0]))
    finally:
        tf.debugging.disable_check_numerics()


def test_a_large_tensor_is_counted():
    """A 300x70 output, NaN in every seventh row: the count covers all of it."""
    x = np.ones((300, 70), np.float32)
    x[::7] = -1.0
    tf.debugging.enable_check_numerics()
    try:
        with pytest.raises(tf.errors.InvalidArgumentError, match=r"# of \+NaN elements: 3010\n"):
            tf.math.sqrt(x)
    finally:
        tf.debugging.disable_check_numerics()


def test_disabled_checking_leaves_no_hook(monkeypatch):
    """After disable, an op no longer reaches the checker at all (no hook left on the dispatch), so
    it costs what it did before enable. Counted, not timed: a shared machine's timings vary by 2x
    between runs (docs/performance.md has the measured costs)."""
    from varrt.graph import check_numerics_callback

    seen = []
    real = check_numerics_callback._checked
    monkeypatch.setattr(check_numerics_callback, "_checked", lambda op, *a: seen.append(op) or real(op, *a))
    x = tf.constant([1.0, 2.0])
    x + x
    assert seen == []
    tf.debugging.enable_check_numerics()
    tf.debugging.enable_check_numerics()  # idempotent: still one hook
    x * x
    assert seen == ["Mul"]
    tf.debugging.disable_check_numerics()
    tf.debugging.disable_check_numerics()  # idempotent
    x + x
    tf.math.log(tf.constant([0.0]))  # -inf, unchecked
    assert seen == ["Mul"]


def test_a_tf1_session_runs_while_checking():
    """TensorFlow 1 graphs are not instrumented yet (see docs/not-supported.md): a Session still
    runs them, and gives the op's values."""
    tf.debugging.enable_check_numerics()
    try:
        with tf.Graph().as_default():
            x = tf.compat.v1.placeholder(tf.float32, [2])
            y = tf.math.log(x) * 2.0
            with tf.compat.v1.Session() as sess:
                got = sess.run(y, {x: [1.0, np.e]})
        np.testing.assert_allclose(got, [0.0, 2.0], rtol=1e-6)
    finally:
        tf.debugging.disable_check_numerics()


def test_disabling_stops_checking_functions_traced_afterwards():
    # Disabling removes the tracing callback too: a function traced after it has no check node.
    tf.debugging.enable_check_numerics()
    tf.debugging.disable_check_numerics()
    f = tf.function(lambda x: tf.math.log(x))
    assert f(tf.constant([-1.0])).numpy().tolist()[0] != f(tf.constant([-1.0])).numpy().tolist()[0]  # NaN, no error
    ops = [node.type for node in f.get_concrete_function(tf.constant([1.0])).graph.get_operations()]
    assert "CheckNumericsV2" not in ops
