"""`tf.keras.datasets.mnist` (keras/src/datasets/mnist.py): `mnist.npz` from Keras's bucket."""
import numpy as np

from varrt.datasets.storage import KERAS_DATASETS
from varrt.keras_utils.get_file import get_file

_SHA256 = "731c5ac602752760c8e48fbffcf8c3b850d9dc2a2aedcf2cc48468fc17b673d1"


def load_data(path="mnist.npz"):
    """MNIST's digits: `(x_train, y_train), (x_test, y_test)`, uint8 arrays of shapes (60000, 28, 28),
    (60000,), (10000, 28, 28), (10000,). `path`: the file's name in `~/.keras/datasets`."""
    path = get_file(fname=path, origin=f"{KERAS_DATASETS}mnist.npz", file_hash=_SHA256)
    with np.load(path, allow_pickle=False) as f:
        return (f["x_train"], f["y_train"]), (f["x_test"], f["y_test"])
