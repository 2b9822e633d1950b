"""TensorFlow's CPU sampler of truncated normals with bounds per row, bit for bit
(core/kernels/parameterized_truncated_normal_op.cc: TruncatedNormalFunctor for
ParameterizedTruncatedNormal, TruncatedNormalFunctorV2 for StatelessParameterizedTruncatedNormal).

A row ("batch") has its own mean, stddev and bounds and picks one of three rejection samplers:
normals rejected outside the bounds when the mean and 1.3 standard deviations lie inside them,
uniform proposals on a narrow interval, else an exponential proposal offset by the lower bound.
Every sampler draws whole Philox blocks (UniformDistribution / NormalDistribution of T) from one
generator that runs on from row to row; a row starts on a fresh block. All arithmetic is in T,
with the C library's expf/logf (exp/log for double), as the kernel's Eigen::numext calls are.

The kernel splits rows over its worker threads, each thread's generator skipped to its first
output, when an output is large enough to be worth it; this runs it as one shard, which is what
TensorFlow computes with one intra-op thread and, on any thread count, for outputs of up to
several hundred values.
"""
from __future__ import annotations

import ctypes
import math

import numpy as np

from varrt.base import errors
from varrt.ops import random_distributions as dist
from varrt.ops.random_distributions import libm
from varrt.ops.random_rejection import _Stream

MAX_ITERATIONS = 1000  # kMaxIterations


def _float_fn(name, fallback):
    fn = getattr(libm, name, None) if libm is not None else None
    if fn is None:
        return lambda x: np.float32(fallback(float(x)))
    fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
    return lambda x: np.float32(fn(float(x)))


_expf, _logf = _float_fn("expf", math.exp), _float_fn("logf", math.log)


class Refused(Exception):
    """The kernel's error: `cls` (an errors class) with TensorFlow's `message`."""

    def __init__(self, cls, message):
        super().__init__(message)
        self.cls, self.message = cls, message


def _log_double(x):
    return math.log(x) if x > 0 else -math.inf  # the C library's log(0) is -inf, not an error


class _Arithmetic:
    """T's scalar type, constants, functions and Philox-block distributions."""

    def __init__(self, dtype):
        self.dtype = np.dtype(dtype)
        self.t = self.dtype.type
        if self.dtype == np.float64:
            self.exp, self.log, self.sqrt = math.exp, _log_double, math.sqrt
        else:  # float and half: Eigen's half functions are the float ones, rounded to half
            self.exp = lambda x: self.t(_expf(x))
            self.log = lambda x: self.t(_logf(x)) if x > 0 else self.t(-np.inf)
            self.sqrt = lambda x: self.t(np.sqrt(np.float32(x)))

    def uniform(self, stream):
        """UniformDistribution<PhiloxRandom, T>: a block's values in [0, 1)."""
        x = np.array(stream.block(), np.uint32)
        if self.dtype == np.float64:
            return dist._unit_double(x[0::2], x[1::2]).tolist()
        return list(dist._unit_float(x) if self.dtype == np.float32 else dist._unit_half(x))

    def normal(self, stream):
        """NormalDistribution<PhiloxRandom, T>: Box-Muller over a block (float's for half)."""
        x = np.array(stream.block(), np.uint32)
        if self.dtype == np.float64:
            return list(dist._interleave(*dist._box_muller_double(*(x[i:i + 1] for i in range(4)))))
        values = dist._interleave(*dist._box_muller_float(x[0::2], x[1::2]))
        return list(values if self.dtype == np.float32 else values.astype(np.float16))


