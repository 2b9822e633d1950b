"""Damaged and hostile checkpoints: every failure is DataLossError (NotFoundError for a missing
file or key), never a crash, hang or huge allocation, and the variables keep their values.
A writer killed in the middle of a save leaves the previous checkpoint readable."""
import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import varrt as tf
from varrt import _C

from ckpt_helpers import (block_entries, copy_checkpoint, cpu_allocs, decode_entry, encode_entry, encode_header,
                          flip_byte, raw_table, read_index, write_index)

VALUES = {
    "f": np.arange(64, dtype=np.float32).reshape(8, 8),
    "i": np.array([1, -2, 3], dtype=np.int64),
    "s": np.array([b"alpha", b"", b"\xff\x00gamma"], dtype=object),
}


@pytest.fixture
def good(tmp_path):
    """A valid checkpoint of VALUES, written by varrt."""
    saved = {k: tf.Variable(v) for k, v in VALUES.items()}
    return tf.train.Checkpoint(**saved).write(str(tmp_path / "good" / "ckpt"))


def _targets():
    return {"f": tf.Variable(np.full((8, 8), -1, np.float32)), "i": tf.Variable(np.array([0, 0, 0], np.int64)),
            "s": tf.Variable(np.array([b"x", b"y", b"z"], dtype=object))}


def _unchanged(targets):
    return (np.all(targets["f"].numpy() == -1) and list(targets["i"].numpy()) == [0, 0, 0]
            and list(targets["s"].numpy()) == [b"x", b"y", b"z"])


def _expect_failure(prefix, error=tf.errors.DataLossError, saver=True):
    """Restoring `prefix` fails with `error` and leaves the variables unchanged.

    With `saver`, restoring the same keys by name (which does not read the object graph)
    must fail too; damage confined to the object graph only fails object-based restores."""
    targets = _targets()
    with pytest.raises(error):
        tf.train.Checkpoint(**targets).read(prefix)
    assert _unchanged(targets)
    if saver:
        with pytest.raises(error):
            tf.train.Saver({f"{k}/.ATTRIBUTES/VARIABLE_VALUE": v for k, v in targets.items()}).restore(None, prefix)
        assert _unchanged(targets)


def _data(prefix):
    return pathlib.Path(prefix + ".data-00000-of-00001")


def _index(prefix):
    return pathlib.Path(prefix + ".index")


def _entry(prefix, key):
    return decode_entry(read_index(prefix)[key.encode()])


# --- truncation, emptiness, missing files ---------------------------------------------------

@pytest.mark.parametrize("keep", [0, 1, 10, 47, 48, 100, -1])
def test_truncated_index(good, tmp_path, keep):
    p = copy_checkpoint(good, tmp_path / "t")
    data = _index(p).read_bytes()
    _index(p).write_bytes(data[:keep] if keep >= 0 else data[:-1])
    _expect_failure(p)


@pytest.mark.parametrize("where", ["graph end", "graph start", "strings", "ints", "floats", "start"])
def test_truncated_data(good, tmp_path, where):
    p = copy_checkpoint(good, tmp_path / "t")
    data = _data(p).read_bytes()
    graph = _entry(p, "_CHECKPOINTABLE_OBJECT_GRAPH")
    cut = {"graph end": len(data) - 1, "graph start": graph["offset"] + 3,
           "strings": _entry(p, "s/.ATTRIBUTES/VARIABLE_VALUE")["offset"] + 5,
           "ints": _entry(p, "i/.ATTRIBUTES/VARIABLE_VALUE")["offset"] + 1,
           "floats": _entry(p, "f/.ATTRIBUTES/VARIABLE_VALUE")["offset"] + 100, "start": 0}[where]
    _data(p).write_bytes(data[:cut])
    _expect_failure(p, saver=not where.startswith("graph"))


