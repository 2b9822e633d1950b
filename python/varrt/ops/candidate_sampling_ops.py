"""Candidate samplers: tf.random.uniform_candidate_sampler and log_uniform_candidate_sampler
(UniformCandidateSampler, LogUniformCandidateSampler), TensorFlow's RangeSampler bit for bit.

Each run reserves 2048 * num_sampled uint32 of its kernel's Philox stream and reads them one at
a time (SimplePhilox): the uniform sampler takes a 64-bit integer (low word first) modulo the
range, the log-uniform one exp(u * log1p(range)) - 1 of a double u. With `unique`, values are
drawn until num_sampled distinct ones came; the expected counts are p * num_sampled, or
1 - (1 - p) ** tries (in float32, with the C library's log1pf and expm1f) when draws repeated."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections
import ctypes
import math

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import kernel_error, operand, run_outputs
from varrt.ops.random_distributions import libm
from varrt.ops.random_ops import _kernel_generator

CandidateSampler = collections.namedtuple(
    "CandidateSampler", ["sampled_candidates", "true_expected_count", "sampled_expected_count"])

_SAMPLES32_PER_CANDIDATE = 2048  # uint32 draws the kernel reserves per sampled candidate
_WORDS_PER_BLOCK = 4


def _float_fn(name, fallback):
    fn = getattr(libm, name, None) if libm is not None else None
    if fn is None:
        return lambda x: float(np.float32(fallback(float(x))))
    fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
    return fn


_log1pf, _expm1f = _float_fn("log1pf", math.log1p), _float_fn("expm1f", math.expm1)


class _Words:
    """One uint32 at a time from a Philox stream (SimplePhilox over a SingleSampleAdapter)."""

    def __init__(self, gen):
        self._gen, self._buffer, self._next = gen, [], 0

    def __call__(self):
        if self._next == len(self._buffer):
            self._buffer, self._next = self._gen.blocks(64).reshape(-1).tolist(), 0
            self._gen = self._gen.skipped(64)
        self._next += 1
        return self._buffer[self._next - 1]


def _uniform(words, range_max):
    lo, hi = words(), words()
    return (lo | hi << 32) % range_max


def _log_uniform(words, range_max, log_range):
    hi, lo = words(), words()
    u = (((hi & 0xFFFFF) << 32) | lo) * 2.0 ** -52
    return (int(math.exp(u * log_range)) - 1) % range_max


def _expected_count(p, batch_size, num_tries):
    """ExpectedCountHelper, in float32."""
    p = np.float32(p)
    if num_tries == batch_size:
        return np.float32(p * np.float32(batch_size))
    return np.float32(-_expm1f(float(np.float32(np.float32(num_tries) * np.float32(_log1pf(float(-p)))))))


def _sampler(op, true_classes, num_true, num_sampled, unique, range_max, seed, name, sample, probability):
    t, _ = operand(true_classes, dtypes.int64)
    num_true, num_sampled, range_max = int(num_true), int(num_sampled), int(range_max)
    # TensorFlow caches a kernel per node attributes: another num_sampled or `unique` is another stream.
    rng = _kernel_generator(op, (num_true, num_sampled, bool(unique), range_max), seed)

    def kernel(classes):
        if classes.ndim != 2:
            raise kernel_error(op, "true_classes must be a matrix", name)
        if classes.shape[1] != num_true:
            raise kernel_error(op, f"true_classes must have num_true columns, expected: {classes.shape[1]} was: "
                                   f"{num_true}", name)
        if unique and num_sampled > range_max:
            raise kernel_error(op, "Sampler's range is too small.", name)
        words = _Words(rng.reserve_outputs(_SAMPLES32_PER_CANDIDATE * num_sampled // _WORDS_PER_BLOCK, 1))
        if unique:
            used, batch, tries = set(), [], 0
            while len(batch) < num_sampled:
                tries += 1
                value = sample(words)
                if value not in used:
                    used.add(value)
                    batch.append(value)
        else:
            batch, tries = [sample(words) for _ in range(num_sampled)], num_sampled
        sampled_expected = [_expected_count(probability(v), num_sampled, tries) for v in batch]
        true_expected = [_expected_count(probability(int(v)), num_sampled, tries) for v in classes.reshape(-1)]
        as_tensor = lambda a: _C.borrowed_tensor(np.ascontiguousarray(a))  # noqa: E731
        return (np.array(batch, np.int64), as_tensor(np.array(true_expected, np.float32).reshape(classes.shape)),
                as_tensor(np.array(sampled_expected, np.float32)))
    return CandidateSampler(*run_outputs(op, kernel, (t,), dtypes.int64, 3, attrs={
        "num_true": num_true, "num_sampled": num_sampled, "unique": bool(unique), "range_max": range_max}))


@op_def_lib.implements("UniformCandidateSampler")
def _raw_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0, seed2=0,
                                   name=None) -> CandidateSampler:
    return uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed or None, name)


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None,
                              name=None) -> CandidateSampler:
    """num_sampled classes drawn uniformly from [0, range_max), and the expected counts of the
    true and the sampled classes."""
    inverse = 1.0 / int(range_max)
    return _sampler("UniformCandidateSampler", true_classes, num_true, num_sampled, unique, range_max, seed, name,
                    lambda words: _uniform(words, int(range_max)), lambda value: inverse)


@op_def_lib.implements("LogUniformCandidateSampler")
def _raw_log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0, seed2=0,
                                       name=None) -> CandidateSampler:
    return log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed or None, name)


def log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None,
                                  name=None) -> CandidateSampler:
    """num_sampled classes drawn from the log-uniform (Zipfian) distribution over [0, range_max),
    and the expected counts of the true and the sampled classes."""
    log_range = math.log1p(int(range_max))
    return _sampler("LogUniformCandidateSampler", true_classes, num_true, num_sampled, unique, range_max, seed, name,
                    lambda words: _log_uniform(words, int(range_max), log_range),
                    lambda value: math.log((value + 2.0) / (value + 1.0)) / log_range)


ComputeAccidentalHits = collections.namedtuple("ComputeAccidentalHits", ["indices", "ids", "weights"])


@op_def_lib.implements("ComputeAccidentalHits")
def _raw_compute_accidental_hits(true_classes, sampled_candidates, num_true, seed=0, seed2=0,
                                 name=None) -> ComputeAccidentalHits:
    return compute_accidental_hits(true_classes, sampled_candidates, num_true, seed or None, name)


def compute_accidental_hits(true_classes, sampled_candidates, num_true, seed=None, name=None) -> ComputeAccidentalHits:
    """(indices, ids, weights): for each true class that is also a sampled candidate, its row,
    the candidate's position (its last one) and the weight -FLT_MAX (tf.nn.compute_accidental_hits)."""
    t, _ = operand(true_classes, dtypes.int64)
    c, _ = operand(sampled_candidates, dtypes.int64)
    num_true = int(num_true)

    def kernel(classes, candidates):
        if classes.ndim != 2 or classes.shape[1] != num_true:
            raise kernel_error("ComputeAccidentalHits", "true_candidates must be a batch_size * num_true matrix", name)
        if candidates.ndim != 1:
            raise kernel_error("ComputeAccidentalHits", "sampled_candidates must be a vector, which is typically an "
                                                        "output from CandidateSampler", name)
        position = {int(v): i for i, v in enumerate(candidates.tolist())}
        hits = [(i, position[int(v)]) for i in range(classes.shape[0]) for v in classes[i].tolist()
                if int(v) in position]
        as_tensor = lambda a: _C.borrowed_tensor(np.ascontiguousarray(a))  # noqa: E731
        return (as_tensor(np.array([h[0] for h in hits], np.int32)), np.array([h[1] for h in hits], np.int64),
                as_tensor(np.full(len(hits), -np.finfo(np.float32).max, np.float32)))
    return ComputeAccidentalHits(*run_outputs("ComputeAccidentalHits", kernel, (t, c), dtypes.int64, 3,
                                              attrs={"num_true": num_true}))
