"""tf.math's special functions against SciPy's (scipy.special), elementwise over 1M elements of
float32 and of float64, on one thread and on two (issue 30's target: <= 1.2x SciPy).

    python benchmarks/bench_special_functions.py [--quick] [--threads N]
    (the same as python -m varrt.benchmarks.special_functions)

Rows (wall time of one call on an existing tensor or array, the median of ROUNDS calls after a
warm-up call): lgamma (scipy.special.gammaln), digamma (psi), erfinv, bessel_i0e (i0e), igamma
(gammainc) and xlogy, each for float32 and float64 inputs. SciPy runs single-threaded whatever
--threads says (its ufuncs have no threads), so its two-thread figures are its one-thread ones;
varrt runs on --threads threads (VARRT_NUM_THREADS). SciPy is an optional peer, never a
dependency of varrt: the scipy figures need it importable by the interpreter running this file.
"""
import argparse
import json
import sys

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


def run_library(library, rounds, threads):
    """{row: seconds} for "varrt" or "scipy"."""
    times = {}
    if library == "varrt":
        import varrt as tf  # the library under test, chosen per subprocess (as scipy below)
        peer_rows.set_threads(tf, threads)
    else:
        import scipy.special as special  # the optional peer, never a dependency of varrt
    for name, tf_name, scipy_name, _ in FUNCTIONS:
        for dtype in DTYPES:
            args = inputs(name, dtype)
            if library == "varrt":
                fn, tensors = getattr(tf.math, tf_name), [tf.constant(a) for a in args]
                times[f"{name} {dtype}"] = peer_rows.median_call(lambda: fn(*tensors), rounds)
            else:
                fn = getattr(special, scipy_name)
                times[f"{name} {dtype}"] = peer_rows.median_call(lambda: fn(*args), rounds)
    return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 timed calls instead of 20 (noisier)")
    parser.add_argument("--threads", type=int, default=1, help="varrt's threads")
    parser.add_argument("--rounds", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--only", choices=["varrt", "scipy"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rounds = args.rounds or (5 if args.quick else 20)
    if args.only:
        print(json.dumps(run_library(args.only, rounds, args.threads)))
        return 0
    module_file = __file__
    varrt_times = peer_rows.in_subprocess(sys.executable, module_file, "varrt", rounds, args.threads)
    scipy_times = peer_rows.in_subprocess(sys.executable, module_file, "scipy", rounds, 1)
    if varrt_times is None:
        raise RuntimeError("varrt's special-function benchmark failed")
    print(f"varrt on {args.threads} thread(s), SciPy on 1; {N} elements; wall time of a call, median of {rounds}")
    print(f"{'row':20} {'varrt ms':>9} {'SciPy ms':>9} {'/SciPy':>7}")
    missed = 0
    for row, t in varrt_times.items():
        other = (scipy_times or {}).get(row)
        ratio = t / other if other else None
        missed += ratio is not None and ratio > TARGET
        print(f"{row:20} {t * 1e3:9.2f} " + (f"{other * 1e3:9.2f} {ratio:7.2f}" if other else f"{'-':>9} {'-':>7}") +
              ("" if ratio is None or ratio <= TARGET else "  MISS"))
    print(f"target: <= {TARGET}x SciPy; {missed} row(s) missed")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
