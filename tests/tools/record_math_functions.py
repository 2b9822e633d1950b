#!/usr/bin/env python3
"""Records TensorFlow 2.21's results of tf.math's element-wise functions on the inputs of
tests/math_function_cases.py into tests/fixtures/math_functions_tf.npz, which
tests/test_math_functions.py compares varrt with:

    $VARRT_TF_PYTHON tests/tools/record_math_functions.py [output.npz]

Each result is stored under "OP/dtype" (as float32/float64, or the 16-bit floats' raw bits as uint16).
"""
import os
import pathlib
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
TESTS = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

import math_function_cases as cases  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = TESTS / "fixtures" / "math_functions_tf.npz"


# The raw ops' argument names (unary ops take x).
ARGUMENTS = {"NextAfter": ("x1", "x2"), "Igamma": ("a", "x"), "Igammac": ("a", "x"), "IgammaGradA": ("a", "x"),
             "Zeta": ("x", "q"), "Polygamma": ("a", "x"), "Betainc": ("a", "b", "x")}


def raw(op, dtype, inputs):
    """tf.raw_ops.OP on the inputs in `dtype` (the 16-bit floats rounded from float32, as the test does)."""
    names = ARGUMENTS.get(op, ("x", "y") if len(inputs) == 2 else ("x",))
    wide = tf.float64 if dtype == "float64" else tf.float32
    args = [tf.cast(tf.constant(np.asarray(a, wide.as_numpy_dtype)), getattr(tf, dtype)) for a in inputs]
    return getattr(tf.raw_ops, op)(**dict(zip(names, args)))


def stored(t):
    if t.dtype in (tf.float16, tf.bfloat16):
        return tf.bitcast(t, tf.uint16).numpy()
    return t.numpy()


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    results = {}
    for op, inputs in cases.CASES.items():
        for dtype in cases.DTYPES[op]:
            try:
                results[f"{op}/{dtype}"] = stored(raw(op, dtype, inputs))
            except tf.errors.NotFoundError:  # no CPU kernel for this dtype: the op table's `kernels=`
                print(f"{op}/{dtype}: no CPU kernel")
    np.savez_compressed(out, **results)
    print(f"wrote {len(results)} results to {out}")


if __name__ == "__main__":
    main()
