"""TensorFlow 1's optimizers (`v1/`) and Keras 3's (`keras/`). The package itself is
`tf.optimizers`, which is `tf.keras.optimizers` in TensorFlow 2.21: Keras 3's SGD, Adam, Adagrad
and RMSprop, each update one fused core op (see keras/base_optimizer.py), and `schedules`
(keras/optimizers re-exports this list)."""
from varrt.optimizers.keras import schedules
from varrt.optimizers.keras.adagrad import Adagrad
from varrt.optimizers.keras.adam import Adam
from varrt.optimizers.keras.base_optimizer import Optimizer
from varrt.optimizers.keras.rmsprop import RMSprop
from varrt.optimizers.keras.sgd import SGD

__all__ = ["Adagrad", "Adam", "Optimizer", "RMSprop", "SGD", "schedules"]
