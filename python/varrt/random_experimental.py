"""`tf.random.experimental`: the Generator names again, the stateless split, fold-in and shuffle."""
from varrt.ops.random_ops import (  # noqa: F401
    Algorithm, create_rng_state, Generator, get_global_generator, set_global_generator,
)
from varrt.ops.stateless_random_ops import fold_in as stateless_fold_in, split as stateless_split  # noqa: F401
from varrt.ops.random_shuffle_ops import stateless_shuffle  # noqa: F401
