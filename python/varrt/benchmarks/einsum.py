"""tf.einsum and tf.matmul against NumPy on the same kind of BLAS (OpenBLAS), in one process:
issue 30's target is varrt <= 1.2x NumPy for both.

    python benchmarks/bench_einsum.py [--quick]
    (the same as python -m varrt.benchmarks.einsum)

Rows (wall time of one eager call, the median of ROUNDS calls after a warm-up call), float32:
  ij,jk->ik         [512, 512] x [512, 512]                      (NumPy: a @ b)
  bij,bjk->bik      [32, 128, 64] x [32, 64, 128]                (NumPy: a @ b)
  bhqd,bhkd->bhqk   attention scores, [8, 8, 128, 64] x [8, 8, 128, 64] (NumPy: q @ k.swapaxes(-1, -2))
For each, varrt's tf.einsum and its tf.matmul of the same operands (transpose_b for the last)
are compared with NumPy's matmul, the BLAS call NumPy's own einsum makes with optimize=True.
Threads: whatever OPENBLAS_NUM_THREADS / the machine give both libraries alike.
"""
import argparse
import sys
import time

import numpy as np

import varrt as tf

TARGET = 1.2
CASES = [
    ("ij,jk->ik", [(512, 512), (512, 512)], lambda a, b: a @ b, dict()),
    ("bij,bjk->bik", [(32, 128, 64), (32, 64, 128)], lambda a, b: a @ b, dict()),
    ("bhqd,bhkd->bhqk", [(8, 8, 128, 64), (8, 8, 128, 64)], lambda q, k: q @ k.swapaxes(-1, -2),
     dict(transpose_b=True)),
]


def _interleaved(fns, rounds):
    """The median wall time of each of `fns`, timed in turn within each round so that the load of
    a shared machine falls on all of them alike (after a warm-up call of each)."""
    for fn in fns:
        fn()
    times = [[] for _ in fns]
    for _ in range(rounds):
        for fn, out in zip(fns, times):
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
    return [float(np.median(t)) for t in times]


def measure(rounds):
    """[(equation, numpy s, varrt einsum s, varrt matmul s)]."""
    rng = np.random.default_rng(0)
    rows = []
    for equation, shapes, numpy_fn, matmul_args in CASES:
        xs = [rng.standard_normal(s, dtype=np.float32) for s in shapes]
        ts = [tf.constant(x) for x in xs]
        np.testing.assert_allclose(tf.einsum(equation, *ts).numpy(), numpy_fn(*xs), rtol=1e-3, atol=1e-3)
        rows.append((equation, *_interleaved([lambda: numpy_fn(*xs), lambda: tf.einsum(equation, *ts),
                                              lambda: tf.matmul(*ts, **matmul_args)], rounds)))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 timed calls instead of 30 (noisier)")
    args = parser.parse_args(argv)
    rows = measure(5 if args.quick else 30)
    print(f"{'row':18} {'NumPy ms':>9} {'einsum ms':>10} {'matmul ms':>10} {'einsum/NumPy':>13} {'matmul/NumPy':>13}")
    missed = 0
    for equation, base, ein, mm in rows:
        ok = ein / base <= TARGET and mm / base <= TARGET
        missed += not ok
        print(f"{equation:18} {base * 1e3:9.3f} {ein * 1e3:10.3f} {mm * 1e3:10.3f} {ein / base:13.2f} {mm / base:13.2f}"
              f"  {'ok' if ok else 'MISS'} (target <= {TARGET}x)")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
