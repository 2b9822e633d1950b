"""`tf.experimental.numpy.random`: the public names of np_random."""
from varrt.experimental.numpy.np_random import (  # noqa: F401
    rand, randint, randn, random, seed, standard_normal, uniform,
)
