"""`tf.keras.datasets`: Keras 3's datasets (varrt/datasets)."""
from varrt.keras.datasets import (boston_housing, california_housing, cifar10, cifar100,  # noqa: F401
                                  fashion_mnist, imdb, mnist, reuters)
