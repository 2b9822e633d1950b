"""`tf.config.experimental`: the public names of framework/device_config.py under TensorFlow's
experimental and older (virtual device) names."""
from varrt.framework.device_config import (  # noqa: F401
    LogicalDeviceConfiguration, get_logical_device_configuration, get_memory_info, get_memory_usage,
    get_visible_devices, list_logical_devices, list_physical_devices, reset_memory_stats,
    set_logical_device_configuration, set_visible_devices,
)

VirtualDeviceConfiguration = LogicalDeviceConfiguration
get_virtual_device_configuration = get_logical_device_configuration
set_virtual_device_configuration = set_logical_device_configuration

__all__ = ["VirtualDeviceConfiguration", "get_memory_info", "get_memory_usage", "get_virtual_device_configuration",
           "list_logical_devices", "list_physical_devices", "reset_memory_stats", "set_virtual_device_configuration",
           "get_visible_devices", "set_visible_devices", "LogicalDeviceConfiguration"]
