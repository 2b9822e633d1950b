"""Small synthetic files laid out as the real downloads of Keras's datasets are (same names,
formats and byte layouts, fewer samples), and archives for get_file's tests: the same contents
from any interpreter (seeded NumPy), the archives the same bytes (fixed times in their headers)."""
import gzip
import io
import json
import os
import pickle
import tarfile
import zipfile

import numpy as np


def _gzip_bytes(data):
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=0) as f:
        f.write(data)
    return out.getvalue()


def tar_gz(path, members):
    """A .tar.gz of {member name: bytes}, its times fixed."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data))
    with open(path, "wb") as f:
        f.write(_gzip_bytes(raw.getvalue()))


def zip_file(path, members):
    with zipfile.ZipFile(path, "w") as z:
        for name, data in members.items():
            z.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)


def _npz(path, **arrays):
    np.savez(path, **arrays)


def _ragged(rs, count, vocabulary, longest):
    """An object array of `count` lists of word ranks (1 ... vocabulary-1), as IMDB and Reuters
    store them."""
    out = np.empty(count, dtype=object)
    for i in range(count):
        out[i] = [int(w) for w in rs.randint(1, vocabulary, size=rs.randint(1, longest + 1))]
    return out


def _idx(magic, dims, data):
    header = magic.to_bytes(4, "big") + b"".join(int(d).to_bytes(4, "big") for d in dims)
    return _gzip_bytes(header + data.tobytes())


def _cifar_batch(rs, count, labels):
    data = rs.randint(0, 256, size=(count, 3072)).astype(np.uint8)
    batch = {b"batch_label": b"synthetic", b"data": data, b"filenames": [b"x.png"] * count}
    batch.update({key: [int(v) for v in rs.randint(0, top, size=count)] for key, top in labels.items()})
    # The real batches are Python 2 pickles whose strings load as bytes (encoding="bytes"); protocol
    # 3 writes bytes as such (protocol 2 would write them through `_codecs.encode`, which Keras's
    # restricted unpickler refuses) and NumPy arrays through `_reconstruct`, as those files do.
    return pickle.dumps(batch, protocol=3)


def write_datasets(datasets_dir):
    """The files `load_data` looks for in KERAS_HOME/datasets."""
    rs = np.random.RandomState(7)
    os.makedirs(datasets_dir, exist_ok=True)
    join = lambda *p: os.path.join(datasets_dir, *p)  # noqa: E731
    _npz(join("mnist.npz"), x_train=rs.randint(0, 256, (9, 28, 28)).astype(np.uint8),
         y_train=rs.randint(0, 10, 9).astype(np.uint8), x_test=rs.randint(0, 256, (4, 28, 28)).astype(np.uint8),
         y_test=rs.randint(0, 10, 4).astype(np.uint8))
    _npz(join("mnist_other.npz"), x_train=np.arange(2 * 28 * 28, dtype=np.uint8).reshape(2, 28, 28),
         y_train=np.array([3, 1], np.uint8), x_test=np.zeros((1, 28, 28), np.uint8), y_test=np.array([9], np.uint8))
    os.makedirs(join("fashion-mnist"), exist_ok=True)
    for prefix, count in (("train", 6), ("t10k", 5)):
        with open(join("fashion-mnist", f"{prefix}-labels-idx1-ubyte.gz"), "wb") as f:
            f.write(_idx(0x801, [count], rs.randint(0, 10, count).astype(np.uint8)))
        with open(join("fashion-mnist", f"{prefix}-images-idx3-ubyte.gz"), "wb") as f:
            f.write(_idx(0x803, [count, 28, 28], rs.randint(0, 256, (count, 28, 28)).astype(np.uint8)))
    # CIFAR-10's loader fills 10000 rows per training batch: one-row batches broadcast into them.
    members = {f"cifar-10-batches-py/data_batch_{i}": _cifar_batch(rs, 1, {b"labels": 10}) for i in range(1, 6)}
    members["cifar-10-batches-py/test_batch"] = _cifar_batch(rs, 3, {b"labels": 10})
    members["cifar-10-batches-py/batches.meta"] = pickle.dumps({b"label_names": [b"airplane"]}, protocol=3)
    tar_gz(join("cifar-10-batches-py-target_archive"), members)
    tar_gz(join("cifar-100-python-target_archive"), {
        "cifar-100-python/train": _cifar_batch(rs, 5, {b"fine_labels": 100, b"coarse_labels": 20}),
        "cifar-100-python/test": _cifar_batch(rs, 2, {b"fine_labels": 100, b"coarse_labels": 20})})
    _npz(join("imdb.npz"), x_train=_ragged(rs, 12, 30, 9), y_train=rs.randint(0, 2, 12),
         x_test=_ragged(rs, 7, 30, 9), y_test=rs.randint(0, 2, 7))
    _npz(join("reuters.npz"), x=_ragged(rs, 17, 40, 11), y=rs.randint(0, 46, 17))
    for name in ("imdb_word_index.json", "reuters_word_index.json"):
        with open(join(name), "w") as f:
            json.dump({"the": 1, "and": 2, "a": 3, name[:4]: 4}, f)
    _npz(join("boston_housing.npz"), x=rs.rand(23, 13) * 100, y=rs.rand(23) * 50)
    _npz(join("california_housing.npz"), x=(rs.rand(611, 8) * 10).astype(np.float32),
         y=(rs.rand(611) * 5e5).astype(np.float32))
