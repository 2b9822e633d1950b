"""benchmarks/bench_saved_model.py (varrt.benchmarks.saved_model_io, then saved_model_read): the
export, load and call rows are measured (on smaller variables: VARRT_BENCH_SAVED_MODEL_ELEMENTS),
and the verdicts compare the right figures: export and both loads against TensorFlow's export and
its load of its own export, the loaded calls' added time against 20 us."""
import os
import subprocess
import sys

from varrt.benchmarks import saved_model_io


def test_the_rows_are_measured(monkeypatch):
    monkeypatch.setenv("VARRT_BENCH_SAVED_MODEL_ELEMENTS", "1000")
    monkeypatch.setattr(saved_model_io, "CALLS", 20)
    times = saved_model_io.collect(1, tf_python=None)
    assert set(times) == {"varrt"}
    # Without TensorFlow there is no TensorFlow export to load: varrt loads its own.
    assert set(times["varrt"]) == {"export", "load varrt's export", "first signature call", "original traced call",
                                   "loaded signature call", "loaded __call__"}
    assert all(t > 0 for t in times["varrt"].values())


def test_verdicts():
    times = {"varrt": {"export": 0.5, "load TF's export": 0.3, "load varrt's export": 0.2,
                       "original traced call": 10e-6, "loaded signature call": 25e-6, "loaded __call__": 35e-6},
             "tf": {"export": 0.4, "load TF's export": 0.5}}
    got = [(row, label, round(ratio, 3), ok) for row, label, ratio, _, ok in saved_model_io.verdicts(times)]
    assert got == [("export", "TensorFlow", 1.25, False), ("load TF's export", "TensorFlow", 0.6, False),
                   ("load varrt's export", "TensorFlow", 0.4, True),
                   ("loaded signature call, added over the original (us: 15.0)", "20 us", 0.75, True),
                   ("loaded __call__, added over the original (us: 25.0)", "20 us", 1.25, False)]


def test_the_script_prints_both_tables():
    env = dict(os.environ, VARRT_TF_PYTHON="", VARRT_BENCH_SAVED_MODEL_ELEMENTS="1000")
    script = os.path.join(os.path.dirname(__file__), "..", "benchmarks", "bench_saved_model.py")
    out = subprocess.run([sys.executable, script, "--quick", "--nodes", "200"], capture_output=True, text=True,
                         env=env, timeout=900)
    assert "load varrt's export" in out.stdout and "loaded __call__, added over the original" in out.stdout, \
        out.stderr[-3000:]
    assert "saved_model.pb of 200 nodes" in out.stdout and "parse + walk" in out.stdout, out.stderr[-3000:]