def test_empty_files(good, tmp_path):
    p = copy_checkpoint(good, tmp_path / "e")
    _index(p).write_bytes(b"")
    _expect_failure(p)
    p = copy_checkpoint(good, tmp_path / "e2")
    _data(p).write_bytes(b"")
    _expect_failure(p)
    assert _entry(p, "f/.ATTRIBUTES/VARIABLE_VALUE")["offset"] == 0  # the variables come first


def test_missing_data_shard_is_not_found(good, tmp_path):
    p = copy_checkpoint(good, tmp_path / "m")
    _data(p).unlink()
    _expect_failure(p, tf.errors.NotFoundError)


def test_missing_index_is_not_found(tmp_path):
    _expect_failure(str(tmp_path / "none"), tf.errors.NotFoundError, saver=False)
    with pytest.raises(ValueError, match="The passed save_path is not a valid checkpoint"):  # TF1 Saver's check
        tf.train.Saver([tf.Variable(1.0)]).restore(None, str(tmp_path / "none"))


def test_index_is_a_directory(tmp_path):
    (tmp_path / "d.index").mkdir()
    with pytest.raises(tf.errors.OpError):
        tf.train.load_checkpoint(str(tmp_path / "d")).get_variable_to_shape_map()


# --- flipped bytes ----------------------------------------------------------------------------

