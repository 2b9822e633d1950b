"""What IMDB and Reuters share (keras/src/datasets/imdb.py, reuters.py): reviews and newswires are
lists of word ranks; `load_data` shuffles them with a seeded NumPy RandomState, shifts the ranks
by `index_from` after a `start_char`, drops sequences of `maxlen` words or more, and replaces
the ranks outside `[skip_top, num_words)` by `oov_char` (or drops them when it is None)."""
import json

import numpy as np

from varrt.datasets.storage import KERAS_DATASETS
from varrt.keras_utils.get_file import get_file


def shuffled(rng, *arrays):
    """`arrays` (of one length) permuted by one draw of `rng`."""
    indices = np.arange(len(arrays[0]))
    rng.shuffle(indices)
    return tuple(a[indices] for a in arrays)


def shifted(xs, start_char, index_from):
    if start_char is not None:
        return [[start_char] + [w + index_from for w in x] for x in xs]
    if index_from:
        return [[w + index_from for w in x] for x in xs]
    return [[w for w in x] for x in xs]


def remove_long_seq(maxlen, seq, label):
    """The sequences shorter than `maxlen` and their labels (keras/src/utils/python_utils.py)."""
    new_seq, new_label = [], []
    for x, y in zip(seq, label):
        if len(x) < maxlen:
            new_seq.append(x)
            new_label.append(y)
    return new_seq, new_label


def limited(xs, num_words, skip_top, oov_char):
    if not num_words:
        num_words = max(max(x) for x in xs)
    if oov_char is not None:
        return [[w if skip_top <= w < num_words else oov_char for w in x] for x in xs]
    return [[w for w in x if skip_top <= w < num_words] for x in xs]


def load_word_index(path, origin_name, file_hash):
    """{word: rank} of the dataset's word index file `origin_name` in Keras's bucket, cached as
    `path`."""
    path = get_file(fname=path, origin=f"{KERAS_DATASETS}{origin_name}", file_hash=file_hash)
    with open(path) as f:
        return json.load(f)
