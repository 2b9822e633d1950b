"""Training steps as users write them, in varrt, PyTorch eager and TensorFlow eager, in one run.

    python benchmarks/bench_training.py [--quick] [--tf-python /path/to/venv/bin/python]
    (the same as python -m varrt.benchmarks.training; `varrt bench` runs it with the others)

Rows (issue 11's targets):
  linear SGD step  y = w*x + b over 64 points, MSE, gradients from GradientTape, then
                   `w.assign_sub(lr * g)`; PyTorch: autograd + torch.optim.SGD (zero_grad, backward,
                   step). Target: varrt <= 0.67x PyTorch and >= 25x faster than TensorFlow eager.
  MLP Adam step    784 -> 128 (relu) -> 10, batch 32, sparse softmax cross-entropy, Adam
                   (tf.keras.optimizers.Adam / torch.optim.Adam). Target: varrt <= 1.0x PyTorch.
  linear step in tf.function
                   the linear SGD step decorated with tf.function (varrt's traced graph against
                   TensorFlow's own tf.function; the PyTorch column is its eager step). Targets
                   (issue 12): <= 25 us and >= 10x faster than TensorFlow's tf.function step.
Each row is wall time per step (time.perf_counter), the best of several rounds, after a
warm-up: every library at its defaults, threads included (varrt's OpenBLAS, which multiplies
its matrices, and PyTorch both use every core), so run it on an idle machine. The
same varrt script runs under TensorFlow (`import tensorflow as tf`) in a subprocess when
--tf-python names an interpreter that has it (or TensorFlow imports here).
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time

import numpy as np

import varrt
from varrt.benchmarks.progress import Progress

ROUNDS = 5
TARGETS = {"linear SGD step": (0.67, 25.0), "MLP Adam step": (1.0, None),  # (x PyTorch max, TF speed-up min)
           "linear step in tf.function": (None, 10.0)}
MAX_US = {"linear step in tf.function": 25.0}  # absolute targets, microseconds per step
TORCH_PEER = {"linear step in tf.function": "linear SGD step"}  # PyTorch has no tf.function: its eager step


def time_per_call(fn, seconds):
    number = 1
    while True:
        start = time.perf_counter()
        for _ in range(number):
            fn()
        spent = time.perf_counter() - start
        if spent > 0.05 or number >= 1 << 20:
            break
        number *= 4
    number = max(1, int(number * (seconds / ROUNDS) / max(spent, 1e-9)))
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, time.perf_counter() - start)
    return best / number


def data(seed=0):
    rng = np.random.default_rng(seed)
    x = rng.random(64, dtype=np.float32)
    images = rng.random((32, 784), dtype=np.float32)
    labels = rng.integers(0, 10, 32).astype(np.int32)
    w1 = (rng.standard_normal((784, 128)) * 0.05).astype(np.float32)
    w2 = (rng.standard_normal((128, 10)) * 0.05).astype(np.float32)
    return x, 3 * x + 2, images, labels, w1, w2


# --- the TensorFlow-API script (varrt, or TensorFlow itself) ------------------------------

def tf_cases(tf):
    x_np, y_np, images_np, labels_np, w1_np, w2_np = data()
    x, y = tf.constant(x_np), tf.constant(y_np)
    w, b = tf.Variable(0.0), tf.Variable(0.0)
    lr = 0.1

    def linear_step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(w * x + b - y))
        gw, gb = tape.gradient(loss, [w, b])
        w.assign_sub(lr * gw)
        b.assign_sub(lr * gb)

    cases = {"linear SGD step": linear_step}
    if hasattr(tf, "function"):
        cases["linear step in tf.function"] = tf.function(linear_step)
    if not (hasattr(tf, "nn") and hasattr(tf.keras, "optimizers")):
        return cases  # a varrt without tf.nn or Keras optimizers: the linear row only
    images, labels = tf.constant(images_np), tf.constant(labels_np)
    w1, b1 = tf.Variable(w1_np), tf.Variable(np.zeros(128, np.float32))
    w2, b2 = tf.Variable(w2_np), tf.Variable(np.zeros(10, np.float32))
    params = [w1, b1, w2, b2]
    opt = tf.keras.optimizers.Adam(learning_rate=1e-3)

    def mlp_step():
        with tf.GradientTape() as tape:
            hidden = tf.nn.relu(tf.matmul(images, w1) + b1)
            logits = tf.matmul(hidden, w2) + b2
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
        grads = tape.gradient(loss, params)
        opt.apply_gradients(zip(grads, params))

    cases["MLP Adam step"] = mlp_step
    return cases


def torch_cases():
    import torch
    x_np, y_np, images_np, labels_np, w1_np, w2_np = data()
    x, y = torch.tensor(x_np), torch.tensor(y_np)
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    sgd = torch.optim.SGD([w, b], lr=0.1)

    def linear_step():
        sgd.zero_grad()
        loss = ((w * x + b - y) ** 2).mean()
        loss.backward()
        sgd.step()

    images, labels = torch.tensor(images_np), torch.tensor(labels_np).long()
    w1 = torch.tensor(w1_np, requires_grad=True)
    b1 = torch.zeros(128, requires_grad=True)
    w2 = torch.tensor(w2_np, requires_grad=True)
    b2 = torch.zeros(10, requires_grad=True)
    adam = torch.optim.Adam([w1, b1, w2, b2], lr=1e-3)

    def mlp_step():
        adam.zero_grad()
        logits = torch.relu(images @ w1 + b1) @ w2 + b2
        loss = torch.nn.functional.cross_entropy(logits, labels)
        loss.backward()
        adam.step()

    return {"linear SGD step": linear_step, "MLP Adam step": mlp_step}


def measure(cases, seconds, progress=None, library=""):
    out = {}
    for name, fn in cases.items():
        if progress is not None:
            progress.step(f"{library} {name}")  # before the warm-up and the timed loop
        for _ in range(50):
            fn()  # warm-up: slot variables, caches
        out[name] = time_per_call(fn, seconds)
    return out


def tensorflow_python(tf_python):
    """The interpreter that runs TensorFlow's column: `tf_python`, else this one when it has
    TensorFlow, else None."""
    if tf_python is None:
        try:
            import tensorflow  # noqa: F401
        except ImportError:
            return None
        tf_python = sys.executable
    return tf_python


def tensorflow_times(tf_python, seconds, progress):
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    try:
        result = subprocess.run([tf_python, os.path.abspath(__file__), "--as-tensorflow", "--seconds", str(seconds)],
                                capture_output=True, text=True, env=env, timeout=1200)
    except (OSError, subprocess.TimeoutExpired) as e:
        progress.failed("tensorflow", e)
        return None
    if result.returncode != 0:
        progress.failed("tensorflow", result)
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def collect(seconds, tf_python=None, progress=None):
    """{library: {case: seconds per step}} for varrt, and PyTorch and TensorFlow where they run.
    A peer that fails is left out and told to `progress` (a varrt.benchmarks.progress.Progress)."""
    progress = progress or Progress()
    cases = tf_cases(varrt)
    torch = importlib.util.find_spec("torch") is not None
    torch_steps = len({TORCH_PEER.get(name, name) for name in cases}) if torch else 0
    tf_python = tensorflow_python(tf_python)
    progress.expect(len(cases) + torch_steps + (1 if tf_python else 0))
    times = {"varrt": measure(cases, seconds, progress, "varrt")}
    if torch:
        try:
            times["torch"] = measure(torch_cases(), seconds, progress, "torch")
        except ImportError as e:  # installed but broken
            progress.failed("torch", e)
    if tf_python:
        progress.step("tensorflow, every case (a subprocess)")
        tf_times = tensorflow_times(tf_python, seconds, progress)
        if tf_times:
            times["tf"] = tf_times
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter timing loops")
    parser.add_argument("--tf-python", help="a Python interpreter with TensorFlow, for the TensorFlow column")
    parser.add_argument("--seconds", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--as-tensorflow", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    seconds = args.seconds or (0.5 if args.quick else 2.0)
    if args.as_tensorflow:
        import tensorflow as tf
        print(json.dumps(measure(tf_cases(tf), seconds)))
        return 0
    times = collect(seconds, args.tf_python)
    mine, torch_times, tf_times = times["varrt"], times.get("torch"), times.get("tf")
    print(f"{'case':26} {'varrt us':>9} {'torch us':>9} {'x torch':>8} {'target':>7} {'TF us':>9} "
          f"{'TF/varrt':>9} {'target':>7}")
    missed = 0
    for name, t in mine.items():
        torch_max, tf_min = TARGETS[name]
        tf_t = tf_times.get(name) if tf_times else None
        row = f"{name:26} {t * 1e6:9.1f}"
        if name in MAX_US and t * 1e6 > MAX_US[name]:
            missed += 1
            row += f" MISS (> {MAX_US[name]} us)"
        peer = TORCH_PEER.get(name, name)
        if torch_times and peer in torch_times:
            ratio = t / torch_times[peer]
            ok = torch_max is None or ratio <= torch_max
            missed += not ok
            row += f" {torch_times[peer] * 1e6:9.1f} {ratio:8.2f} {('<=' + str(torch_max)) if torch_max else '':>7}"
            row += "" if ok else " MISS"
        else:
            row += f" {'-':>9} {'-':>8} {'':>7}"
        if tf_t:
            speedup = tf_t / t
            ok = tf_min is None or speedup >= tf_min
            missed += not ok
            row += f" {tf_t * 1e6:9.1f} {speedup:9.1f} {('>=' + str(tf_min)) if tf_min else '':>7}"
            row += "" if ok else " MISS"
        print(row)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
