"""`tf.keras.datasets.cifar10` (keras/src/datasets/cifar10.py): `cifar-10-python.tar.gz`, extracted
into `~/.keras/datasets/cifar-10-batches-py-target`. Keras fills fixed arrays of 50000 training
images, 10000 from each of `data_batch_1` ... `data_batch_5` (NumPy broadcasting rules apply to a
batch of another size, as in Keras)."""
import os

import numpy as np

from varrt.datasets.cifar import channels_last, load_batch
from varrt.datasets.storage import CIFAR
from varrt.keras_utils.get_file import get_file

_SHA256 = "6d958be074577803d12ecdefd02955f39262c83c16fe9348329d7fe0b5c001ce"
_TRAIN_SAMPLES = 50000
_PER_BATCH = 10000


def load_data():
    """CIFAR-10: `(x_train, y_train), (x_test, y_test)`, uint8 arrays of shapes (50000, 32, 32, 3),
    (50000, 1), (10000, 32, 32, 3), (10000, 1)."""
    path = get_file(fname="cifar-10-batches-py-target", origin=f"{CIFAR}cifar-10-python.tar.gz", extract=True,
                    file_hash=_SHA256)
    x_train = np.empty((_TRAIN_SAMPLES, 3, 32, 32), dtype="uint8")
    y_train = np.empty((_TRAIN_SAMPLES,), dtype="uint8")
    path = os.path.join(path, "cifar-10-batches-py")  # the archive's own folder
    for i in range(1, 6):
        rows = slice((i - 1) * _PER_BATCH, i * _PER_BATCH)
        x_train[rows, :, :, :], y_train[rows] = load_batch(os.path.join(path, f"data_batch_{i}"))
    x_test, y_test = load_batch(os.path.join(path, "test_batch"))
    y_train = np.reshape(y_train, (len(y_train), 1))
    y_test = np.reshape(y_test, (len(y_test), 1))
    x_train, x_test = channels_last(x_train), channels_last(x_test)
    return (x_train, y_train), (x_test.astype(x_train.dtype), y_test.astype(y_train.dtype))
