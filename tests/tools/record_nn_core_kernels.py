"""Records TensorFlow's results for the training-step ops with core kernels (Relu, ReluGrad,
Relu6, LeakyRelu, Sigmoid, Tanh, Softmax, LogSoftmax, BiasAdd, BiasAddGrad, Reshape, BroadcastTo,
ZerosLike, OnesLike, Shape, SparseSoftmaxCrossEntropyWithLogits) into
tests/fixtures/nn_core_kernels_tf.json, which tests/test_nn_core_kernels.py compares varrt with.

    /path/to/python-with-tensorflow tests/tools/record_nn_core_kernels.py [output.json]

Every case is built from its inputs (cases() below, shared with the test), run through
TensorFlow eagerly, and stored as dtype, shape and the raw bytes in hex (bit-exact comparisons,
the 16-bit floats included), or as the error's class and text.
"""
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "fixtures", "nn_core_kernels_tf.json")

RELU_DTYPES = ["float32", "float64", "float16", "bfloat16", "int8", "int16", "int32", "int64", "uint8", "uint16",
               "uint32", "uint64"]
ONES_DTYPES = ["float32", "float64", "float16", "bfloat16", "complex64", "complex128", "int8", "int16", "int32",
               "int64", "uint8", "uint16", "uint32", "uint64", "bool"]
XENT_DTYPES = ["float32", "float64", "float16", "bfloat16"]
FLOAT_DTYPES = XENT_DTYPES
BIAS_DTYPES = ["float32", "float64", "float16", "bfloat16", "complex64", "complex128", "int8", "int16", "int32",
               "int64", "uint8", "uint16", "uint32", "uint64"]


