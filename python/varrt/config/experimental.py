"""`varrt.config.experimental`: TensorFlow's tf.config.experimental names."""
from varrt import _C
from varrt.config import (LogicalDeviceConfiguration, get_logical_device_configuration, get_visible_devices,
                          list_logical_devices, list_physical_devices, set_logical_device_configuration,
                          set_visible_devices)

VirtualDeviceConfiguration = LogicalDeviceConfiguration
get_virtual_device_configuration = get_logical_device_configuration
set_virtual_device_configuration = set_logical_device_configuration


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


__all__ = ["VirtualDeviceConfiguration", "get_memory_info", "get_memory_usage", "get_virtual_device_configuration",
           "list_logical_devices", "list_physical_devices", "reset_memory_stats", "set_virtual_device_configuration",
           "get_visible_devices", "set_visible_devices", "LogicalDeviceConfiguration"]
