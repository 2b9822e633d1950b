"""`tf.distribute.MirroredStrategy`: synchronous replicas, one per device of this process (CPUs,
logical CPUs included: `tf.config.set_logical_device_configuration`). Variables made in its
scope are MirroredVariables (a copy per device); `run` calls the function once per replica
(mirrored_run.py), all-reduces combine the replicas' values on the calling thread."""
from varrt.distribute import mirrored_run
from varrt.distribute.cross_device_ops import check_supported
from varrt.distribute.device_names import canonical_device
from varrt.distribute.distribute_lib import Strategy, StrategyExtended
from varrt.distribute.mirrored_variable import make_mirrored
from varrt.framework import distribution_context


class MirroredExtended(StrategyExtended):
    """MirroredStrategy's `extended`."""


class MirroredStrategy(Strategy):
    """Synchronous training on the given devices (default: the CPU)."""

    _creates_variables = True

    def __init__(self, devices=None, cross_device_ops=None):
        if devices is None:
            devices = ["/device:CPU:0"]  # TensorFlow's choice without GPUs: the CPU, one replica
        if isinstance(devices, str):
            devices = [devices]
        devices = [canonical_device(d) for d in devices]
        if not devices:
            raise ValueError("`devices` must be a non-empty list of device names.")
        if len(set(devices)) != len(devices):
            raise ValueError("No duplicates allowed in `devices` argument: %s" % (devices,))
        check_supported(cross_device_ops, len(devices))
        super().__init__(MirroredExtended(self, devices))

    def _create_variable(self, make, args, kwargs):
        def mirrored():
            return make_mirrored(self, self._extended.worker_devices, make, args, kwargs)
        context = distribution_context.current_replica_context()
        if context is None:
            return mirrored()
        # In a replica: the first replica makes it, the others get the variable it made under
        # that name, in creation order (TensorFlow's shared_variable_creator).
        name = kwargs.get("name", args[4] if len(args) > 4 else None)
        return context._shared_variable(name, mirrored)

    def _call_for_each_replica(self, fn, args, kwargs):
        return mirrored_run.call_for_each_replica(self, fn, args, kwargs)
