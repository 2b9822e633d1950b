"""The devices varrt can run on and how ops are placed (TensorFlow's tf.config).

There is one physical device, the CPU. Before the devices are first used it can be split
into logical CPUs (`set_logical_device_configuration`), each with its own memory counters.
"""
import collections

from varrt import _C

PhysicalDevice = collections.namedtuple("PhysicalDevice", ["name", "device_type"])
LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])


class LogicalDeviceConfiguration(collections.namedtuple(
        "LogicalDeviceConfiguration", ["memory_limit", "experimental_priority", "experimental_device_ordinal"])):
    """Configuration of one logical device (for CPUs every field must stay None)."""

    def __new__(cls, memory_limit=None, experimental_priority=None, experimental_device_ordinal=None):
        return super().__new__(cls, memory_limit, experimental_priority, experimental_device_ordinal)


_virtual_device_map = {}  # PhysicalDevice -> the list given to set_logical_device_configuration


def list_physical_devices(device_type=None):
    """Returns the physical devices visible to the runtime (`tf.config.list_physical_devices`).

    Args:
        device_type: Optional device type to keep (case-sensitive, e.g. `"CPU"`; varrt has no
            other).

    Returns:
        A list of `PhysicalDevice`.
    """
    return [PhysicalDevice(*d) for d in _C.physical_devices() if device_type is None or d[1] == device_type]


def list_logical_devices(device_type=None):
    """Returns the logical devices (`tf.config.list_logical_devices`).

    This initializes the devices: their configuration is fixed from then on.

    Args:
        device_type: Optional device type to keep (e.g. `"CPU"`).

    Returns:
        A list of `LogicalDevice`.
    """
    return [LogicalDevice(*d) for d in _C.logical_devices() if device_type is None or d[1] == device_type]


def get_visible_devices(device_type=None):
    """The physical devices visible to varrt, optionally of one type (tf.config.get_visible_devices)."""
    return list_physical_devices(device_type)


def set_visible_devices(devices, device_type=None):
    """Accepted for compatibility; the CPU cannot be hidden and there are no other devices."""
    for d in [devices] if isinstance(devices, PhysicalDevice) else devices:
        _check_physical(d)


def _check_physical(dev):
    if dev not in list_physical_devices():
        raise ValueError("Unrecognized device: %s" % repr(dev))


def get_logical_device_configuration(device):
    """The configuration list set for `device` (a PhysicalDevice), or None."""
    _check_physical(device)
    return _virtual_device_map.get(device)


def set_logical_device_configuration(device, logical_devices):
    """Splits a physical device into logical devices (`tf.config.set_logical_device_configuration`).

    Must happen before the devices are first used (an op, a device scope,
    `list_logical_devices`); afterwards only the same configuration may be set again. Each
    logical CPU has its own allocator; a tensor used on another device is copied there.

    Args:
        device: The `PhysicalDevice` (the CPU).
        logical_devices: A list of `tf.config.LogicalDeviceConfiguration`, one per logical
            device.

    Returns:
        None.

    Raises:
        ValueError: If `device` is not a physical device of this process, or a configuration
            sets a memory limit, priority or ordinal (not supported for CPUs, as in
            TensorFlow), or asks for more than 4096 logical devices.
        RuntimeError: If the devices are already initialized with another configuration.
    """
    _check_physical(device)
    for vdev in logical_devices:
        if vdev.memory_limit is not None:
            raise ValueError("Setting memory limit on CPU virtual devices is currently not supported")
        if vdev.experimental_priority is not None:
            raise ValueError("Setting experimental_priority on CPU virtual  devices is currently not supported")
        if vdev.experimental_device_ordinal is not None:
            raise ValueError("Setting experimental_device_ordinal on CPU virtual  devices is currently not supported")
    if _virtual_device_map.get(device) == logical_devices:
        return
    if not _C.configure_logical_cpus(len(logical_devices)):
        raise RuntimeError("Virtual devices cannot be modified after being initialized")
    _virtual_device_map[device] = logical_devices


def get_soft_device_placement():
    """Whether ops asking for a missing device run on an available one instead (default True)."""
    return _C.get_soft_device_placement()


def set_soft_device_placement(enabled):
    """Enables or disables soft device placement (`tf.config.set_soft_device_placement`).

    With soft placement on (the default) an op whose device scope names a device the process
    does not have runs on the CPU; off, it raises `InvalidArgumentError` ("Could not satisfy
    device specification ...").

    Args:
        enabled: Whether to enable soft placement (None: enable).

    Returns:
        None.
    """
    _C.set_soft_device_placement(True if enabled is None else enabled)


def get_memory_info(device):
    """{'current': bytes in use, 'peak': peak bytes} of the device named by `device`
    ("CPU:0", "/device:CPU:1", a full name). Unlike TensorFlow, which reports 0 for CPUs,
    these are varrt's real allocator counters."""
    return _C.memory_info(device)


def reset_memory_stats(device):
    """Resets the device's peak to its current usage."""
    _C.reset_memory_stats(device)


def get_memory_usage(device):
    """Deprecated in TensorFlow: get_memory_info(device)['current']."""
    return _C.memory_info(device)["current"]
