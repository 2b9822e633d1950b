"""`tf.config.optimizer`: the public names of framework/graph_optimizer_options.py."""
from varrt.framework.graph_optimizer_options import (  # noqa: F401
    get_experimental_options, get_jit, set_experimental_options, set_jit,
)
