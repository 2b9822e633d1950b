"""What CIFAR-10 and CIFAR-100 share (keras/src/datasets/cifar.py): a batch file is a pickled dict
of bytes keys (read by the restricted unpickler) whose `data` rows are 3x32x32 images, channels
first; Keras returns them channels last, its default image data format."""
from varrt.datasets.safe_npz import RestrictedUnpickler


def load_batch(fpath, label_key="labels"):
    """(data of shape (n, 3, 32, 32), labels) of the batch file `fpath`."""
    with open(fpath, "rb") as f:
        d = {k.decode("utf8"): v for k, v in RestrictedUnpickler(f, encoding="bytes").load().items()}
    data = d["data"]
    return data.reshape(data.shape[0], 3, 32, 32), d[label_key]


def channels_last(images):
    return images.transpose(0, 2, 3, 1)
