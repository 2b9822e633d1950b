"""What the Boston and California housing datasets share (keras/src/datasets/boston_housing.py,
california_housing.py): an `.npz` of `x` and `y` from Keras's bucket, shuffled by a seeded NumPy
RandomState and split at `int(len(x) * (1 - test_split))`."""
import numpy as np

from varrt.datasets.storage import KERAS_DATASETS
from varrt.keras_utils.get_file import get_file


def check_test_split(test_split):
    if not (0 <= test_split < 1):
        raise ValueError(f"Invalid `test_split` argument: {test_split}. It must be between 0 and 1 (exclusive of 1).")


def read(path, origin_name, file_hash):
    path = get_file(path, origin=f"{KERAS_DATASETS}{origin_name}", file_hash=file_hash)
    with np.load(path, allow_pickle=False) as f:
        return f["x"], f["y"]


def shuffled_split(x, y, test_split, seed):
    indices = np.arange(len(x))
    np.random.RandomState(seed).shuffle(indices)
    x, y = x[indices], y[indices]
    cut = int(len(x) * (1 - test_split))
    return (np.array(x[:cut]), np.array(y[:cut])), (np.array(x[cut:]), np.array(y[cut:]))
