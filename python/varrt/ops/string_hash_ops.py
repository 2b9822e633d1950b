"""tf.strings' hash buckets: to_hash_bucket_fast (StringToHashBucketFast: FarmHash's
Fingerprint64), to_hash_bucket_strong (StringToHashBucketStrong: SipHash-2-4 under a two-word
key) and to_hash_bucket (StringToHashBucket: TensorFlow's legacy Hash64), each hash modulo
`num_buckets`. `bucket` is the one rule; Keras's Hashing and lookup layers use it on host values
(layers/hash_buckets.py)."""
from __future__ import annotations

import numpy as np

from varrt.base import dtypes
from varrt.base.farmhash import fingerprint64
from varrt.base.hash64 import hash64
from varrt.base.siphash import siphash24
from varrt.framework.tensor import Tensor
from varrt.ops import op_def_lib
from varrt.ops.op_def_lib import get as _op_def
from varrt.ops.op_util import int_list, is_tensor_like, kernel_error, op_error, run, suffix
from varrt.ops.string_ops import string_operand

FAST, STRONG, LEGACY = "fast", "strong", "legacy"


def bucket(text, num_buckets, kind=FAST, key=None):
    """The bucket of byte string `text`: its hash of `kind` (`key`, two ints, for STRONG) modulo
    `num_buckets`."""
    if kind == FAST:
        digest = fingerprint64(text)
    elif kind == STRONG:
        digest = siphash24(key[0], key[1], text)
    else:
        digest = hash64(text)
    return digest % num_buckets


def _check_buckets(op, num_buckets, name, end):
    if int(num_buckets) < 1:
        raise op_error(op, f"Value for attr 'num_buckets' of {int(num_buckets)} must be at least minimum 1\n\t; "
                           f"NodeDef: {{{{node {op}}}}}; {_op_def(op).summary()}", name, end=end)


def _buckets(op, input, num_buckets, kind, key, name, attrs):  # noqa: A002
    a, _ = string_operand(op, input, name)
    end = suffix(name, input)
    _check_buckets(op, num_buckets, name, end)
    num_buckets = int(num_buckets)

    def kernel(x):
        if key is not None and len(key) != 2:
            raise kernel_error(op, "Key must have 2 elements", name, end=end)
        out = np.empty(x.size, dtype=np.int64)
        out[:] = [bucket(s, num_buckets, kind, key) for s in x.reshape(-1)]
        return out.reshape(x.shape)
    return run(op, kernel, (a,), dtypes.int64, attrs=dict(attrs, num_buckets=num_buckets), name=name)


@op_def_lib.implements("StringToHashBucketFast")
def to_hash_bucket_fast(input, num_buckets, name=None) -> Tensor:  # noqa: A002
    """Each string's bucket by FarmHash's Fingerprint64 modulo `num_buckets`
    (tf.strings.to_hash_bucket_fast)."""
    return _buckets("StringToHashBucketFast", input, num_buckets, FAST, None, name, {})


@op_def_lib.implements("StringToHashBucketStrong")
def to_hash_bucket_strong(input, num_buckets, key, name=None) -> Tensor:  # noqa: A002
    """Each string's bucket by SipHash-2-4 under `key` (two ints) modulo `num_buckets`
    (tf.strings.to_hash_bucket_strong)."""
    # An attribute of int64s: Python ints as they are (int_list would read them as int32).
    key = int_list(key, "key") if is_tensor_like(key) else [int(k) for k in key]
    return _buckets("StringToHashBucketStrong", input, num_buckets, STRONG, key, name, {"key": tuple(key)})


@op_def_lib.implements("StringToHashBucket")
def _to_hash_bucket_op(string_tensor, num_buckets, name=None) -> Tensor:
    return _buckets("StringToHashBucket", string_tensor, num_buckets, LEGACY, None, name, {})


def to_hash_bucket(input, num_buckets, name=None) -> Tensor:  # noqa: A002
    """Each string's bucket by TensorFlow's legacy Hash64 modulo `num_buckets`
    (tf.strings.to_hash_bucket; to_hash_bucket_fast is faster and as good)."""
    return _to_hash_bucket_op(input, num_buckets, name)
