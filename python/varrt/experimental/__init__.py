"""varrt-specific introspection not in TensorFlow's API."""
from varrt import _C
from varrt import dlpack  # noqa: F401  (tf.experimental.dlpack.to_dlpack / from_dlpack)
from varrt.experimental import numpy  # noqa: F401  (tf.experimental.numpy; `import tensorflow.experimental.numpy`)


def memory_stats(device="/job:localhost/replica:0/task:0/device:CPU:0"):
    """The device allocator's counters: bytes_in_use, peak_bytes_in_use, num_allocs (allocations
    ever made), largest_alloc_size, bytes_limit, and bytes_cached (freed blocks of 4 MB and up
    kept for reuse; VARRT_ALLOCATOR_CACHE_MB bounds them). Tests use them to prove in-place
    updates."""
    return _C.memory_stats(device)


def reset_peak_memory(device="/job:localhost/replica:0/task:0/device:CPU:0"):
    """Resets the peak of the device allocator's memory counter to its current use."""
    _C.reset_peak_memory(device)


from varrt.ops.ragged.dynamic_ragged_shape import DynamicRaggedShape  # noqa: E402,F401  (what tf.shape of a RaggedTensor gives)
from varrt.ops.ragged.row_partition import RowPartition  # noqa: E402,F401
