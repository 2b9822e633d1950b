"""SipHash-2-4 (varrt/base/siphash.py, behind the Keras hashing layers' `salt`, as TensorFlow's
to_hash_bucket_strong): the reference vector of the SipHash paper (Aumasson and Bernstein, 2012,
appendix A) and values TensorFlow 2.21's tf.strings.to_hash_bucket_strong gave (num_buckets 2**62)."""
import pytest

from varrt.base.siphash import siphash24


def test_the_papers_reference_vector():
    key = bytes(range(16))
    k0, k1 = int.from_bytes(key[:8], "little"), int.from_bytes(key[8:], "little")
    assert siphash24(k0, k1, bytes(range(15))) == 0xa129ca6149be45e5


# tf.strings.to_hash_bucket_strong(words, 2**62, key).numpy(), recorded with TensorFlow 2.21.
@pytest.mark.parametrize("key, word, bucket", [
    ([0, 0], b"", 2202906307356721367),
    ([1, 2], b"hello", 2957200328589801622),
    ([7, 7], b"x" * 9, 4041466213362152553),
    ([-3, 9], b"caf\xc3\xa9", 2489746640236393177),
])
def test_to_hash_bucket_strong_buckets(key, word, bucket):
    assert siphash24(key[0], key[1], word) % 2 ** 62 == bucket
