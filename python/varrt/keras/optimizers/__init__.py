"""`tf.keras.optimizers`: Keras 3's SGD, Adam, Adagrad and RMSprop, each update one fused core op
(see base_optimizer.py), and `schedules`."""
from varrt.keras.optimizers import schedules
from varrt.keras.optimizers.adagrad import Adagrad
from varrt.keras.optimizers.adam import Adam
from varrt.keras.optimizers.base_optimizer import Optimizer
from varrt.keras.optimizers.rmsprop import RMSprop
from varrt.keras.optimizers.sgd import SGD

__all__ = ["Adagrad", "Adam", "Optimizer", "RMSprop", "SGD", "schedules"]
