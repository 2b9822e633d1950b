"""Per-op cost of varrt's variable ops against NumPy's nearest equivalent, in one run.

    python benchmarks/bench_variable_ops.py [--quick] [--tf-python /path/to/venv/bin/python]

Prints microseconds per op and the ratio varrt/NumPy next to the issue's target. PyTorch
columns appear when torch is importable; TensorFlow columns when tensorflow is importable
here or an interpreter that has it is given with --tf-python (it then runs the same cases in
a subprocess during this run). Timings are the minimum over repeats of timeit loops.
"""
import argparse
import json
import os
import subprocess
import sys
import timeit

import numpy as np

SMALL = [1.0, 2.0, 3.0, 4.0]
BIG = 16 * 1024 * 1024  # float32 elements: 64 MB


def best(fn, seconds):
    """Minimum seconds per call over 5 repeats of a loop sized to take ~seconds/5."""
    number = 1
    while True:
        t = timeit.timeit(fn, number=number)
        if t > 0.02 or number >= 1 << 20:
            break
        number *= 4
    number = max(1, int(number * (seconds / 5) / max(t, 1e-9)))
    return min(timeit.repeat(fn, number=number, repeat=5)) / number


def numpy_cases():
    a = np.array(SMALL, np.float32)
    d = np.ones(4, np.float32)
    big = np.zeros(BIG, np.float32)
    big_b = np.ones(BIG, np.float32)
    nested = [[1.0, 2.0], [3.0, 4.0]]
    return {
        "assign_add small": lambda: np.add(a, d, out=a),
        "assign small list": lambda: np.copyto(a, SMALL),
        "numpy() small": lambda: a.copy(),
        "asarray small": lambda: np.asarray(a),
        "asarray 64MB": lambda: np.asarray(big),
        "create 2x2": lambda: np.array(nested),
        "assign_add 64MB": lambda: np.add(big, big_b, out=big),
        "assign 64MB": lambda: np.copyto(big, big_b),
    }


def variable_cases(tf):
    """The variable ops, written once against TensorFlow's API: `tf` is varrt or tensorflow."""
    v = tf.Variable(SMALL)
    d = np.ones(4, np.float32)
    big = tf.Variable(np.zeros(BIG, np.float32))
    big_b = np.ones(BIG, np.float32)
    nested = [[1.0, 2.0], [3.0, 4.0]]
    return {
        "assign_add small": lambda: v.assign_add(d, read_value=False),
        "assign small list": lambda: v.assign(SMALL, read_value=False),
        "numpy() small": lambda: v.numpy(),
        "asarray small": lambda: np.asarray(v),
        "asarray 64MB": lambda: np.asarray(big),
        "create 2x2": lambda: tf.Variable(nested),
        "assign_add 64MB": lambda: big.assign_add(big_b, read_value=False),
        "assign 64MB": lambda: big.assign(big_b, read_value=False),
    }


def varrt_cases():
    import varrt
    return variable_cases(varrt)


def torch_cases():
    import torch
    torch.set_num_threads(os.cpu_count() or 1)
    t = torch.tensor(SMALL)
    d = torch.ones(4)
    big = torch.zeros(BIG)
    big_np = np.ones(BIG, np.float32)
    big_b = torch.ones(BIG)
    nested = [[1.0, 2.0], [3.0, 4.0]]
    return {
        "assign_add small": lambda: t.add_(d),
        "assign small list": lambda: t.copy_(torch.tensor(SMALL)),
        "numpy() small": lambda: t.numpy().copy(),
        "asarray small": lambda: np.asarray(t),
        "asarray 64MB": lambda: np.asarray(big),
        "create 2x2": lambda: torch.tensor(nested),
        "assign_add 64MB": lambda: big.add_(big_b),
        "assign 64MB": lambda: big.copy_(torch.from_numpy(big_np)),
    }


def tf_cases():
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow
    return variable_cases(tensorflow)


TARGETS = {  # varrt/NumPy, from the issue
    "assign_add small": 1.5, "assign small list": 2.0, "numpy() small": 2.0, "asarray small": None,
    "asarray 64MB": None, "create 2x2": 4.0, "assign_add 64MB": 1.0, "assign 64MB": 1.0,
}


def measure(cases, seconds):
    return {name: best(fn, seconds) for name, fn in cases.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="shorter loops (noisier)")
    ap.add_argument("--tf-python", help="an interpreter with tensorflow installed, for the TensorFlow column")
    ap.add_argument("--only", choices=["tf"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    seconds = 0.3 if args.quick else 1.0
    if args.only == "tf":
        print(json.dumps(measure(tf_cases(), seconds)))
        return
    columns = {"numpy": measure(numpy_cases(), seconds), "varrt": measure(varrt_cases(), seconds)}
    try:
        columns["torch"] = measure(torch_cases(), seconds)
    except ImportError:
        pass
    try:
        columns["tf"] = measure(tf_cases(), seconds)
    except ImportError:
        if args.tf_python:
            out = subprocess.run([args.tf_python, __file__, "--only", "tf"] + (["--quick"] if args.quick else []),
                                 check=True, capture_output=True, text=True).stdout
            columns["tf"] = json.loads(out.strip().splitlines()[-1])
    others = [c for c in ("torch", "tf") if c in columns]
    head = f"{'op':<20}{'numpy us':>11}{'varrt us':>11}{'varrt/np':>10}{'target':>8}  " + "".join(
        f"{c + ' us':>11}{'varrt/' + c:>11}" for c in others)
    print(head)
    print("-" * len(head))
    for name in columns["numpy"]:
        n, v = columns["numpy"][name], columns["varrt"][name]
        target = TARGETS[name]
        verdict = "" if target is None else ("ok" if v / n <= target else "MISS")
        row = f"{name:<20}{n * 1e6:>11.3f}{v * 1e6:>11.3f}{v / n:>10.2f}{'' if target is None else f'<={target}':>8}  "
        row += "".join(f"{columns[c][name] * 1e6:>11.3f}{v / columns[c][name]:>11.3f}" for c in others)
        print(row + f"  {verdict}")
    print("\nasarray is zero-copy when its time does not grow with size: "
          f"{columns['varrt']['asarray small'] * 1e6:.3f} us (4 floats) vs "
          f"{columns['varrt']['asarray 64MB'] * 1e6:.3f} us (64 MB)")


if __name__ == "__main__":
    sys.exit(main())
