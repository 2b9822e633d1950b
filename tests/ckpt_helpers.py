"""Shared helpers for the checkpoint tests: locating fixtures and TensorFlow, values of every
dtype, bitwise comparison, and hand-built bundle files for damage tests."""
import os
import pathlib
import shutil
import struct

import ml_dtypes
import numpy as np
import pytest

import varrt
from varrt import _C

HERE = pathlib.Path(__file__).resolve().parent


def fixtures_dir():
    """The TensorFlow-written checkpoints the tests read: tests/fixtures/tf_checkpoints in this
    repository (written by tests/tools/record_tf.py), or VARRT_TF_FIXTURES to try others."""
    env = os.environ.get("VARRT_TF_FIXTURES")
    return pathlib.Path(env) if env else HERE / "fixtures" / "tf_checkpoints"


def tf_python():
    """The Python interpreter with TensorFlow named by VARRT_TF_PYTHON, or None when unset or absent."""
    candidate = os.environ.get("VARRT_TF_PYTHON")
    return candidate if candidate and os.path.exists(candidate) else None


def in_ci():
    """CI=true (set by .ci/run and CI services): tests that need TensorFlow fail instead of skipping."""
    return os.environ.get("CI", "").lower() == "true"


def required_tf_python():
    """tf_python() for a test that runs TensorFlow: without one it skips, or fails under CI=true."""
    python = tf_python()
    if python is None:
        if in_ci():
            pytest.fail("CI=true but VARRT_TF_PYTHON names no Python interpreter with TensorFlow")
        pytest.skip("no TensorFlow interpreter (set VARRT_TF_PYTHON)")
    return python


def all_dtype_values(rng):
    """{name: ndarray} with one interesting array per dtype varrt stores."""
    f = rng.standard_normal(12)
    specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-30])
    values = {
        "float32": np.concatenate([f[:6], specials]).astype(np.float32).reshape(3, 4),
        "float64": np.concatenate([f[:6], specials]).reshape(2, 3, 2),
        "float16": np.array([0.5, -1.25, 65504, np.inf, -0.0, 6e-8], dtype=np.float16),
        "bfloat16": np.array([1.5, -2.0, 3.25, np.inf, -0.0, 1e30], dtype=ml_dtypes.bfloat16).reshape(2, 3),
        "complex64": (f[:4] + 1j * f[4:8]).astype(np.complex64),
        "complex128": np.array([[1 + 2j, -0.0 - 3j], [np.nan + 1j, 5j]], dtype=np.complex128),
        "int8": np.array([-128, 0, 127], dtype=np.int8),
        "int16": np.array([-32768, 1, 32767], dtype=np.int16),
        "int32": np.array([[-(2 ** 31), 0], [7, 2 ** 31 - 1]], dtype=np.int32),
        "int64": np.array([-(2 ** 63), 0, 2 ** 63 - 1], dtype=np.int64),
        "uint8": np.array([0, 255, 7], dtype=np.uint8),
        "uint16": np.array([0, 65535], dtype=np.uint16),
        "uint32": np.array([0, 2 ** 32 - 1], dtype=np.uint32),
        "uint64": np.array([0, 2 ** 64 - 1], dtype=np.uint64),
        "bool": np.array([[True, False], [False, True]]),
        "string": np.array([b"abc", b"", b"\xff\x00z", bytes(range(256)) * 3], dtype=object),
        "scalar_float32": np.array(3.5, dtype=np.float32),
        "scalar_string": np.array(b"\x00only", dtype=object),
        "empty_float32": np.zeros((2, 0), dtype=np.float32),
        "empty_string": np.zeros((0,), dtype=object),
    }
    return values


def zeros_like_value(array):
    if array.dtype == object:
        out = np.empty(array.shape, dtype=object)
        out.fill(b"")
        return out
    return np.zeros(array.shape, dtype=array.dtype)


def assert_bitwise_equal(actual, expected):
    actual = np.asarray(actual)
    expected = np.asarray(expected)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if expected.dtype == object:
        assert [bytes(x) for x in actual.reshape(-1)] == [bytes(x) for x in expected.reshape(-1)]
        return
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.tobytes() == expected.tobytes()


def copy_checkpoint(src_prefix, dst_dir, name="ckpt"):
    """Copies a checkpoint's files to dst_dir/name.*; returns the new prefix."""
    src_prefix = pathlib.Path(src_prefix)
    dst_dir = pathlib.Path(dst_dir)
    dst_dir.mkdir(parents=True, exist_ok=True)
    for f in src_prefix.parent.iterdir():
        if f.name.startswith(src_prefix.name + "."):
            shutil.copy(f, dst_dir / (name + f.name[len(src_prefix.name):]))
    return str(dst_dir / name)


def flip_byte(path, offset, mask=0x01):
    data = bytearray(pathlib.Path(path).read_bytes())
    data[offset] ^= mask
    pathlib.Path(path).write_bytes(bytes(data))


# --- the protobuf wire format, written independently of the core's codec ----------------------
# (tests build exact and hostile bytes with it, and it checks the core's encoders byte for byte)

def varint(value):
    value &= (1 << 64) - 1  # negative int32/int64 are sign-extended to 10 bytes
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def field_varint(number, value):
    return varint(number << 3) + varint(value)


def field_bytes(number, data):
    return varint((number << 3) | 2) + varint(len(data)) + (data.encode() if isinstance(data, str) else data)


