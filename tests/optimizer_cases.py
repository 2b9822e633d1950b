"""The optimizer cases TensorFlow's results were recorded for (tests/fixtures/record_optimizers.py)
and the tests replay: shared, TensorFlow-free."""
import os

import numpy as np
from cpu_features import tensorflow_kernels_differ_here

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "optimizers")
STEPS = 4
N = 37  # not a multiple of the SIMD width


def data(dtype, seed):
    rng = np.random.default_rng(seed)
    var = rng.standard_normal(N).astype(dtype)
    grads = [(rng.standard_normal(N) * 0.37).astype(dtype) for _ in range(STEPS)]
    return var, grads


RAW = {
    # name: (op, slots, scalars (name -> value), flags)
    "gd": ("ResourceApplyGradientDescent", [], {"alpha": 0.0123}, {}),
    "momentum": ("ResourceApplyMomentum", ["accum"], {"lr": 0.0123, "momentum": 0.913}, {}),
    "momentum_nesterov": ("ResourceApplyMomentum", ["accum"], {"lr": 0.0123, "momentum": 0.913},
                          {"use_nesterov": True}),
    "keras_momentum": ("ResourceApplyKerasMomentum", ["accum"], {"lr": 0.0123, "momentum": 0.913}, {}),
    "keras_momentum_nesterov": ("ResourceApplyKerasMomentum", ["accum"], {"lr": 0.0123, "momentum": 0.913},
                                {"use_nesterov": True}),
    "adagrad": ("ResourceApplyAdagrad", ["accum"], {"lr": 0.0123}, {}),
    "rmsprop": ("ResourceApplyRMSProp", ["ms", "mom"], {"lr": 0.0123, "rho": 0.913, "momentum": 0.31,
                                                         "epsilon": 1.3e-7}, {}),
    "centered_rmsprop": ("ResourceApplyCenteredRMSProp", ["mg", "ms", "mom"],
                         {"lr": 0.0123, "rho": 0.913, "momentum": 0.31, "epsilon": 1.3e-7}, {}),
    "adam": ("ResourceApplyAdam", ["m", "v"], {"beta1_power": 0.913 ** 3, "beta2_power": 0.9991 ** 3, "lr": 0.0123,
                                               "beta1": 0.913, "beta2": 0.9991, "epsilon": 1.3e-7}, {}),
    "adam_nesterov": ("ResourceApplyAdam", ["m", "v"], {"beta1_power": 0.913 ** 3, "beta2_power": 0.9991 ** 3,
                                                        "lr": 0.0123, "beta1": 0.913, "beta2": 0.9991,
                                                        "epsilon": 1.3e-7}, {"use_nesterov": True}),
}
SPARSE = {
    "sparse_momentum": ("ResourceSparseApplyMomentum", {"lr": 0.0123, "momentum": 0.913}, {}),
    "sparse_momentum_nesterov": ("ResourceSparseApplyMomentum", {"lr": 0.0123, "momentum": 0.913},
                                 {"use_nesterov": True}),
    "sparse_keras_momentum": ("ResourceSparseApplyKerasMomentum", {"lr": 0.0123, "momentum": 0.913},
                              {"use_nesterov": True}),
    "sparse_adagrad": ("ResourceSparseApplyAdagrad", {"lr": 0.0123}, {}),
}
SPARSE_INDICES = np.array([3, 0, 3, 5], np.int64)  # a duplicate: rows apply in order


# TensorFlow's float32 Tensor.rsqrt() (dense Adagrad) uses the CPU's reciprocal-square-root
# estimate, which differs between CPU vendors; the fixtures were recorded on an AMD CPU (tests/cpu_features.py).
# On another, dense float32 Adagrad is compared to within a few ulps instead of bit for bit.
RSQRT_ESTIMATE_CASES = {"adagrad"}


def assert_same_bits(got, want, case, dtype, what=""):
    """Bit-identical, except for the rsqrt-estimate cases on another CPU vendor than the recording's
    (tests/cpu_features.py): the estimate instruction's low bits differ by vendor, by up to 16 ulps
    on Adagrad's elements near zero (measured on an Intel Sapphire Rapids against the AMD recording)."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape, what
    if got.tobytes() == want.tobytes():
        return
    if case in RSQRT_ESTIMATE_CASES and np.dtype(dtype) == np.float32 and tensorflow_kernels_differ_here():
        ulps = np.abs(got.view(np.int32).astype(np.int64) - want.view(np.int32).astype(np.int64))
        assert ulps.max() <= 16, what
        return
    raise AssertionError(f"{case} {what}: not bit-identical to TensorFlow")
