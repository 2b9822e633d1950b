"""`tf.distribute.OneDeviceStrategy`: one replica on one device; variables made in its scope are
placed there (distribute/one_device_strategy.py)."""
from varrt.distribute.device_names import canonical_device
from varrt.distribute.distribute_lib import Strategy, StrategyExtended
from varrt.distribute.replica_context import ReplicaContext
from varrt.framework import distribution_context
from varrt.framework.device_scope import device as device_scope
from varrt.framework.variables import watching_creation


class _Placer:
    """A creation watcher placing new variables on the strategy's device."""

    def __init__(self, device):
        self._device = device

    def variable_device(self, name):
        return self._device

    def before_create(self):
        pass

    def on_created(self, variable):
        pass


class OneDeviceStrategy(Strategy):
    """Runs on the one device it is given."""

    def __init__(self, device):
        super().__init__(StrategyExtended(self, (canonical_device(device),)))

    def _variable_placement(self):
        return watching_creation(_Placer(self._extended.worker_devices[0]))

    def _call_for_each_replica(self, fn, args, kwargs):
        with distribution_context.entered(self, ReplicaContext(self, 0)), device_scope(self._extended.worker_devices[0]):
            return fn(*args, **kwargs)
