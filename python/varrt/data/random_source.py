"""The random numbers of `Dataset.random`, `shuffle` and `sample_from_datasets`, as TensorFlow
draws them, bit for bit.

Each pass over such a dataset draws uint32 words, one after another, from a Philox generator
seeded with the pass's (seed, seed2): the op's seeds (`tf.random`'s seed rules; none at all means
seeds from the operating system), or, when each pass is reseeded (`reshuffle_each_iteration`,
`rerandomize_each_iteration`), the next pair of words of the op's seeds' own Philox stream.
`Dataset.random` yields the words; `shuffle` draws a buffer slot with each; each index of
`sample_from_datasets` is StatelessMultinomial over log(weights), seeded by the next two words of
`Dataset.random(seed)`."""
import os

import numpy as np

from varrt.ops import random_distributions, random_ops
from varrt.ops.philox import PhiloxRandom, from_stateless_seed

# Blocks computed at once: the first draw's, doubled each draw up to the last (the stream is
# the same whatever the chunk; a shuffle of 60,000 elements spent a third of its time in 235
# small draws).
_FIRST_BLOCKS, _MOST_BLOCKS = 64, 4096


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
    blocks = _FIRST_BLOCKS
    while True:
        words = generator.blocks(blocks).reshape(-1)
        generator = generator.skipped(blocks)
        blocks = min(2 * blocks, _MOST_BLOCKS)
        yield from words.tolist()  # Python ints (tolist is several times faster than int() of each)


def pass_seeds(seed, seed2, reseed):
    """The (seed, seed2) of each pass over a random dataset (Dataset.random, shuffle), as
    TensorFlow's seed generators give them: the op's seeds every pass (FixedSeedGenerator), or,
    when each pass is reseeded, the next two words of Philox(seed, seed2) (RandomSeedGenerator)."""
    if not reseed:
        while True:
            yield seed, seed2
    words = uint32_stream(seed, seed2)
    while True:
        yield next(words), next(words)


class PassSeeds:
    """pass_seeds(seed, seed2, reseed) as an object that counts the passes begun (`drawn`) and can
    go back to an earlier count (`rewind`): an iterator restored from a checkpoint replays its
    pipeline from the passes its random ops had begun when it was made."""

    def __init__(self, seed, seed2, reseed):
        self._args = (seed, seed2, reseed)
        self._stream = pass_seeds(seed, seed2, reseed)
        self.drawn = 0

    def __next__(self):
        self.drawn += 1
        return next(self._stream)

    def rewind(self, drawn):
        """Back to after `drawn` passes."""
        self._stream = pass_seeds(*self._args)
        for _ in range(drawn):
            next(self._stream)
        self.drawn = drawn


def categorical_index(seed_pair, logits):
    """tf.random.stateless_categorical(logits[None], 1, seed=seed_pair)[0, 0] (StatelessMultinomial)."""
    generator = from_stateless_seed(int(seed_pair[0]), int(seed_pair[1]))
    return int(random_distributions.multinomial(generator, np.asarray(logits).reshape(1, -1), 1)[0, 0])
