"""Checkpoint save/restore speed: varrt vs NumPy, safetensors, PyTorch and TensorFlow.

Four 16 MB float32 variables (64 MB), saved to and restored from a temporary directory with
the page cache warm, as in repeated checkpointing during training. The libraries take turns
(round robin, --repeat rounds) so that load from other processes affects all of them alike;
each figure is the median. Ratios are varrt's time over the other library's.

    python benchmarks/bench_checkpoint.py [--repeat 15] [--dir /tmp] [--tf-python PATH]
    (the same as python -m varrt.benchmarks.checkpoint; `varrt bench` runs it with the others)

Targets (issue 4): save <= 1.5x safetensors' save_file, restore <= 1.0x safetensors'
load_file, both <= 0.5x TensorFlow's tf.train.Checkpoint. The same run then measures issue 15's
targets (--part selects one): many small variables (checkpoint_small.py), background saves
(checkpoint_async.py) and lazy reads (checkpoint_lazy.py). safetensors is measured with its
NumPy and PyTorch front ends and the faster one counts. PyTorch's load_file only maps the
file (no byte is read until used), so its restore is measured with the tensors cloned into
memory; the lazy figure is printed for reference only. varrt's restore verifies every CRC
before writing into the existing variables; "varrt (fsync)" saves with experimental_fsync.
TensorFlow runs in a subprocess (--tf-python, else VARRT_TF_PYTHON, else this interpreter when
it has TensorFlow) when available.

On a shared machine the figures move a lot between runs: writes depend on the file system's
writeback and block freeing, and safetensors' NumPy load_file is fast only when glibc hands
it back recently freed (already faulted-in) memory. Compare ratios over several runs.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

import numpy as np
import varrt as vr
from varrt.benchmarks.progress import Progress
from varrt.benchmarks import checkpoint_async
from varrt.benchmarks import checkpoint_lazy
from varrt.benchmarks import checkpoint_small

N_VARS = 4
ELEMENTS = 4 * 1024 * 1024  # 16 MB of float32


def timed(fn):
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


class Library:
    """A save and a restore function; `run(op)` returns seconds."""

    def __init__(self, name, save, restore, check=None):
        self.name, self._save, self._restore, self.check = name, save, restore, check

    def run(self, op):
        return timed(self._save if op == "save" else self._restore)


def varrt_library(arrays, d, fsync):
    variables = {f"v{i}": vr.Variable(a) for i, a in enumerate(arrays)}
    ckpt = vr.train.Checkpoint(**variables)
    prefix = os.path.join(d, "varrt_fsync" if fsync else "varrt")
    options = vr.train.CheckpointOptions(experimental_fsync=fsync)

    def check():
        for i, a in enumerate(arrays):
            assert np.array_equal(variables[f"v{i}"].numpy(), a)

    return Library("varrt (fsync)" if fsync else "varrt", lambda: ckpt.write(prefix, options=options),
                   lambda: ckpt.read(prefix), check)


def numpy_library(arrays, d):
    path = os.path.join(d, "numpy.npz")
    named = {f"v{i}": a for i, a in enumerate(arrays)}

    def load():
        with np.load(path) as f:
            return {k: f[k] for k in f.files}

    return Library("numpy savez/load", lambda: np.savez(path, **named), load)


def safetensors_numpy_library(arrays, d):
    try:
        from safetensors.numpy import load_file, save_file
    except ImportError:
        return None
    path = os.path.join(d, "st_numpy.safetensors")
    named = {f"v{i}": a for i, a in enumerate(arrays)}
    return Library("safetensors.numpy", lambda: save_file(named, path), lambda: load_file(path))


def safetensors_torch_library(arrays, d, materialize):
    try:
        import torch
        from safetensors.torch import load_file, save_file
    except ImportError:
        return None
    path = os.path.join(d, "st_torch.safetensors")
    named = {f"v{i}": torch.from_numpy(a) for i, a in enumerate(arrays)}

    def load():
        loaded = load_file(path)
        return {k: v.clone() for k, v in loaded.items()} if materialize else loaded

    name = "safetensors.torch" if materialize else "  (lazy mmap load)"
    return Library(name, lambda: save_file(named, path), load)


def torch_library(arrays, d):
    try:
        import torch
    except ImportError:
        return None
    path = os.path.join(d, "torch.pt")
    named = {f"v{i}": torch.from_numpy(a) for i, a in enumerate(arrays)}
    return Library("torch.save/load", lambda: torch.save(named, path),
                   lambda: torch.load(path, weights_only=True))


TF_WORKER = textwrap.dedent("""
    import os, sys, time
    import numpy as np
    import tensorflow as tf
    d, n, elements = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = np.random.default_rng(0)
    variables = {f"v{i}": tf.Variable(rng.standard_normal(elements, dtype=np.float32)) for i in range(n)}
    ckpt = tf.train.Checkpoint(**variables)
    prefix = os.path.join(d, "tf")
    ops = {"save": lambda: ckpt.write(prefix), "restore": lambda: ckpt.read(prefix)}
    print("ready", flush=True)
    for line in sys.stdin:
        t0 = time.perf_counter()
        ops[line.strip()]()
        print(time.perf_counter() - t0, flush=True)
