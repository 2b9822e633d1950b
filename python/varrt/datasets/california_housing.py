"""`tf.keras.datasets.california_housing` (keras/src/datasets/california_housing.py): 20640 block
groups of 8 features and the median house value; `version="small"` keeps the first 600."""
from varrt.datasets import housing

_SHA256 = "1a2e3a52e0398de6463aebe6f4a8da34fb21fbb6b934cf88c3425e766f2a1a6f"
_SMALL = 600


def load_data(version="large", path="california_housing.npz", test_split=0.2, seed=113):
    """`(x_train, y_train), (x_test, y_test)`, split after a seeded shuffle."""
    housing.check_test_split(test_split)
    x, y = housing.read(path, "california_housing.npz", _SHA256)
    if version == "small":
        x, y = x[:_SMALL], y[:_SMALL]
    elif version != "large":
        raise ValueError(f"Argument `version` must be one of 'small', 'large'. Received: version={version}")
    return housing.shuffled_split(x, y, test_split, seed)
