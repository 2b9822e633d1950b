"""`tf.config.threading`: how many threads one op may use (intra-op: the core's parallel loops and
its BLAS library) and how many ops may run at once (inter-op), as TensorFlow's tf.config.threading.

0 is the default (intra-op: VARRT_NUM_THREADS, else every core). As in TensorFlow, a setting can
change only before the devices are initialized (the first tensor): afterwards setting a different
value raises RuntimeError, and setting the same one is accepted. varrt runs each op on the thread
that calls it, so the inter-op setting is kept and read back but changes nothing.
"""
import operator

from varrt import _C


def get_intra_op_parallelism_threads():
    """The number of threads one op may use; 0 means the default (every core, or VARRT_NUM_THREADS)."""
    return _C.intra_op_threads()


def set_intra_op_parallelism_threads(num_threads):
    """Sets the number of threads one op may use (`tf.config.threading.set_intra_op_parallelism_threads`).

    The count reaches the core's thread pool and OpenBLAS alike, the calling thread included.
    Only before the devices are initialized (the first tensor, `list_logical_devices`);
    afterwards only the same value may be set.

    Args:
        num_threads: The number of threads; 0 (the default) takes `VARRT_NUM_THREADS`, else
            the number of cores; 1 runs every kernel on the calling thread.

    Returns:
        None.

    Raises:
        RuntimeError: If the devices are initialized and `num_threads` differs from the
            current setting.
        TypeError: If `num_threads` is not an integer.
    """
    if not _C.configure_intra_op_threads(operator.index(num_threads)):
        raise RuntimeError("Intra op parallelism cannot be modified after initialization.")


def get_inter_op_parallelism_threads():
    """The number of ops that may run at once (0: the default)."""
    return _C.inter_op_threads()


def set_inter_op_parallelism_threads(num_threads):
    """Sets the number of ops that may run at once (0: the default); kept, but varrt runs each op on
    its caller's thread. Only before the devices are initialized."""
    if not _C.configure_inter_op_threads(operator.index(num_threads)):
        raise RuntimeError("Inter op parallelism cannot be modified after initialization.")
