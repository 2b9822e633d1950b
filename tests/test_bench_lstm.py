"""benchmarks/bench_lstm.py (varrt.benchmarks.recurrent, on varrt.benchmarks.peer_rows): the LSTM
rows run in a one-thread process, and the verdicts compare the right figures."""
import os
import subprocess
import sys

from varrt.benchmarks import recurrent

ROWS = {"LSTM forward+backward", "LSTM training step"}


def test_both_rows_are_measured_in_a_one_thread_process():
    times = recurrent.collect(1, tf_python=None, torch_python=None, threads=1)
    assert set(times) == {"varrt"}
    assert set(times["varrt"]) == ROWS
    assert all(t > 0 for t in times["varrt"].values())


def test_verdicts_compare_the_training_step_with_pytorch():
    times = {"varrt": {"LSTM forward+backward": 3.0, "LSTM training step": 2.0},
             "torch": {"LSTM forward+backward": 1.0, "LSTM training step": 1.0},
             "tf": {"LSTM forward+backward": 1.0, "LSTM training step": 4.0}}
    got = [(row, label, round(ratio, 3), ok) for row, label, ratio, _, ok in recurrent.verdicts(times)]
    assert got == [("LSTM training step", "PyTorch", 2.0, False)]
    times["varrt"]["LSTM training step"] = 1.5
    assert [ok for *_, ok in recurrent.verdicts(times)] == [True]


def test_the_script_prints_the_table_and_exits_nonzero_only_on_a_missed_target():
    env = dict(os.environ, VARRT_TF_PYTHON="", VARRT_TORCH_PYTHON="")
    script = os.path.join(os.path.dirname(__file__), "..", "benchmarks", "bench_lstm.py")
    out = subprocess.run([sys.executable, script, "--rounds", "1"], capture_output=True, text=True, env=env,
                         timeout=900)
    assert out.returncode == 0, out.stderr[-3000:]  # no peer: no verdict to miss
    assert "LSTM training step" in out.stdout and "varrt ms" in out.stdout
