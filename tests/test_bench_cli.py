"""`varrt bench`: the installed benchmark suite runs, reports every part against NumPy and the
peers that import, as a table, as JSON, and as a plot when matplotlib is there."""
import importlib.util
import json
import subprocess
import sys

import pytest

from varrt.benchmarks import suite


def _bench(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "varrt", "bench", "--smoke", *args], capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture(scope="module")
def results():
    out = _bench("--json")
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


def test_the_suite_covers_small_ops_large_ops_training_graphs_and_checkpoints(results):
    groups = {r["group"] for r in results["rows"]}
    assert groups == {"small ops", "64 MB ops", "training", "training on 1 thread", "checkpoint", "memory"}
    names = {r["name"] for r in results["rows"]}
    assert {"v.assign_add(x)", "tf.matmul 8x8", "assign_add 64 MB", "MLP Adam step",
            "linear step in tf.function", "MLP step, tf.function", "Adam 100 x 10k, tf.function"} <= names
    for r in results["rows"]:
        assert r["varrt"] > 0, r
        if r["group"] in ("small ops", "64 MB ops", "checkpoint", "memory"):
            assert r["numpy"] > 0, r  # NumPy is always a peer
    has_torch = importlib.util.find_spec("torch") is not None
    assert any(r["torch"] for r in results["rows"]) == has_torch


def test_the_machine_is_described(results):
    info = results["machine"]
    assert info["cores"] >= 1 and info["python"] == ".".join(map(str, sys.version_info[:3]))
    assert "numpy" in info and "varrt" in info and info["cpu"]
    assert info["blas"].startswith("OpenBLAS ") and " threads)" in info["blas"]  # what tf.matmul multiplies with


def test_the_table_shows_ratios_to_each_peer(results):
    text = suite.table(results["machine"], results["rows"])
    assert "x numpy" in text
    row = next(r for r in results["rows"] if r["name"] == "v.assign_add(x)")
    line = next(line for line in text.splitlines() if line.strip().startswith("v.assign_add(x)"))
    assert f"{row['varrt'] / row['numpy']:.2f}" in line.split()


def test_plot_draws_a_png_or_says_what_it_needs(tmp_path, results):
    path = tmp_path / "bench.png"
    if importlib.util.find_spec("matplotlib") is None:
        out = _bench("--plot", str(path), timeout=120)
        assert out.returncode == 2 and "--plot needs matplotlib" in out.stderr
        assert not path.exists()
    else:
        suite.plot(results["machine"], results["rows"], str(path))
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bench_help_and_bad_arguments():
    out = subprocess.run([sys.executable, "-m", "varrt", "bench", "--help"], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and "--json" in out.stdout and "--plot" in out.stdout
    out = subprocess.run([sys.executable, "-m", "varrt", "bench", "--bogus"], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 2 and "unrecognized arguments: --bogus" in out.stderr
