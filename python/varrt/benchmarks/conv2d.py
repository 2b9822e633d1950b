"""A 2-D convolution forward and backward and a small CNN's training step against PyTorch and
TensorFlow 2.21, with one and with two threads per library, in one run (issue 28's targets).

    python benchmarks/bench_conv2d.py [--quick] [--threads 1,2] [--tf-python PATH] [--torch-python PATH]
    (the same as python -m varrt.benchmarks.conv2d)

Rows (wall time of one call, the median of ROUNDS calls after a warm-up call):
  conv2d forward           y = conv2d(x, w): x 64 x 28 x 28 x 32 (NHWC; PyTorch's own NCHW layout),
                           w 3 x 3 x 32 x 64, stride 1, SAME padding (PyTorch: padding=1); varrt and
                           TensorFlow in a tf.function.
  conv2d forward+backward  y as above and the gradients of sum(y * dy) with respect to x and w
                           (Conv2D, Conv2DBackpropInput, Conv2DBackpropFilter; PyTorch's autograd).
  CNN training step        one Adam step of issue 28's small CNN on a batch of 64 28x28x1 images:
                           Conv2D 32 3x3 relu, MaxPooling2D, Conv2D 64 3x3 relu, MaxPooling2D,
                           GlobalAveragePooling2D, Dense 10, sparse categorical cross-entropy from
                           logits; varrt and Keras 3 on TensorFlow: a Keras Sequential's train_on_batch;
                           PyTorch: the same layers (NCHW) and torch.optim.Adam.
Targets: varrt <= 1.5x PyTorch on forward+backward and on the CNN step, <= 0.8x Keras on
TensorFlow on the CNN step, with one and with two threads for every library: each thread count
of --threads (default 1,2) is one table, every library in its own process with that many
BLAS/OpenMP/intra-op threads (0: each library's default).
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

BATCH, SIZE, IN, OUT, K = 64, 28, 32, 64, 3
TARGETS = {"conv2d forward+backward": [("torch", 1.5)], "CNN training step": [("torch", 1.5), ("tf", 0.8)]}
LIBRARY_NAMES = {"tf": "tensorflow"}


def data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((BATCH, SIZE, SIZE, IN), dtype=np.float32)
    w = rng.standard_normal((K, K, IN, OUT), dtype=np.float32) * 0.1
    dy = rng.standard_normal((BATCH, SIZE, SIZE, OUT), dtype=np.float32)
    return x, w, dy


def median_call(fn, rounds):
    fn()  # warm-up: traces, buffers
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def tf_cases(tf):
    x, w, dy = (tf.constant(a) for a in data())

    @tf.function
    def forward(x, w):
        return tf.nn.conv2d(x, w, 1, "SAME")

    @tf.function
    def forward_backward(x, w, dy):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            y = tf.nn.conv2d(x, w, 1, "SAME")
        return tape.gradient(y, [x, w], output_gradients=dy)

    images, labels = cnn_data()
    layers = tf.keras.layers
    model = tf.keras.Sequential([tf.keras.Input(shape=(SIZE, SIZE, 1)), layers.Conv2D(32, 3, activation="relu"),
                                 layers.MaxPooling2D(), layers.Conv2D(64, 3, activation="relu"), layers.MaxPooling2D(),
                                 layers.GlobalAveragePooling2D(), layers.Dense(10)])
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

    return {"conv2d forward": lambda: forward(x, w).numpy(),
            "conv2d forward+backward": lambda: [g.numpy() for g in forward_backward(x, w, dy)],
            "CNN training step": lambda: model.train_on_batch(images, labels)}


def cnn_data():
    rng = np.random.default_rng(1)
    return rng.random((BATCH, SIZE, SIZE, 1), dtype=np.float32), rng.integers(0, 10, BATCH).astype(np.int32)


def torch_cases():
    import torch
    x, w, dy = data()
    xt = torch.from_numpy(x.transpose(0, 3, 1, 2).copy()).requires_grad_(True)
    wt = torch.from_numpy(w.transpose(3, 2, 0, 1).copy()).requires_grad_(True)
    dyt = torch.from_numpy(dy.transpose(0, 3, 1, 2).copy())

    def forward():
        with torch.no_grad():
            return torch.nn.functional.conv2d(xt, wt, padding=1)

    def forward_backward():
        xt.grad = wt.grad = None
        torch.nn.functional.conv2d(xt, wt, padding=1).backward(dyt)

    images, labels = cnn_data()
    images_t = torch.from_numpy(images.transpose(0, 3, 1, 2).copy())
    labels_t = torch.from_numpy(labels).long()
    nn = torch.nn
    model = nn.Sequential(nn.Conv2d(1, 32, 3), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(32, 64, 3), nn.ReLU(),
                          nn.MaxPool2d(2), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(64, 10))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.CrossEntropyLoss()

    def train_step():
        optimizer.zero_grad()
        loss = loss_fn(model(images_t), labels_t)
        loss.backward()
        optimizer.step()
        return loss.item()

    return {"conv2d forward": forward, "conv2d forward+backward": forward_backward, "CNN training step": train_step}


def run_library(library, rounds, threads):
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
        if threads:
            tf.config.threading.set_intra_op_parallelism_threads(threads)
            tf.config.threading.set_inter_op_parallelism_threads(threads)
        cases = tf_cases(tf)
    return {name: median_call(fn, rounds) for name, fn in cases.items()}


def in_subprocess(python, library, rounds, threads):
    """{row: seconds} for `library`, run by `python`; None (with the reason on stderr) when it fails."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    if threads:
        for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "VARRT_NUM_THREADS"):
            env[var] = str(threads)
    cmd = [python, os.path.abspath(__file__), "--only", library, "--rounds", str(rounds), "--threads", str(threads)]
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"{LIBRARY_NAMES.get(library, library)} failed: {e}", file=sys.stderr)
        return None
    if result.returncode != 0:
        print(f"{LIBRARY_NAMES.get(library, library)} failed:\n{result.stderr[-2000:]}", file=sys.stderr)
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def collect(rounds, tf_python=None, torch_python=None, threads=1):
    """{"varrt": {row: s}, "tf": {...} or absent, "torch": {...} or absent}."""
    times = {"varrt": in_subprocess(sys.executable, "varrt", rounds, threads)}
    if times["varrt"] is None:
        raise RuntimeError("varrt's conv2d benchmark failed")
    for library, python in (("tf", tf_python), ("torch", torch_python)):
        if python:
            measured = in_subprocess(python, library, rounds, threads)
            if measured:
                times[library] = measured
    return times


