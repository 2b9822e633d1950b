"""Training in graphs against training eagerly: varrt's tf.function step against its eager step,
TensorFlow 2.21's tf.function and PyTorch, each library on one thread, in one run.

    python benchmarks/bench_graph_training.py [--quick] [--threads N] [--tf-python PATH] [--torch-python PATH]
    (the same as python -m varrt.benchmarks.graph_training; `varrt bench` runs it with the others)

Rows (issue 25's targets; wall time, the median of several rounds, each round whole epochs):
  MLP step            784 -> 256 (relu) -> 128 (relu) -> 10, batch 128, sparse softmax
                      cross-entropy, gradients from GradientTape, tf.keras.optimizers.Adam; an epoch is
                      20 batches, each passed to the step as arguments (the step reported is the
                      epoch's time / 20). Eager and in tf.function; PyTorch: its eager step with
                      torch.optim.Adam. Targets: varrt's tf.function step <= 0.8x varrt's eager step
                      and <= 0.8x TensorFlow's tf.function step.
  Adam 100 x 10k      Keras Adam's apply_gradients over 100 variables of 10,000 floats (gradients
                      prepared once), eager and in tf.function; PyTorch: torch.optim.Adam(fused=True).
                      Target: varrt <= 1.0x PyTorch, eager and in tf.function.
  Adam 1M             the same over one variable of 2^20 floats. Target: in tf.function <= 1.1x eager.
Every library runs in its own process with one BLAS/OpenMP thread (OMP/OPENBLAS/MKL_NUM_THREADS=1,
intra- and inter-op threads 1 in varrt and TensorFlow, torch.set_num_threads(1)) unless --threads
says otherwise (0: each library's default). The TensorFlow column needs an interpreter that has
TensorFlow (--tf-python or $VARRT_TF_PYTHON), PyTorch's one that has torch (--torch-python or
$VARRT_TORCH_PYTHON; this interpreter when it imports torch).
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

ROUNDS = 7
BATCH, BATCHES = 128, 20
SIZES = (784, 256, 128, 10)
MANY, MANY_SIZE, BIG = 100, 10_000, 1 << 20

# row: (what it is compared with, the largest ratio allowed); "self:ROW" is varrt's own other row.
TARGETS = {
    "MLP step, tf.function": [("self:MLP step, eager", 0.8), ("tf", 0.8)],
    "Adam 100 x 10k, eager": [("torch", 1.0)],
    "Adam 100 x 10k, tf.function": [("torch", 1.0)],
    "Adam 1M, tf.function": [("self:Adam 1M, eager", 1.1)],
}
# PyTorch's row for each varrt row (PyTorch has no tf.function: its eager step is the peer).
TORCH_PEER = {"MLP step, eager": "MLP step", "MLP step, tf.function": "MLP step",
              "Adam 100 x 10k, eager": "Adam 100 x 10k", "Adam 100 x 10k, tf.function": "Adam 100 x 10k",
              "Adam 1M, eager": "Adam 1M", "Adam 1M, tf.function": "Adam 1M"}


def median_time(fn, seconds, per=1):
    """The median over ROUNDS rounds of one call of fn (a whole epoch), divided by `per`."""
    fn()
    fn()  # warm-up: traces, slots, caches
    start = time.perf_counter()
    fn()
    once = max(time.perf_counter() - start, 1e-9)
    number = max(1, int(seconds / ROUNDS / once))
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return float(np.median(times)) / per


def data():
    rng = np.random.default_rng(0)
    images = rng.random((BATCH * BATCHES, SIZES[0]), dtype=np.float32)
    labels = rng.integers(0, SIZES[-1], BATCH * BATCHES).astype(np.int32)
    weights = [(rng.standard_normal((a, b)) * 0.05).astype(np.float32) for a, b in zip(SIZES[:-1], SIZES[1:])]
    many = [rng.standard_normal(MANY_SIZE).astype(np.float32) for _ in range(MANY)]
    many_grads = [rng.standard_normal(MANY_SIZE).astype(np.float32) * 1e-2 for _ in range(MANY)]
    big, big_grad = rng.standard_normal(BIG).astype(np.float32), rng.standard_normal(BIG).astype(np.float32)
    return images, labels, weights, many, many_grads, big, big_grad


# --- the TensorFlow-API script (varrt, or TensorFlow itself) ------------------------------

def tf_cases(tf):
    images, labels, weights, many, many_grads, big, big_grad = data()
    batches = [(tf.constant(images[i * BATCH:(i + 1) * BATCH]), tf.constant(labels[i * BATCH:(i + 1) * BATCH]))
               for i in range(BATCHES)]
    cases = {}

    def mlp(traced):
        params = []
        for w in weights:
            params += [tf.Variable(w), tf.Variable(np.zeros(w.shape[1], np.float32))]
        opt = tf.keras.optimizers.Adam(1e-3)

        def step(x, y):
            with tf.GradientTape() as tape:
                h = x
                for i in range(0, len(params), 2):
                    h = tf.matmul(h, params[i]) + params[i + 1]
                    if i + 2 < len(params):
                        h = tf.nn.relu(h)
                loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=h))
            grads = tape.gradient(loss, params)
            opt.apply_gradients(zip(grads, params))
            return loss

        step = tf.function(step) if traced else step

        def epoch():
            for x, y in batches:
                step(x, y)
        return epoch

    def adam(values, grads, traced):
        variables = [tf.Variable(v) for v in values]
        gradients = [tf.constant(g) for g in grads]
        opt = tf.keras.optimizers.Adam(1e-3)

        def apply():
            opt.apply_gradients(zip(gradients, variables))
        return tf.function(apply) if traced else apply

    for traced, suffix in ((False, "eager"), (True, "tf.function")):
        cases[f"MLP step, {suffix}"] = (mlp(traced), BATCHES)
        cases[f"Adam 100 x 10k, {suffix}"] = (adam(many, many_grads, traced), 1)
        cases[f"Adam 1M, {suffix}"] = (adam([big], [big_grad], traced), 1)
    return cases


def torch_cases():
    import torch
    images, labels, weights, many, many_grads, big, big_grad = data()
    batches = [(torch.from_numpy(images[i * BATCH:(i + 1) * BATCH]),
                torch.from_numpy(labels[i * BATCH:(i + 1) * BATCH]).long()) for i in range(BATCHES)]
    params = []
    for w in weights:
        params += [torch.tensor(w, requires_grad=True), torch.zeros(w.shape[1], requires_grad=True)]
    opt = torch.optim.Adam(params, lr=1e-3)

    def epoch():
        for x, y in batches:
            opt.zero_grad()
            h = x
            for i in range(0, len(params), 2):
                h = h @ params[i] + params[i + 1]
                if i + 2 < len(params):
                    h = torch.relu(h)
            torch.nn.functional.cross_entropy(h, y).backward()
            opt.step()

    def fused(values, grads):
        ps = [torch.nn.Parameter(torch.from_numpy(v.copy())) for v in values]
        for p, g in zip(ps, grads):
            p.grad = torch.from_numpy(g.copy())
        return torch.optim.Adam(ps, lr=1e-3, fused=True).step

    return {"MLP step": (epoch, BATCHES), "Adam 100 x 10k": (fused(many, many_grads), 1),
            "Adam 1M": (fused([big], [big_grad]), 1)}


def run_library(library, seconds, threads):
    """{row: seconds} for one library, in this process (the environment already set for `threads`)."""
    if library == "torch":
        import torch
        if threads:
            torch.set_num_threads(threads)
        cases = torch_cases()
    else:
        if library == "varrt":
            import varrt as tf  # the library under test, chosen per subprocess (as tensorflow below)
        else:
            import tensorflow as tf
        threading = getattr(tf.config, "threading", None)  # an older varrt has only VARRT_NUM_THREADS
        if threads and threading is not None:
            threading.set_intra_op_parallelism_threads(threads)
            threading.set_inter_op_parallelism_threads(threads)
        cases = tf_cases(tf)
    return {name: median_time(fn, seconds, per) for name, (fn, per) in cases.items()}

LIBRARY_NAMES = {"tf": "tensorflow"}  # --only's names, as the suite's columns name them


def in_subprocess(python, library, seconds, threads, progress):
    """{row: seconds} for `library`, run by `python`; None when it fails (told to `progress`)."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    if threads:
        for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "VARRT_NUM_THREADS"):
            env[var] = str(threads)
    cmd = [python, "-m", "varrt.benchmarks.graph_training", "--only", library, "--seconds", str(seconds),
           "--threads", str(threads)]
    if library != "varrt":  # the peer's interpreter need not have varrt: run this file by path
        cmd[1:3] = [os.path.abspath(__file__)]
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
        error = result if result.returncode != 0 else None
    except (OSError, subprocess.TimeoutExpired) as e:
        error = e
    if error is not None:
        progress.failed(LIBRARY_NAMES.get(library, library), error)
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def default_torch_python():
    if os.environ.get("VARRT_TORCH_PYTHON"):
        return os.environ["VARRT_TORCH_PYTHON"]
    try:
        import torch  # noqa: F401
        return sys.executable
    except ImportError:
        return None