class _Row:
    """One row's parameters, normalized as the kernel does (bounds swapped to put a one-sided
    bound below, or both above the mean), and its choice of sampler."""

    def __init__(self, ar, mean, stddev, minval, maxval):
        t = ar.t
        if not (stddev > t(0) and minval < maxval and (np.isfinite(minval) or np.isfinite(maxval))):
            raise Refused(errors.InvalidArgumentError, "Invalid parameters")
        if (np.isinf(minval) and minval < t(0)) or maxval < mean:
            minval, maxval, stddev = maxval, minval, -stddev
        self.mean, self.stddev = mean, stddev
        self.lo = (minval - mean) / stddev
        self.hi = (maxval - mean) / stddev
        lo, hi = self.lo, self.hi
        sqrt_factor = ar.sqrt(lo * lo + t(4))
        cutoff = t(2) * ar.exp(t(0.5) + (lo * (lo - sqrt_factor)) / t(4)) / (lo + sqrt_factor)
        self.diff = hi - lo
        inside = t(1.3)  # kStdDevsInsideBoundsToUseRandnSampler
        if (lo < -inside and hi >= t(0)) or (hi > inside and lo <= t(0)):
            self.method = "normal"
        elif self.diff < cutoff:
            self.method = "uniform"
            self.plus = t(0) if lo < t(0) else lo * lo
        else:
            self.method = "exponential"
            self.alpha = (lo + ar.sqrt(lo * lo + t(4))) / t(2)

    def samples(self, ar, stream, count):
        """`count` values of this row, drawn from `stream`."""
        return getattr(self, "_" + self.method)(ar, stream, count)

    def _normal(self, ar, stream, count):
        out, misses = [], 0
        while len(out) < count:
            for z in ar.normal(stream):
                if self.lo <= z <= self.hi:
                    out.append(z * self.stddev + self.mean)
                    if len(out) >= count:
                        break
                    misses = 0
                else:
                    misses += 1
                    if misses > MAX_ITERATIONS:
                        raise Refused(errors.InternalError, "TruncatedNormal randn rejection sampler failed to "
                                                               "accept a sample.")
        return out

    def _uniform(self, ar, stream, count):
        t, out, misses = ar.t, [], 0
        while len(out) < count:
            z = [r * self.diff + self.lo for r in ar.uniform(stream)]
            g = [(self.plus - zi * zi) / t(2.0) for zi in z]
            for zi, gi, u in zip(z, g, ar.uniform(stream)):
                accept = u <= ar.exp(gi)
                if accept or misses + 1 >= MAX_ITERATIONS:
                    if not accept:
                        raise Refused(errors.InternalError, "TruncatedNormal uniform rejection sampler failed to  "
                                                               "accept a sample.")
                    out.append(zi * self.stddev + self.mean)
                    if len(out) >= count:
                        break
                    misses = 0
                else:
                    misses += 1
        return out

    def _exponential(self, ar, stream, count):
        t, out, misses = ar.t, [], 0
        while len(out) < count:
            rand = ar.uniform(stream)
            for i in range(0, len(rand), 2):
                z = -ar.log(rand[i]) / self.alpha + self.lo
                x = self.alpha - z if self.lo < self.alpha else self.lo - self.alpha
                g = ar.exp(-x * x / t(2.0))
                accept = rand[i + 1] <= g and z < self.hi
                if accept or misses + 1 >= MAX_ITERATIONS:
                    if not accept:
                        raise Refused(errors.InternalError, "TruncatedNormal exponential distribution rejection "
                                                               "sampler failed to accept a sample.")
                    out.append(z * self.stddev + self.mean)
                    if len(out) >= count:
                        break
                    misses = 0
                else:
                    misses += 1
        return out


def sample_rows(gen, params, num_rows, per_row, num_elements, dtype, sample_major):
    """`num_elements` values, flat, of NumPy float `dtype`: row b takes params[k][b] (four flat
    arrays of length num_rows, or 1) and draws per_row values, the last row fewer when its rows
    overshoot the output (ParameterizedTruncatedNormal's rows of 100). `sample_major`: value s of
    row b lands at s * num_rows + b (the stateless kernel's layout), else at b * per_row + s.
    `gen`: the PhiloxRandom the one shard starts from."""
    ar = _Arithmetic(dtype)
    stream = _Stream(gen, 0)
    rows = []
    for b in range(num_rows):
        values = [ar.t(p[0] if p.size == 1 else p[b]) for p in params]
        count = min(per_row, num_elements - b * per_row)
        rows.append(_Row(ar, *values).samples(ar, stream, count))
    if sample_major:
        return np.asarray(rows, dtype=ar.dtype).reshape(num_rows, per_row).T.reshape(-1)
    return np.asarray([v for row in rows for v in row], dtype=ar.dtype)
