"""TensorFlow's `tf.strings.to_hash_bucket_fast` and `to_hash_bucket_strong` on host values, as
Keras's Hashing and lookup layers use them: a value's text (integers in decimal, as
tf.strings.as_string writes them) hashed with FarmHash's Fingerprint64, or with SipHash-2-4
under a two-word key (Keras's `salt`), modulo the number of buckets."""
import numpy as np

from varrt.base.farmhash import fingerprint64
from varrt.base.siphash import siphash24


def as_text(value):
    """tf.strings.as_string of one host value (bytes stay as they are)."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, (bool, np.bool_)):
        return b"true" if value else b"false"
    return str(int(value)).encode()


def hash_bucket(value, num_buckets, key=None):
    """to_hash_bucket_fast of one value, or to_hash_bucket_strong under `key` (two ints)."""
    text = as_text(value)
    digest = fingerprint64(text) if key is None else siphash24(key[0], key[1], text)
    return digest % num_buckets


def hash_buckets(values, num_buckets, key=None):
    """The bucket of each element of a NumPy array, as int64 of the same shape."""
    flat = np.asarray(values).reshape(-1)
    return np.array([hash_bucket(v, num_buckets, key) for v in flat], np.int64).reshape(np.shape(values))
