"""Random rearrangements of a tensor: tf.random.shuffle (RandomShuffle, TensorFlow's kernel bit
for bit) and tf.image.random_crop's tf.random.random_crop, composed as TensorFlow composes it.

RandomShuffle is a Fisher-Yates pass over the first dimension that draws exactly size - 1
uint32 (one Philox block gives four, in order) from its kernel's stream, which moves past
ceil((size - 1) / 4) blocks per run (ReserveSamples32): element i swaps with i + u % (size - i).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import dtypes, errors
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, manip_ops
from varrt.ops.op_util import host_if_known, operand, run, tensor_operand
from varrt.ops.random_ops import _from_key_counter, _kernel_generator, _stateless_rng, stateless_uniform, uniform

_SAMPLES_PER_BLOCK = 4  # uint32 draws per Philox block


def _permutation(gen, size):
    """The order RandomShuffle's Fisher-Yates pass leaves 0..size-1 in."""
    draws = gen.blocks(-(-(size - 1) // _SAMPLES_PER_BLOCK)).reshape(-1)[:size - 1].tolist()
    order = list(range(size))
    for i, u in enumerate(draws):
        j = i + u % (size - i)
        order[i], order[j] = order[j], order[i]
    return np.asarray(order, dtype=np.int64)


def shuffle(value, seed=None, name=None) -> Tensor:
    """`value` with its first dimension randomly permuted."""
    a, dtype = operand(value)
    rng = _kernel_generator("RandomShuffle", dtype, seed)

    def kernel(x):
        if x.size <= 1 or x.shape[0] <= 1:  # a scalar included: nothing to shuffle, nothing drawn
            return x
        size = x.shape[0]
        gen = rng.reserve_outputs(-(-(size - 1) // _SAMPLES_PER_BLOCK), multiplier=1)
        return x[_permutation(gen, size)]
    return run("RandomShuffle", kernel, (a,), dtype, name=name)


def stateless_shuffle(value, seed, alg="auto_select", name=None) -> Tensor:
    """`value` with its first dimension permuted as a function of `seed` alone (StatelessShuffle:
    RandomShuffle's pass on the seed's generator)."""
    a, dtype = operand(value)
    key, counter, alg_input = _stateless_rng(seed).key_counter_alg()

    def kernel(x, key_, counter_, alg_):
        if x.size <= 1 or x.shape[0] <= 1:
            return x
        return x[_permutation(_from_key_counter(key_, counter_), x.shape[0])]
    return run("StatelessShuffle", kernel, (a, key, counter, alg_input), dtype, name=name)


def random_crop(value, size, seed=None, name=None) -> Tensor:
    """A random slice of `value` of shape `size`: offsets uniform over the valid positions
    (RandomUniformInt up to int32's max, modulo the room left in each dimension)."""
    return _crop(value, size, lambda shape, dtype: uniform(shape, dtype=dtype, maxval=dtype.max, seed=seed), name)


def stateless_random_crop(value, size, seed, name=None) -> Tensor:
    """random_crop drawn by tf.random.stateless_uniform with `seed` (a pair)
    (tf.image.stateless_random_crop)."""
    return _crop(value, size, lambda shape, dtype: stateless_uniform(shape, seed, dtype=dtype, maxval=dtype.max),
                 name)


def _crop(value, size, draw, name):
    """What both crops share (TensorFlow's random_crop_ops.py): the size check, then offsets
    drawn by `draw(shape, dtype)` modulo the room left."""
    value = convert_to_tensor(value)
    size = convert_to_tensor(size, dtypes.int32)
    shape = array_ops.shape(value)
    known = host_if_known(tensor_operand(shape)[0]), host_if_known(tensor_operand(size)[0])
    if known[0] is not None and known[1] is not None and not np.all(known[0] >= known[1]):
        # TensorFlow's eager Assert of reduce_all(shape >= size) (a graph's shapes known only when
        # it runs are not checked).
        raise errors.InvalidArgumentError(None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
                                          "Summarized data: b'Need value.shape >= size, got '\n"
                                          f"{', '.join(map(str, known[0].tolist()))}\n"
                                          f"{', '.join(map(str, known[1].tolist()))}")
    limit = shape - size + 1
    offset = draw(array_ops.shape(shape), size.dtype) % limit
    return manip_ops.slice(value, offset, size, name=name)
