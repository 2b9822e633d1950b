"""Hardening against hostile files, sizes and layouts, and leftover state (issue 15's findings)."""
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import ckpt_helpers
import varrt as tf


def _write_state(directory, paths):
    """A `checkpoint` state file as someone else might have written it."""
    now = time.time()
    lines = [f'model_checkpoint_path: "{paths[-1]}"']
    lines += [f'all_model_checkpoint_paths: "{p}"' for p in paths]
    lines += [f"all_model_checkpoint_timestamps: {now - 10}" for _ in paths]
    lines.append(f"last_preserved_timestamp: {now - 100}")
    (directory / "checkpoint").write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("style", ["relative", "absolute", "symlinked"])
def test_manager_never_deletes_outside_its_directory(tmp_path, style):
    # TensorFlow 2.21 deletes whatever the state file names; varrt keeps to its directory.
    own, other = tmp_path / "own", tmp_path / "other"
    own.mkdir()
    other.mkdir()
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    victim = ckpt.write(str(other / "victim"))
    before = sorted(os.listdir(other))
    if style == "relative":
        named = "../other/victim"
    elif style == "absolute":
        named = victim
    else:
        (own / "link").symlink_to(other)
        named = "link/victim"
    _write_state(own, [named])
    manager = tf.train.CheckpointManager(ckpt, str(own), max_to_keep=1)
    assert len(manager.checkpoints) == 1
    saved = manager.save()
    assert sorted(os.listdir(other)) == before
    assert manager.checkpoints == [saved]
    assert tf.train.latest_checkpoint(str(own)) == saved


def test_manager_still_deletes_its_own_old_checkpoints(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=1)
    first = manager.save()
    manager.save()
    assert not os.path.exists(first + ".index")
    assert not any(name.startswith("ckpt-1.") for name in os.listdir(tmp_path))


# ---- finding 3: a data shard truncated while a reader has it open --------------------------

_TRUNCATED_WHILE_OPEN = r"""
import os
import sys
import numpy as np
import varrt as tf
from varrt.checkpoint import checkpoint as checkpoint_module
prefix, how = sys.argv[1], sys.argv[2]
big = tf.Variable(np.arange(1 << 20, dtype=np.float32))  # 4 MB, first in the shard
ckpt = tf.train.Checkpoint(big=big, small=tf.Variable(1.0))
ckpt.write(prefix)
truncate = lambda: os.truncate(prefix + ".data-00000-of-00001", 4096)
if how == "get_tensor":
    reader = tf.train.load_checkpoint(prefix)
    reader.get_tensor("small/.ATTRIBUTES/VARIABLE_VALUE")  # the shard is open now
    truncate()
    read = lambda: reader.get_tensor("big/.ATTRIBUTES/VARIABLE_VALUE")
else:  # restore: the shard is open (the object graph was read from it) when the variables are read
    real = checkpoint_module.restore_pairs
    def restore_pairs(bundle, pairs, *rest):
        truncate()
        return real(bundle, pairs, *rest)
    checkpoint_module.restore_pairs = restore_pairs
    big.assign(np.zeros(1 << 20, np.float32))
    read = lambda: ckpt.read(prefix)
try:
    read()
    print("no error")
except tf.errors.DataLossError as e:
    print("DataLossError", e.message)
print("sum", float(big.numpy().sum()))
"""


