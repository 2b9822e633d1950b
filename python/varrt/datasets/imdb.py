"""`tf.keras.datasets.imdb` (keras/src/datasets/imdb.py): `imdb.npz` (25000 training and 25000 test
reviews as word ranks, labels 0/1) and `imdb_word_index.json`."""
import numpy as np

from varrt.datasets import word_sequences
from varrt.datasets.safe_npz import load_npz
from varrt.datasets.storage import KERAS_DATASETS
from varrt.keras_utils.get_file import get_file

_SHA256 = "69664113be75683a8fe16e3ed0ab59fda8886cb3cd7ada244f7d9544e4676b9f"
_WORD_INDEX_MD5 = "bfafd718b763782e994055a2d397834f"


def load_data(path="imdb.npz", num_words=None, skip_top=0, maxlen=None, seed=113, start_char=1, oov_char=2,
              index_from=3):
    """IMDB's reviews: `(x_train, y_train), (x_test, y_test)`; the x arrays hold lists of word
    indices (dtype object), the y arrays the labels."""
    path = get_file(fname=path, origin=f"{KERAS_DATASETS}imdb.npz", file_hash=_SHA256)
    f = load_npz(path)
    rng = np.random.RandomState(seed)
    x_train, labels_train = word_sequences.shuffled(rng, f["x_train"], f["y_train"])
    x_test, labels_test = word_sequences.shuffled(rng, f["x_test"], f["y_test"])
    x_train = word_sequences.shifted(x_train, start_char, index_from)
    x_test = word_sequences.shifted(x_test, start_char, index_from)
    if maxlen:
        x_train, labels_train = word_sequences.remove_long_seq(maxlen, x_train, labels_train)
        x_test, labels_test = word_sequences.remove_long_seq(maxlen, x_test, labels_test)
        if not x_train or not x_test:
            raise ValueError(f"After filtering for sequences shorter than maxlen={str(maxlen)}, no sequence was "
                             "kept. Increase maxlen.")
    xs = word_sequences.limited(x_train + x_test, num_words, skip_top, oov_char)
    labels = np.concatenate([labels_train, labels_test])
    idx = len(x_train)
    return (np.array(xs[:idx], dtype="object"), labels[:idx]), (np.array(xs[idx:], dtype="object"), labels[idx:])


def get_word_index(path="imdb_word_index.json"):
    """{word: rank} of IMDB's vocabulary (rank 1 the most frequent word)."""
    return word_sequences.load_word_index(path, "imdb_word_index.json", _WORD_INDEX_MD5)
