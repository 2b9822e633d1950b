"""TensorFlow's cross-device reductions (`tf.distribute.ReductionToOneDevice`,
`HierarchicalCopyAllReduce`, `NcclAllReduce`). varrt's MirroredStrategy reduces the replicas'
values on the calling thread, which is ReductionToOneDevice, TensorFlow's choice for CPUs; the
others (GPU all-reduces) can be made, and MirroredStrategy takes them for one replica (where
nothing is reduced) and refuses them for more."""


class CrossDeviceOps:
    """The base of the cross-device reductions."""


class ReductionToOneDevice(CrossDeviceOps):
    """Copies the values to one device, reduces them there and broadcasts the result (the default for CPUs)."""

    def __init__(self, reduce_to_device=None, accumulation_fn=None):
        self.reduce_to_device = reduce_to_device
        self.accumulation_fn = accumulation_fn


class HierarchicalCopyAllReduce(CrossDeviceOps):
    """A GPU all-reduce by hierarchical copies (MirroredStrategy in varrt refuses it)."""

    def __init__(self, num_packs=1):
        self.num_packs = num_packs


class NcclAllReduce(CrossDeviceOps):
    """NVIDIA's NCCL all-reduce (MirroredStrategy in varrt refuses it)."""

    def __init__(self, num_packs=1):
        self.num_packs = num_packs


def check_supported(cross_device_ops, num_replicas):
    """None or ReductionToOneDevice (the values reduced on the calling thread), or any of them with
    one replica (nothing is reduced: the distributed-training guide's HierarchicalCopyAllReduce on a
    CPU); else NotImplementedError."""
    if cross_device_ops is None or type(cross_device_ops) is ReductionToOneDevice or num_replicas == 1:
        return
    raise NotImplementedError(f"varrt's MirroredStrategy reduces on the calling thread: cross_device_ops="
                              f"{type(cross_device_ops).__name__} is not supported with {num_replicas} replicas "
                              f"(None or ReductionToOneDevice is)")
