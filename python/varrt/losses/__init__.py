"""Keras 3's losses (classes and function forms) on varrt's ops: `tf.losses`, which is
`tf.keras.losses` in TensorFlow 2.21 (keras/losses re-exports this list)."""
from varrt.losses.loss import Loss
from varrt.losses.reduction import Reduction
from varrt.losses.losses import (MAE, MAPE, MSE, BinaryCrossentropy, CategoricalCrossentropy, MeanAbsoluteError,
                                 MeanSquaredError, SparseCategoricalCrossentropy, binary_crossentropy, categorical_crossentropy,
                                 mae, mape, mse, sparse_categorical_crossentropy)

__all__ = ["BinaryCrossentropy", "CategoricalCrossentropy", "Loss", "Reduction", "MAE", "MAPE", "MSE", "MeanAbsoluteError",
           "MeanSquaredError", "SparseCategoricalCrossentropy", "binary_crossentropy", "categorical_crossentropy", "mae", "mape",
           "mse", "sparse_categorical_crossentropy"]  # no "mean_squared_error": TensorFlow 2.21's has only "mse"
