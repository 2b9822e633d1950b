"""tf.distribute.coordinator: scheduling functions on a ParameterServerStrategy's workers."""
from varrt.distribute.coordinator.cluster_coordinator import ClusterCoordinator, RemoteValue

__all__ = ["ClusterCoordinator", "RemoteValue"]
