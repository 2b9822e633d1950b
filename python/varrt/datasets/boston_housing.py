"""`tf.keras.datasets.boston_housing` (keras/src/datasets/boston_housing.py): 506 samples of 13
features and the median home value."""
from varrt.datasets import housing

_SHA256 = "f553886a1f8d56431e820c5b82552d9d95cfcb96d1e678153f8839538947dff5"


def load_data(path="boston_housing.npz", test_split=0.2, seed=113):
    """`(x_train, y_train), (x_test, y_test)`, float64 arrays, split after a seeded shuffle."""
    housing.check_test_split(test_split)
    x, y = housing.read(path, "boston_housing.npz", _SHA256)
    return housing.shuffled_split(x, y, test_split, seed)
