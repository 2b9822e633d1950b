"""The tf.matmul cases tests/test_matmul_core.py checks against TensorFlow 2.21's recorded output
(tests/fixtures/matmul/record_matmul.py records them): odd sizes no example uses, every
transpose/adjoint combination, broadcast batches, each dtype TensorFlow's CPU kernels take.
Inputs are computed, not stored, the same way on both sides."""
import pathlib

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent / "fixtures" / "matmul"

FLOATS = ("float32", "float64", "complex64", "complex128", "float16", "bfloat16")
INTS = ("int32", "int64")


def value(shape, dtype, seed):
    """Deterministic values of `dtype` (a name): fractions that do not round exactly, small integers
    for integer types, a non-zero imaginary part for complex ones."""
    n = int(np.prod(shape)) if shape else 1
    i = np.arange(n, dtype=np.float64)
    if dtype in INTS or dtype == "int16":
        return ((i * 7919 + seed * 104729) % 17 - 8).astype(dtype).reshape(shape)
    x = np.sin(i * 0.731 + seed) * 1.7
    if dtype.startswith("complex"):
        x = x + 1j * np.cos(i * 0.377 - seed)
    if dtype == "bfloat16":
        import ml_dtypes
        return x.astype(ml_dtypes.bfloat16).reshape(shape)
    return x.astype(dtype).reshape(shape)


def _cases():
    cases = {}
    flag_sets = [dict(transpose_a=ta, transpose_b=tb) for ta in (False, True) for tb in (False, True)]
    flag_sets += [dict(adjoint_a=True), dict(adjoint_b=True), dict(adjoint_a=True, adjoint_b=True),
                  dict(transpose_a=True, adjoint_b=True)]

    def add(key, a_shape, b_shape, dtype, flags):
        cases[key] = (tuple(a_shape), tuple(b_shape), dtype, flags)

    for dtype in FLOATS + INTS:
        add(f"{dtype}/1x1", (1, 1), (1, 1), dtype, {})
        add(f"{dtype}/3x257@257x5", (3, 257), (257, 5), dtype, {})
        add(f"{dtype}/batch_broadcast", (2, 1, 3, 4), (5, 4, 6), dtype, {})
        for k, flags in enumerate(flag_sets):
            m, kk, n = 3, 257, 5
            a = (kk, m) if flags.get("transpose_a") or flags.get("adjoint_a") else (m, kk)
            b = (n, kk) if flags.get("transpose_b") or flags.get("adjoint_b") else (kk, n)
            add(f"{dtype}/flags{k}", a, b, dtype, flags)
            add(f"{dtype}/batch_flags{k}", (2,) + a, (1,) + b, dtype, flags)
    for dtype in ("float32", "float64"):
        add(f"{dtype}/130x784@784x257", (130, 784), (784, 257), dtype, {})
    add("int16/batch_broadcast", (2, 1, 3, 4), (5, 4, 6), "int16", {})
    return cases


CASES = _cases()


def inputs(key):
    a_shape, b_shape, dtype, flags = CASES[key]
    return value(a_shape, dtype, 1), value(b_shape, dtype, 2), flags
