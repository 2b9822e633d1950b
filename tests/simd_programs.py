"""The programs tests/test_simd_dispatch.py runs once per VARRT_SIMD level: every kernel that has
AVX2 / AVX-512 versions (kernels/simd_dispatch.h), on sizes around the vector widths and with
inf, nan, -0.0 and subnormals among the values. Writes every result to the .npz named by argv[1],
with the level that ran under "level".

    VARRT_SIMD=avx2 python tests/simd_programs.py OUT.npz
"""
import sys

import numpy as np

import varrt as tf
from varrt import _C

SIZES = (1, 15, 37, 1031, 70_001)  # below, around and far above 16 float / 8 double lanes
STEPS = 3


def values(rng, n, dtype, scale=1.0):
    x = (rng.standard_normal(n) * scale).astype(dtype)
    specials = np.array([np.inf, -np.inf, np.nan, -0.0, 0.0, np.finfo(dtype).tiny / 4, 1e30, -1e30], dtype)
    if n >= 64:  # a few, scattered, so most lanes stay finite and the updates stay meaningful
        x[rng.choice(n, len(specials), replace=False)] = specials
    return x


def optimizer_steps(out, rng, dtype, n):
    """Keras 3's fused optimizers (one core op for all variables) and TensorFlow 1's raw ops."""
    keras = {
        "adam": lambda: tf.keras.optimizers.Adam(0.0123),
        "adam_amsgrad": lambda: tf.keras.optimizers.Adam(0.0123, amsgrad=True),
        "adagrad": lambda: tf.keras.optimizers.Adagrad(0.0123),
        "rmsprop_centered_momentum": lambda: tf.keras.optimizers.RMSprop(0.0123, momentum=0.31, centered=True),
        "rmsprop": lambda: tf.keras.optimizers.RMSprop(0.0123),
        "sgd_nesterov": lambda: tf.keras.optimizers.SGD(0.0123, momentum=0.913, nesterov=True),
    }
    grads = [values(rng, n, dtype, 0.37) for _ in range(STEPS)]
    init = values(rng, n, dtype)
    for name, make in keras.items():
        var = tf.Variable(init)
        opt = make()
        for g in grads:
            opt.apply_gradients([(tf.constant(g), var)])
        out[f"keras/{name}"] = var.numpy()
    raw = {
        "ResourceApplyGradientDescent": ([], {"alpha": 0.0123}, {}),
        "ResourceApplyMomentum": (["accum"], {"lr": 0.0123, "momentum": 0.913}, {"use_nesterov": True}),
        "ResourceApplyKerasMomentum": (["accum"], {"lr": 0.0123, "momentum": 0.913}, {}),
        "ResourceApplyAdagrad": (["accum"], {"lr": 0.0123}, {}),
        "ResourceApplyCenteredRMSProp": (["mg", "ms", "mom"],
                                         {"lr": 0.0123, "rho": 0.913, "momentum": 0.31, "epsilon": 1.3e-7}, {}),
        "ResourceApplyAdam": (["m", "v"], {"beta1_power": 0.913 ** 3, "beta2_power": 0.9991 ** 3, "lr": 0.0123,
                                           "beta1": 0.913, "beta2": 0.9991, "epsilon": 1.3e-7}, {}),
    }
    for op, (slots, scalars, flags) in raw.items():
        var = tf.Variable(init)
        slot_vars = {s: tf.Variable(np.full(n, 0.1, dtype)) for s in slots}
        for g in grads:
            kw = {"var": var.handle, **{s: v.handle for s, v in slot_vars.items()}}
            kw.update({k: tf.constant(x, dtype) for k, x in scalars.items()})
            kw["delta" if op == "ResourceApplyGradientDescent" else "grad"] = tf.constant(g)
            getattr(tf.raw_ops, op)(**kw, **flags)
        out[f"raw/{op}"] = var.numpy()
        for s, v in slot_vars.items():
            out[f"raw/{op}/{s}"] = v.numpy()


def elementwise(out, rng, dtype, n):
    a, b = tf.constant(values(rng, n, dtype)), tf.constant(values(rng, n, dtype))
    row = tf.constant(values(rng, 1, dtype))
    for name, fn in {"add": tf.add, "sub": tf.subtract, "mul": tf.multiply, "div": tf.divide,
                     "less": tf.less, "greater_equal": tf.greater_equal}.items():
        out[f"{name}"] = fn(a, b).numpy()
        out[f"{name}/scalar"] = fn(a, row).numpy()
    if n % 7 == 0 or n > 1000:  # a general broadcast: (k, 7) against (7,)
        k = n // 7
        out["add/broadcast"] = tf.add(tf.reshape(a[:k * 7], (k, 7)), b[:7]).numpy()
    for name, fn in {"neg": tf.negative, "square": tf.square, "abs": tf.abs}.items():
        out[name] = fn(a).numpy()
    for to in (tf.int8, tf.int32, tf.uint8, tf.int64, tf.float32, tf.float64, tf.bool):
        out[f"cast/{to.name}"] = tf.cast(a, to).numpy()
    v = tf.Variable(a)
    v.assign_add(b)
    v.assign_sub(a)
    out["assign_add_sub"] = v.numpy()


