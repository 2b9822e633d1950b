"""TensorFlow's `tf.strings.to_hash_bucket_fast` on host values, as Keras's Hashing and lookup
layers use it: a value's text (integers in decimal, as tf.strings.as_string writes them) hashed
with FarmHash's Fingerprint64, modulo the number of buckets."""
import numpy as np

from varrt.base.farmhash import fingerprint64


def as_text(value):
    """tf.strings.as_string of one host value (bytes stay as they are)."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, (bool, np.bool_)):
        return b"true" if value else b"false"
    return str(int(value)).encode()


def hash_bucket_fast(value, num_buckets):
    return fingerprint64(as_text(value)) % num_buckets


def hash_buckets_fast(values, num_buckets):
    """The bucket of each element of a NumPy array, as int64 of the same shape."""
    flat = np.asarray(values).reshape(-1)
    return np.array([hash_bucket_fast(v, num_buckets) for v in flat], np.int64).reshape(np.shape(values))
