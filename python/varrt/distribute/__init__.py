"""tf.distribute: the in-process strategies (the default strategy, OneDeviceStrategy,
MirroredStrategy), their contexts and values, and ParameterServerStrategy over Ray with its
clusters (cluster_resolver) and coordinator.

Remote tasks run on Ray (pip install "varrt[distributed]"); nothing here imports Ray until a
cluster is started.
"""
from varrt.distribute import cluster_resolver, coordinator, experimental
from varrt.distribute.cross_device_ops import (CrossDeviceOps, HierarchicalCopyAllReduce, NcclAllReduce,
                                               ReductionToOneDevice)
from varrt.distribute.distribute_lib import (Strategy, StrategyExtended, get_replica_context, get_strategy,
                                             has_strategy, in_cross_replica_context)
from varrt.distribute.input_lib import InputContext
from varrt.distribute.mirrored_strategy import MirroredStrategy
from varrt.distribute.mirrored_variable import MirroredVariable
from varrt.distribute.one_device_strategy import OneDeviceStrategy
from varrt.distribute.parameter_server_strategy import ParameterServerStrategy
from varrt.distribute.reduce_op import ReduceOp
from varrt.distribute.replica_context import ReplicaContext
from varrt.distribute.unsupported_strategies import MultiWorkerMirroredStrategy, TPUStrategy
from varrt.distribute.values import DistributedValues

__all__ = ["CrossDeviceOps", "DistributedValues", "HierarchicalCopyAllReduce", "NcclAllReduce", "ReductionToOneDevice", "InputContext", "MirroredStrategy", "MirroredVariable", "MultiWorkerMirroredStrategy",
           "OneDeviceStrategy", "ParameterServerStrategy", "ReduceOp", "ReplicaContext", "Strategy",
           "StrategyExtended", "TPUStrategy", "cluster_resolver", "coordinator", "experimental", "get_replica_context",
           "get_strategy", "has_strategy", "in_cross_replica_context"]
