"""`tf.keras.datasets.reuters` (keras/src/datasets/reuters.py): `reuters.npz` (11228 newswires as word
ranks, 46 topics), split by `test_split` after shuffling, and `reuters_word_index.json`."""
import numpy as np

from varrt.datasets import word_sequences
from varrt.datasets.safe_npz import load_npz
from varrt.datasets.storage import KERAS_DATASETS
from varrt.keras_utils.get_file import get_file

_SHA256 = "d6586e694ee56d7a4e65172e12b3e987c03096cb01eab99753921ef915959916"
_WORD_INDEX_MD5 = "4d44cc38712099c9e383dc6e5f11a921"
_LABEL_NAMES = ("cocoa", "grain", "veg-oil", "earn", "acq", "wheat", "copper", "housing", "money-supply", "coffee",
                "sugar", "trade", "reserves", "ship", "cotton", "carcass", "crude", "nat-gas", "cpi", "money-fx",
                "interest", "gnp", "meal-feed", "alum", "oilseed", "gold", "tin", "strategic-metal", "livestock",
                "retail", "ipi", "iron-steel", "rubber", "heat", "jobs", "lei", "bop", "zinc", "orange", "pet-chem",
                "dlr", "gas", "silver", "wpi", "hog", "lead")


def load_data(path="reuters.npz", num_words=None, skip_top=0, maxlen=None, test_split=0.2, seed=113,
              start_char=1, oov_char=2, index_from=3):
    """Reuters' newswires: `(x_train, y_train), (x_test, y_test)`; the x arrays hold lists of word
    indices (dtype object), the y arrays the topic labels."""
    path = get_file(fname=path, origin=f"{KERAS_DATASETS}reuters.npz", file_hash=_SHA256)
    f = load_npz(path)
    xs, labels = word_sequences.shuffled(np.random.RandomState(seed), f["x"], f["y"])
    xs = word_sequences.shifted(xs, start_char, index_from)
    if maxlen:
        xs, labels = word_sequences.remove_long_seq(maxlen, xs, labels)
    xs = word_sequences.limited(xs, num_words, skip_top, oov_char)
    idx = int(len(xs) * (1 - test_split))
    return ((np.array(xs[:idx], dtype="object"), np.array(labels[:idx])),
            (np.array(xs[idx:], dtype="object"), np.array(labels[idx:])))


def get_word_index(path="reuters_word_index.json"):
    """{word: rank} of the Reuters vocabulary."""
    return word_sequences.load_word_index(path, "reuters_word_index.json", _WORD_INDEX_MD5)


def get_label_names():
    """The 46 topics' names, in label order."""
    return _LABEL_NAMES
