"""tf.einsum: its values, dtypes, shapes, gradients and errors compared with TensorFlow 2.21's
recorded outcomes (tests/einsum_cases.py, recorded by tests/tools/record_einsum.py), eagerly and
in a tf.function with unknown dimensions; and against NumPy's einsum at sizes no case used."""
import json
import pathlib

import numpy as np
import pytest

import einsum_cases
import linalg_cases
import varrt as tf

RECORDED = json.loads((pathlib.Path(__file__).parent / "fixtures" / "einsum_tf.json").read_text())["cases"]


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(einsum_cases.CASES)


@pytest.mark.parametrize("code", einsum_cases.CASES)
def test_a_case_does_what_tensorflow_did(code):
    want = RECORDED[code]
    got = einsum_cases.run_case(tf, code)
    if "error" in want:
        assert got == want
    else:
        assert "out" in got, got
        why = linalg_cases.mismatch(got["out"], want["out"])
        assert why is None, why


@pytest.mark.parametrize("equation,shapes", [
    ("ij,jk->ik", [(37, 19), (19, 23)]),
    ("bij,bjk->bik", [(3, 17, 9), (3, 9, 11)]),
    ("bhqd,bhkd->bhqk", [(2, 3, 13, 8), (2, 3, 7, 8)]),
    ("abc,cd,bd->ad", [(4, 5, 6), (6, 7), (5, 7)]),
    ("...ik,...kj->...ij", [(3, 1, 4, 5), (2, 5, 6)]),
    ("iij,j->ij", [(6, 6, 3), (3,)]),
])
def test_einsum_agrees_with_numpy_at_new_sizes(equation, shapes):
    rng = np.random.RandomState(7)
    xs = [rng.standard_normal(s) for s in shapes]
    got = tf.einsum(equation, *xs)
    want = np.einsum(equation, *xs)
    assert got.dtype == tf.float64 and got.shape == want.shape
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-12, atol=1e-12)


def test_one_trace_serves_every_batch_size():
    @tf.function(input_signature=[tf.TensorSpec([None, None, 4], tf.float32), tf.TensorSpec([None, 4, 3], tf.float32)])
    def f(a, b):
        return tf.einsum("bij,bjk->bik", a, b)
    rng = np.random.RandomState(3)
    for batch, rows in [(5, 2), (1, 9), (11, 1)]:
        a = rng.standard_normal((batch, rows, 4)).astype(np.float32)
        b = rng.standard_normal((batch, 4, 3)).astype(np.float32)
        got = f(a, b)
        assert got.shape == (batch, rows, 3)
        np.testing.assert_allclose(got.numpy(), np.einsum("bij,bjk->bik", a, b), rtol=1e-5, atol=1e-5)


def test_the_benchmark_rows_run_and_agree_with_numpy():
    from varrt.benchmarks import einsum as bench  # noqa: PLC0415 - reason: the benchmark module, a layer above the ops under test
    rows = bench.measure(1)
    assert [r[0] for r in rows] == ["ij,jk->ik", "bij,bjk->bik", "bhqd,bhkd->bhqk"]
    assert all(t > 0 for r in rows for t in r[1:])
