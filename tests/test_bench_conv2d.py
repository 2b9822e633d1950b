"""benchmarks/bench_conv2d.py (varrt.benchmarks.conv2d): the convolution rows run in a process
with the thread count asked for, the script prints a table for one and for two threads, and the
verdicts compare the right figures."""
import os
import subprocess
import sys

from varrt.benchmarks import conv2d


def test_both_rows_are_measured_in_a_one_thread_process():
    times = conv2d.collect(1, tf_python=None, torch_python=None, threads=1)
    assert set(times) == {"varrt"}
    assert set(times["varrt"]) == {"conv2d forward", "conv2d forward+backward", "CNN training step"}
    assert all(t > 0 for t in times["varrt"].values())


def test_verdicts_compare_the_targets_rows_with_their_peers():
    times = {"varrt": {"conv2d forward": 1.0, "conv2d forward+backward": 3.0, "CNN training step": 2.0},
             "torch": {"conv2d forward": 1.0, "conv2d forward+backward": 1.5, "CNN training step": 2.0},
             "tf": {"conv2d forward+backward": 1.0, "CNN training step": 4.0}}
    got = {(row, label): (round(ratio, 3), ok) for row, label, ratio, _, ok in conv2d.verdicts(times)}
    assert got == {("conv2d forward+backward", "PyTorch"): (2.0, False), ("CNN training step", "PyTorch"): (1.0, True),
                   ("CNN training step", "TensorFlow"): (0.5, True)}


def test_the_script_prints_the_table_and_its_verdicts():
    env = dict(os.environ, VARRT_TF_PYTHON="", VARRT_TORCH_PYTHON="")
    script = os.path.join(os.path.dirname(__file__), "..", "benchmarks", "bench_conv2d.py")
    out = subprocess.run([sys.executable, script, "--rounds", "1"], capture_output=True, text=True, env=env,
                         timeout=900)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "conv2d forward+backward" in out.stdout and "varrt ms" in out.stdout
    # One table per thread count, one and two by default (issue 28's targets hold for both).
    assert "threads per library: 1;" in out.stdout and "threads per library: 2;" in out.stdout
