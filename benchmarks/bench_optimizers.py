"""Optimizer steps on a 1M-float32 variable: varrt against TensorFlow (and PyTorch), in one run.

    python benchmarks/bench_optimizers.py [--quick] [--tf-python PATH] [--torch-python PATH]

Rows (wall time per step, best of several rounds; gradients are prepared once):
  raw ResourceApplyAdam     tf.raw_ops.ResourceApplyAdam on both sides
  v1 AdamOptimizer          tf.compat.v1.train.AdamOptimizer.apply_gradients (target: varrt <= 1.0x TF)
  Keras Adam                tf.keras.optimizers.Adam.apply_gradients (target: varrt >= 5x faster than
                            Keras 3 under TensorFlow)
  torch.optim.Adam          step() as a peer (same size, no target)
The TensorFlow and PyTorch columns run in a subprocess of the given interpreter (or this one, when
it can import them).
"""
import argparse
import json
import subprocess
import sys
import time

import numpy as np

N = 1 << 20
ROUNDS = 5
# name: (the TensorFlow time over varrt's must be at least this), from issue 11
TARGETS = {"raw ResourceApplyAdam": 1.0, "v1 AdamOptimizer": 1.0, "Keras Adam": 5.0}


def per_step(fn, seconds):
    fn()  # build slots, warm up
    number = 1
    while True:
        start = time.perf_counter()
        for _ in range(number):
            fn()
        if time.perf_counter() - start > seconds / ROUNDS / 4 or number > 1 << 16:
            break
        number *= 2
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def tf_like_cases(tf):
    """The same cases for varrt and TensorFlow (both `import ... as tf`)."""
    rng = np.random.default_rng(0)
    w = rng.standard_normal(N).astype(np.float32)
    g = tf.constant(rng.standard_normal(N).astype(np.float32))
    out = {}
    var, m, v = tf.Variable(w), tf.Variable(np.zeros(N, np.float32)), tf.Variable(np.zeros(N, np.float32))
    scalars = [tf.constant(np.float32(x)) for x in (0.9, 0.999, 1e-3, 0.9, 0.999, 1e-7)]

    def raw():
        tf.raw_ops.ResourceApplyAdam(var=var.handle, m=m.handle, v=v.handle, beta1_power=scalars[0],
                                     beta2_power=scalars[1], lr=scalars[2], beta1=scalars[3], beta2=scalars[4],
                                     epsilon=scalars[5], grad=g)
    out["raw ResourceApplyAdam"] = raw
    var1 = tf.Variable(w)
    v1 = tf.compat.v1.train.AdamOptimizer(1e-3)
    out["v1 AdamOptimizer"] = lambda: v1.apply_gradients([(g, var1)])
    var2 = tf.Variable(w)
    keras = tf.keras.optimizers.Adam(1e-3)
    out["Keras Adam"] = lambda: keras.apply_gradients([(g, var2)])
    return out


def torch_cases():
    import torch
    rng = np.random.default_rng(0)
    p = torch.nn.Parameter(torch.from_numpy(rng.standard_normal(N).astype(np.float32)))
    p.grad = torch.from_numpy(rng.standard_normal(N).astype(np.float32))
    opt = torch.optim.Adam([p], lr=1e-3)
    return {"torch.optim.Adam": opt.step}


def run(library, seconds):
    if library == "varrt":
        import varrt as tf
        cases = tf_like_cases(tf)
    elif library == "tf":
        import tensorflow as tf
        cases = tf_like_cases(tf)
    else:
        cases = torch_cases()
    return {name: per_step(fn, seconds) for name, fn in cases.items()}


def in_subprocess(python, library, seconds):
    if python is None:
        return {}
    cmd = [python, __file__, "--only", library, "--seconds", str(seconds)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def importable(name):
    try:
        __import__(name)
        return True
    except ImportError:
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="shorter rounds")
    ap.add_argument("--tf-python", help="an interpreter with tensorflow installed")
    ap.add_argument("--torch-python", help="an interpreter with torch installed")
    ap.add_argument("--only", choices=["varrt", "tf", "torch"], help=argparse.SUPPRESS)
    ap.add_argument("--seconds", type=float, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    seconds = args.seconds or (0.5 if args.quick else 2.0)
    if args.only:
        print(json.dumps(run(args.only, seconds)))
        return
    varrt_t = run("varrt", seconds)
    tf_t = in_subprocess(args.tf_python or (sys.executable if importable("tensorflow") else None), "tf", seconds)
    torch_t = in_subprocess(args.torch_python or (sys.executable if importable("torch") else None), "torch",
                            seconds)
    print(f"{'case (1M float32)':24} {'varrt':>10} {'TensorFlow':>11} {'TF/varrt':>9}  target")
    for name, t in varrt_t.items():
        other = tf_t.get(name)
        ratio = other / t if other else None
        target = TARGETS.get(name)
        verdict = "" if ratio is None or target is None else ("ok" if ratio >= target else "MISS")
        print(f"{name:24} {t * 1e3:8.3f}ms {other * 1e3 if other else float('nan'):9.3f}ms "
              f"{ratio if ratio else float('nan'):8.2f}x  >= {target}x {verdict}")
    for name, t in torch_t.items():
        print(f"{name:24} {'':>10} {t * 1e3:9.3f}ms (PyTorch; varrt v1 Adam / torch = "
              f"{varrt_t['v1 AdamOptimizer'] / t:.2f}, Keras Adam / torch = {varrt_t['Keras Adam'] / t:.2f})")


if __name__ == "__main__":
    main()
