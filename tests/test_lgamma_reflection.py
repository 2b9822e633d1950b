"""float64 lgamma on -28 < x < -5 (csrc/varrt/kernels/lgamma_reflection.h): the reflection formula
where it is accurate, the C library's lgamma_r, which TensorFlow's kernel calls, near the zeros
and everywhere else. TensorFlow's recorded values are compared in tests/test_math_functions.py
(math_function_cases.ULPS); here, at points no recorded case used, varrt is held against glibc
itself, to the bound docs/performance.md states."""
import ctypes
import ctypes.util

import numpy as np

import math_function_cases as cases
import varrt as tf
from test_math_functions import FIXTURE, ulp_distance

BOUND = 5  # ulps: the largest distance measured over dense sweeps of every unit interval

_libm = ctypes.CDLL(ctypes.util.find_library("m"))
_libm.lgamma_r.argtypes = [ctypes.c_double, ctypes.POINTER(ctypes.c_int)]
_libm.lgamma_r.restype = ctypes.c_double


def _glibc(xs):
    sign = ctypes.c_int()
    return np.array([_libm.lgamma_r(float(x), ctypes.byref(sign)) for x in xs])


def _varrt(xs):
    return tf.math.lgamma(tf.constant(xs, tf.float64)).numpy()


def test_glibc_is_tensorflows_lgamma():
    # What makes glibc the reference: TensorFlow's recorded float64 values are its bits.
    x = cases.CASES["Lgamma"][0]
    assert ulp_distance(_glibc(x), FIXTURE["Lgamma/float64"]).max() == 0


def test_a_dense_sweep_of_the_reflection_interval_is_within_the_bound():
    rng = np.random.RandomState(20261128)
    x = np.sort(rng.uniform(-28.0, -5.0, 200_000))
    got, want = _varrt(x), _glibc(x)
    d = ulp_distance(got, want)
    worst = int(np.argmax(d))
    assert d.max() <= BOUND, (x[worst], got[worst], want[worst])
    # The reflection is what runs there (glibc's bits where it would lose accuracy).
    assert (d > 0).mean() > 0.3


def test_near_the_zeros_and_outside_the_interval_the_bits_are_glibcs():
    rng = np.random.RandomState(7)
    # lgamma's zeros lie about 1/n! from -n: points at every scale of distance from the poles.
    poles = -rng.randint(5, 28, 200_000).astype(np.float64)
    x = poles + rng.choice([-1.0, 1.0], poles.size) * 10.0 ** -rng.uniform(0.0, 15.0, poles.size)
    x = x[(x > -28.0) & (x < -5.0)]
    near_zeros = x[np.abs(_glibc(x)) < 0.25]  # where the reflection's terms cancel
    assert near_zeros.size > 1000
    outside = np.concatenate([rng.uniform(-5.0, 30.0, 20_000), rng.uniform(-40.0, -28.0, 5_000),
                              -np.arange(1.0, 40.0), [-28.0, -5.0, -1e10, -np.inf, np.inf, np.nan, 0.0, -0.0]])
    for points in (near_zeros, outside):
        assert ulp_distance(_varrt(points), _glibc(points)).max() == 0


def test_float32_is_glibcs_everywhere():
    x = np.random.RandomState(8).uniform(-28.0, -5.0, 20_000).astype(np.float32)
    libm_f = _libm.lgammaf_r
    libm_f.argtypes = [ctypes.c_float, ctypes.POINTER(ctypes.c_int)]
    libm_f.restype = ctypes.c_float
    sign = ctypes.c_int()
    want = np.array([libm_f(float(v), ctypes.byref(sign)) for v in x], np.float32)
    assert ulp_distance(tf.math.lgamma(tf.constant(x)).numpy(), want).max() == 0
