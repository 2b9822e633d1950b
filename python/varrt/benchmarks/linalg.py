"""tf.linalg's decompositions and solvers against numpy.linalg (and torch.linalg) on the same kind
of LAPACK (OpenBLAS), with one thread and with two (issue 30's target: <= 1.2x NumPy).

    python benchmarks/bench_linalg.py [--quick] [--threads 1,2] [--torch-python PATH]
    (the same as python -m varrt.benchmarks.linalg)

Rows (wall time of one eager call on existing tensors or arrays, default arguments, float64, the
median of ROUNDS calls after a warm-up call): inv, det, slogdet, solve (one right-hand side),
cholesky, qr, svd, eigh, lstsq (one right-hand side) and triangular_solve (lower, one right-hand
side; NumPy has none: SciPy's solve_triangular when SciPy is installed, numpy.linalg.solve for the
batch and without SciPy; NumPy's lstsq takes no batch, so that row has no NumPy figure) on
an n x n matrix, n = 8, 64, 256, and on a batch of 1000 8 x 8 matrices. varrt and NumPy run in one
process, their calls alternating, so that on a shared machine both see the same load; PyTorch in a
process of its own. Each thread count of --threads (default 1,2) is one table, every library with
that many BLAS/OpenMP/intra-op threads.
"""
import argparse
import json
import os
import sys
import time

import numpy as np

if __package__:
    from varrt.benchmarks import peer_rows
else:  # run by path by an interpreter without varrt: the sibling file
    import peer_rows

TARGET = 1.2
SIZES = (("8", (8,)), ("64", (64,)), ("256", (256,)), ("1000x8x8", (1000, 8)))
OPS = ("inv", "det", "slogdet", "solve", "cholesky", "qr", "svd", "eigh", "lstsq", "triangular_solve")


def operands(shape):
    """A well-conditioned matrix (batch), its symmetric positive definite and lower triangular
    forms, and one right-hand side, the same for every library."""
    batch, n = shape[:-1], shape[-1]
    rng = np.random.default_rng(n)
    a = (rng.standard_normal(batch + (n, n)) + n * np.eye(n)) / n  # eigenvalues near 1: det neither over- nor underflows
    spd = a @ np.swapaxes(a, -1, -2)
    lower = np.tril(a)
    b = rng.standard_normal(batch + (n, 1))
    return a, spd, lower, b


def numpy_calls(np_linalg, a, spd, lower, b):
    try:
        from scipy.linalg import solve_triangular  # an optional peer for the row NumPy lacks
        batched = a.ndim > 2
        triangular = ((lambda: np_linalg.solve(lower, b)) if batched
                      else (lambda: solve_triangular(lower, b, lower=True)))
    except ImportError:
        triangular = lambda: np_linalg.solve(lower, b)  # noqa: E731
    return {"inv": lambda: np_linalg.inv(a), "det": lambda: np_linalg.det(a), "slogdet": lambda: np_linalg.slogdet(a),
            "solve": lambda: np_linalg.solve(a, b), "cholesky": lambda: np_linalg.cholesky(spd),
            "qr": lambda: np_linalg.qr(a), "svd": lambda: np_linalg.svd(a), "eigh": lambda: np_linalg.eigh(spd),
            "lstsq": (lambda: np_linalg.lstsq(a, b, rcond=None)) if a.ndim == 2 else None,  # NumPy's takes no batch
            "triangular_solve": triangular}


def varrt_calls(tf, a, spd, lower, b):
    a, spd, lower, b = (tf.constant(x) for x in (a, spd, lower, b))
    la = tf.linalg
    return {"inv": lambda: la.inv(a), "det": lambda: la.det(a), "slogdet": lambda: la.slogdet(a),
            "solve": lambda: la.solve(a, b), "cholesky": lambda: la.cholesky(spd), "qr": lambda: la.qr(a),
            "svd": lambda: la.svd(a), "eigh": lambda: la.eigh(spd), "lstsq": lambda: la.lstsq(a, b),
            "triangular_solve": lambda: la.triangular_solve(lower, b)}


