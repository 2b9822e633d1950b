"""TensorFlow's CPU sampling from Philox blocks (tsl/lib/random/random_distributions.h and
core/kernels/random_op_cpu.h's FillPhiloxRandom), bit for bit.

Outputs come in groups, one block per group for the fixed-cost distributions (4 float32 /
half / bfloat16 / int32 values, or 2 float64 / int64 values per block). The rejection sampler
(truncated normal) gives each group its own generator, skipped 256 blocks per output of the
group, and reads its blocks one uint32 at a time until the group is full.

Box-Muller calls the C library's logf/sincosf (log/sin/cos for float64), as TensorFlow's kernel
does: NumPy's own log and sin round differently in about one case in a hundred. Those are the
platform's functions, so normals match TensorFlow's on the same C library (the fixtures are
glibc's). Categorical samples are the Multinomial kernel's (`multinomial`).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import math

import numpy as np

from varrt.base import dtypes
from varrt.ops.philox import PhiloxRandom

_TRUNCATION = 2.0  # truncated normals keep values within 2 standard deviations
_RESERVED_PER_OUTPUT = 256  # blocks a rejection sampler may use per output (FillPhiloxRandomTask)


def _load_libm():
    """The C library's float functions, or None where ctypes cannot find them."""
    try:
        libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        for name in ("logf", "sinf", "cosf"):  # glibc's sincosf computes exactly sinf's and cosf's values
            fn = getattr(libm, name)
            fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
        return libm
    except (OSError, AttributeError):
        return None


_libm = _load_libm()
libm = _libm  # the C library through ctypes (None without one), for the other samplers' double functions


def _float32_fn(name, numpy_fn):
    """The C library's `name` over a float32 array, or, without one, `numpy_fn` in float64 rounded
    to float32 (correctly rounded, so it differs from a C library's in about 1% of values)."""
    if _libm is None:
        return lambda x: numpy_fn(x.astype(np.float64)).astype(np.float32)
    fn = getattr(_libm, name)
    return lambda x: _float32_map(fn, x)


def _float32_map(fn, x):
    return np.fromiter(map(fn, x.tolist()), dtype=np.float32, count=x.size)


def _float64_map(fn, x):
    return np.fromiter(map(fn, x.tolist()), dtype=np.float64, count=x.size)


_logf, _sinf, _cosf = _float32_fn("logf", np.log), _float32_fn("sinf", np.sin), _float32_fn("cosf", np.cos)


# --- bits to values -----------------------------------------------------------------------------

def _unit_float(bits):
    """Uint32ToFloat: 23 mantissa bits over [1, 2), minus 1 (exact)."""
    return ((bits & np.uint32(0x7FFFFF)) | np.uint32(0x3F800000)).view(np.float32) - np.float32(1)


def _unit_double(hi, lo):
    """Uint64ToDouble: 20 bits of `hi` and all of `lo` as the mantissa over [1, 2), minus 1."""
    man = ((hi & np.uint32(0xFFFFF)).astype(np.uint64) << np.uint64(32)) | lo.astype(np.uint64)
    return (man | np.uint64(1023 << 52)).view(np.float64) - 1.0


def _unit_half(bits):
    """Uint16ToHalf: the low 10 bits over [1, 2), minus 1 (so k / 1024)."""
    return ((bits & np.uint32(0x3FF)).astype(np.float32) / np.float32(1024)).astype(np.float16)


def _unit_bfloat16(bits):
    """Uint16ToGfloat16: the low 7 bits over [1, 2), minus 1 (so k / 128)."""
    return ((bits & np.uint32(0x7F)).astype(np.float32) / np.float32(128)).astype(dtypes.bfloat16.as_numpy_dtype)


def _box_muller_float(x0, x1):
    """BoxMullerFloat: two float32 normals from two uint32 (arrays), as TensorFlow computes them."""
    u1 = np.maximum(_unit_float(x0), np.float32(1.0e-7))  # keep log away from 0
    v1 = (2.0 * math.pi * _unit_float(x1).astype(np.float64)).astype(np.float32)  # 2.0f * M_PI is a double
    u2 = np.sqrt(np.float32(-2.0) * _logf(u1))
    return _sinf(v1) * u2, _cosf(v1) * u2


def _box_muller_double(x0, x1, x2, x3):
    """BoxMullerDouble: two float64 normals from four uint32 (arrays)."""
    u1 = np.maximum(_unit_double(x0, x1), 1.0e-7)
    v1 = 2 * math.pi * _unit_double(x2, x3)
    u2 = np.sqrt(-2.0 * _float64_map(math.log, u1))
    return _float64_map(math.sin, v1) * u2, _float64_map(math.cos, v1) * u2


def _interleave(a, b):
    """a[0], b[0], a[1], b[1], ... (the order Box-Muller pairs fill the output)."""
    return np.stack([a, b], axis=1).reshape(-1)


def _as_dtype(values, dtype):
    return values.astype(dtype.as_numpy_dtype)  # float -> half / bfloat16 rounds to nearest even, as Eigen's


def _wide(dtype):
    return dtype in (dtypes.float64, dtypes.int64, dtypes.uint64)


def _per_block(dtype):
    return 2 if _wide(dtype) else 4


