"""`tf.config.threading`: the public names of varrt.framework.thread_config."""
from varrt.framework.thread_config import (  # noqa: F401
    get_inter_op_parallelism_threads, get_intra_op_parallelism_threads, set_inter_op_parallelism_threads,
    set_intra_op_parallelism_threads,
)
