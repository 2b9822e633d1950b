"""`varrt bench`: the benchmark suite of the installed package, in one run.

    varrt bench [--quick] [--json] [--plot FILE] [--tf-python PATH] [--torch-python PATH]

Runs the small variable ops in the forms users write (default arguments), the 64 MB ops, whole
training steps, training eagerly and in tf.function on one thread, Keras's fit epochs on one
thread, and checkpoint save/restore (the modules beside this one, which the
repository's benchmarks/ scripts run too), against NumPy and whichever of PyTorch and
TensorFlow import here (TensorFlow also from another interpreter given with --tf-python or
VARRT_TF_PYTHON, in a subprocess), and prints one table: each row's time for varrt and each
peer, and varrt's time over the peer's (below 1: varrt is faster), under the machine's
details. An empty cell names a note under the table that says why (the peer is not installed,
does not apply, or failed, with its error). --json prints the same as JSON (each row's "why");
--plot FILE draws the ratios (needs matplotlib). While it runs, stderr says which benchmark runs
and how far the run is (varrt.benchmarks.progress); stdout carries only the results.
Run it on an idle machine: every library uses every core, except in the rows "on 1 thread".
"""
import argparse
import json
import os
import platform
import sys
from varrt import _C
from varrt.benchmarks import checkpoint
from varrt.benchmarks import graph_training
from varrt.benchmarks import keras_fit
from varrt.benchmarks import training
from varrt.benchmarks import variable_ops
from varrt.benchmarks.progress import Progress

PEERS = ("numpy", "torch", "tensorflow")


def add_arguments(parser):
    parser.add_argument("--quick", action="store_true", help="shorter timing loops (noisier)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--plot", metavar="FILE", help="draw varrt's ratios to each peer into FILE (needs matplotlib)")
    parser.add_argument("--tf-python", default=os.environ.get("VARRT_TF_PYTHON"),
                        help="a Python interpreter with TensorFlow, for its column (default: $VARRT_TF_PYTHON)")
    parser.add_argument("--torch-python", default=None,
                        help="a Python interpreter with torch, for the PyTorch column of the graph-training rows "
                             "(default: $VARRT_TORCH_PYTHON, or this one when it imports torch)")
    parser.add_argument("--smoke", action="store_true", help=argparse.SUPPRESS)  # tiny sizes: the suite's own test


