"""Exporting and loading a 100 MB SavedModel and calling what was loaded, varrt against
TensorFlow 2.21, each in its own process, in one run (issue 31's performance targets).

    python -m varrt.benchmarks.saved_model_io [--quick] [--threads N] [--tf-python PATH]
    (benchmarks/bench_saved_model.py runs it, then saved_model_read's parsing rows)

The model is what users write: a `tf.Module` holding 25 float32 variables of 1M elements
(100 MB) and two small ones (a (16, 4) kernel and a bias), whose `__call__` is a `tf.function`
with an input signature (x of shape [None, 16]: x @ kernel + bias; the large variables are only
saved and restored, so the per-call rows measure the call's overhead, not arithmetic). Files go to one temporary directory, written just before they are read, so
both libraries read them from a warm page cache; garbage is collected before each timed export
and load. TensorFlow's process runs first; varrt's then
also loads TensorFlow's export. Rows (the median of ROUNDS rounds after a warm-up round):
  export                    tf.saved_model.save(module, path), a new path each round
  load TF's export          tf.saved_model.load of TensorFlow's export
  load varrt's export       tf.saved_model.load of varrt's export (varrt only; its ratio is
                            against TensorFlow loading its own export)
  first signature call      the first call of signatures["serving_default"] after a load
  original traced call      the module's own traced __call__ (x of shape (2, 16)), per call
  loaded signature call     loaded.signatures["serving_default"](x=x), per call
  loaded __call__           loaded(x), per call
Per-call rows are the mean of CALLS calls in a round, the loaded calls on TensorFlow's export
(varrt's own without TensorFlow). Targets: export <= 1.0x and load <= 0.5x
TensorFlow's time; a loaded signature and a loaded __call__ add at most 20 us over the original
traced function.
"""
import argparse
import gc
import json
import os
import shutil
import sys
import tempfile
import time

import numpy as np

if __package__:
    from varrt.benchmarks import peer_rows
else:  # run by path by a peer's interpreter, which has no varrt: the sibling file
    import peer_rows

# VARRT_BENCH_SAVED_MODEL_ELEMENTS: smaller variables (the test suite's smoke run of this module).
ELEMENTS = int(os.environ.get("VARRT_BENCH_SAVED_MODEL_ELEMENTS", 1 << 20))
N_LARGE, FEATURES, UNITS, CALLS = 25, 16, 4, 2000
DIR_VARIABLE = "VARRT_BENCH_SAVED_MODEL_DIR"  # the directory both processes share, set by main()
CALL_LIMIT = 20e-6


def make_module(tf):
    """The benchmark's tf.Module, the same values in every library."""
    rng = np.random.default_rng(0)

    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.tables = [tf.Variable(rng.standard_normal(ELEMENTS, dtype=np.float32), name=f"table_{i}")
                           for i in range(N_LARGE)]
            self.kernel = tf.Variable(rng.standard_normal((FEATURES, UNITS), dtype=np.float32), name="kernel")
            self.bias = tf.Variable(np.zeros(UNITS, np.float32), name="bias")

        @tf.function(input_signature=[tf.TensorSpec([None, FEATURES], tf.float32)])
        def __call__(self, x):
            return tf.matmul(x, self.kernel) + self.bias

    return Model()


def _timed(fn):
    # Loaded models hold reference cycles (in both libraries): collected first, the previous
    # round's 100 MB is free memory again, as in a process that loads once.
    gc.collect()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _per_call(fn, x):
    fn(x)
    start = time.perf_counter()
    for _ in range(CALLS):
        fn(x)
    return (time.perf_counter() - start) / CALLS