def integers(out, rng, n):
    for dtype in (np.int8, np.int32, np.int64, np.uint16):
        info = np.iinfo(dtype)
        a = tf.constant(rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True))
        b = tf.constant(rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True))
        out[f"{dtype.__name__}/add"] = tf.add(a, b).numpy()  # wraps
        out[f"{dtype.__name__}/mul"] = tf.multiply(a, b).numpy()
        out[f"{dtype.__name__}/square"] = tf.square(a).numpy()
        out[f"{dtype.__name__}/cast/float32"] = tf.cast(a, tf.float32).numpy()
        v = tf.Variable(a)
        v.assign_add(b)
        out[f"{dtype.__name__}/assign_add"] = v.numpy()
    for dtype in (tf.float16, tf.bfloat16, tf.complex64):
        x = tf.cast(tf.constant(values(rng, n, np.float32)), dtype)
        v = tf.Variable(x)
        v.assign_add(x)
        out[f"{dtype.name}/assign_add"] = tf.cast(v, tf.float32 if dtype != tf.complex64 else tf.complex64).numpy()


def convolutions(out, rng, dtype):
    """Conv2D and its filter gradient on short patches (an image's first layer), which the core
    computes without the GEMM, a block of output channels per vector loop: output channels below,
    at and above a block, padding and strides (TensorFlow's float64 gradients refuse dilations).
    Finite values: which NaN a sum of two NaNs keeps depends on the operands' order in the
    instruction, which the compiler may choose differently for each vector width."""
    cases = [((3, 9, 8, 1), (3, 3, 1, 32), 1, "SAME", 1), ((2, 7, 9, 3), (3, 3, 3, 40), [2, 1], "VALID", 1),
             ((2, 10, 7, 2), (2, 3, 2, 7), [1, 2], "SAME", 1)]
    for i, (xs, ws, strides, padding, dilations) in enumerate(cases):
        x = tf.constant(rng.standard_normal(xs).astype(dtype))
        w = tf.constant((rng.standard_normal(ws) * 0.3).astype(dtype))
        with tf.GradientTape() as tape:
            tape.watch(w)
            y = tf.nn.conv2d(x, w, strides, padding, dilations=dilations)
            loss = tf.reduce_sum(y * tf.constant(rng.standard_normal(y.shape).astype(dtype)))
        out[f"conv2d/{i}"] = y.numpy()
        out[f"conv2d/{i}/filter_grad"] = tape.gradient(loss, w).numpy()
    # Winograd's F(2x2, 3x3) for float32 (kernels/conv2d_winograd.h: its tile transforms are
    # vector loops over channel blocks, a partial block at 20 channels), the GEMM for float64.
    x = tf.constant(rng.standard_normal((2, 9, 11, 16)).astype(dtype))
    w = tf.constant((rng.standard_normal((3, 3, 16, 20)) * 0.3).astype(dtype))
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        y = tf.nn.conv2d(x, w, 1, "SAME")
        loss = tf.reduce_sum(y * tf.constant(rng.standard_normal(y.shape).astype(dtype)))
    out["conv2d/winograd"] = y.numpy()
    out["conv2d/winograd/input_grad"], out["conv2d/winograd/filter_grad"] = (g.numpy() for g in tape.gradient(loss, [x, w]))


def row_sums(out, rng, dtype):
    """Sums over the outer axes (a bias gradient's over a batch of images): rows of accumulators,
    a vector loop each (kernels/reduction_kernel.h), channels below, at and above a vector."""
    for channels in (7, 16, 37):
        x = values(rng, 5 * 9 * 11 * channels, dtype).reshape(5, 9, 11, channels)
        x[np.isnan(x)] = 1.5  # which NaN a sum keeps is the compiler's choice (see convolutions)
        out[f"reduce_sum_rows/{channels}"] = tf.reduce_sum(tf.constant(x), axis=[0, 1, 2]).numpy()


def main(path):
    out = {}
    for n in SIZES:
        for dtype in (np.float32, np.float64):
            results = {}
            rng = np.random.default_rng(n)
            optimizer_steps(results, rng, dtype, n)
            elementwise(results, rng, dtype, n)
            out.update({f"{n}/{np.dtype(dtype).name}/{k}": v for k, v in results.items()})
        results = {}
        integers(results, np.random.default_rng(n), n)
        out.update({f"{n}/{k}": v for k, v in results.items()})
    for dtype in (np.float32, np.float64):
        results = {}
        convolutions(results, np.random.default_rng(7), dtype)
        row_sums(results, np.random.default_rng(8), dtype)
        out.update({f"{np.dtype(dtype).name}/{k}": v for k, v in results.items()})
    np.savez(path, level=np.array(_C.simd_level()), **out)


if __name__ == "__main__":
    main(sys.argv[1])
