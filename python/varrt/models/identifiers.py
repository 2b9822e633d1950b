"""The optimizers and losses `compile` takes by name, as Keras's `optimizers.get` and
`losses.get` resolve them (keras/src/optimizers/__init__.py, keras/src/losses/__init__.py):
an optimizer name gives a new optimizer with its defaults, a loss name the loss with its
defaults (Keras wraps the loss function; the class computes the same)."""
from varrt.losses.loss import Loss, LossFunctionWrapper
from varrt.losses.losses import (BinaryCrossentropy, CategoricalCrossentropy, MeanAbsoluteError, MeanSquaredError,
                                 SparseCategoricalCrossentropy)
from varrt.optimizers.keras.adagrad import Adagrad
from varrt.optimizers.keras.adam import Adam
from varrt.optimizers.keras.base_optimizer import Optimizer
from varrt.optimizers.keras.rmsprop import RMSprop
from varrt.optimizers.keras.sgd import SGD

_OPTIMIZERS = {"adam": Adam, "sgd": SGD, "rmsprop": RMSprop, "adagrad": Adagrad}

_LOSSES = {"mse": MeanSquaredError, "mean_squared_error": MeanSquaredError,
           "mae": MeanAbsoluteError, "mean_absolute_error": MeanAbsoluteError,
           "binary_crossentropy": BinaryCrossentropy,
           "categorical_crossentropy": CategoricalCrossentropy,
           "sparse_categorical_crossentropy": SparseCategoricalCrossentropy}


def get_optimizer(identifier):
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, str) and identifier.lower() in _OPTIMIZERS:
        return _OPTIMIZERS[identifier.lower()]()
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")


def get_loss(identifier):
    """A callable `(y_true, y_pred, sample_weight)` giving the reduced loss."""
    if isinstance(identifier, Loss):
        return identifier
    if isinstance(identifier, str) and identifier in _LOSSES:
        return _LOSSES[identifier]()
    if callable(identifier):
        # A function of (y_true, y_pred): Keras wraps it in a loss reducing over the batch.
        return LossFunctionWrapper(identifier)
    raise ValueError(f"Could not interpret loss identifier: {identifier}")
