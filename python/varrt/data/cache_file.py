"""`Dataset.cache(filename)`'s file: varrt's own format, not TensorFlow's (TensorFlow writes a
tensor bundle, `FILENAME.index` and data shards; varrt neither reads nor writes those).

The file `FILENAME.varrt-cache` is NumPy's `.npz` of every element's components, in order:
`e{element}_{component}` arrays, strings stored without pickling as their UTF-8 bytes joined
(`..._bytes`, uint8) with their lengths (`..._lengths`, int64). It is written to a temporary
name and renamed when the input has been read to its end, so a file that exists is complete."""
import os

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor

SUFFIX = ".varrt-cache"


def path_of(filename):
    return os.fspath(filename) + SUFFIX


def exists(filename):
    return os.path.exists(path_of(filename))


def _arrays(key, tensor):
    if tensor.dtype != dtypes.string:
        return {key: tensor.numpy()}
    values = tensor.numpy()
    flat = [bytes(v) for v in np.asarray(values, dtype=object).reshape(-1)]
    return {key + "_bytes": np.frombuffer(b"".join(flat), dtype=np.uint8),
            key + "_lengths": np.array([len(v) for v in flat], dtype=np.int64),
            key + "_shape": np.array(tensor.shape.as_list(), dtype=np.int64)}


def write(filename, flat_elements):
    """Writes the elements (each a list of tensors) to the cache file, complete or not at all."""
    arrays = {}
    for i, element in enumerate(flat_elements):
        for j, tensor in enumerate(element):
            arrays.update(_arrays(f"e{i}_{j}", tensor))
    arrays["count"] = np.array(len(flat_elements), dtype=np.int64)
    temporary = path_of(filename) + ".tmp"
    with open(temporary, "wb") as f:
        np.savez(f, **arrays)
    os.replace(temporary, path_of(filename))


def read(filename, flat_specs):
    """The cached elements, each a list of tensors of `flat_specs`' dtypes."""
    with np.load(path_of(filename), allow_pickle=False) as data:
        out = []
        for i in range(int(data["count"])):
            element = []
            for j, spec in enumerate(flat_specs):
                key = f"e{i}_{j}"
                if spec.dtype == dtypes.string:
                    raw, lengths = data[key + "_bytes"].tobytes(), data[key + "_lengths"]
                    ends = np.cumsum(lengths)
                    items = [raw[e - n:e] for e, n in zip(ends.tolist(), lengths.tolist())]
                    value = np.array(items, dtype=object).reshape(data[key + "_shape"].tolist())
                    element.append(convert_to_tensor(value, dtype=dtypes.string))
                else:
                    element.append(convert_to_tensor(data[key]))
            out.append(element)
        return out
