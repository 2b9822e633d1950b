"""Keras's `fit` against a PyTorch training loop and Keras 3's own `fit` on TensorFlow 2.21, each
library on one thread, in one run (issue 27's targets).

    python benchmarks/bench_keras_fit.py [--quick] [--threads N] [--tf-python PATH] [--torch-python PATH]
    (the same as python -m varrt.benchmarks.keras_fit; `varrt bench` runs it with the others)

Rows (wall time of one whole epoch, the median of 3 epochs after a warm-up epoch):
  fit epoch      a Sequential 784 -> 256 (relu) -> 128 (relu) -> 10 on 60,000 synthetic
                 MNIST-shaped samples, `compile(optimizer="adam", loss=SparseCategoricalCrossentropy(
                 from_logits=True))`, `fit(x, y, batch_size=128, epochs=1, verbose=0)` with its other
                 arguments at their defaults (so the samples are shuffled each epoch). PyTorch: the
                 same model (nn.Sequential), torch.optim.Adam, a loop over the batches of a fresh
                 torch.randperm each epoch. Targets: varrt <= 1.0x PyTorch and <= 0.7x Keras on TF.
  step loop      the same model, optimizer and loss in a hand-written `tf.function` training step
                 (GradientTape, model call, loss, apply_gradients) called on each batch of the
                 epoch, sliced beforehand, in order.
  fit's steps    (varrt) the fitted model's own traced training step, as fit runs it (it also
                 updates the loss tracker and returns the logs), called on the same pre-sliced
                 batches: fit without its loop, batching and callbacks. Target: varrt's fit epoch
                 <= 1.1x its fit's steps (fit's overhead beyond the traced step <= 10%).
Every library runs in its own process with one BLAS/OpenMP thread unless --threads says otherwise.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

ROUNDS = 3
SIZES = (784, 256, 128, 10)
BATCH = 128
TARGETS = {"fit epoch": [("torch", 1.0), ("tf", 0.7), ("self:fit's steps", 1.1)]}
LIBRARY_NAMES = {"tf": "tensorflow"}


def data(samples):
    rng = np.random.default_rng(0)
    x = rng.random((samples, SIZES[0]), dtype=np.float32)
    y = rng.integers(0, SIZES[-1], samples).astype(np.int32)
    return x, y


def median_epoch(fn):
    fn()  # warm-up: traces, slots
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def keras_cases(tf, samples):
    x, y = data(samples)

    def model():
        m = tf.keras.Sequential([tf.keras.Input(shape=(SIZES[0],))] +
                                [tf.keras.layers.Dense(n, activation="relu") for n in SIZES[1:-1]] +
                                [tf.keras.layers.Dense(SIZES[-1])])
        return m

    fitted = model()
    fitted.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

    def fit_epoch():
        fitted.fit(x, y, batch_size=BATCH, epochs=1, verbose=0)

    looped = model()
    optimizer = tf.keras.optimizers.Adam()
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    batches = [(tf.constant(x[i:i + BATCH]), tf.constant(y[i:i + BATCH])) for i in range(0, samples, BATCH)]

    @tf.function(reduce_retracing=True)
    def step(xb, yb):
        with tf.GradientTape() as tape:
            loss = loss_fn(yb, looped(xb, training=True))
        grads = tape.gradient(loss, looped.trainable_variables)
        optimizer.apply_gradients(zip(grads, looped.trainable_variables))
        return loss

    def step_loop():
        for xb, yb in batches:
            step(xb, yb)

    cases = {"fit epoch": fit_epoch, "step loop": step_loop}
    train_function = getattr(fitted, "_step_function", None)
    if train_function is not None:  # varrt: fit's own traced step, on the pre-sliced batches
        def fit_steps():
            train = fitted._step_function("train")
            for xb, yb in batches:
                train((xb, yb))
        cases["fit's steps"] = fit_steps
    return cases


def torch_cases(samples):
    import torch
    x, y = data(samples)
    xt, yt = torch.from_numpy(x), torch.from_numpy(y).long()
    layers = []
    for i, (a, b) in enumerate(zip(SIZES[:-1], SIZES[1:])):
        layers.append(torch.nn.Linear(a, b))
        if i + 2 < len(SIZES):
            layers.append(torch.nn.ReLU())
    model = torch.nn.Sequential(*layers)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = torch.nn.CrossEntropyLoss()

    def epoch():
        order = torch.randperm(samples)
        for i in range(0, samples, BATCH):
            index = order[i:i + BATCH]
            optimizer.zero_grad()
            loss_fn(model(xt[index]), yt[index]).backward()
            optimizer.step()

    return {"fit epoch": epoch}


def run_library(library, samples, threads):
    """{row: seconds} for one library, in this process (the environment already set for `threads`)."""
    if library == "torch":
        import torch
        if threads:
            torch.set_num_threads(threads)
        cases = torch_cases(samples)
    else:
        if library == "varrt":
            import varrt as tf  # the library under test, chosen per subprocess (as tensorflow below)
        else:
            import tensorflow as tf
        if threads:
            tf.config.threading.set_intra_op_parallelism_threads(threads)
            tf.config.threading.set_inter_op_parallelism_threads(threads)
        cases = keras_cases(tf, samples)
    return {name: median_epoch(fn) for name, fn in cases.items()}


def in_subprocess(python, library, samples, threads, progress):
    """{row: seconds} for `library`, run by `python`; None when it fails (told to `progress`)."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    if threads:
        for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "VARRT_NUM_THREADS"):
            env[var] = str(threads)
    cmd = [python, os.path.abspath(__file__), "--only", library, "--samples", str(samples),
           "--threads", str(threads)]
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
        error = result if result.returncode != 0 else None
    except (OSError, subprocess.TimeoutExpired) as e:
        error = e
    if error is not None:
        progress.failed(LIBRARY_NAMES.get(library, library), error)
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def collect(samples, tf_python=None, torch_python=None, threads=1, progress=None):
    """{"varrt": {row: s}, "tf": {...} or absent, "torch": {...} or absent}; a failing peer is
    left out and told to `progress`."""
    from varrt.benchmarks.progress import Progress  # here: a peer's interpreter runs this file without varrt
    progress = progress or Progress()
    peers = [(library, python) for library, python in (("tf", tf_python), ("torch", torch_python)) if python]
    progress.expect(1 + len(peers))
    progress.step(f"varrt, fit epochs of {samples} samples (a subprocess)")
    times = {"varrt": in_subprocess(sys.executable, "varrt", samples, threads, progress)}
    if times["varrt"] is None:
        raise RuntimeError(f"varrt's Keras fit benchmark failed: {progress.failure(progress.part_name, 'varrt')}")
    for library, python in peers:
        progress.step(f"{LIBRARY_NAMES.get(library, library)}, fit epochs (a subprocess)")
        measured = in_subprocess(python, library, samples, threads, progress)
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
                other, label = mine.get(peer[5:]), "varrt " + peer[5:]
            else:
                other, label = times.get(peer, {}).get(row), {"tf": "Keras on TensorFlow", "torch": "PyTorch"}[peer]
            if other:
                ratio = mine[row] / other
                out.append((row, label, ratio, limit, ratio <= limit))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="12,800 samples instead of 60,000 (noisier)")
    parser.add_argument("--threads", type=int, default=1, help="threads per library (0: each library's default)")
    parser.add_argument("--tf-python", default=os.environ.get("VARRT_TF_PYTHON"),
                        help="a Python interpreter with TensorFlow (default: $VARRT_TF_PYTHON)")
    parser.add_argument("--torch-python", default=os.environ.get("VARRT_TORCH_PYTHON"),
                        help="a Python interpreter with torch (default: $VARRT_TORCH_PYTHON)")
    parser.add_argument("--samples", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--only", choices=["varrt", "tf", "torch"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    samples = args.samples or (12_800 if args.quick else 60_000)
    if args.only:
        print(json.dumps(run_library(args.only, samples, args.threads)))
        return 0
    times = collect(samples, args.tf_python, args.torch_python, args.threads)
    print(f"threads per library: {args.threads or 'default'}; {samples} samples, batch {BATCH}; "
          f"wall time of an epoch, median of {ROUNDS}")
    print(f"{'row':12} {'varrt s':>9} {'Keras/TF s':>11} {'torch s':>9}")
    for row, t in times["varrt"].items():
        cells = [times.get(p, {}).get(row) for p in ("tf", "torch")]
        print(f"{row:12} {t:9.3f} " + " ".join(f"{c:11.3f}" if c else f"{'-':>11}" for c in cells))
    missed = 0
    for row, label, ratio, limit, ok in verdicts(times):
        missed += not ok
        print(f"  {row} / {label}: {ratio:.2f}x (target <= {limit}x) {'ok' if ok else 'MISS'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
