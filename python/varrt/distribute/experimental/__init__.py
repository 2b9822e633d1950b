"""tf.distribute.experimental: ParameterServerStrategy and its coordinator (TensorFlow's names)."""
from varrt.distribute import coordinator
from varrt.distribute.parameter_server_strategy import ParameterServerStrategy

__all__ = ["ParameterServerStrategy", "coordinator"]
