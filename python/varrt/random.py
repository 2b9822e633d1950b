"""`tf.random`: the public names of varrt.ops.random_ops."""
from varrt.ops.random_ops import (  # noqa: F401
    Algorithm, categorical, create_rng_state, Generator, get_global_generator, get_seed, normal, set_global_generator, set_seed,
    stateless_normal, stateless_truncated_normal, stateless_uniform, truncated_normal, uniform,
)
from varrt.ops.stateless_random_ops import fold_in, split, stateless_binomial, stateless_categorical  # noqa: F401,E402
from varrt.ops.random_shuffle_ops import shuffle  # noqa: F401,E402
from varrt.ops.random_gamma_poisson_ops import gamma, poisson, stateless_gamma, stateless_poisson  # noqa: F401,E402
from varrt import random_experimental as experimental  # noqa: F401,E402
from varrt.ops.candidate_sampling_ops import log_uniform_candidate_sampler, uniform_candidate_sampler  # noqa: F401,E402
from varrt.ops.parameterized_truncated_normal_ops import stateless_parameterized_truncated_normal  # noqa: F401,E402