""")


def tensorflow_library(d, tf_python, elements, progress):
    """TensorFlow in a worker process that runs one operation per line of input; None when there
    is no `tf_python` or it cannot start the worker (told to `progress`)."""
    if not tf_python:
        return None
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    try:
        proc = subprocess.Popen([tf_python, "-c", TF_WORKER, d, str(N_VARS), str(elements)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    except OSError as e:
        progress.failed("tensorflow", e)
        return None
    if proc.stdout.readline().strip() != "ready":
        proc.wait()
        progress.failed("tensorflow", f"the TensorFlow worker did not start (exit status {proc.returncode})")
        return None

    def op(name):
        proc.stdin.write(name + "\n")
        proc.stdin.flush()
        return float(proc.stdout.readline())

    lib = Library("tensorflow Checkpoint", None, None)
    lib.run = op
    lib.close = lambda: (proc.stdin.close(), proc.wait())
    return lib


def collect(repeat, tf_python=None, directory=None, elements=ELEMENTS, progress=None):
    """{library: (median save seconds, median restore seconds)} over `repeat` interleaved rounds.
    A library that fails is left out and told to `progress` (a varrt.benchmarks.progress.Progress)."""
    import importlib.util

    progress = progress or Progress()
    progress.expect(1 + repeat)
    progress.step("starting the libraries, a first save and restore each")
    if tf_python is None and importlib.util.find_spec("tensorflow") is not None:
        tf_python = sys.executable
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal(elements, dtype=np.float32) for _ in range(N_VARS)]
    with tempfile.TemporaryDirectory(dir=directory) as d:
        candidates = [varrt_library(arrays, d, False), varrt_library(arrays, d, True), numpy_library(arrays, d),
                      safetensors_numpy_library(arrays, d), safetensors_torch_library(arrays, d, True),
                      safetensors_torch_library(arrays, d, False), torch_library(arrays, d),
                      tensorflow_library(d, tf_python, elements, progress)]
        libraries = [lib for lib in candidates if lib is not None]
        times = {lib.name: {"save": [], "restore": []} for lib in libraries}
        for lib in libraries:  # warm-up round: files exist, caches warm
            lib.run("save")
            lib.run("restore")
        for i in range(repeat):
            progress.step(f"round {i + 1} of {repeat}: save and restore, every library in turn")
            for op in ("save", "restore"):
                for lib in libraries:
                    times[lib.name][op].append(lib.run(op))
        for lib in libraries:
            if lib.check:
                lib.check()
            if hasattr(lib, "close"):
                lib.close()
    return {name: (statistics.median(t["save"]), statistics.median(t["restore"])) for name, t in times.items()}


PARTS = ("large", "small", "async", "lazy")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--dir", default=None, help="where to write (default: a temporary directory)")
    parser.add_argument("--tf-python", default=os.environ.get("VARRT_TF_PYTHON"))
    parser.add_argument("--part", choices=PARTS + ("all",), default="all",
                        help="large tensors (above), many small variables (checkpoint_small), background "
                             "saves (checkpoint_async), lazy reads (checkpoint_lazy), or all in one run")
    args = parser.parse_args()
    if args.part in ("large", "all"):
        _large(args)
    for part, module in (("small", checkpoint_small), ("async", checkpoint_async), ("lazy", checkpoint_lazy)):
        if args.part in (part, "all"):
            # The previous part wrote gigabytes: flush them first, or the kernel's writeback
            # runs on the same cores through the next part's timings.
            os.sync()
            print()
            print("\n".join(module.report(module.collect(directory=args.dir))))


def _large(args):
    results = collect(args.repeat, args.tf_python, args.dir)
    print(f"{N_VARS} float32 variables x {ELEMENTS * 4 // 2 ** 20} MB = {N_VARS * ELEMENTS * 4 // 2 ** 20} MB, "
          f"median of {args.repeat} interleaved rounds")
    print(f"{'library':24s} {'save ms':>9s} {'restore ms':>11s} {'varrt/x save':>13s} {'varrt/x restore':>16s}")
    ours_save, ours_restore = results["varrt"]
    for name, (save, restore) in results.items():
        print(f"{name:24s} {save * 1e3:9.1f} {restore * 1e3:11.1f} {ours_save / save:13.2f} "
              f"{ours_restore / restore:16.2f}")
    for missing in ("safetensors.numpy", "safetensors.torch", "torch.save/load", "tensorflow Checkpoint"):
        if missing not in results:
            print(f"{missing:24s} (not installed)")

    checks = []
    st = [results[k] for k in ("safetensors.numpy", "safetensors.torch") if k in results]
    if st:
        checks.append(("save <= 1.5x safetensors save_file (faster front end)", ours_save / min(r[0] for r in st), 1.5))
        checks.append(("restore <= 1.0x safetensors load_file (faster front end)",
                       ours_restore / min(r[1] for r in st), 1.0))
    if "tensorflow Checkpoint" in results:
        tf_save, tf_restore = results["tensorflow Checkpoint"]
        checks.append(("save <= 0.5x TensorFlow", ours_save / tf_save, 0.5))
        checks.append(("restore <= 0.5x TensorFlow", ours_restore / tf_restore, 0.5))
    for text, ratio, target in checks:
        print(f"{'PASS' if ratio <= target else 'MISS'}  {text}: {ratio:.2f}x")


if __name__ == "__main__":
    main()
