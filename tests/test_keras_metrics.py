"""`tf.keras.metrics` and `compile(metrics=..., weighted_metrics=...)` (issue 27): the cases of
keras_metrics_cases.py give, under varrt, what Keras 3 on TensorFlow 2.21 gave (recorded in
fixtures/keras_metrics/tensorflow.out; re-record: `$VARRT_TF_PYTHON tests/keras_metrics_cases.py tf >
tests/fixtures/keras_metrics/tensorflow.out`), live against TensorFlow in CI.

Each case's record is compared field by field: names, configs, reprs, printed logs (times masked), dtypes,
shapes, error types and messages exactly; numbers within the relative tolerance the case records (1e-7 for
the metrics' own arithmetic, 1e-6 for evaluate on fixed weights, 1e-4 after training), and a float32 number
also within two float32 units in the last place: varrt's core sums float32 reductions in double and rounds
once, where TensorFlow sums a short row (fewer than a vector's lanes) in float32 step by step, so a sum or
mean of a few float32 numbers may end one ulp apart, and a weighted mean (total / count) two (elementwise
arithmetic is exact)."""
import json
import sys

import numpy as np
import pytest

from case_programs import printed_lines
from ckpt_helpers import required_tf_python
from conftest import REPO

RECORDED = REPO / "tests" / "fixtures" / "keras_metrics" / "tensorflow.out"


def parse(lines):
    """{label: record} from `label | JSON` lines."""
    out = {}
    for line in lines:
        label, _, record = line.partition(" | ")
        out[label] = json.loads(record)
    return out


KERAS = parse(RECORDED.read_text().splitlines())


@pytest.fixture(scope="module")
def varrt_run():
    return parse(printed_lines(sys.executable, "keras_metrics_cases.py", "varrt"))


ULPS = 2  # see the module's docstring


def _float32_ulp(x):
    return float(np.spacing(np.float32(abs(x))))


def assert_same(keras, ours, tol, where, dtype=None):
    """`ours` equals `keras`: structure, strings and ints exactly, floats within `tol` (relative) or, for
    float32 values, ULPS float32 ulps."""
    if isinstance(keras, dict) and set(keras) == {"dtype", "shape", "value"}:
        assert isinstance(ours, dict) and ours.get("dtype") == keras["dtype"], (where, keras, ours)
        assert ours["shape"] == keras["shape"], (where, keras, ours)
        return assert_same(keras["value"], ours["value"], tol, where, keras["dtype"])
    if isinstance(keras, dict) and set(keras) == {"float"}:
        assert isinstance(ours, dict) and set(ours) == {"float"}, (where, keras, ours)
        return assert_same(keras["float"], ours["float"], tol, where, "float32")
    if isinstance(keras, dict):
        assert isinstance(ours, dict) and list(ours) == list(keras), (where, keras, ours)
        for k in keras:
            assert_same(keras[k], ours[k], tol, f"{where}.{k}", dtype)
        return None
    if isinstance(keras, list):
        assert isinstance(ours, list) and len(ours) == len(keras), (where, keras, ours)
        for i, (a, b) in enumerate(zip(keras, ours)):
            assert_same(a, b, tol, f"{where}[{i}]", dtype)
        return None
    if isinstance(keras, float) and not isinstance(keras, bool):
        assert isinstance(ours, (int, float)) and not isinstance(ours, bool), (where, keras, ours)
        if np.isnan(keras):
            assert np.isnan(ours), (where, keras, ours)
            return None
        slack = max(tol * abs(keras), ULPS * _float32_ulp(keras) if dtype == "float32" else 0.0)
        assert abs(ours - keras) <= slack, f"{where}: keras {keras!r}, varrt {ours!r} (allowed {slack:.3g})"
        return None
    assert ours == keras, f"{where}\n keras: {keras!r}\n varrt: {ours!r}"
    return None


def test_the_program_prints_every_case_keras_printed(varrt_run):
    assert list(varrt_run) == list(KERAS)


@pytest.mark.parametrize("label", list(KERAS))
def test_matches_keras(varrt_run, label):
    keras, ours = KERAS[label], varrt_run[label]
    if "error" in keras:
        assert ours == keras
        return
    assert "result" in ours, ours
    assert ours["tol"] == keras["tol"]
    assert_same(keras["result"], ours["result"], keras["tol"], label)


def test_the_comparison_can_fail():
    record = {"dtype": "float32", "shape": [], "value": 0.5}
    assert_same(record, dict(record), 1e-7, "same")
    assert_same(record, dict(record, value=0.5 + ULPS * _float32_ulp(0.5)), 1e-7, "ULPS ulps")
    with pytest.raises(AssertionError):
        assert_same(record, dict(record, value=0.5 + (ULPS + 1) * _float32_ulp(0.5)), 1e-7, "one ulp more")
    with pytest.raises(AssertionError):  # a float64 value has no ulp allowance
        assert_same(dict(record, dtype="float64"), dict(record, dtype="float64", value=0.5 + 1e-12), 1e-13, "f64")
    with pytest.raises(AssertionError):
        assert_same(record, dict(record, dtype="float64"), 1e-7, "dtype")
    with pytest.raises(AssertionError):
        assert_same({"a": 1, "b": 2}, {"b": 2, "a": 1}, 1e-7, "log order")


def test_the_recorded_output_is_what_keras_prints():
    python = required_tf_python()
    assert printed_lines(python, "keras_metrics_cases.py", "tf") == RECORDED.read_text().splitlines()
