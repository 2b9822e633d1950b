"""Regressions for what fuzzing and hostile-input probing found (tests/fuzz, tests/test_bad_input_table.py).

Each test names the bug it pins down. The C++ inputs that crashed a fuzz target live in
tests/fuzz/regressions/<target>/ and are replayed by every fuzz run (.ci/sanitizers.sh)."""
import resource
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import varrt as tf

from ckpt_helpers import decode_entry, encode_entry, read_index, write_index


def _hostile_copy(tmp_path, value, key_changes):
    """A checkpoint of `value` whose entry is rewritten with `key_changes` (valid CRCs)."""
    prefix = tf.train.Checkpoint(x=tf.Variable(value)).write(str(tmp_path / "ckpt"))
    index = read_index(prefix)
    header = index.pop(b"")
    key = b"x/.ATTRIBUTES/VARIABLE_VALUE"
    e = decode_entry(index[key])
    e.update(key_changes)
    index[key] = encode_entry(e["dtype"], e["shape"], e["shard_id"], e["offset"], e["size"], e["crc"])
    write_index(prefix, index, header)
    return prefix, key.decode()


@pytest.mark.parametrize("dims", [[2 ** 40], [2 ** 26], [2 ** 20, 2 ** 20]])
def test_hostile_string_shape_is_data_loss_before_any_allocation(tmp_path, dims):
    """Found by fuzz_bundle_entries: BundleReader::read sized its string scratch by the entry's
    shape before checking the entry against the file (std::length_error, or gigabytes of empty
    strings for a shape of 2**26), and get_tensor allocated by the shape before checking it."""
    prefix, key = _hostile_copy(tmp_path, np.array([b"alpha", b"b"], dtype=object), {"shape": dims})
    before = tf.experimental.memory_stats()["num_allocs"]
    with pytest.raises(tf.errors.DataLossError, match="Invalid size in bundle entry"):
        tf.train.load_checkpoint(prefix).get_tensor(key)
    with pytest.raises(tf.errors.DataLossError, match="Invalid size in bundle entry"):
        tf._C.BundleReader(prefix).read(key.encode())  # the core reader alone
    assert tf.experimental.memory_stats()["num_allocs"] - before < 5


@pytest.mark.parametrize("dims", [[2 ** 40], [2 ** 33], [2 ** 31, 2 ** 31]])
def test_hostile_numeric_shape_is_data_loss_before_any_allocation(tmp_path, dims):
    prefix, key = _hostile_copy(tmp_path, np.arange(4, dtype=np.float32), {"shape": dims})
    with pytest.raises(tf.errors.DataLossError):
        tf.train.load_checkpoint(prefix).get_tensor(key)


def test_hostile_string_shape_under_a_memory_limit(tmp_path):
    """The same in a process limited to 1 GB of address space: DataLossError, not MemoryError."""
    prefix, key = _hostile_copy(tmp_path, np.array([b"a"], dtype=object), {"shape": [2 ** 27]})
    script = textwrap.dedent(f"""
        import resource
        import varrt as tf
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        try:
            tf.train.load_checkpoint({prefix!r}).get_tensor({key!r})
        except tf.errors.DataLossError:
            print("DataLossError")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "DataLossError", out.stderr[-2000:]
