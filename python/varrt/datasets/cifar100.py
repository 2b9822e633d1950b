"""`tf.keras.datasets.cifar100` (keras/src/datasets/cifar100.py): `cifar-100-python.tar.gz`,
extracted into `~/.keras/datasets/cifar-100-python-target`; its `train` and `test` files, with the
fine or coarse labels."""
import os

import numpy as np

from varrt.datasets.cifar import channels_last, load_batch
from varrt.datasets.storage import CIFAR
from varrt.keras_utils.get_file import get_file

_SHA256 = "85cd44d02ba6437773c5bbd22e183051d648de2e7d6b014e1ef29b855ba677a7"


def load_data(label_mode="fine"):
    """CIFAR-100: `(x_train, y_train), (x_test, y_test)`, uint8 images of shape (n, 32, 32, 3) and the
    `label_mode` ("fine": 100 classes, "coarse": 20) labels of shape (n, 1), as the file stores them."""
    if label_mode not in ["fine", "coarse"]:
        raise ValueError(f'`label_mode` must be one of `"fine"`, `"coarse"`. Received: label_mode={label_mode}.')
    path = get_file(fname="cifar-100-python-target", origin=f"{CIFAR}cifar-100-python.tar.gz", extract=True,
                    file_hash=_SHA256)
    path = os.path.join(path, "cifar-100-python")
    x_train, y_train = load_batch(os.path.join(path, "train"), label_key=f"{label_mode}_labels")
    x_test, y_test = load_batch(os.path.join(path, "test"), label_key=f"{label_mode}_labels")
    y_train = np.reshape(y_train, (len(y_train), 1))
    y_test = np.reshape(y_test, (len(y_test), 1))
    return (channels_last(x_train), y_train), (channels_last(x_test), y_test)
