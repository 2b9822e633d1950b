"""benchmarks/bench_data.py (varrt.benchmarks.data_pipeline): its rows run (on a smaller array:
VARRT_BENCH_DATA_ROWS), and the verdicts compare the right figures, the plain `for`'s added time
per element included."""
import os
import subprocess
import sys

from varrt.benchmarks import data_pipeline


def test_the_rows_are_measured(monkeypatch):
    monkeypatch.setenv("VARRT_BENCH_DATA_ROWS", "2000")
    times = data_pipeline.collect(1, tf_python=None, torch_python=None)
    assert set(times) == {"varrt"}
    assert set(times["varrt"]) == {"training pipeline epoch", "for over slices, per element",
                                   "NumPy indexing, per element"}
    assert all(t > 0 for t in times["varrt"].values())


def test_verdicts():
    times = {"varrt": {"training pipeline epoch": 2.0, "for over slices, per element": 7e-6,
                       "NumPy indexing, per element": 1e-6},
             "tf": {"training pipeline epoch": 4.0}, "torch": {"training pipeline epoch": 1.0}}
    got = [(row, label, round(ratio, 3), ok) for row, label, ratio, _, ok in data_pipeline.verdicts(times)]
    assert got == [("training pipeline epoch", "TensorFlow", 0.5, True), ("training pipeline epoch", "PyTorch", 2.0, False),
                   ("for over slices, added per element", "5 µs", 1.2, False)]


def test_the_script_prints_the_table():
    env = dict(os.environ, VARRT_TF_PYTHON="", VARRT_TORCH_PYTHON="", VARRT_BENCH_DATA_ROWS="1000")
    script = os.path.join(os.path.dirname(__file__), "..", "benchmarks", "bench_data.py")
    out = subprocess.run([sys.executable, script, "--rounds", "1"], capture_output=True, text=True, env=env,
                         timeout=900)
    assert "training pipeline epoch" in out.stdout and "varrt ms" in out.stdout, out.stderr[-3000:]
