"""The full device names strategies use for their replicas ("cpu:1" →
"/job:localhost/replica:0/task:0/device:CPU:1")."""
from varrt.framework.device_scope import DeviceSpec

_LOCAL = "/job:localhost/replica:0/task:0"


def canonical_device(name):
    """`name`'s full local device name."""
    spec = DeviceSpec.from_string(name)
    kind = (spec.device_type or "CPU").upper()
    return f"{_LOCAL}/device:{kind}:{spec.device_index or 0}"
