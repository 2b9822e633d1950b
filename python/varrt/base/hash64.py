"""TensorFlow's legacy string hash, `Hash64` (tsl/platform/hash.cc: a MurmurHash64A variant with
little-endian loads and the seed 0xDECAFCAFFE), which tf.strings.to_hash_bucket (the op
StringToHashBucket) buckets strings with."""

_MASK = (1 << 64) - 1
_M = 0xc6a4a7935bd1e995
_R = 47
SEED = 0xDECAFCAFFE


def hash64(data: bytes, seed: int = SEED) -> int:
    """Hash64 of `data` as an unsigned 64-bit integer."""
    n = len(data)
    h = (seed ^ (n * _M)) & _MASK
    whole = n - n % 8
    for i in range(0, whole, 8):
        k = (int.from_bytes(data[i:i + 8], "little") * _M) & _MASK
        k ^= k >> _R
        k = (k * _M) & _MASK
        h ^= k
        h = (h * _M) & _MASK
    if n % 8:
        h ^= int.from_bytes(data[whole:], "little")  # the tail bytes, each at its byte position
        h = (h * _M) & _MASK
    h ^= h >> _R
    h = (h * _M) & _MASK
    h ^= h >> _R
    return h