def fields(data):
    """(number, wire type, value) of each field of well-formed bytes: int or bytes values."""
    pos = 0
    while pos < len(data):
        key, pos = _read_varint(data, pos)
        wire = key & 7
        if wire == 0:
            value, pos = _read_varint(data, pos)
        elif wire == 2:
            length, pos = _read_varint(data, pos)
            value, pos = bytes(data[pos:pos + length]), pos + length
        else:
            size = {1: 8, 5: 4}[wire]
            value, pos = int.from_bytes(data[pos:pos + size], "little"), pos + size
        yield key >> 3, wire, value


def _read_varint(data, pos):
    result = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, pos


# --- hand-built bundle pieces -----------------------------------------------------------------

def encode_entry(dtype, shape, shard_id=0, offset=0, size=0, crc=None, slices=0):
    """A BundleEntryProto, as TensorFlow serializes it."""
    shape_bytes = b"".join(field_bytes(2, field_varint(1, d) if d else b"") for d in shape)
    out = field_varint(1, dtype) + field_bytes(2, shape_bytes)
    if shard_id:
        out += field_varint(3, shard_id)
    if offset:
        out += field_varint(4, offset)
    if size:
        out += field_varint(5, size)
    if crc is not None:
        out += varint((6 << 3) | 5) + struct.pack("<I", crc)
    for _ in range(slices):
        out += field_bytes(7, b"")
    return out


def encode_header(num_shards=1, endianness=0, producer=1, min_consumer=0):
    version = (field_varint(1, producer) if producer else b"") + \
              (field_varint(2, min_consumer) if min_consumer else b"")
    out = field_varint(1, num_shards) if num_shards else b""
    if endianness:
        out += field_varint(2, endianness)
    return out + field_bytes(3, version)


def decode_entry(value):
    """A BundleEntryProto's fields as a dict (dtype, shape, shard_id, offset, size, crc)."""
    out = {"dtype": 0, "shape": [], "shard_id": 0, "offset": 0, "size": 0, "crc": None}
    for number, _, v in fields(value):
        if number == 1:
            out["dtype"] = v
        elif number == 2:
            for n2, _, dim in fields(v):
                if n2 == 2:
                    size = 0
                    for n3, _, d in fields(dim):
                        if n3 == 1:
                            size = d
                    out["shape"].append(size)
        elif number == 3:
            out["shard_id"] = v
        elif number == 4:
            out["offset"] = v
        elif number == 5:
            out["size"] = v
        elif number == 6:
            out["crc"] = v
    return out


def write_index(prefix, entries, header=None):
    """Writes prefix.index holding `entries` ({key: entry bytes}) with valid block CRCs."""
    items = [(b"", header if header is not None else encode_header())]
    items += sorted((k.encode() if isinstance(k, str) else k, v) for k, v in entries.items())
    pathlib.Path(str(prefix) + ".index").write_bytes(_C.sstable_build(items))


def read_index(prefix):
    """{key bytes: value bytes} of a bundle index (header included under b"")."""
    return dict(_C.sstable_parse(pathlib.Path(str(prefix) + ".index").read_bytes()))


def block_with_trailer(contents):
    crc = _C.crc32c(contents + b"\x00")
    return contents + b"\x00" + struct.pack("<I", _C.crc32c_mask(crc))


def raw_table(data_blocks, index_entries=None):
    """An sstable from raw data-block contents (each gets a valid trailer), for hostile layouts.

    `index_entries` (key, offset, size) defaults to one entry per block at its real place."""
    out = b""
    handles = []
    for contents in data_blocks:
        handles.append((len(out), len(contents)))
        out += block_with_trailer(contents)
    meta_offset = len(out)
    meta = struct.pack("<II", 0, 1)
    out += block_with_trailer(meta)
    if index_entries is None:
        index_entries = [(b"\xff" * (i + 1), off, size) for i, (off, size) in enumerate(handles)]
    index = b""
    for key, off, size in index_entries:
        handle = varint(off) + varint(size)
        index += varint(0) + varint(len(key)) + varint(len(handle)) + key + handle
    restarts = [0]
    index += b"".join(struct.pack("<I", r) for r in restarts) + struct.pack("<I", len(restarts))
    index_offset = len(out)
    out += block_with_trailer(index)
    footer = varint(meta_offset) + varint(len(meta)) + varint(index_offset) + \
        varint(len(index))
    footer += b"\x00" * (40 - len(footer)) + struct.pack("<Q", 0xDB4775248B80FB57)
    return out + footer


def block_entries(entries, restart_interval=16):
    """Raw block contents holding (key, value) pairs, prefix-compressed."""
    out = b""
    restarts = [0]
    last = b""
    for i, (key, value) in enumerate(entries):
        shared = 0
        if i % restart_interval == 0:
            if i:
                restarts.append(len(out))
        else:
            while shared < min(len(key), len(last)) and key[shared] == last[shared]:
                shared += 1
        out += varint(shared) + varint(len(key) - shared) + varint(len(value))
        out += key[shared:] + value
        last = key
    return out + b"".join(struct.pack("<I", r) for r in restarts) + struct.pack("<I", len(restarts))


def variable_of(array):
    """A varrt Variable holding `array` (any dtype varrt stores)."""
    if array.dtype == object:
        return varrt.Variable(array, dtype=varrt.string)
    return varrt.Variable(array)


def cpu_allocs():
    return _C.memory_stats("/job:localhost/replica:0/task:0/device:CPU:0")["num_allocs"]
