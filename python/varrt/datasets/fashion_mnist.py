"""`tf.keras.datasets.fashion_mnist` (keras/src/datasets/fashion_mnist.py): four gzipped IDX files
in `~/.keras/datasets/fashion-mnist`, read past their headers (8 bytes for labels, 16 for
images), unchecked, as Keras reads them."""
import gzip
import os

import numpy as np

from varrt.datasets.storage import KERAS_DATASETS
from varrt.keras_utils.get_file import get_file

_FILES = ("train-labels-idx1-ubyte.gz", "train-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz",
          "t10k-images-idx3-ubyte.gz")


def _read(path, offset):
    with gzip.open(path, "rb") as f:
        return np.frombuffer(f.read(), np.uint8, offset=offset)


def load_data():
    """Fashion-MNIST: `(x_train, y_train), (x_test, y_test)`, uint8 arrays of 28x28 images and labels."""
    dirname = os.path.join("datasets", "fashion-mnist")
    paths = [get_file(fname, origin=KERAS_DATASETS + fname, cache_subdir=dirname) for fname in _FILES]
    y_train = _read(paths[0], 8)
    x_train = _read(paths[1], 16).reshape(len(y_train), 28, 28)
    y_test = _read(paths[2], 8)
    x_test = _read(paths[3], 16).reshape(len(y_test), 28, 28)
    return (x_train, y_train), (x_test, y_test)
