"""`tf.keras.losses`: Keras 3's losses (classes and function forms) on varrt's ops."""
from varrt.losses.loss import Loss  # noqa: F401
from varrt.losses.losses import (MSE, BinaryCrossentropy, CategoricalCrossentropy, MeanSquaredError,  # noqa: F401
                                       SparseCategoricalCrossentropy, binary_crossentropy, categorical_crossentropy,
                                       mean_squared_error, mse, sparse_categorical_crossentropy)
