"""TensorFlow's CPU samplers with a variable number of draws per output, bit for bit: gamma
(random_op.cc's RandomGammaOp, stateless_random_gamma_op.cc) and Poisson (random_poisson_op.h).

Each output has its own generator, the kernel's skipped 256 blocks per output index (so values
do not depend on TensorFlow's sharding), and draws whole Philox blocks as double-precision
normals (Box-Muller, two per block) or uniforms (two per block), taking a block's values from
its last to its first. Outputs are laid out sample-major: output index `i` of parameter `p`
(i = p * samples_per_param + s) is element s * num_params + p. The arithmetic is in double with
the C library's log, log1p, pow, exp and lgamma, as the kernels call them.
"""
from __future__ import annotations

import ctypes
import math

import numpy as np

from varrt.ops.philox import PhiloxRandom
from varrt.ops.random_distributions import libm

_RESERVED_PER_OUTPUT = 256  # blocks each output's generator is skipped by (kReservedSamplesPerOutput)
_U32 = 0xFFFFFFFF
_M_A, _M_B = 0xD2511F53, 0xCD9E8D57
_W_A, _W_B = 0x9E3779B9, 0xBB67AE85
_EPSILON = 1.0e-7  # BoxMullerDouble keeps log away from 0


def _c_double_fn(name, fallback):
    fn = getattr(libm, name, None) if libm is not None else None
    if fn is None:
        return fallback
    fn.restype, fn.argtypes = ctypes.c_double, [ctypes.c_double] * (2 if name == "pow" else 1)
    return fn


_lgamma = _c_double_fn("lgamma", math.lgamma)  # CPython's own lgamma rounds differently from the C library's
_pow = _c_double_fn("pow", math.pow)


class _Stream:
    """One output's generator: Philox blocks from a counter, one at a time (scalar, in Python:
    an output reads a few blocks, so a vectorized pass would cost more than it saves)."""

    __slots__ = ("k0", "k1", "counter", "normals", "uniforms")

    def __init__(self, base: PhiloxRandom, skip):
        self.k0, self.k1 = base.key
        self.counter = (base.counter + skip) & ((1 << 128) - 1)
        self.normals, self.uniforms = [], []

    def block(self):
        c = self.counter
        c0, c1, c2, c3 = c & _U32, (c >> 32) & _U32, (c >> 64) & _U32, (c >> 96) & _U32
        k0, k1 = self.k0, self.k1
        for round_ in range(10):
            if round_:
                k0, k1 = (k0 + _W_A) & _U32, (k1 + _W_B) & _U32
            p0, p1 = _M_A * c0, _M_B * c2
            c0, c1, c2, c3 = (p1 >> 32) ^ c1 ^ k0, p1 & _U32, (p0 >> 32) ^ c3 ^ k1, p0 & _U32
        self.counter = (self.counter + 1) & ((1 << 128) - 1)
        return c0, c1, c2, c3

    def normal(self):
        """NormalDistribution<double> through a SampleBuffer: a block gives two, read last first."""
        if not self.normals:
            x0, x1, x2, x3 = self.block()
            u1 = max(_unit_double(x0, x1), _EPSILON)
            v1 = 2 * math.pi * _unit_double(x2, x3)
            u2 = math.sqrt(-2.0 * math.log(u1))
            self.normals = [math.sin(v1) * u2, math.cos(v1) * u2]
        return self.normals.pop()

    def uniform(self):
        """UniformDistribution<double> through a SampleBuffer: two per block, read last first."""
        if not self.uniforms:
            x0, x1, x2, x3 = self.block()
            self.uniforms = [_unit_double(x0, x1), _unit_double(x2, x3)]
        return self.uniforms.pop()


def _unit_double(hi, lo):
    """Uint64ToDouble: 52 mantissa bits (20 of hi, 32 of lo) over [1, 2), minus 1: exactly man / 2**52."""
    return (((hi & 0xFFFFF) << 32) | lo) * 2.0 ** -52


def _gamma_one(stream, alpha):
    """One Gamma(alpha, 1) sample (Marsaglia and Tsang; alpha == 1 is an exponential)."""
    if alpha == 1.0:
        return -math.log1p(-stream.uniform())
    less_than_one = alpha < 1
    d = alpha + (2.0 / 3 if less_than_one else -1.0 / 3)
    c = 1.0 / 3 / math.sqrt(d)
    while True:
        x = stream.normal()
        v = 1 + c * x
        if v <= 0:
            continue
        v = v * v * v
        u = stream.uniform()
        if u < 1 - 0.0331 * (x * x) * (x * x) or math.log(u) < 0.5 * x * x + d * (1 - v + math.log(v)):
            res = d * v
            if less_than_one:
                res *= _pow(stream.uniform(), 1 / alpha)
            return res