def verdicts(times):
    """[(row, peer label, ratio, limit, ok)] for each target whose figures were measured."""
    out = []
    for row, targets in TARGETS.items():
        for peer, limit in targets:
            other = times.get(peer, {}).get(row)
            if other:
                ratio = times["varrt"][row] / other
                out.append((row, {"tf": "TensorFlow", "torch": "PyTorch"}[peer], ratio, limit, ratio <= limit))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 timed calls instead of 20 (noisier)")
    parser.add_argument("--threads", default="1,2",
                        help="thread counts per library, comma-separated, one table each (0: each library's default)")
    parser.add_argument("--tf-python", default=os.environ.get("VARRT_TF_PYTHON"),
                        help="a Python interpreter with TensorFlow (default: $VARRT_TF_PYTHON)")
    parser.add_argument("--torch-python", default=os.environ.get("VARRT_TORCH_PYTHON"),
                        help="a Python interpreter with torch (default: $VARRT_TORCH_PYTHON)")
    parser.add_argument("--rounds", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--only", choices=["varrt", "tf", "torch"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rounds = args.rounds or (5 if args.quick else 20)
    thread_counts = [int(t) for t in str(args.threads).split(",") if t.strip()]
    if args.only:
        print(json.dumps(run_library(args.only, rounds, thread_counts[0])))
        return 0
    missed = 0
    for threads in thread_counts:
        times = collect(rounds, args.tf_python, args.torch_python, threads)
        missed += print_table(times, threads, rounds)
    return 1 if missed else 0


def print_table(times, threads, rounds):
    """Prints one thread count's table and verdicts; returns how many targets it missed."""
    print(f"threads per library: {threads or 'default'}; x {BATCH}x{SIZE}x{SIZE}x{IN}, w {K}x{K}x{IN}x{OUT}; "
          f"wall time of a call, median of {rounds}")
    print(f"{'row':24} {'varrt ms':>9} {'TF ms':>9} {'torch ms':>9} {'/TF':>6} {'/torch':>7}")
    for row, t in times["varrt"].items():
        cells = [times.get(p, {}).get(row) for p in ("tf", "torch")]
        ratios = [f"{t / c:6.2f}" if c else f"{'-':>6}" for c in cells]
        print(f"{row:24} {t * 1e3:9.2f} " + " ".join(f"{c * 1e3:9.2f}" if c else f"{'-':>9}" for c in cells) +
              f" {ratios[0]} {ratios[1]:>7}")
    missed = 0
    for row, label, ratio, limit, ok in verdicts(times):
        missed += not ok
        print(f"  {row} / {label}: {ratio:.2f}x (target <= {limit}x) {'ok' if ok else 'MISS'}")
    return missed

if __name__ == "__main__":
    sys.exit(main())
