"""Records TensorFlow's results for the element-wise ops whose every call reaches a core kernel
(the binary and unary ops on half and bfloat16, called with name= so that TensorFlow's and
varrt's slow paths run; Exp, Log, Log1p, Expm1 and Reciprocal on the real floats; AddN,
SigmoidGrad and TanhGrad; Equal and NotEqual; Select and SelectV2; Elu, Selu, Softplus, Softsign and their
gradients) into
tests/fixtures/core_elementwise_tf.json, which tests/test_core_elementwise_paths.py compares
varrt with.

    /path/to/python-with-tensorflow tests/tools/record_core_elementwise.py [output.json]

Each case is run through tf.raw_ops eagerly and stored as dtype, shape and raw bytes in hex, or
as the error's class and text.
"""
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "fixtures", "core_elementwise_tf.json")

BINARY = ["AddV2", "Sub", "Mul", "RealDiv", "Less", "LessEqual", "Greater", "GreaterEqual"]
UNARY = ["Neg", "Square", "Abs"]
MATH = ["Exp", "Log", "Log1p", "Expm1", "Reciprocal"]
NARROW = ["float16", "bfloat16"]
REAL = ["float16", "bfloat16", "float32", "float64"]


def _values(dtype, shape, seed):
    """Values spanning small to large magnitudes, with 0, -0, -1, a NaN and infinities (integers:
    wrapping sums)."""
    n = int(np.prod(shape))
    if seed == "grid":  # every region of the activations' approximations, and their clamps
        return np.linspace(-110.0, 110.0, n).reshape(shape) ** 3 / 110.0 ** 2
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        return (rng.integers(0, 2, n) == 1).reshape(shape)
    if dtype.startswith(("int", "uint")):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True).reshape(shape)
    v = rng.standard_normal(n) * np.exp(rng.uniform(-6, 6, n))
    special = [0.0, -0.0, -1.0, np.nan, np.inf, -np.inf, 1e-30, 100.0]
    v[:min(n, len(special))] = special[:n]
    if dtype.startswith("complex"):
        v = v + 1j * rng.standard_normal(n)
    return v.reshape(shape)


