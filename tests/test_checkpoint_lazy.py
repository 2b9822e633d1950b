"""Lazy and partial reads: load_checkpoint reads only the tensors asked for, in bounded memory;
get_tensor_rows reads a row range, bounds-checked but not CRC-checked (issue 15)."""
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import varrt as tf

KEY = "v/.ATTRIBUTES/VARIABLE_VALUE"


def _write(tmp_path, value):
    return tf.train.Checkpoint(v=tf.Variable(value)).write(str(tmp_path / "ckpt"))


def test_one_tensor_of_a_large_checkpoint_costs_its_own_memory_only(tmp_path):
    # 64 tensors of 4 MB (256 MB); a fresh process reads one: its resident memory grows by about
    # that tensor (the array, and the mapped pages it touched), not by the checkpoint.
    prefix = tf.train.Checkpoint(t=[tf.Variable(np.full(1 << 20, float(i), np.float32)) for i in range(64)]).write(
        str(tmp_path / "big"))
    probe = textwrap.dedent("""
        import json, sys
        import varrt as tf
        def rss():
            with open("/proc/self/status") as f:
                return next(int(l.split()[1]) * 1024 for l in f if l.startswith("VmRSS:"))
        before = rss()
        value = tf.train.load_checkpoint(sys.argv[1]).get_tensor("t/40/.ATTRIBUTES/VARIABLE_VALUE")
        print(json.dumps({"growth": rss() - before, "first": float(value[0]), "size": value.size}))
    """)
    out = json.loads(subprocess.run([sys.executable, "-c", probe, prefix], check=True, capture_output=True,
                                    text=True, timeout=120).stdout)
    assert out["first"] == 40.0 and out["size"] == 1 << 20
    assert out["growth"] <= 16 << 20, out


def test_rows_are_read_from_the_file(tmp_path):
    value = np.arange(6 * 4, dtype=np.float32).reshape(6, 4)
    reader = tf.train.load_checkpoint(_write(tmp_path, value))
    np.testing.assert_array_equal(reader.get_tensor_rows(KEY, 2, 5), value[2:5])
    assert reader.get_tensor_rows(KEY, 3, 3).shape == (0, 4)
    np.testing.assert_array_equal(reader.get_tensor_rows(KEY, 0, 6), value)


@pytest.mark.parametrize("start, stop", [(4, 7), (-1, 2), (3, 2)])
def test_rows_outside_the_tensor_are_invalid_argument(tmp_path, start, stop):
    reader = tf.train.load_checkpoint(_write(tmp_path, np.zeros((6, 2), np.float32)))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"outside its 6 rows"):
        reader.get_tensor_rows(KEY, start, stop)


@pytest.mark.parametrize("value, what", [(np.float32(1.0), "a scalar"), (np.array([b"a", b"b"]), "a string tensor")])
def test_rows_of_scalars_and_strings_are_invalid_argument(tmp_path, value, what):
    reader = tf.train.load_checkpoint(_write(tmp_path, value))
    with pytest.raises(tf.errors.InvalidArgumentError, match=what):
        reader.get_tensor_rows(KEY, 0, 1)


def _flip_byte_of_row(prefix, row, row_bytes):
    data = prefix + ".data-00000-of-00001"
    with open(data, "rb") as f:
        content = bytearray(f.read())
    # Row `row` holds only the value `row`: found by its bytes.
    needle = np.full(row_bytes // 4, float(row), np.float32).tobytes()
    at = content.find(needle)
    assert at >= 0
    content[at] ^= 0xFF
    with open(data, "r+b") as f:
        f.write(content)


def test_rows_are_not_crc_checked_but_whole_reads_are(tmp_path):
    value = np.repeat(np.arange(8, dtype=np.float32)[:, None], 256, axis=1)  # row i is all i
    prefix = _write(tmp_path, value)
    _flip_byte_of_row(prefix, 6, 256 * 4)
    reader = tf.train.load_checkpoint(prefix)
    # Rows away from the damage read as written; the damaged row reads damaged (documented:
    # the CRC covers the whole tensor); a whole read detects the damage.
    np.testing.assert_array_equal(reader.get_tensor_rows(KEY, 0, 4), value[:4])
    assert not np.array_equal(reader.get_tensor_rows(KEY, 6, 7), value[6:7])
    with pytest.raises(tf.errors.DataLossError):
        reader.get_tensor(KEY)


def test_rows_of_a_file_cut_short_are_data_loss(tmp_path):
    prefix = _write(tmp_path, np.ones((1024, 256), np.float32))
    reader = tf.train.load_checkpoint(prefix)
    os.truncate(prefix + ".data-00000-of-00001", 4096)
    with pytest.raises(tf.errors.DataLossError):
        reader.get_tensor_rows(KEY, 512, 1024)
