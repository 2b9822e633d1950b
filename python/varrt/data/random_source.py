"""The random numbers of `Dataset.random` and `sample_from_datasets`, as TensorFlow draws them.

`Dataset.random(seed)`: TensorFlow's RandomDataset kernel, one uint32 after another from a
Philox generator seeded with the op's (seed, seed2) (`tf.random`'s seed rules), four per block.
`sample_from_datasets`: each index is StatelessMultinomial over log(weights), seeded by the next
two numbers of `Dataset.random(seed)`. Both are TensorFlow's numbers bit for bit.
With `rerandomize_each_iteration=True` each pass draws a new seed pair from a Philox stream of the
op's seeds: reproducible under a seed, but not TensorFlow's numbers (its epoch seeding is not
reproduced)."""
import os

import numpy as np

from varrt.ops import random_distributions, random_ops
from varrt.ops.philox import PhiloxRandom, from_stateless_seed

_BLOCKS_PER_DRAW = 64  # blocks computed at once (the stream is the same whatever the chunk)


def op_seeds(seed):
    """The (seed, seed2) of a random dataset op: TensorFlow's get_seed, then its kernel's rule
    that (0, 0) means seeds drawn from the operating system."""
    seeds = random_ops.get_seed(seed)
    a, b = (0, 0) if seeds == (None, None) else (int(seeds[0]), int(seeds[1]))
    if a == 0 and b == 0:
        a, b = (int.from_bytes(os.urandom(8), "little") for _ in range(2))
    return a, b


def uint32_stream(seed, seed2):
    """The RandomDataset kernel's values: Philox(seed, seed2)'s uint32 words, in order, forever."""
    generator = PhiloxRandom.from_seeds(seed, seed2)
    while True:
        words = generator.blocks(_BLOCKS_PER_DRAW).reshape(-1)
        generator = generator.skipped(_BLOCKS_PER_DRAW)
        yield from (int(w) for w in words)


def seed_pairs(seed, seed2):
    """A stream of fresh (seed, seed2) pairs for rerandomized passes (varrt's rule, not TensorFlow's)."""
    stream = uint32_stream(seed, seed2)
    while True:
        yield next(stream) | next(stream) << 32, next(stream) | next(stream) << 32


def categorical_index(seed_pair, logits):
    """tf.random.stateless_categorical(logits[None], 1, seed=seed_pair)[0, 0] (StatelessMultinomial)."""
    generator = from_stateless_seed(int(seed_pair[0]), int(seed_pair[1]))
    return int(random_distributions.multinomial(generator, np.asarray(logits).reshape(1, -1), 1)[0, 0])