def cases():
    """name -> (raw op, {argument: (dtype, shape, seed)}); every call passes name="node"."""
    c = {}
    for d in NARROW:
        for op in BINARY:
            c[f"{op}_{d}"] = (op, {"x": (d, (3, 8), 1), "y": (d, (8,), 2)})
        for op in UNARY:
            c[f"{op}_{d}"] = (op, {"x": (d, (2, 9), 3)})
    for d in REAL:
        for op in MATH:
            c[f"{op}_{d}"] = (op, {"x": (d, (4, 16), 4)})
    for d in ["float16", "bfloat16", "float32", "float64", "int32", "uint8"]:
        c[f"AddN_{d}"] = ("AddN", {"inputs": [(d, (2, 5), 10 + i) for i in range(3)]})
    c["AddN_float16_many"] = ("AddN", {"inputs": [("float16", (17,), 20 + i) for i in range(11)]})
    c["AddN_one"] = ("AddN", {"inputs": [("float32", (3,), 7)]})
    c["AddN_error_shapes"] = ("AddN", {"inputs": [("float32", (2,), 8), ("float32", (3,), 9)]})
    for d in REAL + ["complex64", "complex128"]:
        for op in ("SigmoidGrad", "TanhGrad"):
            c[f"{op}_{d}"] = (op, {"y": (d, (3, 13), 30), "dy": (d, (3, 13), 31)})
    # float32 Sigmoid, Tanh and Exp are Eigen's approximations, packets of 8 and a scalar tail: sizes
    # with every tail length, and a large one spanning the clamps.
    for op, arg in (("Sigmoid", "x"), ("Tanh", "x"), ("Exp", "x")):
        for n in list(range(1, 18)) + [4099]:
            c[f"{op}_float32_{n}"] = (op, {arg: ("float32", (n,), 90 + n)})
        c[f"{op}_float32_grid"] = (op, {arg: ("float32", (4001,), "grid")})
    c["SigmoidGrad_error_count"] = ("SigmoidGrad", {"y": ("float32", (2,), 32), "dy": ("float32", (3,), 33)})
    c["TanhGrad_reshaped"] = ("TanhGrad", {"y": ("float32", (2, 3), 34), "dy": ("float32", (6,), 35)})
    for d in NARROW + ["float32", "float64", "int8", "int32", "int64", "uint8", "uint64", "bool"]:
        for op in ("Equal", "NotEqual"):
            c[f"{op}_{d}"] = (op, {"x": (d, (4, 6), 40), "y": (d, (6,), 40)})
    c["Equal_error_shapes"] = ("Equal", {"x": ("int32", (2,), 41), "y": ("int32", (3,), 42)})
    for d in ["float16", "bfloat16", "float32", "float64", "int8", "int32", "int64", "bool", "complex64"]:
        c[f"Select_{d}"] = ("Select", {"condition": ("bool", (3, 4), 50), "x": (d, (3, 4), 51), "y": (d, (3, 4), 52)})
        c[f"SelectV2_{d}"] = ("SelectV2", {"condition": ("bool", (3, 1), 53), "t": (d, (1, 4), 54), "e": (d, (4,), 55)})
    c["Select_rows"] = ("Select", {"condition": ("bool", (3,), 56), "x": ("float32", (3, 2, 2), 57),
                                   "y": ("float32", (3, 2, 2), 58)})
    c["Select_scalar"] = ("Select", {"condition": ("bool", (), 59), "x": ("int32", (2, 3), 60), "y": ("int32", (2, 3), 61)})
    c["Select_error_scalar_sizes"] = ("Select", {"condition": ("bool", (), 62), "x": ("float32", (2,), 63),
                                                 "y": ("float32", (3,), 64)})
    c["Select_error_rows"] = ("Select", {"condition": ("bool", (3,), 65), "x": ("float32", (2, 2), 66),
                                         "y": ("float32", (2, 2), 67)})
    c["Select_error_rows_scalar"] = ("Select", {"condition": ("bool", (2,), 65), "x": ("float32", (), 66),
                                                "y": ("float32", (), 67)})
    c["Select_error_shapes"] = ("Select", {"condition": ("bool", (1, 2), 68), "x": ("float32", (2,), 69),
                                           "y": ("float32", (2,), 70)})
    c["SelectV2_error_shapes"] = ("SelectV2", {"condition": ("bool", (3,), 71), "t": ("float32", (2,), 72),
                                               "e": ("float32", (), 73)})
    for d in REAL:
        c[f"Elu_{d}"] = ("Elu", {"features": (d, (3, 13), 80)})
        c[f"EluGrad_{d}"] = ("EluGrad", {"gradients": (d, (3, 13), 81), "outputs": (d, (3, 13), 82)})
    for d in REAL:
        for op, second in (("Selu", "outputs"), ("Softplus", "features"), ("Softsign", "features")):
            c[f"{op}_{d}"] = (op, {"features": (d, (3, 13), 85)})
            c[f"{op}Grad_{d}"] = (f"{op}Grad", {"gradients": (d, (3, 13), 86), second: (d, (3, 13), 87)})
    c["SoftplusGrad_error_shapes"] = ("SoftplusGrad", {"gradients": ("float32", (2,), 88), "features": ("float32", (3,), 89)})
    c["EluGrad_error_shapes"] = ("EluGrad", {"gradients": ("float32", (2, 3), 83), "outputs": ("float32", (6,), 84)})
    c["AddV2_error_shapes"] = ("AddV2", {"x": ("float16", (2,), 5), "y": ("float16", (3,), 6)})
    c["Sub_error_shapes"] = ("Sub", {"x": ("float32", (2, 3), 5), "y": ("float32", (4,), 6)})
    return c


def _tensor(tf, spec):
    if isinstance(spec, list):
        return [_tensor(tf, s) for s in spec]
    return tf.constant(_values(*spec).astype(tf.as_dtype(spec[0]).as_numpy_dtype))


def run_case(tf, op, kwargs):
    args = {k: _tensor(tf, spec) for k, spec in kwargs.items()}
    return getattr(tf.raw_ops, op)(name="node", **args)


def main():
    import tensorflow as tf
    out = {}
    for name, (op, kwargs) in cases().items():
        try:
            r = run_case(tf, op, kwargs)
            out[name] = {"dtype": r.dtype.name, "shape": list(r.shape),
                         "hex": np.ascontiguousarray(r.numpy()).tobytes().hex()}
        except Exception as e:  # noqa: BLE001 - the recorded outcome
            out[name] = {"error": type(e).__name__, "message": str(e)}
    path = sys.argv[1] if len(sys.argv) > 1 else OUT
    with open(path, "w") as f:
        json.dump({"tensorflow": tf.__version__, "cases": out}, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