def _regions(prefix):
    """Byte offsets of each region of the index file."""
    data = _index(prefix).read_bytes()
    size = len(data)
    footer = size - 48
    meta_offset, pos = _varint(data, footer)
    meta_size, pos = _varint(data, pos)
    index_offset, pos = _varint(data, pos)
    index_size, pos = _varint(data, pos)
    return {
        "data block contents": [3, meta_offset // 2, meta_offset - 6],
        "data block trailer": [meta_offset - 5, meta_offset - 1],
        "metaindex block": [meta_offset, meta_offset + meta_size],
        "index block contents": [index_offset, index_offset + index_size - 1],
        "index block trailer": [index_offset + index_size, index_offset + index_size + 4],
        "footer handles": [footer, footer + 3],
        "footer padding": [footer + 20, footer + 39],
        "footer magic": [footer + 40, size - 1],
    }


def _varint(data, pos):
    result, shift = 0, 0
    while True:
        b = data[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7


def test_flipped_byte_in_each_index_region(good, tmp_path):
    regions = _regions(good)
    n = 0
    for name, offsets in regions.items():
        for offset in offsets:
            for mask in (0x01, 0x80):
                p = copy_checkpoint(good, tmp_path / f"r{n}")
                n += 1
                flip_byte(_index(p), offset, mask)
                _expect_failure(p)


def test_every_byte_of_the_index_is_protected(good, tmp_path):
    data = _index(good).read_bytes()
    p = copy_checkpoint(good, tmp_path / "all")
    for offset in range(len(data)):
        damaged = bytearray(data)
        damaged[offset] ^= 0x04
        _index(p).write_bytes(bytes(damaged))
        with pytest.raises(tf.errors.DataLossError):
            tf.train.load_checkpoint(p)


@pytest.mark.parametrize("key", ["f/", "i/", "s/", "_CHECKPOINTABLE_OBJECT_GRAPH"])
def test_flipped_byte_in_each_tensors_data(good, tmp_path, key):
    name = key + ".ATTRIBUTES/VARIABLE_VALUE" if key.endswith("/") else key
    entry = _entry(good, name)
    step = 1 if entry["size"] < 100 else 7
    p = copy_checkpoint(good, tmp_path / "flip")
    original = _data(p).read_bytes()
    for offset in range(entry["offset"], entry["offset"] + entry["size"], step):
        flip_byte(_data(p), offset)
        _expect_failure(p, saver=key.endswith("/"))
        _data(p).write_bytes(original)


def test_flip_in_another_tensors_data_spares_the_rest_of_the_reader(good, tmp_path):
    entry = _entry(good, "f/.ATTRIBUTES/VARIABLE_VALUE")
    p = copy_checkpoint(good, tmp_path / "x")
    flip_byte(_data(p), entry["offset"] + 5)
    reader = tf.train.load_checkpoint(p)
    np.testing.assert_array_equal(reader.get_tensor("i/.ATTRIBUTES/VARIABLE_VALUE"), VALUES["i"])
    with pytest.raises(tf.errors.DataLossError, match="Checksum does not match"):
        reader.get_tensor("f/.ATTRIBUTES/VARIABLE_VALUE")


def test_wrong_magic(good, tmp_path):
    p = copy_checkpoint(good, tmp_path / "magic")
    data = bytearray(_index(p).read_bytes())
    data[-8:] = b"\x00" * 8
    _index(p).write_bytes(bytes(data))
    with pytest.raises(tf.errors.DataLossError, match="bad magic number"):
        tf.train.load_checkpoint(p)
    _expect_failure(p)


# --- hostile entries (valid CRCs, absurd contents) ------------------------------------------------

def _hostile(tmp_path, name, good, key, **changes):
    """A copy of `good` whose entry for `key` is rewritten (and the index rebuilt with valid CRCs)."""
    p = copy_checkpoint(good, tmp_path / name)
    index = read_index(p)
    header = index.pop(b"")
    e = decode_entry(index[key.encode()])
    e.update(changes)
    index[key.encode()] = encode_entry(e["dtype"], e["shape"], e["shard_id"], e["offset"], e["size"], e["crc"],
                                       slices=changes.get("slices", 0))
    write_index(p, index, header)
    return p


HOSTILE = {
    "huge size": dict(size=2 ** 62),
    "huge offset": dict(offset=2 ** 62),
    "offset past end": dict(offset=10 ** 6),
    "size too small": dict(size=4),
    "huge shape": dict(shape=[2 ** 31, 2 ** 31], size=2 ** 62 * 4 % 2 ** 63),
    "overflowing shape": dict(shape=[2 ** 40, 2 ** 40]),
    "huge shape matching size": dict(shape=[2 ** 40], size=2 ** 42),
    "negative dim": dict(shape=[2 ** 64 - 1]),
    "bad dtype": dict(dtype=999),
    "shard out of range": dict(shard_id=3),
    "negative offset": dict(offset=2 ** 64 - 8),
    "wrong crc": dict(crc=12345),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_numeric_entry(good, tmp_path, case):
    p = _hostile(tmp_path, case.replace(" ", "_"), good, "f/.ATTRIBUTES/VARIABLE_VALUE", **HOSTILE[case])
    before = cpu_allocs()
    _expect_failure(p)
    assert cpu_allocs() - before < 20  # no allocation sized by the hostile numbers


@pytest.mark.parametrize("changes", [dict(shape=[2 ** 40]), dict(shape=[10 ** 6]), dict(size=2),
                                     dict(size=2 ** 50), dict(offset=2 ** 40)], ids=str)
def test_hostile_string_entry(good, tmp_path, changes):
    p = _hostile(tmp_path, "s", good, "s/.ATTRIBUTES/VARIABLE_VALUE", **changes)
    _expect_failure(p)


def test_sliced_entry_is_unimplemented(good, tmp_path):
    p = _hostile(tmp_path, "sl", good, "f/.ATTRIBUTES/VARIABLE_VALUE", slices=1)
    _expect_failure(p, tf.errors.UnimplementedError)


@pytest.mark.parametrize("header", [b"", encode_header(num_shards=-1), encode_header(endianness=7),
                                    b"\xff\xff", encode_header(min_consumer=5)], ids=repr)
def test_bad_header(good, tmp_path, header):
    p = copy_checkpoint(good, tmp_path / "h")
    index = read_index(p)
    index.pop(b"")
    write_index(p, index, header)
    error = tf.errors.InvalidArgumentError if header == encode_header(min_consumer=5) else tf.errors.OpError
    _expect_failure(p, error)


def test_missing_header_entry(good, tmp_path):
    p = copy_checkpoint(good, tmp_path / "nh")
    index = read_index(p)
    index.pop(b"")
    items = sorted(index.items())
    _index(p).write_bytes(_C.sstable_build(items))
    with pytest.raises(tf.errors.DataLossError, match="failed to seek to header entry"):
        tf.train.load_checkpoint(p)


def test_key_expansion_attack_is_refused(tmp_path):
    # Each entry reuses a long prefix: ~4 bytes of file per 100 KB key. Strictly increasing
    # keys, valid CRCs: only the expansion bound stops the quadratic blow-up.
    long_key = b"a" * 100_000
    entries = [(b"", encode_header()), (long_key, b"")]
    entries += [(long_key + bytes([i]), b"") for i in range(1, 200)]
    contents = block_entries(entries, restart_interval=1_000_000)
    (tmp_path / "x.index").write_bytes(raw_table([contents]))
    with pytest.raises(tf.errors.DataLossError, match="implausibly long keys"):
        tf.train.load_checkpoint(str(tmp_path / "x"))


def test_overlapping_blocks_are_refused(tmp_path):
    contents = block_entries([(b"", encode_header()), (b"k", b"v")])
    size = len(contents)
    table = raw_table([contents], index_entries=[(b"a", 0, size), (b"b", 0, size)])
    (tmp_path / "o.index").write_bytes(table)
    with pytest.raises(tf.errors.DataLossError):
        tf.train.load_checkpoint(str(tmp_path / "o"))


def test_random_garbage_never_crashes(tmp_path):
    rng = np.random.default_rng(7)
    for i in range(200):
        n = int(rng.integers(0, 400))
        blob = rng.integers(0, 256, n, dtype=np.uint8).tobytes()
        if i % 2:  # garbage that at least ends with the magic number
            blob += bytes.fromhex("57fb808b247547db")
        (tmp_path / "g.index").write_bytes(blob)
        with pytest.raises(tf.errors.DataLossError):
            tf.train.load_checkpoint(str(tmp_path / "g"))


# --- a damaged object graph (the bundle itself intact) -------------------------------------------

@pytest.mark.parametrize("graph", [
    b"\x0a\x03\x0a\x05\x0a",                          # a child longer than its node
    b"\x0a\x07\x0a\x05\x08\x05\x12\x01f",                # root's child "f" refers to node 5 of 1
    b"\x0a\x04\x1a\x02\x18\x09",                      # a slot variable refers to node 9 of 1
    b"\x0a\x02\x0a\x00\x0b",                          # a start-group tag after the root
])
def test_damaged_object_graph_is_data_loss(tmp_path, graph):
    from varrt.checkpoint.checkpoint import _string_tensor
    prefix = str(tmp_path / "g" / "ckpt")
    _C.save_v2(prefix, ["_CHECKPOINTABLE_OBJECT_GRAPH", "f/.ATTRIBUTES/VARIABLE_VALUE"],
               [_string_tensor(graph), tf.Variable(VALUES["f"])])
    targets = _targets()
    with pytest.raises(tf.errors.DataLossError, match="The checkpoint's object graph is not parseable"):
        tf.train.Checkpoint(**targets).read(prefix)
    assert _unchanged(targets)


class _ModelWithSub(tf.Module):
    def __init__(self, value):
        super().__init__()
        self.v = tf.Variable(value)
        self.sub = tf.Module()


@pytest.mark.parametrize("original", ["(root)", "m", "m.sub"])
def test_slot_reference_to_a_non_variable_is_data_loss_naming_it(tmp_path, original):
    from varrt.checkpoint import object_graph as _object_graph
    from varrt.checkpoint.checkpoint import _string_tensor
    model = _ModelWithSub([1.0, 2.0])
    opt = tf.compat.v1.train.AdamOptimizer(0.1)
    opt.minimize(lambda: tf.reduce_sum(model.v * model.v), var_list=[model.v])
    reader = tf.train.load_checkpoint(tf.train.Checkpoint(m=model, opt=opt).write(str(tmp_path / "good")))
    nodes = _object_graph.decode(reader.get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH"))
    node_of = {"(root)": 0, "m": nodes[0].children[0].node_id}
    node_of["m.sub"] = next(c.node_id for c in nodes[node_of["m"]].children if c.local_name == "sub")
    opt_id = next(c.node_id for c in nodes[0].children if c.local_name == "opt")
    # The optimizer's "m" and "v" slots now say their variable is an object that is not one.
    nodes[opt_id] = nodes[opt_id]._replace(slot_variables=[
        ref._replace(original_variable_node_id=node_of[original]) for ref in nodes[opt_id].slot_variables])
    keys = [k for k in reader.get_variable_to_shape_map() if k != "_CHECKPOINTABLE_OBJECT_GRAPH"]
    prefix = str(tmp_path / "hostile")
    _C.save_v2(prefix, keys + ["_CHECKPOINTABLE_OBJECT_GRAPH"],
               [tf.Variable(reader.get_tensor(k)) for k in keys] + [_string_tensor(_object_graph.encode(nodes))])

    live, live_opt = _ModelWithSub([5.0, 6.0]), tf.compat.v1.train.AdamOptimizer(0.1)
    with pytest.raises(tf.errors.DataLossError) as raised:
        tf.train.Checkpoint(m=live, opt=live_opt).restore(prefix)
    assert str(raised.value) == (
        f"The checkpoint's object graph is not valid: node {opt_id} has a slot variable reference whose original "
        f"variable, node {node_of[original]}, is not a variable (the program has a "
        f"{ {'(root)': 'Checkpoint', 'm': '_ModelWithSub', 'm.sub': 'Module'}[original] } there): slot_variables "
        f"{{ original_variable_node_id: {node_of[original]} slot_name: \"m\" slot_variable_node_id: "
        f"{nodes[opt_id].slot_variables[0].slot_variable_node_id} }}")
    assert list(live.v.numpy()) == [5.0, 6.0]  # nothing restored
    assert live_opt.get_slot(live.v, "m") is None and live_opt.get_slot(live.v, "v") is None  # no slot made


# --- multiple shards -------------------------------------------------------------------------

def _two_shard_bundle(tmp_path):
    a = tf.train.Checkpoint(x=tf.Variable([1.0, 2.0])).write(str(tmp_path / "a"))
    b = tf.train.Checkpoint(y=tf.Variable([3, 4, 5])).write(str(tmp_path / "b"))
    out = tmp_path / "merged"
    entries = {}
    for shard, src in enumerate((a, b)):
        for key, value in read_index(src).items():
            if key in (b"", b"_CHECKPOINTABLE_OBJECT_GRAPH"):
                continue
            e = decode_entry(value)
            entries[key] = encode_entry(e["dtype"], e["shape"], shard, e["offset"], e["size"], e["crc"])
        os.replace(src + ".data-00000-of-00001", f"{out}.data-{shard:05d}-of-00002")
    write_index(out, entries, encode_header(num_shards=2))
    return str(out)


def test_reads_multiple_data_shards(tmp_path):
    p = _two_shard_bundle(tmp_path)
    reader = tf.train.load_checkpoint(p)
    np.testing.assert_array_equal(reader.get_tensor("x/.ATTRIBUTES/VARIABLE_VALUE"), [1.0, 2.0])
    np.testing.assert_array_equal(reader.get_tensor("y/.ATTRIBUTES/VARIABLE_VALUE"), [3, 4, 5])
    x, y = tf.Variable([0.0, 0.0]), tf.Variable([0, 0, 0])
    tf.train.Checkpoint(x=x, y=y).read(p)
    assert list(y.numpy()) == [3, 4, 5]
    os.remove(p + ".data-00001-of-00002")
    reader = tf.train.load_checkpoint(p)
    np.testing.assert_array_equal(reader.get_tensor("x/.ATTRIBUTES/VARIABLE_VALUE"), [1.0, 2.0])
    with pytest.raises(tf.errors.NotFoundError):
        reader.get_tensor("y/.ATTRIBUTES/VARIABLE_VALUE")


# --- a writer killed mid-save -----------------------------------------------------------------------

WRITER = textwrap.dedent("""
    import sys, numpy as np, varrt as tf
    prefix, mb = sys.argv[1], int(sys.argv[2])
    v = tf.Variable(np.full(mb * 262144, 2.0, np.float32))
    print("ready", flush=True)
    sys.stdin.readline()
    tf.train.Checkpoint(v=v).write(prefix)
    print("done", flush=True)
""")


def test_writer_killed_mid_save_leaves_previous_checkpoint(tmp_path):
    prefix = str(tmp_path / "k" / "ckpt")
    old = np.full(1000, 1.0, np.float32)
    tf.train.Checkpoint(v=tf.Variable(old)).write(prefix)
    before = {name: os.path.getsize(tmp_path / "k" / name) for name in os.listdir(tmp_path / "k")}
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    proc = subprocess.Popen([sys.executable, str(script), prefix, "256"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, cwd=str(tmp_path))
    try:
        assert proc.stdout.readline().strip() == "ready"
        proc.stdin.write("go\n")
        proc.stdin.flush()
        deadline = time.time() + 30
        # Kill as soon as the temporary data file has some bytes: mid-save by construction.
        while time.time() < deadline:
            temps = [f for f in os.listdir(tmp_path / "k") if ".tempstate" in f]
            if temps and any(os.path.getsize(tmp_path / "k" / f) > 0 for f in temps):
                break
            time.sleep(0.0005)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert {n: os.path.getsize(tmp_path / "k" / n) for n in before} == before
    v = tf.Variable(np.zeros(1000, np.float32))
    tf.train.Checkpoint(v=v).read(prefix).assert_consumed()
    np.testing.assert_array_equal(v.numpy(), old)
    # The next save replaces the checkpoint normally despite the leftover temporary file.
    tf.train.Checkpoint(v=tf.Variable(np.full(10, 3.0, np.float32))).write(prefix)
    assert list(tf.train.load_variable(prefix, "v/.ATTRIBUTES/VARIABLE_VALUE")) == [3.0] * 10


def test_failed_save_leaves_previous_checkpoint_and_no_temp_files(tmp_path):
    prefix = str(tmp_path / "f" / "ckpt")
    tf.train.Checkpoint(v=tf.Variable([1.0])).write(prefix)
    with pytest.raises(ValueError):
        tf.train.Checkpoint(v=tf.Variable([2.0]), bad={1: [tf.Variable(0.0)]}).write(prefix)
    with pytest.raises(tf.errors.InvalidArgumentError, match="duplicate key"):
        _C.save_v2(prefix, ["a", "a"], [tf.Variable(1.0), tf.Variable(2.0)])
    assert sorted(os.listdir(tmp_path / "f")) == ["ckpt.data-00000-of-00001", "ckpt.index"]
    assert list(tf.train.load_variable(prefix, "v/.ATTRIBUTES/VARIABLE_VALUE")) == [1.0]


def test_large_tensor_checksummed_in_parallel_still_detects_flips(tmp_path):
    big = np.random.default_rng(3).standard_normal(3 * 1024 * 1024).astype(np.float32)  # 12 MB: several threads
    prefix = tf.train.Checkpoint(v=tf.Variable(big)).write(str(tmp_path / "big" / "ckpt"))
    target = tf.Variable(np.zeros_like(big))
    tf.train.Checkpoint(v=target).read(prefix)
    assert target.numpy().tobytes() == big.tobytes()
    entry = _entry(prefix, "v/.ATTRIBUTES/VARIABLE_VALUE")
    for offset in (entry["offset"], entry["offset"] + entry["size"] // 2 + 1, entry["offset"] + entry["size"] - 1):
        target.assign(np.zeros_like(big))
        flip_byte(_data(prefix), offset)
        with pytest.raises(tf.errors.DataLossError, match="Checksum does not match"):
            tf.train.Checkpoint(v=target).read(prefix)
        assert not target.numpy().any()
        flip_byte(_data(prefix), offset)