def _fixed_blocks(gen: PhiloxRandom, count, dtype):
    """The blocks of `count` outputs of a one-block-per-group distribution."""
    return gen.blocks(-(-count // _per_block(dtype)))


# --- distributions --------------------------------------------------------------------------------

def uniform(gen: PhiloxRandom, count, dtype):
    """[0, 1) values (UniformDistribution) of a float dtype, flat."""
    b = _fixed_blocks(gen, count, dtype)
    if dtype == dtypes.float64:
        out = _unit_double(b[:, 0::2], b[:, 1::2])
    elif dtype == dtypes.float16:
        out = _unit_half(b)
    elif dtype == dtypes.bfloat16:
        out = _unit_bfloat16(b)
    else:
        out = _unit_float(b)
    return out.reshape(-1)[:count]


def uniform_int(gen: PhiloxRandom, count, lo, hi, dtype):
    """Integers in [lo, hi) (UniformDistribution of int32/int64): lo + bits % (hi - lo)."""
    b = _fixed_blocks(gen, count, dtype)
    if _wide(dtype):
        bits = b[:, 0::2].astype(np.uint64) | (b[:, 1::2].astype(np.uint64) << np.uint64(32))
        span, unsigned = np.uint64((int(hi) - int(lo)) & ((1 << 64) - 1)), np.uint64
    else:
        bits = b
        span, unsigned = np.uint32((int(hi) - int(lo)) & 0xFFFFFFFF), np.uint32
    with np.errstate(over="ignore"):
        out = bits % span + unsigned(int(lo) & (2 ** (8 * np.dtype(unsigned).itemsize) - 1))  # SignedAdd wraps
    return out.reshape(-1)[:count].view(dtype.as_numpy_dtype)  # same width: the bits reinterpreted


def full_int(gen: PhiloxRandom, count, dtype):
    """Integers over all of `dtype` (UniformFullIntDistribution): the bits themselves."""
    b = _fixed_blocks(gen, count, dtype)
    if _wide(dtype):
        b = b[:, 0::2].astype(np.uint64) | (b[:, 1::2].astype(np.uint64) << np.uint64(32))
    return b.reshape(-1)[:count].view(dtype.as_numpy_dtype)


def normal(gen: PhiloxRandom, count, dtype):
    """Standard normal values (NormalDistribution: Box-Muller on each pair of a block's draws)."""
    b = _fixed_blocks(gen, count, dtype)
    if dtype == dtypes.float64:
        d0, d1 = _box_muller_double(b[:, 0], b[:, 1], b[:, 2], b[:, 3])
        return _interleave(d0, d1)[:count]
    f0, f1 = _box_muller_float(b[:, 0::2].reshape(-1), b[:, 1::2].reshape(-1))
    return _as_dtype(_interleave(f0, f1)[:count], dtype)


def truncated_normal(gen: PhiloxRandom, count, dtype):
    """Standard normal values within (-2, 2) (TruncatedNormalDistribution): each group of outputs
    takes Box-Muller pairs from its own skipped generator, keeping those inside the bounds."""
    group = _per_block(dtype)
    groups = -(-count // group)
    skip = group * _RESERVED_PER_OUTPUT // 4
    starts = np.arange(groups, dtype=np.uint64) * np.uint64(skip)
    out = np.empty((groups, group), np.float64 if dtype == dtypes.float64 else np.float32)
    todo = np.arange(groups)
    depth = 1  # blocks per group read at first (fills most groups); doubled for the groups it does not
    while todo.size:
        b = gen.blocks_at(starts[todo, None] + np.arange(depth, dtype=np.uint64))  # (groups, depth, 4)
        if dtype == dtypes.float64:
            d0, d1 = _box_muller_double(*(b[..., i].reshape(-1) for i in range(4)))
        else:
            d0, d1 = _box_muller_float(b[..., 0::2].reshape(-1), b[..., 1::2].reshape(-1))
        values = _interleave(d0, d1).reshape(todo.size, -1)  # in the order drawn
        keep = np.abs(values) < _TRUNCATION
        full = keep.sum(axis=1) >= group
        rows = np.flatnonzero(full)
        out[todo[rows]] = _first_kept(values[rows], keep[rows], group)
        todo = todo[~full]
        depth *= 2
    flat = out.reshape(-1)[:count]
    return flat if dtype in (dtypes.float32, dtypes.float64) else _as_dtype(flat, dtype)


def _first_kept(values, keep, group):
    """For each row, its first `group` values where `keep` holds."""
    rank = np.cumsum(keep, axis=1)
    take = keep & (rank <= group)
    return values[take].reshape(values.shape[0], group)


def multinomial(gen: PhiloxRandom, logits, num_samples):
    """Class indices drawn from each row's softmax (TensorFlow's CPU MultinomialFunctor, run as
    one shard: rows in order on one stream). Per row: the cumulative sums, in float64, of
    exp(logit - the row's largest finite logit) over the finite logits; each sample is the
    upper bound of a uniform double (two uint32) times the total."""
    rows, classes = logits.shape
    words = gen.blocks(-(-2 * rows * num_samples // 4)).reshape(-1)[:2 * rows * num_samples]
    u = _unit_double(words[0::2], words[1::2]).reshape(rows, num_samples)
    finite = np.isfinite(logits)
    top = np.where(finite, logits, -np.inf).astype(np.float64).max(axis=1, initial=-np.inf)
    top[~np.isfinite(top)] = 0.0  # a row without a finite logit adds nothing whatever its top
    with np.errstate(all="ignore"):
        cdf = np.cumsum(np.where(finite, np.exp(logits.astype(np.float64) - top[:, None]), 0.0), axis=1)
    total = cdf[:, -1] if classes else np.zeros(rows)
    targets = u * total[:, None]
    return np.stack([np.searchsorted(cdf[r], targets[r], side="right") for r in range(rows)]).reshape(rows, num_samples)
