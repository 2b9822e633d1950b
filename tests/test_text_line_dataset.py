"""tf.data.TextLineDataset against TensorFlow 2.21 (the expected values below are what TensorFlow
printed for the same files and calls): lines split at newlines with every carriage return dropped,
a final line without newline, empty files, several files in order or interleaved, GZIP and ZLIB,
a small buffer, a string tensor of files, an interleave of per-file datasets, the errors of a
missing file and of non-string file names (TensorFlow's texts, shared with TFRecordDataset)."""
import gzip
import zlib

import numpy as np
import pytest

import varrt as tf


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_bytes(b"line one\nline two\r\n\nlast no newline")
    (tmp_path / "b.txt").write_bytes(b"b1\nb2\nb3\n")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "c.txt.gz").write_bytes(gzip.compress(b"g1\ng2\n"))
    (tmp_path / "d.zlib").write_bytes(zlib.compress(b"z1\nz2"))
    (tmp_path / "crs.txt").write_bytes(b"x\r\ry\r\n\r\nz\n\n")
    (tmp_path / "long.txt").write_bytes(b"".join(b"%d\n" % i for i in range(5000)))
    return tmp_path


def lines(ds):
    return [x.numpy() for x in ds]


def test_lines_as_tensorflow_reads_them(files):
    assert lines(tf.data.TextLineDataset("a.txt")) == [b"line one", b"line two", b"", b"last no newline"]
    assert lines(tf.data.TextLineDataset(["a.txt", "empty.txt", "b.txt"])) == [
        b"line one", b"line two", b"", b"last no newline", b"b1", b"b2", b"b3"]
    assert lines(tf.data.TextLineDataset(["a.txt", "b.txt"], num_parallel_reads=2)) == [
        b"line one", b"b1", b"line two", b"b2", b"", b"b3", b"last no newline"]
    assert lines(tf.data.TextLineDataset("c.txt.gz", compression_type="GZIP")) == [b"g1", b"g2"]
    assert lines(tf.data.TextLineDataset("d.zlib", compression_type="ZLIB")) == [b"z1", b"z2"]
    assert lines(tf.data.TextLineDataset("crs.txt")) == [b"xy", b"", b"z", b""]
    ds = tf.data.TextLineDataset(tf.constant(["b.txt", "a.txt"]), buffer_size=4)
    assert repr(ds.element_spec) == "TensorSpec(shape=(), dtype=tf.string, name=None)"
    assert lines(ds.skip(1).take(3)) == [b"b2", b"b3", b"line one"]
    per_file = tf.data.Dataset.from_tensor_slices(["a.txt", "b.txt"]).interleave(
        lambda f: tf.data.TextLineDataset(f).skip(1), cycle_length=2)
    assert lines(per_file) == [b"line two", b"b2", b"", b"b3", b"last no newline"]
    assert repr(tf.data.TextLineDataset("a.txt")).startswith("<TextLineDatasetV2 element_spec=TensorSpec(shape=()")
    assert tf.data.TextLineDataset("a.txt").cardinality().numpy() == -2
    # Lines across the read buffer's boundaries, and in a tf.function's loop.
    assert lines(tf.data.TextLineDataset("long.txt", buffer_size=7)) == [b"%d" % i for i in range(5000)]

    @tf.function
    def count(ds):
        n = tf.constant(0)
        for _ in ds:
            n += 1
        return n

    assert int(count(tf.data.TextLineDataset(["long.txt", "b.txt"]))) == 5003


def test_errors_are_tensorflows(files):
    with pytest.raises(tf.errors.NotFoundError) as info:
        lines(tf.data.TextLineDataset("missing.txt"))
    assert str(info.value).splitlines()[0] == (
        "{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/replica:0/task:0/device:CPU:0}}"
        " missing.txt; No such file or directory [Op:IteratorGetNext] name: ")
    for cls in (tf.data.TextLineDataset, tf.data.TFRecordDataset):
        for bad in (3, tf.constant(3)):
            with pytest.raises(TypeError) as info:
                cls(bad)
            assert str(info.value) == "The `filenames` argument must contain `tf.string` elements. Got `tf.int32` elements."
        cls(tf.constant([["a.txt"]]))  # any rank, flattened, as TensorFlow's readers take it
        with pytest.raises(ValueError, match="Can't convert Python sequence with mixed types to Tensor."):
            cls(["a.txt", 3])
    assert lines(tf.data.TextLineDataset(np.array([["b.txt"], ["a.txt"]])))[:4] == [b"b1", b"b2", b"b3", b"line one"]
