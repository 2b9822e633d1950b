"""tf.distribute.experimental: ParameterServerStrategy and its coordinator (TensorFlow's names),
and the strategies varrt lacks."""
from varrt.distribute import coordinator
from varrt.distribute.parameter_server_strategy import ParameterServerStrategy
from varrt.distribute.unsupported_strategies import CentralStorageStrategy, MultiWorkerMirroredStrategy, TPUStrategy

__all__ = ["CentralStorageStrategy", "MultiWorkerMirroredStrategy", "ParameterServerStrategy", "TPUStrategy",
           "coordinator"]
