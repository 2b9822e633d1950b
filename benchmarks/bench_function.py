"""tf.function: graph execution and tracing cost, varrt against TensorFlow in one run.

    python benchmarks/bench_function.py [--quick] [--tf-python /path/to/venv/bin/python]

Rows (issue 12's targets):
  assign_add x1000 in one function   per op, a traced function of 1000 `v.assign_add(1.0)`;
                                     target <= 0.3 us per op. NumPy's in-place `a += 1.0` per
                                     op is shown for scale.
  trace a 50-op function             wall time of get_concrete_function on a new Function
                                     whose body runs 50 elementwise ops; target <= 1/10 of
                                     TensorFlow's.
The same script runs under TensorFlow (`import tensorflow as tf`) in a subprocess when
--tf-python names an interpreter that has it. Wall time, best of several rounds.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

ROUNDS = 5


def best_of(fn, number):
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, time.perf_counter() - start)
    return best / number


def measure(tf, quick):
    v = tf.Variable(0.0)

    @tf.function
    def thousand():
        for _ in range(1000):
            v.assign_add(1.0)

    thousand()
    per_op = best_of(thousand, 20 if quick else 100) / 1000

    def trace_fifty():
        @tf.function
        def fifty(x):
            for _ in range(25):
                x = x * 1.0001
                x = x + 0.5
            return x
        fifty.get_concrete_function(tf.TensorSpec([8], tf.float32))

    trace_fifty()
    tracing = best_of(trace_fifty, 3 if quick else 10)
    return {"assign_add x1000 in one function": per_op, "trace a 50-op function": tracing}


def numpy_add():
    a = np.zeros(())

    def op():
        np.add(a, 1.0, out=a)

    return best_of(op, 200000)


def tensorflow_times(tf_python, quick):
    if tf_python is None:
        try:
            import tensorflow  # noqa: F401
        except ImportError:
            return None
        tf_python = sys.executable
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    cmd = [tf_python, __file__, "--as-tensorflow"] + (["--quick"] if quick else [])
    result = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1200)
    if result.returncode != 0:
        print("TensorFlow run failed:\n" + result.stderr[-2000:], file=sys.stderr)
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter timing loops")
    parser.add_argument("--tf-python", help="a Python interpreter with TensorFlow, for the TensorFlow column")
    parser.add_argument("--as-tensorflow", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.as_tensorflow:
        import tensorflow as tf
        print(json.dumps(measure(tf, args.quick)))
        return 0
    import varrt
    mine = measure(varrt, args.quick)
    tf_times = tensorflow_times(args.tf_python, args.quick)
    numpy_op = numpy_add()
    missed = 0
    print(f"{'case':34} {'varrt us':>10} {'NumPy us':>9} {'TF us':>10} {'TF/varrt':>9}  target")
    for name, t in mine.items():
        tf_t = tf_times.get(name) if tf_times else None
        np_text = f"{numpy_op * 1e6:9.3f}" if name.startswith("assign_add") else f"{'-':>9}"
        row = f"{name:34} {t * 1e6:10.3f} {np_text}"
        row += f" {tf_t * 1e6:10.1f} {tf_t / t:9.1f}" if tf_t else f" {'-':>10} {'-':>9}"
        if name.startswith("assign_add"):
            ok = t * 1e6 <= 0.3
            row += "  <= 0.3 us" + ("" if ok else " MISS")
        else:
            ok = tf_t is None or tf_t / t >= 10
            row += "  >= 10x TF" + ("" if ok else " MISS")
        missed += not ok
        print(row)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