@pytest.mark.parametrize("how", ["get_tensor", "restore"])
def test_shard_truncated_while_open_is_data_loss_not_sigbus(tmp_path, how):
    # The shard was memory-mapped and checked against its size at open: reading pages past the
    # new end raised SIGBUS. A subprocess, so that a signal fails this test instead of pytest.
    prefix = str(tmp_path / "ckpt")
    out = subprocess.run([sys.executable, "-c", _TRUNCATED_WHILE_OPEN, prefix, how], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, (out.returncode, out.stderr[-2000:])
    assert out.stdout.splitlines() == [
        f"DataLossError {prefix}.data-00000-of-00001 was truncated while being read (it is shorter than when "
        "the checkpoint was opened)",
        # restore is all-or-nothing: the variable keeps its value
        "sum " + ("0.0" if how == "restore" else str(float(np.arange(1 << 20, dtype=np.float32).sum()))),
    ]


# ---- finding 4: temporary files of killed writers ------------------------------------------

_SLOW_WRITER = r"""
import sys
import numpy as np
import varrt as tf
ckpt = tf.train.Checkpoint(v=tf.Variable(np.ones((64, 1 << 20), np.float32)))  # 256 MB
print("ready", flush=True)
sys.stdin.readline()
ckpt.write(sys.argv[1])
"""


def _temps(directory):
    return sorted(name for name in os.listdir(directory) if "tempstate" in name)


def _size(path):
    try:
        return os.path.getsize(path)
    except FileNotFoundError:
        return 0


def _writer_stopped_mid_write(prefix, directory):
    """A subprocess stopped (SIGSTOP) while its data temporary is being written, or None."""
    proc = subprocess.Popen([sys.executable, "-c", _SLOW_WRITER, prefix], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    proc.stdin.write("go\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        # Data bytes flowing means both temporaries are created and claimed (a file caught
        # between its creation and its lock is fair game for the cleanup; its writer retries).
        if any(".data-" in name and _size(directory / name) > 0 for name in _temps(directory)):
            os.kill(proc.pid, signal.SIGSTOP)
            if os.path.exists(prefix + ".index"):  # it finished between the look and the stop
                break
            return proc
        time.sleep(0.0005)
    proc.kill()
    proc.wait()
    return None


def test_next_save_removes_temporaries_of_a_killed_writer_but_not_of_a_live_one(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable([1.0, 2.0]))
    for attempt in range(5):  # each attempt in a fresh directory: a finished writer leaves an index
        directory = tmp_path / f"attempt{attempt}"
        directory.mkdir()
        prefix = str(directory / "ckpt")
        proc = _writer_stopped_mid_write(prefix, directory)
        if proc is not None:
            break
    else:
        pytest.fail("could not catch the writer mid-write")
    try:
        live = _temps(directory)
        assert live
        # A concurrent save gives up, touching none of a live (here: stopped) writer's files.
        with pytest.raises(tf.errors.AbortedError, match="^Another writer is saving a checkpoint at "):
            ckpt.write(prefix)
        assert _temps(directory) == live
    finally:
        proc.kill()  # SIGKILL: no destructor, no cleanup
        proc.wait()
    assert _temps(directory) == live
    ckpt.write(prefix)
    assert _temps(directory) == []
    assert tf.train.load_checkpoint(prefix).get_tensor("v/.ATTRIBUTES/VARIABLE_VALUE").tolist() == [1.0, 2.0]


def test_planted_fifo_with_a_temporary_name_does_not_hang_the_cleanup(tmp_path):
    prefix = str(tmp_path / "ckpt")
    os.mkfifo(prefix + ".index.tempstate-varrt-1")
    tf.train.Checkpoint(v=tf.Variable(1.0)).write(prefix)  # must return
    assert os.path.exists(prefix + ".index.tempstate-varrt-1")  # not a regular file: not ours


# ---- finding 5: a FIFO in place of a checkpoint file ----------------------------------------

_READ_ALL_WAYS = r"""
import sys
import varrt as tf
prefix = sys.argv[1]
for name, read in [
        ("get_tensor", lambda: tf.train.load_checkpoint(prefix).get_tensor("v/.ATTRIBUTES/VARIABLE_VALUE")),
        ("restore", lambda: tf.train.Checkpoint(v=tf.Variable([0.0, 0.0])).read(prefix))]:
    try:
        read()
        print(name, "no error")
    except Exception as e:
        print(name, type(e).__name__, e)
"""


@pytest.mark.parametrize("which", [".data-00000-of-00001", ".index"])
def test_fifo_in_place_of_a_checkpoint_file_fails_instead_of_hanging(tmp_path, which):
    prefix = str(tmp_path / "ckpt")
    tf.train.Checkpoint(v=tf.Variable([1.0, 2.0])).write(prefix)
    os.remove(prefix + which)
    os.mkfifo(prefix + which)
    try:
        out = subprocess.run([sys.executable, "-c", _READ_ALL_WAYS, prefix], capture_output=True, text=True,
                             timeout=30).stdout
    except subprocess.TimeoutExpired:
        pytest.fail("reading a checkpoint whose " + which + " is a FIFO hangs")
    if which == ".index":  # not a file: no checkpoint there, as when the index is missing
        message = ("NotFoundError Unsuccessful TensorSliceReader constructor: Failed to find any matching files "
                   f"for {prefix}")
    else:  # the core's rule for anything but a regular file (as for a directory): FailedPreconditionError
        message = f"FailedPreconditionError {prefix}{which} is not a regular file"
    assert out.splitlines() == ["get_tensor " + message, "restore " + message]


# ---- finding 6: the index is checked before it is read ---------------------------------------

_OPEN_INDEX = r"""
import resource
import sys
import varrt as tf
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    tf.train.load_checkpoint(sys.argv[1])
    print("no-error", end=" ")
except Exception as e:
    print(type(e).__name__, end=" ")
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)  # peak growth in MB
"""


def _varint(n):
    out = b""
    while n >= 0x80:
        out += bytes([(n & 0x7F) | 0x80])
        n >>= 7
    return out + bytes([n])


@pytest.mark.parametrize("footer", ["zeros", "claims_one_huge_block"])
def test_huge_sparse_index_costs_no_memory(tmp_path, footer):
    prefix = str(tmp_path / "ckpt")
    size = 3 << 30
    with open(prefix + ".index", "wb") as f:
        f.truncate(size)  # sparse: 3 GB of holes, no disk
        if footer == "claims_one_huge_block":  # a valid footer whose index block spans the file
            handles = _varint(0) + _varint(0) + _varint(0) + _varint(size - 48 - 5)
            f.seek(size - 48)
            f.write(handles.ljust(40, b"\0") + (0xdb4775248b80fb57).to_bytes(8, "little"))
    out = subprocess.run([sys.executable, "-c", _OPEN_INDEX, prefix], capture_output=True, text=True,
                         timeout=300).stdout.split()
    assert out[0] == "DataLossError"
    assert int(out[1]) < 64, f"opening the index grew the peak RSS by {out[1]} MB"


# ---- finding 7: entries of rank above 64 -------------------------------------------------------

def _rank70_checkpoint(tmp_path):
    """A checkpoint whose one variable holds 3.5 with shape [1] * 70 (NumPy cannot hold it)."""
    prefix = str(tmp_path / "ckpt")
    tf.train.Checkpoint(v=tf.Variable([3.5])).write(prefix)
    index = ckpt_helpers.read_index(prefix)
    key = b"v/.ATTRIBUTES/VARIABLE_VALUE"
    e = ckpt_helpers.decode_entry(index[key])
    index[key] = ckpt_helpers.encode_entry(e["dtype"], [1] * 70, offset=e["offset"], size=e["size"], crc=e["crc"])
    header = index.pop(b"")
    ckpt_helpers.write_index(prefix, index, header=header)
    return prefix


def test_rank_above_64_get_tensor_raises_tensorflows_error(tmp_path):
    reader = tf.train.load_checkpoint(_rank70_checkpoint(tmp_path))
    assert reader.get_variable_to_shape_map()["v/.ATTRIBUTES/VARIABLE_VALUE"] == [1] * 70
    with pytest.raises(ValueError) as info:
        reader.get_tensor("v/.ATTRIBUTES/VARIABLE_VALUE")
    assert str(info.value) == ("Cannot convert tensor with 70 dimensions to NumPy array. NumPy arrays can have at "
                               "most 64 dimensions")


def test_rank_above_64_restores_into_a_variable_as_tensorflow_does(tmp_path):
    prefix = _rank70_checkpoint(tmp_path)
    v = tf.Variable([0.0], shape=tf.TensorShape(None))
    tf.train.Checkpoint(v=v).read(prefix).assert_consumed()
    assert v.read_value().shape.rank == 70
    assert tf.reshape(v, [-1]).numpy().tolist() == [3.5]
    fixed = tf.Variable([0.0])
    with pytest.raises(ValueError, match=r"Received incompatible tensor with shape \(1, 1, .*1\) when attempting to "
                                         r"restore variable with shape \(1,\) and name Variable:0\."):
        tf.train.Checkpoint(v=fixed).read(prefix)


# ---- finding 8: outside checkpoints ------------------------------------------------------------

_CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


@pytest.mark.parametrize("op, make, shape, type_name", [
    ("RandomUniform", lambda: tf.random.uniform([1 << 20, 1 << 20]), "[1048576,1048576]", "float"),
    ("RandomUniformInt", lambda: tf.random.uniform([1 << 20, 1 << 20], maxval=5, dtype=tf.int32), "[1048576,1048576]",
     "int32"),
    ("RandomStandardNormal", lambda: tf.random.normal([1 << 20, 1 << 20]), "[1048576,1048576]", "float"),
    ("Range", lambda: tf.range(1 << 42), "[4398046511104]", "int64"),
    ("Range", lambda: tf.range(0.0, float(1 << 42)), "[4398046511104]", "float"),
])
def test_huge_outputs_are_resource_exhausted_as_in_tensorflow(op, make, shape, type_name):
    # TensorFlow 2.21 (its CPU allocator is named mklcpu there; varrt's is cpu, as for tf.fill).
    with pytest.raises(tf.errors.ResourceExhaustedError) as info:
        make()
    assert str(info.value) == (f"{{{{function_node __wrapped__{op}_device_{_CPU}}}}} OOM when allocating tensor with "
                               f"shape{shape} and type {type_name} on {_CPU} by allocator cpu [Op:{op}] name: ")


def _misaligned(values, dtype):
    """A C-contiguous but misaligned array: a view one byte into a byte buffer."""
    values = np.asarray(values, dtype)
    raw = np.zeros(values.nbytes + 1, np.uint8)
    out = np.frombuffer(raw.data, dtype=dtype, count=values.size, offset=1).reshape(values.shape)
    out[...] = values
    assert out.flags.c_contiguous and not out.flags.aligned
    return out


@pytest.mark.parametrize("update", [
    lambda v, idx, upd: v.scatter_nd_update(idx.reshape(-1, 1), upd),
    lambda v, idx, upd: v.scatter_update(tf.IndexedSlices(upd, idx)),
    lambda v, idx, upd: v.batch_scatter_update(tf.IndexedSlices(upd, idx)),
    lambda v, idx, upd: v.assign(upd[idx.argsort()]),  # the reference TensorFlow and varrt already agree on
], ids=["scatter_nd_update", "scatter_update", "batch_scatter_update", "assign"])
@pytest.mark.parametrize("which", ["updates", "indices", "both"])
def test_misaligned_contiguous_arrays_are_accepted_by_updates(update, which):
    values, indices = [1.5, -2.0, 3.25, 4.0], [3, 0, 2, 1]
    upd = _misaligned(values, np.float32) if which in ("updates", "both") else np.array(values, np.float32)
    idx = _misaligned(indices, np.int64) if which in ("indices", "both") else np.array(indices, np.int64)
    v = tf.Variable(np.zeros(4, np.float32))
    update(v, idx, upd)
    assert v.numpy().tolist() == [-2.0, 4.0, 3.25, 1.5]
