"""tf.distribute: clusters (cluster_resolver), ParameterServerStrategy and its coordinator.

Remote tasks run on Ray (pip install "varrt[distributed]"); nothing here imports Ray until a
cluster is started.
"""
from varrt.distribute import cluster_resolver, coordinator, experimental
from varrt.distribute.parameter_server_strategy import ParameterServerStrategy

__all__ = ["ParameterServerStrategy", "cluster_resolver", "coordinator", "experimental"]
