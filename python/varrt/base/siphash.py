"""SipHash-2-4 (Aumasson and Bernstein), the keyed hash behind TensorFlow's
`tf.strings.to_hash_bucket_strong` (tensorflow/core/platform/strong_hash.h: highwayhash's
SipHash with the two 64-bit key words): 64 bits of a byte string under a 128-bit key, in Python
integers (the Keras hashing layers hash a few values per call with it)."""

_MASK = (1 << 64) - 1


def _rotl(v, b):
    return ((v << b) | (v >> (64 - b))) & _MASK


def _rounds(v0, v1, v2, v3, n):
    for _ in range(n):
        v0 = (v0 + v1) & _MASK
        v1 = _rotl(v1, 13) ^ v0
        v0 = _rotl(v0, 32)
        v2 = (v2 + v3) & _MASK
        v3 = _rotl(v3, 16) ^ v2
        v0 = (v0 + v3) & _MASK
        v3 = _rotl(v3, 21) ^ v0
        v2 = (v2 + v1) & _MASK
        v1 = _rotl(v1, 17) ^ v2
        v2 = _rotl(v2, 32)
    return v0, v1, v2, v3


def siphash24(k0, k1, data):
    """SipHash-2-4 of `data` (bytes) under the key words `k0`, `k1` (unsigned 64-bit)."""
    k0 &= _MASK
    k1 &= _MASK
    v0 = k0 ^ 0x736f6d6570736575
    v1 = k1 ^ 0x646f72616e646f6d
    v2 = k0 ^ 0x6c7967656e657261
    v3 = k1 ^ 0x7465646279746573
    n = len(data)
    end = n - n % 8
    for i in range(0, end, 8):
        m = int.from_bytes(data[i:i + 8], "little")
        v3 ^= m
        v0, v1, v2, v3 = _rounds(v0, v1, v2, v3, 2)
        v0 ^= m
    last = ((n & 0xff) << 56) | int.from_bytes(data[end:], "little")
    v3 ^= last
    v0, v1, v2, v3 = _rounds(v0, v1, v2, v3, 2)
    v0 ^= last
    v2 ^= 0xff
    v0, v1, v2, v3 = _rounds(v0, v1, v2, v3, 4)
    return v0 ^ v1 ^ v2 ^ v3
