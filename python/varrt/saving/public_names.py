"""The Keras public names of varrt's classes ("keras.layers.Dense" is varrt's Dense), which
Keras's config format writes as `module` and `class_name` and reads back
(keras/src/api_export.py's role).

Layers and models file their classes here when they are defined (varrt.layers.layer_saving);
the optimizers and losses, which are below this layer, are filed here directly."""
from varrt.losses import losses as _losses
from varrt.optimizers.keras import schedules as _schedules
from varrt.optimizers.keras.adagrad import Adagrad
from varrt.optimizers.keras.adam import Adam
from varrt.optimizers.keras.rmsprop import RMSprop
from varrt.optimizers.keras.sgd import SGD

_NAME_OF = {}    # class -> its first public name
_SYMBOL_OF = {}  # public name -> class


def export(cls, *names):
    """Files `cls` (a class or function) under its public `names` ("keras.layers.Dense"); the
    first is the one written."""
    _NAME_OF.setdefault(cls, names[0])
    for name in names:
        _SYMBOL_OF.setdefault(name, cls)
    return cls


def get_name_from_symbol(cls):
    """The public name of `cls`, or None for a class Keras does not export."""
    return _NAME_OF.get(cls)


def get_symbol_from_name(name):
    """The class of public `name`, or None."""
    return _SYMBOL_OF.get(name)


for _cls in (SGD, Adam, Adagrad, RMSprop):
    export(_cls, f"keras.optimizers.{_cls.__name__}")
for _cls in (_losses.MeanSquaredError, _losses.BinaryCrossentropy, _losses.CategoricalCrossentropy,
             _losses.SparseCategoricalCrossentropy):
    export(_cls, f"keras.losses.{_cls.__name__}")
for _fn in (_losses.mean_squared_error, _losses.binary_crossentropy, _losses.categorical_crossentropy,
            _losses.sparse_categorical_crossentropy):
    export(_fn, f"keras.losses.{_fn.__name__}")
for _cls in vars(_schedules).values():
    if isinstance(_cls, type) and issubclass(_cls, _schedules.LearningRateSchedule) and not _cls.__name__.startswith("_"):
        export(_cls, f"keras.optimizers.schedules.{_cls.__name__}")