def torch_calls(torch, a, spd, lower, b):
    a, spd, lower, b = (torch.from_numpy(x) for x in (a, spd, lower, b))
    la = torch.linalg
    return {"inv": lambda: la.inv(a), "det": lambda: la.det(a), "slogdet": lambda: la.slogdet(a),
            "solve": lambda: la.solve(a, b), "cholesky": lambda: la.cholesky(spd), "qr": lambda: la.qr(a),
            "svd": lambda: la.svd(a), "eigh": lambda: la.eigh(spd), "lstsq": lambda: la.lstsq(a, b),
            "triangular_solve": lambda: la.solve_triangular(lower, b, upper=False)}


def _interleaved(fns, rounds):
    """The median wall time of each of `fns`, called in turn within each round (after a warm-up call
    of each), so that a shared machine's load falls on all of them alike."""
    for fn in fns:
        fn()
    times = [[] for _ in fns]
    for _ in range(rounds):
        for fn, out in zip(fns, times):
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
    return [float(np.median(t)) for t in times]


def run_library(library, rounds, threads):
    """{"varrt": {row: s}, "numpy": {row: s}} for library "varrt" (the two in one process), or
    {"torch": {...}} for "torch"."""
    if library == "torch":
        import torch  # the peer's interpreter
        if threads:
            torch.set_num_threads(threads)
        rows = {}
        for label, shape in SIZES:
            calls = torch_calls(torch, *operands(shape))
            for op in OPS:
                rows[f"{op} {label}"] = peer_rows.median_call(calls[op], rounds)
        return {"torch": rows}
    import varrt as tf  # the library under test, in the process whose threads the environment set
    peer_rows.set_threads(tf, threads)
    out = {"varrt": {}, "numpy": {}}
    for label, shape in SIZES:
        ops = operands(shape)
        ours, theirs = varrt_calls(tf, *ops), numpy_calls(np.linalg, *ops)
        for op in OPS:
            if theirs[op] is None:
                out["varrt"][f"{op} {label}"] = peer_rows.median_call(ours[op], rounds)
                continue
            t_varrt, t_numpy = _interleaved([ours[op], theirs[op]], rounds)
            out["varrt"][f"{op} {label}"] = t_varrt
            out["numpy"][f"{op} {label}"] = t_numpy
    return out


def _table(times, threads, rounds):
    print(f"threads per library: {threads or 'default'}; float64; wall time of a call, median of {rounds} "
          "(varrt's and NumPy's calls alternating)")
    print(f"{'row':26} {'varrt ms':>9} {'NumPy ms':>9} {'torch ms':>9} {'/NumPy':>7} {'/torch':>7}")
    missed = []
    for row, t in times["varrt"].items():
        base, other = times["numpy"].get(row), times.get("torch", {}).get(row)
        ok = base is None or t / base <= TARGET
        if not ok:
            missed.append(row)
        cells = [f"{x * 1e3:9.3f}" if x else f"{'-':>9}" for x in (base, other)]
        ratios = [f"{t / x:7.2f}" if x else f"{'-':>7}" for x in (base, other)]
        print(f"{row:26} {t * 1e3:9.3f} {cells[0]} {cells[1]} {ratios[0]} {ratios[1]}{'' if ok else '  MISS'}")
    print(f"target: <= {TARGET}x NumPy; {len(missed)} row(s) missed" + (f": {', '.join(missed)}" if missed else ""))
    return len(missed)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 timed calls instead of 20 (noisier)")
    parser.add_argument("--threads", default="1,2", help="thread counts per library, one table each (0: default)")
    parser.add_argument("--torch-python", default=os.environ.get("VARRT_TORCH_PYTHON"),
                        help="a Python interpreter with torch (default: $VARRT_TORCH_PYTHON)")
    parser.add_argument("--rounds", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--only", choices=["varrt", "torch"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rounds = args.rounds or (5 if args.quick else 20)
    if args.only:
        print(json.dumps(run_library(args.only, rounds, int(args.threads))))
        return 0
    missed = 0
    for threads in (int(t) for t in args.threads.split(",")):
        times = peer_rows.in_subprocess(sys.executable, __file__, "varrt", rounds, threads)
        if times is None:
            raise RuntimeError("varrt's linalg benchmark failed")
        if args.torch_python:
            torch_times = peer_rows.in_subprocess(args.torch_python, __file__, "torch", rounds, threads)
            if torch_times:
                times.update(torch_times)
        missed += _table(times, threads, rounds)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
