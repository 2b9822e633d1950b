"""Reading the datasets' `.npz` files as Keras 3.15 does (keras/src/datasets/npz_utils.py): the
ragged sequences of IMDB and Reuters are object arrays, stored as pickles, so they are unpickled
by an unpickler that rebuilds NumPy arrays and refuses every other global (a tampered file
cannot run code)."""
import io
import pickle
import zipfile

import numpy as np

# The globals an object array's pickle needs, in NumPy 1's and NumPy 2's spelling.
_ALLOWED_PICKLE_GLOBALS = frozenset({("numpy", "ndarray"), ("numpy", "dtype"),
                                     ("numpy.core.multiarray", "_reconstruct"),
                                     ("numpy._core.multiarray", "_reconstruct")})


class RestrictedUnpickler(pickle.Unpickler):
    """An unpickler that only rebuilds NumPy arrays."""

    def find_class(self, module, name):
        if (module, name) in _ALLOWED_PICKLE_GLOBALS:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"Refusing to deserialize `{module}.{name}` while loading a Keras dataset. "
                                     "The file may be corrupted or malicious.")


def _load_npy_member(fp):
    try:
        return np.lib.format.read_array(fp, allow_pickle=False)
    except ValueError:  # an object array: skip the header, unpickle the rest restrictedly
        fp.seek(0)
        version = np.lib.format.read_magic(fp)
        if version[0] == 1:
            np.lib.format.read_array_header_1_0(fp)
        elif version[0] in (2, 3):  # 3.0 differs from 2.0 only in the header's encoding
            np.lib.format.read_array_header_2_0(fp)
        else:
            raise ValueError(f"Unsupported `.npy` file version: {version}.")
        return RestrictedUnpickler(fp).load()


def load_npz(path):
    """{member name: array} of the `.npz` file at `path`."""
    arrays = {}
    with zipfile.ZipFile(path) as archive:
        for member in archive.namelist():
            if not member.endswith(".npy"):
                continue
            with archive.open(member) as raw:
                buffer = io.BytesIO(raw.read())
            arrays[member[:-len(".npy")]] = _load_npy_member(buffer)
    return arrays
