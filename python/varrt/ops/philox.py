"""TensorFlow's Philox4x32-10 counter-based generator (tsl/lib/random/philox_random.h), vectorized.

A generator is a 64-bit key and a 128-bit counter. Each call ("block") encrypts the counter
with 10 rounds and yields four uint32; the counter then steps by one. Because a block depends
only on (key, counter), any run of blocks is computed at once with NumPy, one array lane per
block, which is how TensorFlow's CPU kernels can split work across threads and still agree.
"""
from __future__ import annotations

import threading

import numpy as np

_M_A, _M_B = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)  # round multipliers
_W_A, _W_B = 0x9E3779B9, 0xBB67AE85  # key increments between rounds (the golden ratio, sqrt(3) - 1)
_ROUNDS = 10
_U32 = 0xFFFFFFFF
_U64 = (1 << 64) - 1
_U128 = (1 << 128) - 1


class PhiloxRandom:
    """One generator state: `key` (k0, k1) and `counter` (a 128-bit int, word 0 lowest)."""

    __slots__ = ("key", "counter")

    def __init__(self, key, counter):
        self.key = (int(key[0]) & _U32, int(key[1]) & _U32)
        self.counter = int(counter) & _U128

    @classmethod
    def from_seeds(cls, seed_lo, seed_hi=0):
        """TensorFlow's PhiloxRandom(seed_lo, seed_hi): the key is seed_lo, the counter's upper
        64 bits are seed_hi (the stateful kernels' (seed, seed2))."""
        seed_lo, seed_hi = int(seed_lo) & _U64, int(seed_hi) & _U64
        return cls((seed_lo, seed_lo >> 32), seed_hi << 64)

    def skipped(self, count):
        """The state `count` blocks further on (TensorFlow's Skip)."""
        return PhiloxRandom(self.key, self.counter + int(count))

    def blocks(self, count):
        """The next `count` blocks, shape (count, 4) uint32."""
        return self.blocks_at(np.arange(count, dtype=np.uint64))

    def blocks_at(self, offsets):
        """The blocks at counter + offsets (uint64, any shape), shape offsets.shape + (4,)."""
        offsets = np.asarray(offsets, dtype=np.uint64)
        lo = np.uint64(self.counter & _U64)
        with np.errstate(over="ignore"):
            c_lo = lo + offsets
            c_hi = np.uint64(self.counter >> 64) + (c_lo < lo).astype(np.uint64)  # the carry
        c = [(c_lo & np.uint64(_U32)).astype(np.uint32), (c_lo >> np.uint64(32)).astype(np.uint32),
             (c_hi & np.uint64(_U32)).astype(np.uint32), (c_hi >> np.uint64(32)).astype(np.uint32)]
        k0, k1 = self.key
        for round_ in range(_ROUNDS):
            if round_:
                k0, k1 = (k0 + _W_A) & _U32, (k1 + _W_B) & _U32
            p0 = _M_A * c[0].astype(np.uint64)
            p1 = _M_B * c[2].astype(np.uint64)
            c = [(p1 >> np.uint64(32)).astype(np.uint32) ^ c[1] ^ np.uint32(k0), p1.astype(np.uint32),
                 (p0 >> np.uint64(32)).astype(np.uint32) ^ c[3] ^ np.uint32(k1), p0.astype(np.uint32)]
        return np.stack(c, axis=-1)


class GuardedPhilox:
    """A stateful kernel's generator (TensorFlow's GuardedPhiloxRandom): each run reserves the
    blocks it may use and the state moves past them, so the next run draws new values."""

    def __init__(self, generator: PhiloxRandom):
        self._generator = generator
        self._lock = threading.Lock()

    def current(self):
        """The state the next run starts from."""
        with self._lock:
            return self._generator

    def reserve_outputs(self, output_count, multiplier=256):
        """The state for a run of `output_count` outputs (ReserveRandomOutputs): the kernels
        reserve 256 blocks per output, room for the rejection samplers' redraws."""
        with self._lock:
            state = self._generator
            self._generator = state.skipped(int(output_count) * multiplier)
            return state


_STATELESS_KEY = (0x3EC8F720, 0x02461E29)  # the fixed key the seed is scrambled with


def from_stateless_seed(seed0, seed1):
    """The generator of a stateless op with seed [seed0, seed1] (TensorFlow's GenerateKey, behind
    StatelessRandomGetKeyCounter): one Philox block of the seed, taken as the counter, under a
    fixed key; its first two words become the key, its last two the counter's upper half. The
    seeds are 64-bit (an int32 seed sign-extends)."""
    seed0, seed1 = int(seed0) & _U64, int(seed1) & _U64
    mix = PhiloxRandom(_STATELESS_KEY, seed0 | seed1 << 64).blocks(1)[0]
    return PhiloxRandom((mix[0], mix[1]), (int(mix[2]) | int(mix[3]) << 32) << 64)
