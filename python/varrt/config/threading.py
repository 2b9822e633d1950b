"""`tf.config.threading`: how many threads one op may use (the core's parallel loops and its
BLAS library). As in TensorFlow, the setting is fixed once the devices are initialized."""
from varrt import _C


def get_intra_op_parallelism_threads():
    """The number of threads one op may use; 0 means the default (every core, or VARRT_NUM_THREADS)."""
    return _C.intra_op_threads()


def set_intra_op_parallelism_threads(num_threads):
    """Sets the number of threads one op may use (0: the default). Only before the devices are
    initialized (the first op, list_logical_devices); afterwards only the same value may be set."""
    if not _C.configure_intra_op_threads(num_threads):
        raise RuntimeError("Intra op parallelism cannot be modified after initialization.")
