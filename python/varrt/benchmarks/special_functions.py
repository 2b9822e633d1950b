"""tf.math's special functions against SciPy's (scipy.special), elementwise over 1M elements of
float32 and of float64, on one thread and on two (issue 30's target: <= 1.2x SciPy).

    python benchmarks/bench_special_functions.py [--quick] [--threads N]
    (the same as python -m varrt.benchmarks.special_functions)

Rows (wall time of one call on an existing tensor or array, the median of ROUNDS calls after a
warm-up call): lgamma (scipy.special.gammaln), digamma (psi), erfinv, bessel_i0e (i0e), igamma
(gammainc) and xlogy, each for float32 and float64 inputs. Both libraries run in one process
(with VARRT_NUM_THREADS set to --threads), their calls alternating, so that on a shared machine
both see the same load. SciPy's ufuncs have no threads: its figures are one thread's. SciPy is an
optional peer, never a dependency of varrt: without it only varrt's figures are printed.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

if __package__:
    from varrt.benchmarks import peer_rows
else:  # run by path by an interpreter without varrt: the sibling file
    import peer_rows

N = 1 << 20
# (row name, tf.math function, scipy.special function, number of inputs)
FUNCTIONS = [("lgamma", "lgamma", "gammaln", 1), ("digamma", "digamma", "psi", 1), ("erfinv", "erfinv", "erfinv", 1),
             ("bessel_i0e", "bessel_i0e", "i0e", 1), ("igamma", "igamma", "gammainc", 2), ("xlogy", "xlogy", "xlogy", 2)]
DTYPES = ("float32", "float64")
TARGET = 1.2


def inputs(name, dtype):
    """Values in each function's usual domain, the same for every library."""
    rng = np.random.default_rng(0)
    if name == "erfinv":
        return [rng.uniform(-0.999, 0.999, N).astype(dtype)]
    if name in ("igamma", "xlogy"):
        return [rng.uniform(0.1, 20.0, N).astype(dtype), rng.uniform(0.1, 20.0, N).astype(dtype)]
    return [rng.uniform(-30.0, 30.0, N).astype(dtype)]


def _median_pair(fn_a, fn_b, rounds):
    """The median wall times of fn_a and fn_b, calls alternating (after a warm-up call of each), so
    that both see the same load on a shared machine."""
    fn_a()
    fn_b()
    times_a, times_b = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        fn_a()
        times_a.append(time.perf_counter() - start)
        start = time.perf_counter()
        fn_b()
        times_b.append(time.perf_counter() - start)
    return float(np.median(times_a)), float(np.median(times_b))


def run_rows(rounds):
    """{row: [varrt seconds, SciPy seconds or None]}, measured in this process, on the threads
    VARRT_NUM_THREADS gives it (main runs it in a process of its own with --threads there)."""
    import varrt as tf  # the library under test, in the process that sets its threads
    try:
        import scipy.special as special  # the optional peer, never a dependency of varrt
    except ImportError:
        special = None
    rows = {}
    for name, tf_name, scipy_name, _ in FUNCTIONS:
        for dtype in DTYPES:
            args = inputs(name, dtype)
            fn, tensors = getattr(tf.math, tf_name), [tf.constant(a) for a in args]
            if special is None:
                rows[f"{name} {dtype}"] = [peer_rows.median_call(lambda: fn(*tensors), rounds), None]
                continue
            peer = getattr(special, scipy_name)
            rows[f"{name} {dtype}"] = list(_median_pair(lambda: fn(*tensors), lambda: peer(*args), rounds))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 timed calls instead of 20 (noisier)")
    parser.add_argument("--threads", type=int, default=1, help="varrt's threads")
    parser.add_argument("--rounds", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rounds = args.rounds or (5 if args.quick else 20)
    if args.only:
        print(json.dumps(run_rows(rounds)))
        return 0
    # A process of its own, so that VARRT_NUM_THREADS (read once) is --threads.
    env = dict(os.environ, VARRT_NUM_THREADS=str(args.threads))
    result = subprocess.run([sys.executable, os.path.abspath(__file__), "--only", "--rounds", str(rounds),
                             "--threads", str(args.threads)], capture_output=True, text=True, env=env, timeout=1800)
    if result.returncode != 0:
        raise RuntimeError(f"the special-function benchmark failed:\n{result.stderr[-2000:]}")
    rows = json.loads(result.stdout.strip().splitlines()[-1])
    print(f"varrt on {args.threads} thread(s), SciPy on 1; {N} elements; wall time of a call, median of {rounds}, "
          "the two libraries' calls alternating")
    print(f"{'row':20} {'varrt ms':>9} {'SciPy ms':>9} {'/SciPy':>7}")
    missed = 0
    for row, (t, other) in rows.items():
        ratio = t / other if other else None
        missed += ratio is not None and ratio > TARGET
        print(f"{row:20} {t * 1e3:9.2f} " + (f"{other * 1e3:9.2f} {ratio:7.2f}" if other else f"{'-':>9} {'-':>7}") +
              ("" if ratio is None or ratio <= TARGET else "  MISS"))
    print(f"target: <= {TARGET}x SciPy; {missed} row(s) missed")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
