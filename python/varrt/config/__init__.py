"""`tf.config`: the devices varrt can run on, how ops are placed, threads, and whether
`tf.function`s run eagerly. The public names of their implementations (framework/device_config.py,
framework/thread_config.py, graph/function.py, distribute/remote/connect.py)."""
from varrt.config import experimental, threading  # noqa: F401
from varrt.distribute.remote.connect import connect_to_cluster as experimental_connect_to_cluster  # noqa: F401
from varrt.framework.device_config import (  # noqa: F401
    LogicalDevice, LogicalDeviceConfiguration, PhysicalDevice, get_logical_device_configuration,
    get_soft_device_placement, get_visible_devices, list_logical_devices, list_physical_devices,
    set_logical_device_configuration, set_soft_device_placement, set_visible_devices,
)
from varrt.config import optimizer  # noqa: F401
from varrt.graph.function import (  # noqa: F401
    experimental_functions_run_eagerly, experimental_run_functions_eagerly, functions_run_eagerly, run_functions_eagerly,
)
