"""tf.data's map run once per batch (python/varrt/data/map_vectorization.py): which map functions
qualify, and that a qualifying map gives, bit for bit and in the same order, what the function
run per element gives (TensorFlow's own values for these pipelines are in data_cases.py's
"map batched" cases)."""
import numpy as np
import pytest

import varrt as tf

D = tf.data.Dataset
ROWS, COLS = 1001, 13
rng = np.random.default_rng(7)
IMAGES = (rng.random((ROWS, COLS)) * 300 - 20).astype(np.float32)
IMAGES[5, 3], IMAGES[9, 0], IMAGES[11, 2] = np.nan, -0.0, np.inf
LABELS = rng.integers(-5, 5, ROWS)
MEANS = rng.random(COLS).astype(np.float32)

ELEMENTWISE = {
    "normalize": lambda a, b: (a / 255.0, b),
    "cast and scale": lambda a, b: (tf.cast(tf.cast(a, tf.int32), tf.float32) * 0.5 - 1.0, tf.cast(b, tf.float32)),
    "constant row": lambda a, b: ((a - MEANS) * 3.0 + 1.0, b + 1),
    "compare": lambda a, b: (a > 10.0, tf.equal(b, 2)),
    "abs square reciprocal": lambda a, b: (tf.abs(a) + tf.square(a) * tf.math.reciprocal(a + 1000.0), -b),
}
PER_ELEMENT = {
    "reduce": lambda a, b: (tf.reduce_sum(a), b),
    "row times scalar": lambda a, b: (a * tf.cast(b, tf.float32), b),
    "relu": lambda a, b: (tf.nn.relu(a), b),  # Relu's packet and scalar paths differ on -0
    "exp": lambda a, b: (tf.exp(a / 100.0), b),
    "widening constant": lambda a, b: (a + tf.ones([2, COLS]), b),
    "a NumPy kernel": lambda a, b: (tf.maximum(a, 1.0), b),  # shapes its result as traced
}


def pipeline(fn, per_element=False):
    ds = D.from_tensor_slices((IMAGES, LABELS)).shuffle(300, seed=11).map(fn)
    if per_element:
        ds._node._func._on_batches = False
    return ds.batch(37)


def batches(ds, passes=2):
    return [[tuple(np.asarray(t) for t in b) for b in ds] for _ in range(passes)]


@pytest.mark.parametrize("name", sorted(ELEMENTWISE))
def test_an_elementwise_map_runs_once_per_batch_with_the_per_element_bits(name):
    fast = pipeline(ELEMENTWISE[name])
    assert fast._node._input._node._func.runs_on_batches()
    slow = pipeline(ELEMENTWISE[name], per_element=True)
    got, want = batches(fast), batches(slow)
    for pass_got, pass_want in zip(got, want):
        assert len(pass_got) == len(pass_want) == -(-ROWS // 37)
        for b_got, b_want in zip(pass_got, pass_want):
            for t_got, t_want in zip(b_got, b_want):
                assert t_got.dtype == t_want.dtype and t_got.shape == t_want.shape
                assert t_got.tobytes() == t_want.tobytes()


@pytest.mark.parametrize("name", sorted(PER_ELEMENT))
def test_a_map_that_is_not_elementwise_runs_per_element(name):
    assert not pipeline(PER_ELEMENT[name])._node._input._node._func.runs_on_batches()


def test_the_passes_of_a_reshuffled_pipeline_differ_and_repeat_under_the_seed():
    first, second = batches(pipeline(ELEMENTWISE["normalize"])), batches(pipeline(ELEMENTWISE["normalize"]))
    assert [b[1].tolist() for b in first[0]] != [b[1].tolist() for b in first[1]]
    assert [[b[1].tolist() for b in p] for p in first] == [[b[1].tolist() for b in p] for p in second]


def test_where_a_batched_run_fails_the_elements_run_one_by_one():
    name = "a NumPy kernel"
    forced = pipeline(PER_ELEMENT[name])
    forced._node._input._node._func._on_batches = True  # as if it qualified: its batched run fails
    got, want = batches(forced), batches(pipeline(PER_ELEMENT[name], per_element=True))
    assert [len(p) for p in got] == [len(p) for p in want] == [-(-ROWS // 37)] * 2
    assert all(a.shape == b.shape and a.tobytes() == b.tobytes()
               for pg, pw in zip(got, want) for bg, bw in zip(pg, pw) for a, b in zip(bg, bw))


def test_a_failing_element_raises_what_the_per_element_run_raises():
    ds = D.from_tensor_slices(np.array([4, 2, 0, 1, 3] * 9)).shuffle(45, seed=2).map(lambda v: 8 // v).batch(4)
    ds._node._input._node._func._on_batches = True  # its batched run fails: the elements then run one by one
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Integer division by zero\s+\[\[\{\{node floordiv\}\}\]\] "
                                                             r"\[Op:IteratorGetNext\]"):
        list(ds)
