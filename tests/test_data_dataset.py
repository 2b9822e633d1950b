"""tf.data: the pipelines of data_cases.py print, under varrt, what TensorFlow 2.21 printed
(recorded in fixtures/data/tensorflow.out; re-record: `$VARRT_TF_PYTHON tests/data_cases.py tf |
grep ' | ' > tests/fixtures/data/tensorflow.out`), live against TensorFlow in CI; and properties the
cases do not show: shuffles are permutations, reproducible under a seed, reshuffled each
iteration unless told not to; map traces once; what varrt does not do yet says so."""
import sys

import numpy as np
import pytest

import varrt as tf
from case_programs import printed_lines
from ckpt_helpers import required_tf_python
from conftest import REPO

RECORDED = REPO / "tests" / "fixtures" / "data" / "tensorflow.out"


def run_cases(python, which):
    return dict(line.split(" | ", 1) for line in printed_lines(python, "data_cases.py", which) if " | " in line)


def recorded():
    return dict(line.split(" | ", 1) for line in RECORDED.read_text().splitlines() if line)


def test_every_case_prints_what_tensorflow_prints():
    expected = recorded()
    got = run_cases(sys.executable, "varrt")
    assert got.keys() == expected.keys()
    for label, line in expected.items():
        assert got[label] == line, label


def test_the_recorded_output_is_what_tensorflow_prints():
    python = required_tf_python()
    assert run_cases(python, "tf") == recorded()


def elements(ds):
    return [int(v) for v in ds.as_numpy_iterator()]


def test_shuffle_is_a_permutation_reproducible_under_a_seed():
    ds = tf.data.Dataset.range(50).shuffle(10, seed=3)
    first, second = elements(ds), elements(ds)
    assert sorted(first) == list(range(50)) and first != list(range(50))
    assert first != second  # reshuffled each iteration, as TensorFlow's default
    again = tf.data.Dataset.range(50).shuffle(10, seed=3)
    assert elements(again) == first and elements(again) == second
    fixed = tf.data.Dataset.range(50).shuffle(10, seed=3, reshuffle_each_iteration=False)
    assert elements(fixed) == elements(fixed)
    # A buffer of 10 moves an element at most ... forward by the buffer's length at its turn.
    assert all(first.index(v) >= v - 10 for v in range(50))


def test_a_global_seed_makes_shuffles_reproducible():
    tf.random.set_seed(7)
    a = elements(tf.data.Dataset.range(20).shuffle(20))
    tf.random.set_seed(7)
    b = elements(tf.data.Dataset.range(20).shuffle(20))
    assert a == b and sorted(a) == list(range(20))


def test_map_traces_its_function_once():
    calls = []

    def double(x):
        calls.append(x)
        return x * 2

    ds = tf.data.Dataset.range(5).map(double)
    assert len(calls) == 1 and calls[0].shape == () and calls[0].dtype == tf.int64
    assert elements(ds) == [0, 2, 4, 6, 8] and elements(ds) == [0, 2, 4, 6, 8]
    assert len(calls) == 1


def test_a_training_loop_over_batches_matches_numpy():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(37, 3)).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
    w = tf.Variable(tf.zeros([3, 1]))
    opt = tf.keras.optimizers.SGD(0.1)
    w_np = np.zeros((3, 1), np.float32)
    for xb, yb in tf.data.Dataset.from_tensor_slices((x, y)).batch(8):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(xb, w) - yb))
        opt.apply_gradients([(tape.gradient(loss, w), w)])
        n = xb.shape[0]
        grad = 2.0 / n * xb.numpy().T @ (xb.numpy() @ w_np - yb.numpy())
        w_np = w_np - np.float32(0.1) * grad.astype(np.float32)
    np.testing.assert_allclose(w.numpy(), w_np, rtol=1e-5)


def test_iterating_inside_a_function_is_a_loop_of_the_graph():
    ds = tf.data.Dataset.range(3)

    @tf.function
    def total():
        s = tf.constant(0, tf.int64)
        for v in ds:
            s += v
        return s

    assert int(total()) == 3  # more in tests/test_data_in_graphs.py


@pytest.mark.parametrize("name", ["snapshot", "get_single_element"])
def test_what_varrt_does_not_have_says_so(name):
    with pytest.raises(NotImplementedError, match=f"tf.data.Dataset.{name} yet"):
        getattr(tf.data.Dataset.range(1), name)
