"""varrt draws TensorFlow 2.21's CPU random numbers bit for bit: the seeded programs of
tests/tools/record_random_streams.py (global and op seeds, repeated calls continuing a kernel's
stream, every float dtype, integers, odd sizes, stateless ops, a tf.function's nodes, a
tf.random.Generator) give the outputs recorded from TensorFlow in
tests/fixtures/random_streams_tf.json, compared as raw bytes."""
import importlib.util
import json
import subprocess
import time

import numpy as np
import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from conftest import REPO

_spec = importlib.util.spec_from_file_location("record_random_streams",
                                               REPO / "tests" / "tools" / "record_random_streams.py")
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

RECORDED = json.loads((REPO / "tests" / "fixtures" / "random_streams_tf.json").read_text())["programs"]


@pytest.fixture(autouse=True)
def _no_global_seed_after():
    yield
    tf.random.set_seed(None)


def test_the_fixture_records_every_program():
    # As JSON text: a NaN logit is not equal to itself.
    assert json.dumps([r["program"] for r in RECORDED]) == json.dumps(record.programs())


@pytest.mark.parametrize("recorded", RECORDED, ids=[r["program"]["name"] for r in RECORDED])
def test_a_seeded_program_draws_tensorflows_numbers(recorded):
    got = [record.encode(a) for a in record.run(tf, recorded["program"])]
    assert len(got) == len(recorded["outputs"])
    for i, (g, want) in enumerate(zip(got, recorded["outputs"])):
        assert (g["dtype"], g["shape"]) == (want["dtype"], want["shape"]), i
        assert g["hex"] == want["hex"], (i, recorded["program"]["calls"][i % len(recorded["program"]["calls"])])


def test_a_new_global_seed_changes_the_numbers():
    """The comparison can fail: the same program under another seed draws other numbers."""
    program = dict(RECORDED[0]["program"], seed=6)
    got = [record.encode(a)["hex"] for a in record.run(tf, program)]
    assert got[0] != RECORDED[0]["outputs"][0]["hex"]


def test_a_quarter_million_normals_take_seconds_at_most():
    """Vectorized over the Philox blocks: no Python loop per element but the C library's logf
    and sincosf calls (the kernels' exact rounding)."""
    start = time.perf_counter()
    x = tf.random.normal([250_000], seed=1)
    assert x.shape == (250_000,) and abs(float(np.mean(x.numpy()))) < 0.01
    assert time.perf_counter() - start < 5.0


def test_the_fixture_is_what_tensorflow_draws(tmp_path):
    """With VARRT_TF_PYTHON, the recorder run live gives the fixture (skips without it locally,
    fails under CI=true)."""
    out = tmp_path / "random_streams_tf.json"
    subprocess.run([required_tf_python(), str(REPO / "tests" / "tools" / "record_random_streams.py"), str(out)],
                   check=True, capture_output=True, timeout=600)
    live = json.loads(out.read_text())
    assert live["tensorflow"].startswith("2.21")
    assert json.dumps(live["programs"]) == json.dumps(RECORDED)