def machine():
    """What the figures were measured on."""
    info = {"cpu": platform.processor() or platform.machine(), "cores": os.cpu_count(),
            "system": f"{platform.system()} {platform.release()}", "python": platform.python_version()}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            info["memory_gb"] = round(int(f.readline().split()[1]) / 2 ** 20, 1)
    except OSError:
        pass
    blas = _C.blas_info()  # what tf.matmul multiplies with
    info["blas"] = f"OpenBLAS {blas['core']} ({blas['threads']} threads)" if blas["loaded"] else "no BLAS (core loop)"
    from importlib import metadata
    for package in ("varrt", "numpy", "torch", "tensorflow"):
        try:
            info[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            pass
    return info


PARTS = ("variable_ops", "training", "graph_training", "keras_fit", "checkpoint")  # the modules beside this one, in run order
# Peers that cannot have a figure in a group, and why (the cell says so instead of staying blank).
NOT_APPLICABLE = {("training", "numpy"): "not applicable: NumPy has no gradients or optimizers",
                  ("training on 1 thread", "numpy"): "not applicable: NumPy has no gradients or optimizers",
                  ("Keras fit on 1 thread", "numpy"): "not applicable: NumPy has no gradients or optimizers"}
BY_PATH = ("graph_training", "keras_fit")  # the parts that run their peers' interpreters on their own file


def _row(group, name, unit, varrt, **peers):
    return {"group": group, "name": name, "unit": unit, "varrt": varrt,
            **{p: peers.get(p) for p in PEERS}}


class _Absence:
    """Why a peer has no figure in a row: it failed in that part (the progress says how), it does
    not apply to the row's group, it is not installed, or it has no twin of this row."""

    def __init__(self, progress, tf_python, torch_python):
        import importlib.util
        tf_missing = "not installed here: name an interpreter that has it with --tf-python or VARRT_TF_PYTHON"
        in_process = [part for part in PARTS if part not in BY_PATH]
        self.missing = {"numpy": {}, "tensorflow": {}, "torch": {}}  # peer -> {part: why it did not run}
        if tf_python is None:
            self.missing["tensorflow"] = dict.fromkeys(PARTS, tf_missing)
        if importlib.util.find_spec("torch") is None:
            self.missing["torch"] = dict.fromkeys(in_process, "not installed here (pip install torch)")
        if torch_python is None:
            for part in BY_PATH:
                self.missing["torch"][part] = ("not installed here, and no interpreter that has it given "
                                               "(--torch-python or VARRT_TORCH_PYTHON)")
        self.progress = progress

    def explain(self, part, row):
        """Adds row["why"]: {peer: why its cell is empty} for each peer without a figure."""
        why = {}
        for peer in PEERS:
            if row[peer]:
                continue
            failure = self.progress.failure(part, peer)
            if failure is not None:
                why[peer] = f"failed: {failure}"
            elif (row["group"], peer) in NOT_APPLICABLE:
                why[peer] = NOT_APPLICABLE[row["group"], peer]
            elif part in self.missing[peer]:
                why[peer] = self.missing[peer][part]
            else:
                why[peer] = "not applicable: it has no twin of this row"
        row["why"] = why
        return row


def collect(quick=False, tf_python=None, smoke=False, torch_python=None, progress=None):
    """The suite's rows: dicts with group, name, unit, the varrt and peer figures (None: not run)
    and why: {peer: why its figure is missing}. Steps and failures are told to `progress`."""
    import importlib.util

    progress = progress or Progress(PARTS)
    # One TensorFlow interpreter for every part: the one given, else this one when it has TensorFlow.
    if tf_python is None and importlib.util.find_spec("tensorflow") is not None:
        tf_python = sys.executable
    torch_python = torch_python or graph_training.default_torch_python()
    absence = _Absence(progress, tf_python, torch_python)
    seconds = 0.002 if smoke else 0.25 if quick else 1.0
    rows = []
    progress.part("variable_ops")
    columns, memory = variable_ops.collect(seconds, tf_python, progress)
    for name in variable_ops.TARGETS:
        group = "64 MB ops" if "64 MB" in name else "small ops"
        rows.append(absence.explain("variable_ops", _row(
            group, name, "us/call", columns["varrt"][name] * 1e6,
            **{peer: columns[key][name] * 1e6 for peer, key in
               (("numpy", "numpy"), ("torch", "torch"), ("tensorflow", "tf")) if key in columns})))
    memory_row = _row("memory", "memory per 4-float variable", "bytes", memory["varrt"],
                      **{peer: memory[key] for peer, key in (("numpy", "numpy"), ("torch", "torch"),
                                                             ("tensorflow", "tf")) if key in memory})
    progress.part("training")
    steps = training.collect(0.01 if smoke else 0.5 if quick else 2.0, tf_python, progress)
    for name, t in steps["varrt"].items():
        peer_case = training.TORCH_PEER.get(name, name)
        rows.append(absence.explain("training", _row(
            "training", name, "us/step", t * 1e6,
            torch=steps["torch"][peer_case] * 1e6 if "torch" in steps else None,
            tensorflow=steps["tf"][name] * 1e6 if "tf" in steps and name in steps["tf"] else None)))
    progress.part("graph_training")
    graphs = graph_training.collect(0.002 if smoke else 1.0 if quick else 4.0, tf_python, torch_python,
                                    progress=progress)
    for name, t in graphs["varrt"].items():
        torch_t = graphs.get("torch", {}).get(graph_training.TORCH_PEER[name])
        tf_t = graphs.get("tf", {}).get(name)
        rows.append(absence.explain("graph_training", _row(
            "training on 1 thread", name, "ms/step", t * 1e3, torch=torch_t and torch_t * 1e3,
            tensorflow=tf_t and tf_t * 1e3)))
    progress.part("keras_fit")
    fits = keras_fit.collect(512 if smoke else 12_800 if quick else 60_000, tf_python, torch_python,
                             progress=progress)
    for name, t in fits["varrt"].items():
        rows.append(absence.explain("keras_fit", _row(
            "Keras fit on 1 thread", name, "s/epoch", t, torch=fits.get("torch", {}).get(name),
            tensorflow=fits.get("tf", {}).get(name))))
    progress.part("checkpoint")
    elements = 4096 if smoke else checkpoint.ELEMENTS
    saved = checkpoint.collect(1 if smoke else 3 if quick else 9, tf_python, elements=elements, progress=progress)
    size = f"{checkpoint.N_VARS * elements * 4 / 2 ** 20:g} MB"
    peers = {"numpy": "numpy savez/load", "torch": "torch.save/load", "tensorflow": "tensorflow Checkpoint"}
    for i, op in enumerate(("save", "restore")):
        rows.append(absence.explain("checkpoint", _row(
            "checkpoint", f"checkpoint {op} {size}", "ms", saved["varrt"][i] * 1e3,
            **{p: saved[k][i] * 1e3 for p, k in peers.items() if k in saved})))
    rows.append(absence.explain("variable_ops", memory_row))  # measured with the variable ops, shown last
    return rows


def table(info, rows):
    """The rows as text: times and varrt/peer ratios, under the machine's details. An empty cell
    names a note under the table saying why; column widths come from the content."""
    lines = [f"varrt {info.get('varrt', '?')} on {info['cpu']}, {info['cores']} cores, "
             f"{info.get('memory_gb', '?')} GB, {info['system']}, Python {info['python']}, NumPy {info.get('numpy')}"
             + "".join(f", {p} {info[p]}" for p in ("torch", "tensorflow") if p in info)
             + (f", {info['blas']}" if "blas" in info else "")]
    notes = {}  # "peer: why" -> its number, in order of first use

    def empty(r, p):
        note = f"{p}: {r.get('why', {}).get(p, 'not measured')}"
        return f"- ({notes.setdefault(note, len(notes) + 1)})"

    head = ["", "unit", "varrt"] + [h for p in PEERS for h in (p, "x " + p)]
    body = []  # a group's name (str) or a row's cells (list)
    group = None
    for r in rows:
        if r["group"] != group:
            group = r["group"]
            body.append(group)
        cells = ["  " + r["name"], r["unit"], f"{r['varrt']:.2f}"]
        for p in PEERS:
            cells += [f"{r[p]:.2f}", f"{r['varrt'] / r[p]:.2f}"] if r[p] else [empty(r, p), ""]
        body.append(cells)
    widths = [max(len(cells[i]) for cells in [head] + [b for b in body if isinstance(b, list)])
              for i in range(len(head))]

    def line(cells):
        text = cells[0].ljust(widths[0]) + "".join("  " + c.rjust(w) for c, w in zip(cells[1:], widths[1:]))
        return text.rstrip()

    lines += ["", line(head), "-" * len(line(head))]
    lines += [b if isinstance(b, str) else line(b) for b in body]
    lines.append("\nx peer: varrt's time (or bytes) over the peer's; below 1, varrt is faster (smaller).")
    if notes:
        lines.append("Empty cells:")
        lines += [f"  ({n}) {note}" for note, n in notes.items()]
    return "\n".join(lines)


def plot(info, rows, path):
    """A horizontal bar chart of varrt's ratio to each peer, one bar group per row."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SystemExit("varrt bench: --plot needs matplotlib (pip install matplotlib)") from None
    peers = [p for p in PEERS if any(r[p] is not None for r in rows)]
    fig, ax = plt.subplots(figsize=(9, 0.32 * len(rows) * max(1, len(peers)) + 1.5))
    height = 0.8 / max(1, len(peers))
    for k, p in enumerate(peers):
        ys = [i + k * height for i, r in enumerate(rows) if r[p]]
        ax.barh(ys, [r["varrt"] / r[p] for r in rows if r[p]], height=height, label=f"varrt / {p}")
        for i, r in enumerate(rows):  # a missing bar says why, where it would be
            if not r[p]:
                ax.text(1.0, i + k * height, f"  no {p} bar: {r.get('why', {}).get(p, 'not measured')}",
                        va="center", fontsize=6, color="dimgray")
    unplotted = sorted({f"{p}: {r.get('why', {}).get(p, 'not measured')}" for r in rows for p in PEERS
                        if p not in peers})
    if unplotted:  # a peer with no figure at all has no bars: the figure's foot says why
        fig.text(0.01, 0.005, "Not charted: " + "; ".join(unplotted), fontsize=6, color="dimgray", wrap=True)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xscale("log")
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(rows))])
    ax.set_yticklabels([r["name"] for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("varrt's time over the peer's (log scale; left of 1: varrt faster)")
    ax.set_title(f"varrt {info.get('varrt', '')} on {info['cpu']}, {info['cores']} cores", fontsize=9)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout(rect=(0, 0.03 if unplotted else 0, 1, 1))
    fig.savefig(path)
    plt.close(fig)


def run(args):
    """`varrt bench`."""
    if args.smoke:
        os.environ["VARRT_BENCH_MEMORY_COUNT"] = "2000"
    if args.plot:  # fail before the run, not after it
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            print("varrt bench: --plot needs matplotlib (pip install matplotlib)", file=sys.stderr)
            return 2
    info = machine()
    progress = Progress(PARTS)  # to stderr: stdout carries the results
    rows = collect(args.quick, args.tf_python, args.smoke, args.torch_python, progress)
    progress.close()
    if args.json:
        print(json.dumps({"machine": info, "rows": rows}, indent=1))
    else:
        print(table(info, rows))
    if args.plot:
        plot(info, rows, args.plot)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="varrt bench", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
