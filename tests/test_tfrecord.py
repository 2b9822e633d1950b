"""TFRecord files: tf.io.TFRecordWriter, tf.data.TFRecordDataset and
tf.compat.v1.io.tf_record_iterator against what TensorFlow 2.21 wrote and raised
(tests/fixtures/tfrecord, recorded by tests/tools/record_tfrecord.py)."""
import json
import os

import numpy as np
import pytest

import varrt as tf

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "tfrecord")
EXPECTED = json.loads(open(os.path.join(FIXTURES, "expected.json")).read().replace("{FIXTURES}", FIXTURES))
COMPRESSIONS = {"plain": None, "gzip": "GZIP", "zlib": "ZLIB"}


def fixture_records(kind):
    return [r.numpy() for r in tf.data.TFRecordDataset(os.path.join(FIXTURES, f"examples_{kind}.tfrecord"),
                                                        COMPRESSIONS[kind])]


@pytest.mark.parametrize("kind", sorted(COMPRESSIONS))
def test_files_tensorflow_wrote_read_back_as_its_examples(kind):
    records = fixture_records(kind)
    assert [len(r) for r in records] == EXPECTED["records_hex_sizes"]
    parsed = [tf.train.Example.FromString(r) for r in records]
    for i, example in enumerate(parsed):
        feature = example.features.feature
        assert feature["id"].int64_list.value == [i * 1000 - 7]
        assert feature["label"].bytes_list.value == [f"label-{i}".encode()]
        assert feature["x"].float_list.value == [float(np.float32(v)) for v in (i + 0.25, -i * 1.5, 1e-3 * i)]
        assert list(feature["seq"].int64_list.value) == list(range(i, 3 * i))


@pytest.mark.parametrize("kind", sorted(COMPRESSIONS))
def test_the_v1_iterator_reads_the_same_records(kind):
    path = os.path.join(FIXTURES, f"examples_{kind}.tfrecord")
    assert list(tf.compat.v1.io.tf_record_iterator(path, COMPRESSIONS[kind])) == fixture_records(kind)
    options = tf.io.TFRecordOptions(COMPRESSIONS[kind])
    assert list(tf.compat.v1.io.tf_record_iterator(path, options)) == fixture_records(kind)


@pytest.mark.parametrize("options", [None, "", "GZIP", "ZLIB", tf.io.TFRecordOptions("GZIP", compression_level=1),
                                     tf.io.TFRecordOptions(compression_type="ZLIB", compression_level=9)])
def test_written_records_read_back(tmp_path, options):
    # Sizes no fixture has: empty records, one of 300 KB (past the reader's 256 KB buffer), many small ones.
    rng = np.random.default_rng(5)
    records = [b"", rng.bytes(300_000), b"x"] + [rng.bytes(int(n)) for n in rng.integers(0, 100, 257)]
    path = str(tmp_path / "r.tfrecord")
    with tf.io.TFRecordWriter(path, options) as writer:
        for r in records:
            writer.write(r)
    kind = tf.io.TFRecordOptions.get_compression_type_string(options)
    assert [t.numpy() for t in tf.data.TFRecordDataset(path, kind)] == records
    assert [t.numpy() for t in tf.data.TFRecordDataset(path, kind, buffer_size=7)] == records
    assert list(tf.compat.v1.io.tf_record_iterator(path, kind)) == records


def test_batches_of_records_are_read_whole(tmp_path):
    paths = []
    for f in range(3):
        paths.append(str(tmp_path / f"{f}.tfrecord"))
        with tf.io.TFRecordWriter(paths[-1]) as w:
            for i in range(5 + f):
                w.write(f"{f}-{i}".encode())
    flat = [f"{f}-{i}".encode() for f in range(3) for i in range(5 + f)]
    batches = list(tf.data.TFRecordDataset(paths).batch(4))
    assert [b.shape.as_list() for b in batches] == [[4], [4], [4], [4], [2]]
    assert [x for b in batches for x in b.numpy().tolist()] == flat
    dropped = list(tf.data.TFRecordDataset(paths).batch(4, drop_remainder=True))
    assert len(dropped) == 4
    assert tf.data.TFRecordDataset(paths).batch(4, drop_remainder=True).element_spec == \
        tf.TensorSpec([4], tf.string)


def test_parallel_reads_interleave_the_files_record_by_record(tmp_path):
    paths = []
    for f, n in enumerate((3, 1, 2)):
        paths.append(str(tmp_path / f"{f}.tfrecord"))
        with tf.io.TFRecordWriter(paths[-1]) as w:
            for i in range(n):
                w.write(f"{f}{i}".encode())
    got = [t.numpy().decode() for t in tf.data.TFRecordDataset(paths, num_parallel_reads=2)]
    # TensorFlow's interleave (cycle 2, block 1): file 2 takes file 1's place when it ends.
    assert got == ["00", "10", "01", "20", "02", "21"]
    assert [t.numpy() for t in tf.data.TFRecordDataset(tf.constant(paths))] == \
        [b"00", b"01", b"02", b"10", b"20", b"21"]


def test_the_dataset_prints_and_counts_as_tensorflows():
    ds = tf.data.TFRecordDataset(os.path.join(FIXTURES, "examples_plain.tfrecord"))
    assert repr(ds) == EXPECTED["dataset_repr"]
    assert ds.element_spec == tf.TensorSpec([], tf.string)
    assert int(ds.cardinality()) == tf.data.UNKNOWN_CARDINALITY
    assert isinstance(ds, tf.data.Dataset)