def _values(dtype, shape, seed, finite=False):
    """Deterministic values of `dtype` with negatives, zeros and (floats, unless `finite`) a NaN and -0."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    if dtype.startswith("uint"):
        return rng.integers(0, 100, n).reshape(shape)
    if dtype.startswith("int"):
        return rng.integers(-50, 50, n).reshape(shape)
    if dtype == "bool":
        return (rng.integers(0, 2, n) == 1).reshape(shape)
    v = rng.standard_normal(n) * 3
    if dtype.startswith("complex"):
        return (v + 1j * rng.standard_normal(n)).reshape(shape)
    if n > 3 and not finite:
        v[0], v[1], v[2] = 0.0, -0.0, np.nan
    return v.reshape(shape)


def cases():
    """name -> (function name, keyword arguments as (dtype, shape, seed) specs or plain values)."""
    c = {}
    for d in RELU_DTYPES:
        c[f"relu_{d}"] = ("relu", {"features": (d, (3, 5), 1)})
        c[f"relu_grad_{d}"] = ("relu_grad", {"gradients": (d, (2, 7), 2), "features": (d, (2, 7), 3)})
    for d in RELU_DTYPES:
        c[f"relu6_{d}"] = ("relu6", {"features": (d, (3, 7), 19)})
    for d in FLOAT_DTYPES:
        c[f"leaky_relu_{d}"] = ("leaky_relu", {"features": (d, (2, 9), 20)})
        c[f"sigmoid_{d}"] = ("sigmoid", {"x": (d, (3, 11), 21)})
        c[f"tanh_{d}"] = ("tanh", {"x": (d, (3, 11), 22)})
        # Finite logits: TensorFlow's float32 Softmax (oneDNN's) gives 0 beside a NaN where its other
        # kernels give NaN for the whole row.
        c[f"softmax_{d}"] = ("softmax", {"logits": (d, (4, 9), 23, "finite")})
        c[f"log_softmax_{d}"] = ("log_softmax", {"logits": (d, (4, 9), 24, "finite")})
        c[f"softmax_axis0_{d}"] = ("softmax_axis0", {"logits": (d, (5, 3), 25, "finite")})
    for d in BIAS_DTYPES:
        c[f"bias_add_{d}"] = ("bias_add", {"value": (d, (3, 4), 26), "bias": (d, (4,), 27)})
        c[f"bias_add_nchw_{d}"] = ("bias_add_nchw", {"value": (d, (2, 3, 4), 28), "bias": (d, (3,), 29)})
        c[f"bias_add_grad_{d}"] = ("bias_add_grad", {"out_backprop": (d, (5, 3, 4), 30)})
    c["bias_add_error_rank"] = ("bias_add", {"value": ("float32", (2,), 31), "bias": ("float32", (2,), 32)})
    c["bias_add_error_count"] = ("bias_add", {"value": ("float32", (2, 3), 31), "bias": ("float32", (2,), 32)})
    c["softmax_error_scalar"] = ("softmax", {"logits": ("float32", (), 33)})
    for d in ONES_DTYPES:
        c[f"zeros_like_{d}"] = ("zeros_like", {"input": (d, (2, 3), 4)})
        c[f"ones_like_{d}"] = ("ones_like", {"input": (d, (3, 1, 2), 5)})
        c[f"broadcast_to_{d}"] = ("broadcast_to", {"input": (d, (3, 1), 6), "shape": [2, 3, 4]})
    for d in XENT_DTYPES:
        for batch, classes in ((7, 13), (1, 1), (0, 4), (5, 1000)):
            c[f"sparse_xent_{d}_{batch}x{classes}"] = ("sparse_xent", {"logits": (d, (batch, classes), 7),
                                                                        "labels": ("labels", "int32", batch, classes)})
    for d in XENT_DTYPES:
        for batch, classes in ((6, 11), (1, 1), (0, 3)):
            c[f"xent_{d}_{batch}x{classes}"] = ("xent", {"logits": (d, (batch, classes), 34, "finite"),
                                                        "labels": (d, (batch, classes), 35, "finite")})
    c["xent_broadcast_labels"] = ("xent", {"logits": ("float32", (4, 5), 36), "labels": ("float32", (1, 5), 37)})
    c["xent_minus_inf_logit"] = ("xent", {"logits": [[-np.inf, 1.0, 2.0]], "labels": [[0.0, 1.0, 0.0]]})
    c["xent_error_broadcast"] = ("xent", {"logits": ("float32", (2, 3), 38), "labels": ("float32", (2, 2), 39)})
    c["xent_api_3d_axis0"] = ("xent_api", {"logits": ("float32", (3, 2, 4), 40, "finite"),
                                           "labels": ("float32", (3, 2, 4), 41, "finite")})
    c["sparse_xent_int64_labels"] = ("sparse_xent", {"logits": ("float32", (4, 6), 8), "labels": ("labels", "int64", 4, 6)})
    c["sparse_xent_grad_float32"] = ("sparse_xent_grad", {"logits": ("float32", (9, 11), 9),
                                                          "labels": ("labels", "int32", 9, 11)})
    c["relu_tape_grad_float32"] = ("relu_tape_grad", {"x": ("float32", (4, 6), 10)})
    c["reshape_minus_one"] = ("reshape", {"tensor": ("float32", (2, 3, 4), 11), "shape": [4, -1]})
    c["reshape_zero_size"] = ("reshape", {"tensor": ("float32", (0, 3), 12), "shape": [-1, 0, 5]})
    c["reshape_error_multiple"] = ("reshape", {"tensor": ("float32", (2, 3), 13), "shape": [4, -1]})
    c["reshape_error_count"] = ("reshape", {"tensor": ("float32", (2, 3), 13), "shape": [5]})
    c["reshape_error_two_unknown"] = ("reshape", {"tensor": ("float32", (2, 3), 13), "shape": [-1, -1]})
    c["reshape_error_negative"] = ("reshape", {"tensor": ("float32", (2, 3), 13), "shape": [-2, 3]})
    c["broadcast_to_error_rank"] = ("broadcast_to", {"input": ("float32", (2, 3), 14), "shape": [3]})
    c["broadcast_to_error_incompatible"] = ("broadcast_to", {"input": ("float32", (2, 3), 14), "shape": [4, 3]})
    c["broadcast_to_error_unable"] = ("broadcast_to", {"input": ("float32", (2, 3), 14), "shape": [1, 3]})
    c["relu_grad_error_shapes"] = ("relu_grad", {"gradients": ("float32", (2,), 15), "features": ("float32", (3,), 16)})
    c["sparse_xent_error_label"] = ("sparse_xent", {"logits": ("float32", (3, 4), 17), "labels": [0, 5, -1]})
    c["sparse_xent_error_label_high"] = ("sparse_xent", {"logits": ("float32", (4, 4), 17), "labels": [4, 1, 7, 7]})
    c["shape_int32"] = ("shape", {"input": ("float32", (2, 0, 3), 18), "out_type": "int32"})
    c["shape_int64"] = ("shape", {"input": ("float32", (5,), 18), "out_type": "int64"})
    return c


def materialize(tf, spec):
    """A spec's value as a tensor of `tf` (TensorFlow or varrt): (dtype, shape, seed[, "finite"]) values,
    ("labels", dtype, batch, classes) labels in range, or a plain value as it is."""
    if isinstance(spec, tuple) and spec[0] == "labels":
        _, dtype, batch, classes = spec
        return tf.constant(np.random.default_rng(classes).integers(0, classes, batch).astype(dtype))
    if isinstance(spec, tuple):
        dtype, shape, seed = spec[:3]
        values = _values(dtype, shape, seed, finite=spec[3:] == ("finite",))
        if dtype in ("float16", "bfloat16"):
            return tf.cast(tf.constant(values.astype(np.float32)), getattr(tf, dtype))
        return tf.constant(values.astype(dtype))
    return spec


def run_case(tf, fn, kwargs):
    args = {k: materialize(tf, v) for k, v in kwargs.items()}
    if fn == "relu":
        return [tf.nn.relu(args["features"])]
    if fn == "relu_grad":
        return [tf.raw_ops.ReluGrad(gradients=args["gradients"], features=args["features"])]
    if fn == "relu6":
        return [tf.nn.relu6(args["features"])]
    if fn == "leaky_relu":
        return [tf.nn.leaky_relu(args["features"], alpha=0.3)]
    if fn == "sigmoid":
        return [tf.math.sigmoid(args["x"])]
    if fn == "tanh":
        return [tf.math.tanh(args["x"])]
    if fn == "softmax":
        return [tf.nn.softmax(args["logits"])]
    if fn == "log_softmax":
        return [tf.nn.log_softmax(args["logits"])]
    if fn == "softmax_axis0":
        return [tf.nn.softmax(args["logits"], axis=0)]
    if fn == "bias_add":
        return [tf.nn.bias_add(args["value"], args["bias"])]
    if fn == "bias_add_nchw":
        return [tf.nn.bias_add(args["value"], args["bias"], data_format="NCHW")]
    if fn == "bias_add_grad":
        return [tf.raw_ops.BiasAddGrad(out_backprop=args["out_backprop"])]
    if fn == "zeros_like":
        return [tf.zeros_like(args["input"])]
    if fn == "ones_like":
        return [tf.ones_like(args["input"])]
    if fn == "broadcast_to":
        return [tf.broadcast_to(args["input"], args["shape"])]
    if fn == "reshape":
        return [tf.reshape(args["tensor"], args["shape"])]
    if fn == "shape":
        return [tf.shape(args["input"], out_type=getattr(tf, args["out_type"]))]
    if fn == "sparse_xent":
        labels = args["labels"]
        return list(tf.raw_ops.SparseSoftmaxCrossEntropyWithLogits(features=args["logits"], labels=labels))
    if fn == "xent":
        return list(tf.raw_ops.SoftmaxCrossEntropyWithLogits(features=args["logits"], labels=args["labels"]))
    if fn == "xent_api":
        return [tf.nn.softmax_cross_entropy_with_logits(labels=args["labels"], logits=args["logits"], axis=0)]
    if fn == "sparse_xent_grad":
        x = args["logits"]
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=args["labels"], logits=x))
        return [loss, tape.gradient(loss, x)]
    if fn == "relu_tape_grad":
        x = args["x"]
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.nn.relu(x) * x)
        return [tape.gradient(y, x)]
    raise ValueError(fn)


def encode(t):
    a = t.numpy()
    name = t.dtype.name
    return {"dtype": name, "shape": list(a.shape), "hex": np.ascontiguousarray(a).tobytes().hex()}


def main():
    import tensorflow as tf
    out = {}
    for name, (fn, kwargs) in sorted(cases().items()):
        try:
            out[name] = {"outputs": [encode(t) for t in run_case(tf, fn, kwargs)]}
        except Exception as e:  # noqa: BLE001 - the error is the recorded result
            out[name] = {"error": type(e).__name__, "message": str(e)}
    path = sys.argv[1] if len(sys.argv) > 1 else OUT
    with open(path, "w") as fh:
        json.dump({"tensorflow": tf.__version__, "cases": out}, fh, indent=1, sort_keys=True)
        fh.write("\n")
    print(f"wrote {len(out)} cases to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
