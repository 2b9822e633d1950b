"""Reading checkpoints as key -> tensor maps: `load_checkpoint`, `list_variables`, `load_variable`.

Every value is verified (bounds, CRC32C) before it is returned; non-string values are read
from the mapped file straight into the returned array.
"""
import os

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.base import errors
from varrt.checkpoint import checkpoint_management


def encode_key(name):
    return name.encode("utf-8", "surrogateescape") if isinstance(name, str) else bytes(name)


def decode_key(key):
    return key.decode("utf-8", "surrogateescape")


def open_bundle(prefix):
    """A core BundleReader, with TensorFlow's message when there is no checkpoint at `prefix`."""
    prefix = os.fspath(prefix)
    if not os.path.isfile(prefix + ".index"):
        raise errors.NotFoundError(None, None, "Unsuccessful TensorSliceReader constructor: Failed to find any "
                                               f"matching files for {prefix}")
    return _C.BundleReader(prefix)


# NumPy's NPY_MAXDIMS (numpy >= 2), which TensorFlow names when a value has more dimensions.
_NUMPY_MAX_DIMS = 64


def _dtype_or_none(enum):
    try:
        return dtypes.from_enum(enum)
    except (IndexError, KeyError):
        return None


def read_array(bundle, key):
    """The value stored under `key` (bytes) as a NumPy array (object array of bytes for strings)."""
    enum, shape, _ = bundle.checked_entry(key)  # before allocating by a (possibly hostile) shape
    if len(shape) > _NUMPY_MAX_DIMS:
        bundle.read(key)  # TensorFlow reads (and verifies) the value before it fails to convert it
        raise ValueError(f"Cannot convert tensor with {len(shape)} dimensions to NumPy array. NumPy arrays can have "
                         f"at most {_NUMPY_MAX_DIMS} dimensions")
    dtype = _dtype_or_none(enum)
    if dtype is None:
        bundle.read(key)  # raises the core's UnimplementedError (or DataLossError)
    if dtype == dtypes.string:
        return np.asarray(bundle.read(key).numpy(), dtype=object)
    out = np.empty(shape, dtype=dtype.as_numpy_dtype)
    bundle.read_into(key, out.reshape(-1).view(np.uint8))  # bytes view: bfloat16 has no buffer-protocol format
    return out


class CheckpointReader:
    """TensorFlow's CheckpointReader (what `tf.train.load_checkpoint` returns).

    It reads the checkpoint that was at the prefix when it was opened, for as long as it lives:
    a save replacing the files later (from this or another process) changes none of its values.
    """

    def __init__(self, filepattern):
        self._bundle = open_bundle(filepattern)
        self._prefix = os.fspath(filepattern)

    def get_tensor(self, tensor_str):
        """The value as a NumPy array; a NumPy scalar (or bytes) for 0-d values."""
        array = read_array(self._bundle, encode_key(tensor_str))
        return array[()] if array.ndim == 0 else array

    def get_tensor_rows(self, tensor_str, start, stop):
        """Rows [start, stop) of a tensor (along its first dimension), reading only those bytes.

        varrt's, for slices of a tensor too large to read whole. Every check of the entry and
        the bounds is made (InvalidArgumentError for rows outside the tensor, DataLossError for
        a damaged entry or a file cut short), but the CRC32C is not: it covers the whole tensor,
        so checking it would read all of it. Use get_tensor for a verified value.
        """
        key = encode_key(tensor_str)
        enum, shape, _ = self._bundle.checked_entry(key)
        dtype = _dtype_or_none(enum)
        if dtype is None or dtype == dtypes.string or not shape:
            self._bundle.read_rows_into(key, 0, 0, bytearray())  # the core's error for this entry
        start, stop = int(start), int(stop)
        rows = stop - start if 0 <= start <= stop <= shape[0] else 0  # out of range: the core raises
        out = np.empty((rows,) + tuple(shape[1:]), dtype=dtype.as_numpy_dtype)
        self._bundle.read_rows_into(key, start, stop, out.reshape(-1).view(np.uint8))
        return out

    def has_tensor(self, tensor_str):
        """Whether the checkpoint has an entry `tensor_str`."""
        return self._bundle.contains(encode_key(tensor_str))

    def _entries(self, map_order=True):
        # The variable maps come in TensorFlow's order (its reader's std::unordered_map); the debug
        # string in the index's sorted one, as TensorFlow's BundleReader prints it.
        for key in self._bundle.keys_in_tf_map_order() if map_order else self._bundle.keys():
            enum, shape, _ = self._bundle.entry(key)
            yield decode_key(key), enum, shape

    def get_variable_to_shape_map(self):
        """{name: shape as a list} of every entry."""
        return {name: list(shape) for name, _, shape in self._entries()}

    def get_variable_to_dtype_map(self):
        """{name: DType} of every entry."""
        out = {}
        for name, enum, _ in self._entries():
            dtype = _dtype_or_none(enum)
            if dtype is not None:
                out[name] = dtype
        return out

    def debug_string(self):
        """A listing of the checkpoint's entries (name, dtype, shape) as bytes."""
        lines = []
        for name, enum, shape in self._entries(map_order=False):
            dtype = _dtype_or_none(enum)
            type_name = dtypes.enum_name(dtype) if dtype is not None else f"DT_ENUM_{enum}"
            lines.append(f"{name} ({type_name}) [{','.join(str(d) for d in shape)}]\n")
        return "".join(lines).encode("utf-8", "surrogateescape")


NewCheckpointReader = CheckpointReader


def _get_checkpoint_filename(ckpt_dir_or_file):
    ckpt_dir_or_file = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(ckpt_dir_or_file):
        return checkpoint_management.latest_checkpoint(ckpt_dir_or_file)
    return ckpt_dir_or_file


def load_checkpoint(ckpt_dir_or_file):
    """Returns a reader for a checkpoint (`tf.train.load_checkpoint`).

    Only the index is read now; `get_tensor` then reads (and CRC-checks) one tensor.

    Args:
        ckpt_dir_or_file: A checkpoint prefix, or a directory (its latest checkpoint).

    Returns:
        A `CheckpointReader` (`get_tensor`, `get_variable_to_shape_map`,
        `get_variable_to_dtype_map`, `has_tensor`; varrt's `get_tensor_rows`).

    Raises:
        ValueError: If a directory has no checkpoint.
        NotFoundError: If no checkpoint is at the prefix.
        DataLossError: If the index is damaged.
    """
    filename = _get_checkpoint_filename(ckpt_dir_or_file)
    if filename is None:
        raise ValueError(f"Couldn't find 'checkpoint' file or checkpoints in given directory {ckpt_dir_or_file}")
    return CheckpointReader(filename)


def load_variable(ckpt_dir_or_file, name):
    """The value of one key (a trailing ':0' is dropped, as TensorFlow does)."""
    if name.endswith(":0"):
        name = name[:-2]
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)


def list_variables(ckpt_dir_or_file):
    """Lists the tensors in a checkpoint (`tf.train.list_variables`).

    Args:
        ckpt_dir_or_file: A checkpoint prefix, or a directory (its latest checkpoint).

    Returns:
        A list of `(key, shape)` pairs, sorted by key.

    Raises:
        ValueError: If a directory has no checkpoint.
        NotFoundError: If no checkpoint is at the prefix.
    """
    reader = load_checkpoint(ckpt_dir_or_file)
    shapes = reader.get_variable_to_shape_map()
    return [(name, shapes[name]) for name in sorted(shapes)]