def collect(seconds, tf_python=None, torch_python=None, threads=1, progress=None):
    """{"varrt": {row: s}, "tf": {row: s} or absent, "torch": {row: s} or absent}. A peer that
    fails is left out and told to `progress` (a varrt.benchmarks.progress.Progress)."""
    from varrt.benchmarks.progress import Progress  # here: a peer's interpreter runs this file without varrt
    progress = progress or Progress()
    peers = [(library, python) for library, python in (("tf", tf_python), ("torch", torch_python)) if python]
    progress.expect(1 + len(peers))
    progress.step(f"varrt, every row (a subprocess, {threads or 'default'} thread{'s' if threads != 1 else ''})")
    times = {"varrt": in_subprocess(sys.executable, "varrt", seconds, threads, progress)}
    if times["varrt"] is None:
        raise RuntimeError(f"varrt's graph-training benchmark failed: {progress.failure(progress.part_name, 'varrt')}")
    for library, python in peers:
        progress.step(f"{LIBRARY_NAMES.get(library, library)}, every row (a subprocess)")
        measured = in_subprocess(python, library, seconds, threads, progress)
        if measured:
            times[library] = measured
    return times


def verdicts(times):
    """[(row, peer label, ratio, limit, ok)] for each target whose figures were measured."""
    out = []
    mine = times["varrt"]
    for row, targets in TARGETS.items():
        for peer, limit in targets:
            if peer.startswith("self:"):
                other, label = mine.get(peer[5:]), "varrt " + peer[5:].split(", ")[1]
            else:
                key = TORCH_PEER[row] if peer == "torch" else row
                other, label = times.get(peer, {}).get(key), {"tf": "TensorFlow", "torch": "PyTorch"}[peer]
            if other:
                ratio = mine[row] / other
                out.append((row, label, ratio, limit, ratio <= limit))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter timing loops (noisier)")
    parser.add_argument("--threads", type=int, default=1, help="threads per library (0: each library's default)")
    parser.add_argument("--tf-python", default=os.environ.get("VARRT_TF_PYTHON"),
                        help="a Python interpreter with TensorFlow (default: $VARRT_TF_PYTHON)")
    parser.add_argument("--torch-python", default=None, help="a Python interpreter with torch "
                        "(default: $VARRT_TORCH_PYTHON, or this one when it imports torch)")
    parser.add_argument("--seconds", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--only", choices=["varrt", "tf", "torch"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    seconds = args.seconds or (1.0 if args.quick else 4.0)
    if args.only:
        print(json.dumps(run_library(args.only, seconds, args.threads)))
        return 0
    times = collect(seconds, args.tf_python, args.torch_python or default_torch_python(), args.threads)
    print(f"threads per library: {args.threads or 'default'}; wall time, median of {ROUNDS} rounds")
    print(f"{'row':30} {'varrt ms':>9} {'TF ms':>9} {'torch ms':>9}")
    for row, t in times["varrt"].items():
        tf_t = times.get("tf", {}).get(row)
        torch_t = times.get("torch", {}).get(TORCH_PEER[row])
        cells = [f"{x * 1e3:9.3f}" if x else f"{'-':>9}" for x in (tf_t, torch_t)]
        print(f"{row:30} {t * 1e3:9.3f} " + " ".join(cells))
    missed = 0
    for row, label, ratio, limit, ok in verdicts(times):
        missed += not ok
        print(f"  {row} / {label}: {ratio:.2f}x (target <= {limit}x) {'ok' if ok else 'MISS'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