@pytest.mark.parametrize("case", sorted(EXPECTED["damaged"]))
def test_damaged_files_raise_tensorflows_data_loss_errors(tmp_path, case):
    data = open(os.path.join(FIXTURES, "examples_plain.tfrecord"), "rb").read()
    second = EXPECTED["second_record_offset"]
    change = {
        "data_crc": lambda b: b[:20] + bytes([b[20] ^ 1]) + b[21:],
        "length_crc": lambda b: b[:2] + bytes([b[2] ^ 4]) + b[3:],
        "second_length_crc": lambda b: b[:second + 9] + bytes([b[second + 9] ^ 1]) + b[second + 10:],
        "cut_in_data": lambda b: b[:second + 20],
        "cut_in_footer": lambda b: b[:-2],
    }[case]
    path = str(tmp_path / "damaged.tfrecord")
    open(path, "wb").write(change(data))
    expected = EXPECTED["damaged"][case]
    with pytest.raises(tf.errors.DataLossError) as info:
        list(tf.data.TFRecordDataset(path))
    assert [type(info.value).__name__, str(info.value)] == expected["dataset"]
    records = []
    with pytest.raises(tf.errors.DataLossError) as info:
        for r in tf.compat.v1.io.tf_record_iterator(path):
            records.append(r)
    assert [type(info.value).__name__, str(info.value)] == expected["iterator"]
    assert len(records) == expected["records_before"]
    with pytest.raises(tf.errors.DataLossError):
        list(tf.data.TFRecordDataset(path).batch(2))


@pytest.mark.parametrize("compression", ["GZIP", "ZLIB"])
def test_truncated_compressed_files_are_data_loss(tmp_path, compression):
    path = str(tmp_path / "c.tfrecord")
    with tf.io.TFRecordWriter(path, compression) as w:
        for i in range(50):
            w.write(bytes(range(i % 200)) * 3)
    data = open(path, "rb").read()
    for cut in (len(data) - 3, len(data) // 2, 5):
        open(path, "wb").write(data[:cut])
        with pytest.raises(tf.errors.DataLossError):
            list(tf.data.TFRecordDataset(path, compression))


def test_a_header_cut_short_is_data_loss_not_a_shorter_dataset(tmp_path):
    # TensorFlow ends quietly at a partial header; varrt refuses a file that ends inside one.
    data = open(os.path.join(FIXTURES, "examples_plain.tfrecord"), "rb").read()
    path = str(tmp_path / "cut.tfrecord")
    open(path, "wb").write(data[:EXPECTED["second_record_offset"] + 5])
    with pytest.raises(tf.errors.DataLossError, match=r"^.*truncated record at \d+' failed with Read less bytes"):
        list(tf.data.TFRecordDataset(path))


def test_file_and_option_errors_are_tensorflows(tmp_path):
    with pytest.raises(tf.errors.NotFoundError) as info:
        list(tf.data.TFRecordDataset(os.path.join(FIXTURES, "no_such.tfrecord")))
    assert [type(info.value).__name__, str(info.value)] == EXPECTED["missing_file"]
    with pytest.raises(ValueError) as info:
        tf.io.TFRecordWriter(os.path.join(FIXTURES, "_x"), "BAD")
    assert [type(info.value).__name__, str(info.value)] == EXPECTED["bad_compression_writer"]
    with pytest.raises(tf.errors.DataLossError) as info:
        list(tf.data.TFRecordDataset(os.path.join(FIXTURES, "examples_gzip.tfrecord"), "ZLIB"))
    assert [type(info.value).__name__, str(info.value)] == EXPECTED["gzip_read_as_zlib"]
    writer = tf.io.TFRecordWriter(str(tmp_path / "closed.tfrecord"))
    writer.close()
    with pytest.raises(tf.errors.FailedPreconditionError) as info:
        writer.write(b"x")
    assert [type(info.value).__name__, str(info.value)] == EXPECTED["write_after_close"]


def test_flush_makes_records_readable_while_the_writer_is_open(tmp_path):
    for options in (None, "GZIP"):
        path = str(tmp_path / f"f{options}.tfrecord")
        writer = tf.io.TFRecordWriter(path, options)
        writer.write(b"first")
        writer.flush()
        if options is None:
            assert list(tf.compat.v1.io.tf_record_iterator(path)) == [b"first"]
        writer.write(b"second")
        writer.close()
        assert list(tf.compat.v1.io.tf_record_iterator(path, options)) == [b"first", b"second"]


def test_compression_names_are_tensorflows():
    assert tf.io.TFRecordOptions.get_compression_type_string(None) == ""
    assert tf.io.TFRecordOptions.get_compression_type_string("ZLIB") == "ZLIB"
    assert tf.io.TFRecordOptions.get_compression_type_string(tf.io.TFRecordOptions("GZIP")) == "GZIP"
    assert tf.io.TFRecordOptions(compression_type="GZIP", compression_level=3).compression_level == 3


def test_files_from_a_dataset_interleave_and_flat_map():
    path = os.path.join(FIXTURES, "examples_plain.tfrecord")
    one = fixture_records("plain")
    files = tf.data.Dataset.from_tensor_slices([path, path])
    interleaved = [t.numpy() for t in files.interleave(tf.data.TFRecordDataset, cycle_length=2)]
    assert interleaved == [r for pair in zip(one, one) for r in pair]
    assert [t.numpy() for t in files.flat_map(lambda f: tf.data.TFRecordDataset(f))] == one + one
    assert [t.numpy() for t in tf.data.TFRecordDataset(files)] == one + one
