"""A reader opened while another process overwrites the same prefix (issue 23, item 2).

The writer commits by renames, with the index as the only commit point (bundle_writer.h). A
reader that read the index and then opened the data files by name could meet the data of a
later save under its index: whole reads failed with DataLossError (checksum) or NotFoundError
(a shard already removed), and row reads, which no checksum covers, returned another
tensor's bytes. Now every read succeeds and returns the values of the one save the reader
opened, for as long as the reader lives.
"""
import os
import subprocess
import sys
import time

import numpy as np
import pytest

import varrt as tf

ROWS, COLS = 64, 8
KEYS = {"a": 1, "b": 2}  # name -> the digit its values end in
GEN_KEY = "gen/.ATTRIBUTES/VARIABLE_VALUE"


def key(name):
    return f"{name}/.ATTRIBUTES/VARIABLE_VALUE"


def expected(name, gen):
    """The value save number `gen` stores under `name`: every element names its save, tensor and row."""
    rows = np.arange(ROWS, dtype=np.int64)[:, None] * 10
    return np.broadcast_to(gen * 1_000_000 + rows + KEYS[name], (ROWS, COLS)).copy()


# Saves 1, 2, 3, ... (at most MAX) until stdin closes. The "pad" tensor changes size with each
# save, so a value's offset in the data file differs from one save to the next: an index paired
# with another save's data points into other tensors' bytes.
_WRITER = r"""
import sys, threading
import numpy as np
import varrt as tf
sys.path.insert(0, sys.argv[2])
from test_checkpoint_reader_vs_writer import expected

stop = threading.Event()
threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
variables = {"a": tf.Variable(expected("a", 0)), "b": tf.Variable(expected("b", 0)),
             "gen": tf.Variable(np.int64(0))}
gen = 0
while not stop.is_set() and gen < int(sys.argv[3]):
    gen += 1
    for name in ("a", "b"):
        variables[name].assign(expected(name, gen))
    variables["gen"].assign(gen)
    pad = tf.Variable(np.full(gen % 7 * 100 + 1, gen, np.int64))
    tf.train.Checkpoint(pad=pad, **variables).write(sys.argv[1])
    if gen == 1:
        print("saved", flush=True)
print(gen, flush=True)
"""


@pytest.fixture
def writer(tmp_path):
    prefix = str(tmp_path / "ckpt")
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, prefix, os.path.dirname(__file__), "100000"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline() == "saved\n", proc.stderr.read()
        yield prefix, proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def _check_reader(reader, gen, rng):
    """Every read of `reader` succeeds and gives save `gen`'s values."""
    assert int(reader.get_tensor(GEN_KEY)) == gen
    for name in KEYS:
        start = int(rng.integers(0, ROWS))
        stop = int(rng.integers(start, ROWS + 1))
        np.testing.assert_array_equal(reader.get_tensor_rows(key(name), start, stop), expected(name, gen)[start:stop])
    name = list(KEYS)[int(rng.integers(0, len(KEYS)))]
    np.testing.assert_array_equal(reader.get_tensor(key(name)), expected(name, gen))


def test_readers_opened_during_overwrites_read_the_save_they_opened(writer):
    prefix, proc = writer
    rng = np.random.default_rng(23)
    kept = []  # (reader, its save): read again after later saves replaced its files
    generations = set()
    i = 0
    deadline = time.monotonic() + 300
    # At least 1500 readers, and on until they have met 10 saves: a busy machine slows the writer.
    while (i < 1500 or len(generations) < 10) and time.monotonic() < deadline:
        reader = tf.train.load_checkpoint(prefix)
        gen = int(reader.get_tensor(GEN_KEY))
        generations.add(gen)
        _check_reader(reader, gen, rng)
        if i % 50 == 0:
            kept.append((reader, gen))
        old_reader, old_gen = kept[int(rng.integers(0, len(kept)))]
        _check_reader(old_reader, old_gen, rng)
        i += 1
    proc.stdin.close()
    saves = int(proc.stdout.read())
    assert proc.wait() == 0, proc.stderr.read()
    # The readers met a checkpoint being replaced: many saves happened while they read.
    assert len(generations) >= 10 and saves >= len(generations), (saves, len(generations))
    for reader, gen in kept:
        _check_reader(reader, gen, rng)


def test_restore_during_overwrites_restores_one_save(writer):
    prefix, proc = writer
    variables = {name: tf.Variable(expected(name, 0)) for name in KEYS}
    variables["gen"] = tf.Variable(np.int64(0))
    ckpt = tf.train.Checkpoint(**variables)
    generations = set()
    reads = 0
    deadline = time.monotonic() + 300
    # At least 500 restores, and on until they have seen 10 saves: a busy machine slows the writer.
    while (reads < 500 or len(generations) < 10) and time.monotonic() < deadline:
        ckpt.read(prefix)
        reads += 1
        gen = int(variables["gen"].numpy())
        generations.add(gen)
        for name in KEYS:
            np.testing.assert_array_equal(variables[name].numpy(), expected(name, gen))
    proc.stdin.close()
    saves = int(proc.stdout.read())
    assert proc.wait() == 0, proc.stderr.read()
    assert len(generations) >= 10 and saves >= len(generations), (saves, len(generations))