def run_library(library, rounds, threads):
    """{row: seconds} for `library` ("varrt" or "tf"), its exports in $VARRT_BENCH_SAVED_MODEL_DIR."""
    if library == "varrt":
        import varrt as tf  # the library under test, chosen per subprocess (as tensorflow below)
    else:
        import tensorflow as tf
    peer_rows.set_threads(tf, threads)
    directory = os.environ[DIR_VARIABLE]
    module = make_module(tf)
    x = tf.constant(np.ones((2, FEATURES), np.float32))
    own = os.path.join(directory, library)
    rows = {"export": [], "load TF's export": [], "load varrt's export": [], "first signature call": [],
            "original traced call": [], "loaded signature call": [], "loaded __call__": []}
    for r in range(rounds + 1):  # round 0 warms up
        path = f"{own}-{r}"
        times = {"export": _timed(lambda: tf.saved_model.save(module, path))}
        if r > 0:
            shutil.rmtree(f"{own}-{r - 1}")
        tf_export = path if library == "tf" else os.path.join(directory, "tf-final")
        for row, source in (("load TF's export", tf_export), ("load varrt's export", path if library == "varrt" else None)):
            if source is None or not os.path.exists(source):
                continue
            holder = []
            times[row] = _timed(lambda: holder.append(tf.saved_model.load(source)))
            loaded = holder[0]
            signature = loaded.signatures["serving_default"]
            if row == "load TF's export" or library == "varrt":
                first = _timed(lambda: signature(x=x))
                times.setdefault("first signature call", first)
            del holder, loaded, signature
        if r == rounds and library == "tf":
            os.rename(path, os.path.join(directory, "tf-final"))  # what varrt's process loads
        if r > 0:
            for row, t in times.items():
                rows[row].append(t)
    tf_final = os.path.join(directory, "tf-final")
    loaded = tf.saved_model.load(tf_final if os.path.exists(tf_final) else f"{own}-{rounds}")
    signature = loaded.signatures["serving_default"]
    for _ in range(rounds):
        rows["original traced call"].append(_per_call(module, x))
        rows["loaded signature call"].append(_per_call(lambda x: signature(x=x), x))
        rows["loaded __call__"].append(_per_call(loaded, x))
    return {row: float(np.median(t)) for row, t in rows.items() if t}


def verdicts(times):
    """[(row, peer label, ratio, limit, ok)]: export and both loads against TensorFlow's export
    and its load of its own export; the loaded calls' added time against 20 us."""
    mine, tf = times["varrt"], times.get("tf", {})
    out = []
    for row, peer_row, limit in (("export", "export", 1.0), ("load TF's export", "load TF's export", 0.5),
                                 ("load varrt's export", "load TF's export", 0.5)):
        if row in mine and tf.get(peer_row):
            ratio = mine[row] / tf[peer_row]
            out.append((row, "TensorFlow", ratio, limit, ratio <= limit))
    for row in ("loaded signature call", "loaded __call__"):
        added = mine[row] - mine["original traced call"]
        out.append((f"{row}, added over the original (us: {added * 1e6:.1f})", "20 us", added / CALL_LIMIT, 1.0,
                    added <= CALL_LIMIT))
    return out


def collect(rounds, tf_python=None, threads=1):
    """{"varrt": {row: s}, "tf": {...} or absent}: TensorFlow's process first, so varrt's loads its export."""
    with tempfile.TemporaryDirectory() as directory:
        os.environ[DIR_VARIABLE] = directory  # the subprocesses inherit it
        times = {}
        if tf_python:
            measured = peer_rows.in_subprocess(tf_python, __file__, "tf", rounds, threads)
            if measured:
                times["tf"] = measured
        times["varrt"] = peer_rows.in_subprocess(sys.executable, __file__, "varrt", rounds, threads)
        if times["varrt"] is None:
            raise RuntimeError("varrt's SavedModel benchmark failed")
        return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds instead of 7 (noisier)")
    parser.add_argument("--threads", type=int, default=0, help="threads per library (0: each library's default)")
    parser.add_argument("--tf-python", default=os.environ.get("VARRT_TF_PYTHON"),
                        help="a Python interpreter with TensorFlow (default: $VARRT_TF_PYTHON)")
    parser.add_argument("--rounds", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--only", choices=["varrt", "tf"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 7)
    if args.only:
        print(json.dumps(run_library(args.only, rounds, args.threads)))
        return 0
    times = collect(rounds, args.tf_python, args.threads)
    heading = (f"a tf.Module of {N_LARGE} x {ELEMENTS} float32 ({N_LARGE * ELEMENTS * 4 / 2**20:.3g} MB) and a traced "
               f"__call__; files in a temporary directory, page cache warm; median of {rounds} rounds; per-call "
               f"rows the mean of {CALLS} calls")
    return 1 if peer_rows.print_table(times, {}, heading, verdicts) else 0


if __name__ == "__main__":
    sys.exit(main())
