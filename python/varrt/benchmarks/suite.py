"""`varrt bench`: the benchmark suite of the installed package, in one run.

    varrt bench [--quick] [--json] [--plot FILE] [--tf-python PATH]

Runs the small variable ops in the forms users write (default arguments), the 64 MB ops, whole
training steps, training eagerly and in tf.function on one thread, and checkpoint save/restore (the modules beside this one, which the
repository's benchmarks/ scripts run too), against NumPy and whichever of PyTorch and
TensorFlow import here (TensorFlow also from another interpreter given with --tf-python or
VARRT_TF_PYTHON, in a subprocess), and prints one table: each row's time for varrt and each
peer, and varrt's time over the peer's (below 1: varrt is faster), under the machine's
details. --json prints the same as JSON; --plot FILE draws the ratios (needs matplotlib).
Run it on an idle machine: every library uses every core, except in the rows "on 1 thread".
"""
import argparse
import json
import os
import platform
import sys

PEERS = ("numpy", "torch", "tensorflow")


def add_arguments(parser):
    parser.add_argument("--quick", action="store_true", help="shorter timing loops (noisier)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--plot", metavar="FILE", help="draw varrt's ratios to each peer into FILE (needs matplotlib)")
    parser.add_argument("--tf-python", default=os.environ.get("VARRT_TF_PYTHON"),
                        help="a Python interpreter with TensorFlow, for its column (default: $VARRT_TF_PYTHON)")
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
    from varrt import _C
    blas = _C.blas_info()  # what tf.matmul multiplies with
    info["blas"] = f"OpenBLAS {blas['core']} ({blas['threads']} threads)" if blas["loaded"] else "no BLAS (core loop)"
    from importlib import metadata
    for package in ("varrt", "numpy", "torch", "tensorflow"):
        try:
            info[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            pass
    return info


def _row(group, name, unit, varrt, **peers):
    return {"group": group, "name": name, "unit": unit, "varrt": varrt,
            **{p: peers.get(p) for p in PEERS}}


def collect(quick=False, tf_python=None, smoke=False):
    """The suite's rows: dicts with group, name, unit, and the varrt and peer figures (None: not run)."""
    from varrt.benchmarks import checkpoint, graph_training, training, variable_ops
    seconds = 0.002 if smoke else 0.25 if quick else 1.0
    rows = []
    columns, memory = variable_ops.collect(seconds, tf_python)
    for name in variable_ops.TARGETS:
        group = "64 MB ops" if "64 MB" in name else "small ops"
        rows.append(_row(group, name, "us/call", columns["varrt"][name] * 1e6,
                         **{peer: columns[key][name] * 1e6 for peer, key in
                            (("numpy", "numpy"), ("torch", "torch"), ("tensorflow", "tf")) if key in columns}))
    steps = training.collect(0.01 if smoke else 0.5 if quick else 2.0, tf_python)
    for name, t in steps["varrt"].items():
        peer_case = training.TORCH_PEER.get(name, name)
        rows.append(_row("training", name, "us/step", t * 1e6,
                         torch=steps["torch"][peer_case] * 1e6 if "torch" in steps else None,
                         tensorflow=steps["tf"][name] * 1e6 if "tf" in steps and name in steps["tf"] else None))
    graphs = graph_training.collect(0.002 if smoke else 1.0 if quick else 4.0, tf_python,
                                    graph_training.default_torch_python())
    for name, t in graphs["varrt"].items():
        torch_t = graphs.get("torch", {}).get(graph_training.TORCH_PEER[name])
        tf_t = graphs.get("tf", {}).get(name)
        rows.append(_row("training on 1 thread", name, "ms/step", t * 1e3, torch=torch_t and torch_t * 1e3,
                         tensorflow=tf_t and tf_t * 1e3))
    elements = 4096 if smoke else checkpoint.ELEMENTS
    saved = checkpoint.collect(1 if smoke else 3 if quick else 9, tf_python, elements=elements)
    size = f"{checkpoint.N_VARS * elements * 4 / 2 ** 20:g} MB"
    peers = {"numpy": "numpy savez/load", "torch": "torch.save/load", "tensorflow": "tensorflow Checkpoint"}
    for i, op in enumerate(("save", "restore")):
        rows.append(_row("checkpoint", f"checkpoint {op} {size}", "ms", saved["varrt"][i] * 1e3,
                         **{p: saved[k][i] * 1e3 for p, k in peers.items() if k in saved}))
    rows.append(_row("memory", "memory per 4-float variable", "bytes", memory["varrt"],
                     **{peer: memory[key] for peer, key in (("numpy", "numpy"), ("torch", "torch"),
                                                            ("tensorflow", "tf")) if key in memory}))
    return rows


def table(info, rows):
    """The rows as text: times and varrt/peer ratios, under the machine's details."""
    lines = [f"varrt {info.get('varrt', '?')} on {info['cpu']}, {info['cores']} cores, "
             f"{info.get('memory_gb', '?')} GB, {info['system']}, Python {info['python']}, NumPy {info.get('numpy')}"
             + "".join(f", {p} {info[p]}" for p in ("torch", "tensorflow") if p in info)
             + (f", {info['blas']}" if "blas" in info else "")]
    peers = [p for p in PEERS if any(r[p] is not None for r in rows)]
    head = f"{'':34}{'unit':>8}{'varrt':>11}" + "".join(f"{p:>12}{'x ' + p[:5]:>9}" for p in peers)
    lines += ["", head, "-" * len(head)]
    group = None
    for r in rows:
        if r["group"] != group:
            group = r["group"]
            lines.append(group)
        line = f"  {r['name']:32}{r['unit']:>8}{r['varrt']:>11.2f}"
        for p in peers:
            line += f"{r[p]:>12.2f}{r['varrt'] / r[p]:>9.2f}" if r[p] else f"{'-':>12}{'':>9}"
        lines.append(line)
    lines.append("\nx peer: varrt's time (or bytes) over the peer's; below 1, varrt is faster (smaller).")
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
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xscale("log")
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(rows))])
    ax.set_yticklabels([r["name"] for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("varrt's time over the peer's (log scale; left of 1: varrt faster)")
    ax.set_title(f"varrt {info.get('varrt', '')} on {info['cpu']}, {info['cores']} cores", fontsize=9)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
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
    rows = collect(args.quick, args.tf_python, args.smoke)
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
