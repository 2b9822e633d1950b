"""The machinery of the benchmarks that time varrt against its peers, each library in its own
process: time a call, run one library's cases in a subprocess of a given interpreter, collect
every library's figures, and judge them against the targets. The peers' interpreters run their
benchmark file by path, without varrt installed, so this module imports nothing of varrt (a
benchmark file run by path imports it as its sibling).

A benchmark module defines `run_library(library, rounds, threads) -> {row: seconds}` and its
`TARGETS` ({row: [(peer, limit)]}), and calls `main_for(module_file, doc, run_library, TARGETS)`."""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

PEER_LABELS = {"tf": "TensorFlow", "torch": "PyTorch"}
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "VARRT_NUM_THREADS")


def median_call(fn, rounds):
    """The median wall time of `rounds` calls of fn, after a warm-up call (traces, buffers)."""
    fn()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def set_threads(tf, threads):
    """One library's own thread settings (its environment is set by in_subprocess)."""
    if threads:
        tf.config.threading.set_intra_op_parallelism_threads(threads)
        tf.config.threading.set_inter_op_parallelism_threads(threads)


def in_subprocess(python, module_file, library, rounds, threads):
    """{row: seconds} for `library`, measured by `python` running module_file; None (with the
    reason on stderr) when it fails."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    if threads:
        env.update({var: str(threads) for var in THREAD_VARIABLES})
    cmd = [python, os.path.abspath(module_file), "--only", library, "--rounds", str(rounds), "--threads", str(threads)]
    label = PEER_LABELS.get(library, library)
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"{label} failed: {e}", file=sys.stderr)
        return None
    if result.returncode != 0:
        print(f"{label} failed:\n{result.stderr[-2000:]}", file=sys.stderr)
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def collect(module_file, rounds, tf_python=None, torch_python=None, threads=1):
    """{"varrt": {row: s}, "tf": {...} or absent, "torch": {...} or absent}."""
    times = {"varrt": in_subprocess(sys.executable, module_file, "varrt", rounds, threads)}
    if times["varrt"] is None:
        raise RuntimeError(f"varrt's benchmark {os.path.basename(module_file)} failed")
    for library, python in (("tf", tf_python), ("torch", torch_python)):
        if python:
            measured = in_subprocess(python, module_file, library, rounds, threads)
            if measured:
                times[library] = measured
    return times


def verdicts(times, targets):
    """[(row, peer label, ratio, limit, ok)] for each target whose figures were measured."""
    out = []
    for row, row_targets in targets.items():
        for peer, limit in row_targets:
            other = times.get(peer, {}).get(row)
            if other and row in times["varrt"]:
                ratio = times["varrt"][row] / other
                out.append((row, PEER_LABELS[peer], ratio, limit, ratio <= limit))
    return out


def _ms(seconds):
    """Milliseconds in a 9-wide cell: 2 decimals, 5 below a tenth of a millisecond (per-element rows)."""
    ms = seconds * 1e3
    return f"{ms:9.2f}" if ms >= 0.1 else f"{ms:9.5f}"


def print_table(times, targets, heading, judged=None):
    """The rows, each library's milliseconds and varrt's ratios, then the verdicts (`judged`:
    the module's own verdicts function, else the targets'); the number of missed targets."""
    print(heading)
    print(f"{'row':26} {'varrt ms':>9} {'TF ms':>9} {'torch ms':>9} {'/TF':>6} {'/torch':>7}")
    for row, t in times["varrt"].items():
        cells = [times.get(p, {}).get(row) for p in ("tf", "torch")]
        ratios = [f"{t / c:6.2f}" if c else f"{'-':>6}" for c in cells]
        print(f"{row:26} {_ms(t)} " + " ".join(_ms(c) if c else f"{'-':>9}" for c in cells) +
              f" {ratios[0]} {ratios[1]:>7}")
    missed = 0
    for row, label, ratio, limit, ok in (judged(times) if judged else verdicts(times, targets)):
        missed += not ok
        print(f"  {row} / {label}: {ratio:.2f}x (target <= {limit}x) {'ok' if ok else 'MISS'}")
    return missed


def main_for(module_file, doc, run_library, targets, heading, argv=None, default_threads=1, verdicts=None):
    """The command line of a benchmark module: with --only, one library's figures as JSON (what
    in_subprocess reads); otherwise every library's, as a table with the verdicts. The exit
    status is 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 timed calls instead of 20 (noisier)")
    parser.add_argument("--threads", type=int, default=default_threads,
                        help="threads per library (0: each library's default)")
    parser.add_argument("--tf-python", default=os.environ.get("VARRT_TF_PYTHON"),
                        help="a Python interpreter with TensorFlow (default: $VARRT_TF_PYTHON)")
    parser.add_argument("--torch-python", default=os.environ.get("VARRT_TORCH_PYTHON"),
                        help="a Python interpreter with torch (default: $VARRT_TORCH_PYTHON)")
    parser.add_argument("--rounds", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--only", choices=["varrt", "tf", "torch"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rounds = args.rounds or (5 if args.quick else 20)
    if args.only:
        print(json.dumps(run_library(args.only, rounds, args.threads)))
        return 0
    times = collect(module_file, rounds, args.tf_python, args.torch_python, args.threads)
    return 1 if print_table(times, targets, f"threads per library: {args.threads or 'default'}; {heading}; "
                                            f"wall time of a call, median of {rounds}", verdicts) else 0