def _poisson_one(stream, rate, highest):
    """One Poisson(rate) sample: Knuth's product of uniforms below 10, Hormann's transformed
    rejection from 10 on."""
    if rate < 10:
        exp_neg_rate = math.exp(-rate)
        prod, x = 1.0, 0.0
        while True:
            prod = prod * stream.uniform()
            if prod <= exp_neg_rate and x <= highest:
                return x
            x += 1
    log_rate = math.log(rate)
    b = 0.931 + 2.53 * math.sqrt(rate)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    while True:
        u = stream.uniform() - 0.5
        v = stream.uniform()
        u_shifted = 0.5 - abs(u)
        k = math.floor((2 * a / u_shifted + b) * u + rate + 0.43)
        if k > highest:
            continue
        if u_shifted >= 0.07 and v <= 0.9277 - 3.6224 / (b - 2):
            return k
        if k < 0 or (u_shifted < 0.013 and v > u_shifted):
            continue
        s = math.log(v * inv_alpha / (a / (u_shifted * u_shifted) + b))
        t = -rate + k * log_rate - _lgamma(k + 1)
        if s <= t:
            return k


def _fill(gen, params, samples_per_param, draw):
    """Sample-major outputs of `draw(stream, param)` for each flat parameter, as float64."""
    params = [float(p) for p in np.asarray(params, dtype=np.float64).reshape(-1)]
    n = len(params)
    out = np.empty(samples_per_param * n, np.float64)
    for p, value in enumerate(params):
        for s in range(samples_per_param):
            index = p * samples_per_param + s
            out[s * n + p] = draw(_Stream(gen, _RESERVED_PER_OUTPUT * index), value)
    return out


def gamma(gen: PhiloxRandom, alphas, samples_per_alpha):
    """Gamma(alpha, 1) samples, flat, sample-major, float64 (the caller casts as static_cast does)."""
    return _fill(gen, alphas, samples_per_alpha, _gamma_one)


def poisson(gen: PhiloxRandom, rates, samples_per_rate, highest):
    """Poisson samples, flat, sample-major, float64; `highest` is the output dtype's largest value."""
    return _fill(gen, rates, samples_per_rate, lambda stream, rate: _poisson_one(stream, rate, highest))


# --- binomial (random_binomial_op.cc) ---------------------------------------------------------------

_BTRS_SKIP = 256  # blocks per output for the rejection sampler
_INVERSION_SKIP = 42  # blocks per output for inversion (mean and variance at most 10)
_STIRLING_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
                  0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
                  0.00925546218271273, 0.00833056343336287)


def _binomial_inversion(stream, count, prob):
    """Sums geometric variables until they exceed count: how many fit."""
    geom_sum, num_geom = 0.0, 0
    log1p_neg = math.log1p(-prob)
    while True:
        u = stream.uniform()
        geom = math.ceil(math.log(u) / log1p_neg) if u > 0 else math.inf
        geom_sum += geom
        if geom_sum > count:
            return float(num_geom)
        num_geom += 1


def _stirling_tail(k):
    if k <= 9:
        return _STIRLING_TAIL[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def _btrs(stream, count, prob):
    """Hormann's transformed rejection (BTRS), as TensorFlow writes it."""
    stddev = math.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = count * prob + 0.5
    v_r = 0.92 - 4.2 / b
    r = prob / (1 - prob)
    alpha = (2.83 + 5.1 / b) * stddev
    m = math.floor((count + 1) * prob)
    while True:
        u = stream.uniform()
        v = stream.uniform()
        u = u - 0.5
        us = 0.5 - abs(u)
        k = math.floor((2 * a / us + b) * u + c)
        if us >= 0.07 and v <= v_r:
            return float(k)
        if k < 0 or k > count:
            continue
        v = math.log(v * alpha / (a / (us * us) + b))
        upperbound = ((m + 0.5) * math.log((m + 1) / (r * (count - m + 1)))
                      + (count + 1) * math.log((count - m + 1) / (count - k + 1))
                      + (k + 0.5) * math.log(r * (count - k + 1) / (k + 1))
                      + _stirling_tail(m) + _stirling_tail(count - m) - _stirling_tail(k) - _stirling_tail(count - k))
        if v <= upperbound:
            return float(k)


def binomial(gen: PhiloxRandom, counts, probs, samples_per_batch):
    """Binomial samples, flat, sample-major, float64: `counts` and `probs` are the broadcast
    batch's flat parameters of their dtype T (the kernel's tests run in T: count * prob >= 10,
    q = 1 - prob)."""
    n = counts.size
    out = np.empty(samples_per_batch * n, np.float64)
    one, half, ten = probs.dtype.type(1), probs.dtype.type(0.5), probs.dtype.type(10)
    for batch in range(n):
        count, prob = counts[batch], probs[batch]
        dcount = float(count)
        for s in range(samples_per_batch):
            index = batch * samples_per_batch + s
            if dcount <= 0.0 or prob <= 0:
                value = 0.0
            elif prob >= one:
                value = dcount
            elif prob <= half:
                if count * prob >= ten:
                    value = _btrs(_Stream(gen, _BTRS_SKIP * index), dcount, float(prob))
                else:
                    value = _binomial_inversion(_Stream(gen, _INVERSION_SKIP * index), dcount, float(prob))
            elif prob > half:
                q = one - prob
                if count * q >= ten:
                    value = dcount - _btrs(_Stream(gen, _BTRS_SKIP * index), dcount, float(q))
                else:
                    value = dcount - _binomial_inversion(_Stream(gen, _INVERSION_SKIP * index), dcount, float(q))
            else:  # a NaN probability
                value = math.nan
            out[s * n + batch] = value
    return out
