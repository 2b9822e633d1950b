"""Keras 3's HDF5 variable store (keras/src/saving/saving_lib.py's H5IOStore): each saveable's
variables are datasets "0", "1", ... of a group `<path>/vars` (the model's own at "vars"), the
group carrying the saveable's name as its "name" attribute. HDF5 goes through h5py, an optional
dependency (`pip install varrt[keras]`)."""
import io
import math
import pathlib

import ml_dtypes
import numpy as np

from varrt.base.sizes import readable_memory_size

# A dataset may declare an enormous shape while storing almost nothing (chunked, compressed, a
# fill value): reading it would allocate all of it. Above this size a dataset must not declare
# more than _MAX_EXPANSION times what it stores (Keras's guard, CWE-789/CWE-409).
_BOMB_FLOOR_BYTES = 1 << 32  # 4 GiB
_MAX_EXPANSION = 1000

H5PY_MISSING = ("Saving and loading Keras weights (`.weights.h5`, `.keras`) needs the h5py package: "
                "pip install varrt[keras]")


def h5py_module():
    """h5py, or an ImportError naming the extra that installs it."""
    try:
        import h5py  # noqa: PLC0415  # reason: optional dependency, imported only when a file is written or read
    except ImportError:
        raise ImportError(H5PY_MISSING) from None
    return h5py


def _to_numpy(value):
    return value.numpy() if hasattr(value, "numpy") else np.asarray(value)


class H5IOStore:
    """One `.weights.h5` file (or the `model.weights.h5` member of a `.keras` zip archive),
    opened for writing ("w") or reading ("r"); `make`/`get` select a saveable's group, which
    is then written and read like a dict of arrays keyed "0", "1", ... Reading refuses what
    Keras refuses: links out of the file, external or virtual data, shape bombs."""

    def __init__(self, path_or_io, archive=None, mode="r"):
        if mode not in ("w", "r"):
            raise ValueError(f"`mode` should be either 'w' or 'r'. Received: {mode}")
        h5py = h5py_module()
        self.path_or_io = pathlib.Path(path_or_io) if isinstance(path_or_io, (str, pathlib.Path)) else path_or_io
        self.mode = mode
        self.archive = archive
        self.io_file = None
        if archive is not None:
            self.io_file = io.BytesIO() if mode == "w" else archive.open(str(path_or_io), "r")
            self.h5_file = h5py.File(self.io_file, mode=mode)
        else:
            self.h5_file = h5py.File(self.path_or_io, mode=mode)
        self._entry_path = None
        self._entry_group = {}
        self._entry_initialized = False

    def make(self, path, metadata=None):
        """Selects the group of the saveable at `path` for writing ("" is the model); with
        `metadata` the group is created at once, else when the first variable is written."""
        self._entry_path = path
        if metadata:
            self._create_group(path, metadata)
        else:
            self._entry_group = {}
            self._entry_initialized = False
        return self

    def get(self, path):
        """Selects the group of the saveable at `path` for reading (empty when absent; files of
        Keras 2.13 name the layers `_layer_checkpoint_dependencies`)."""
        self._entry_path = path
        self._entry_group = {}
        self._entry_initialized = True
        if not path:
            if "vars" in self.h5_file:
                self._entry_group = _safe_group(self.h5_file, "vars")
            return self
        if path in self.h5_file:
            group = _safe_group(self.h5_file, path)
            if "vars" in group:
                self._entry_group = _safe_group(group, "vars")
                return self
        if "_layer_checkpoint_dependencies" in self.h5_file:
            path = path.replace("layers", "_layer_checkpoint_dependencies")
            if path in self.h5_file:
                group = _safe_group(self.h5_file, path)
                if "vars" in group:
                    self._entry_group = _safe_group(group, "vars")
        return self

    def _create_group(self, path, metadata=None):
        group = self.h5_file.create_group(path) if path else self.h5_file
        self._entry_group = group.create_group("vars")
        for k, v in (metadata or {}).items():
            self._entry_group.attrs[k] = v
        self._entry_initialized = True

    def close(self):
        self.h5_file.close()
        if self.mode == "w" and self.archive is not None:
            self.archive.writestr(str(self.path_or_io), self.io_file.getvalue())
        if self.io_file is not None:
            self.io_file.close()

    def __len__(self):
        return len(self._entry_group)

    def keys(self):
        return self._entry_group.keys()

    def __contains__(self, key):
        return key in self._entry_group

    def __getitem__(self, key):
        dataset = _safe_dataset(self._entry_group, key)
        if "dtype" in dataset.attrs and dataset.attrs["dtype"] == "bfloat16":
            return np.array(dataset, dtype=ml_dtypes.bfloat16)
        return np.array(dataset)

    def __setitem__(self, key, value):
        if self.mode != "w":
            raise ValueError("Setting a value is only allowed in write mode.")
        if not self._entry_initialized:
            self._create_group(self._entry_path)
        value = _to_numpy(value)
        if value.dtype == ml_dtypes.bfloat16:
            # HDF5 has no bfloat16: Keras stores the bits and marks the dataset.
            self._entry_group.create_dataset(key, data=value).attrs["dtype"] = "bfloat16"
        else:
            self._entry_group[key] = value


def _safe_group(parent, name):
    """The group at `name` under `parent`, refusing links out of the file (Keras's checks)."""
    h5py = h5py_module()
    current = parent
    for part in name.split("/"):
        if not part:
            raise ValueError(f"Invalid path in H5 file: {name}")
        if part not in current:
            raise KeyError(name)
        link = current.get(part, default=None, getclass=True, getlink=True)
        if link in (h5py.ExternalLink, h5py.SoftLink):
            raise ValueError(f"Not allowed: H5 file with {link.__name__}")
        current = current[part]
        if not isinstance(current, h5py.Group):
            raise ValueError(f"Invalid H5 file, expected Group but received {type(current)}")
    return current


def _safe_dataset(group, name):
    """The dataset `name` of `group`, refusing links, external and virtual data and datasets
    that declare far more than they store (Keras's checks)."""
    h5py = h5py_module()
    if name not in group:
        raise KeyError(name)
    link = group.get(name, default=None, getclass=True, getlink=True)
    if link in (h5py.ExternalLink, h5py.SoftLink):
        raise ValueError(f"Not allowed: H5 file with {link.__name__}")
    dataset = group[name]
    if not isinstance(dataset, h5py.Dataset):
        raise ValueError(f"Invalid H5 file, expected Dataset, received {type(dataset)}")
    if dataset.external:
        raise ValueError(f"Not allowed: H5 file with external Dataset: {dataset.external}")
    if dataset.is_virtual:
        raise ValueError("Not allowed: H5 file with virtual Dataset")
    declared = math.prod(dataset.shape) * dataset.dtype.itemsize
    stored = dataset.id.get_storage_size()
    if declared > _BOMB_FLOOR_BYTES and declared > _MAX_EXPANSION * stored:
        raise ValueError(f"Not allowed: H5 dataset '{name}' declares {readable_memory_size(declared)} but only "
                         f"{readable_memory_size(stored)} are stored on disk; refusing to load a potential "
                         "decompression/shape bomb.")
    return dataset
