"""`varrt bench`: the installed benchmark suite runs, reports every part against NumPy and the
peers that import, as a table, as JSON, and as a plot when matplotlib is there; while it runs it
says on stderr which benchmark runs and how far it is, and every empty cell says why."""
import importlib.util
import io
import json
import re
import subprocess
import sys

import pytest

from varrt.benchmarks import suite

MISSING_PYTHON = "/nonexistent/bin/python-with-torch"  # the PyTorch interpreter of the graph-training rows


def _bench(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "varrt", "bench", "--smoke", *args], capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture(scope="module")
def run():
    out = _bench("--json", "--torch-python", MISSING_PYTHON)
    assert out.returncode == 0, out.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def results(run):
    return json.loads(run.stdout)


def test_the_suite_covers_small_ops_large_ops_training_graphs_and_checkpoints(results):
    groups = {r["group"] for r in results["rows"]}
    assert groups == {"small ops", "64 MB ops", "training", "training on 1 thread", "Keras fit on 1 thread", "checkpoint",
                      "memory"}
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


# --- progress, reasons for empty cells, headers ---------------------------------------------------

def test_progress_says_which_benchmark_runs_and_how_far_it_is(run):
    # stderr is a pipe here: one plain line per step, "[part/parts] part done/steps (elapsed): what ..."
    lines = run.stderr.splitlines()
    step = re.compile(r"^\[(\d)/5\] (\w+) (\d+)/(\d+) \(\d+ s\): (.+) \.\.\.$")
    steps = [m.groups() for m in map(step.match, lines) if m]
    assert ("1", "variable_ops") == steps[0][:2] and steps[0][4] == "numpy v.assign_add(x)"
    assert any(part == "variable_ops" and what == "varrt v[1].assign(5.)" for _, part, _, _, what in steps)
    assert [p for p in dict.fromkeys(part for _, part, _, _, _ in steps)] == list(suite.PARTS)
    for index, part, done, total, _ in steps:
        assert suite.PARTS[int(index) - 1] == part and 1 <= int(done) <= int(total)
    for part in suite.PARTS:  # each part's last step is its last of its total
        done, total = [(int(d), int(t)) for _, p, d, t, _ in steps if p == part][-1]
        assert done == total, part
    assert re.match(r"^done in \d+ s$", lines[-1])
    assert not any("\r" in line or "\x1b" in line for line in lines)  # not a terminal: no rewriting
    failure = next(line for line in lines if " torch failed: " in line)
    assert failure.startswith("[3/5] graph_training") and MISSING_PYTHON in failure


def test_every_empty_cell_says_why(results):
    rows = results["rows"]
    for r in rows:
        assert sorted(r["why"]) == sorted(p for p in suite.PEERS if not r[p]), r
    graph_rows = [r for r in rows if r["group"] == "training on 1 thread"]
    assert graph_rows
    for r in graph_rows:  # the interpreter given for PyTorch does not exist: the error says so
        assert r["torch"] is None
        assert r["why"]["torch"].startswith("failed: FileNotFoundError") and MISSING_PYTHON in r["why"]["torch"]
        assert r["why"]["numpy"] == "not applicable: NumPy has no gradients or optimizers"
    if importlib.util.find_spec("torch") is None:
        small = next(r for r in rows if r["name"] == "v.assign_add(x)")
        assert small["why"]["torch"] == "not installed here (pip install torch)"


def _columns(text):
    """{header: [cell of each row]} of the table, cells cut at the header's right edge (right-aligned)."""
    lines = text.splitlines()
    head_at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("unit"))
    head = lines[head_at]
    assert set(lines[head_at + 1]) == {"-"}
    ends = [m.end() for m in re.finditer(r"\S+(?: \S+)*", head)]
    names = re.findall(r"\S+(?: \S+)*", head)
    rows = [line for line in lines[head_at + 2:] if line.startswith("  ")]
    return names, {name: [row.ljust(len(head))[:end].rsplit("  ", 1)[-1].strip() for row in rows]
                   for name, end in zip(names, ends)}


def test_every_header_appears_in_full_and_every_empty_cell_names_its_note(results):
    text = suite.table(results["machine"], results["rows"])
    names, columns = _columns(text)
    assert names == ["unit", "varrt"] + [h for p in suite.PEERS for h in (p, "x " + p)]
    notes = dict(re.findall(r"^  \((\d+)\) (.+)$", text, re.M))
    for r, torch_cell, np_cell in zip(results["rows"], columns["torch"], columns["numpy"]):
        for peer, cell in (("torch", torch_cell), ("numpy", np_cell)):
            if r[peer]:
                assert cell == f"{r[peer]:.2f}", (r, cell)
            else:
                assert re.fullmatch(r"- \(\d+\)", cell), (r, cell)
                assert notes[cell[3:-1]] == f"{peer}: {r['why'][peer]}"


def test_progress_on_a_terminal_is_one_line_rewritten():
    from varrt.benchmarks.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    progress = Progress(suite.PARTS, stream=screen)
    progress.part("training")
    progress.expect(2)
    progress.step("varrt linear SGD step")
    progress.step("varrt MLP Adam step")
    progress.failed("tensorflow", "Traceback ...\nImportError: no tensorflow here")
    progress.close()
    written = screen.getvalue()
    assert written.count("\n") == 2  # the failure and the end stay; the steps are rewritten in place
    assert re.search(r"\r\x1b\[K\[2/5\] training 1/2 \(\d+ s\): varrt linear SGD step \.\.\.\r\x1b\[K"
                     r"\[2/5\] training 2/2 \(\d+ s\): varrt MLP Adam step \.\.\.\r", written)
    assert "tensorflow failed: ImportError: no tensorflow here\n" in written
    assert progress.failure("training", "tensorflow") == "ImportError: no tensorflow here"
