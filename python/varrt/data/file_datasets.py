"""What tf.data's file datasets share (TFRecordDataset, TextLineDataset): their `filenames`
argument, checked and flattened as TensorFlow's readers.py does, and reading `num_parallel_reads`
files at a time, one element of each in turn (TensorFlow's interleave with block length 1,
deterministic; a finished file's place goes to the next file)."""
import os

import numpy as np

from varrt.base import dtypes
from varrt.data.dataset_ops import DatasetV2
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor, convert_to_tensor


def _as_path(value):
    return os.fspath(value) if isinstance(value, os.PathLike) else value


def filenames_of(filenames):
    """The file paths (str) of a file dataset's `filenames`: a path, a (nested) list of them, a
    string tensor of any shape (flattened), or a dataset of scalar strings; TensorFlow's TypeError
    for anything else."""
    if isinstance(filenames, DatasetV2):
        spec = filenames.element_spec
        if getattr(spec, "dtype", None) != dtypes.string:
            raise TypeError("The `filenames` argument must contain `tf.string` elements. Got a dataset of "
                            f"`{getattr(spec, 'dtype', spec)!r}` elements.")
        if spec.shape.rank not in (None, 0):
            raise TypeError("The `filenames` argument must contain `tf.string` elements of shape [] (i.e. "
                            f"scalars). Got a dataset of element shape {spec.shape!r}.")
        return [_decoded(t.numpy()) for t in filenames]
    if isinstance(filenames, Tensor):
        tensor = filenames
    else:
        if isinstance(filenames, (list, tuple)):
            filenames = [_as_path(f) for f in filenames]
        tensor = convert_to_tensor(_as_path(filenames), dtype_hint=dtypes.string)
    if tensor.dtype != dtypes.string:
        raise TypeError(f"The `filenames` argument must contain `tf.string` elements. Got `{tensor.dtype!r}` "
                        f"elements.")
    if not graph_building.value_known(tensor):
        # An interleave or flat_map function traced for its element spec: no file is read then
        # (varrt calls the function again, eagerly, for each element).
        return []
    return [_decoded(v) for v in np.reshape(tensor.numpy(), -1)]


def _decoded(value):
    return value.decode() if isinstance(value, bytes) else str(value)


def interleaved(files, parallel, elements_of):
    """The elements of `files` (elements_of(path) a generator of one file's), read one file after
    another, or `parallel` files at a time one element of each in turn."""
    if not parallel or parallel <= 1:
        for path in files:
            yield from elements_of(path)
        return
    pending = iter(files)
    cycle = []
    for _ in range(parallel):
        path = next(pending, None)
        if path is not None:
            cycle.append(elements_of(path))
    while cycle:
        i = 0
        while i < len(cycle):
            element = next(cycle[i], None)
            if element is None:
                path = next(pending, None)
                if path is None:
                    del cycle[i]
                    continue
                cycle[i] = elements_of(path)
                continue
            yield element
            i += 1
