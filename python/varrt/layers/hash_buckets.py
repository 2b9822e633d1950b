"""tf.strings.to_hash_bucket_fast and to_hash_bucket_strong on host values, as Keras's Hashing
and lookup layers use them: a value's text (integers in decimal, as tf.strings.as_string writes
them) in the bucket of ops/string_hash_ops.py's rule (Keras's `salt` is the strong hash's key)."""
import numpy as np

from varrt.ops.string_hash_ops import FAST, STRONG, bucket


def as_text(value):
    """tf.strings.as_string of one host value (bytes stay as they are)."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, (bool, np.bool_)):
        return b"true" if value else b"false"
    return str(int(value)).encode()


def hash_bucket(value, num_buckets, key=None):
    """to_hash_bucket_fast of one value, or to_hash_bucket_strong under `key` (two ints)."""
    return bucket(as_text(value), num_buckets, FAST if key is None else STRONG, key)


def hash_buckets(values, num_buckets, key=None):
    """The bucket of each element of a NumPy array, as int64 of the same shape."""
    flat = np.asarray(values).reshape(-1)
    return np.array([hash_bucket(v, num_buckets, key) for v in flat], np.int64).reshape(np.shape(values))
