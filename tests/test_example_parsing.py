"""tf.io.parse_example, parse_single_example and the feature configurations against what
TensorFlow 2.21 parsed and raised (tests/fixtures/tfrecord/expected.json): eagerly, traced with an
unknown batch, and in tf.data pipelines over TFRecord files."""
import json
import os

import numpy as np
import pytest

import varrt as tf

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "tfrecord")
EXPECTED = json.loads(open(os.path.join(FIXTURES, "expected.json")).read().replace("{FIXTURES}", FIXTURES))
SPEC = {
    "id": tf.io.FixedLenFeature([], tf.int64),
    "x": tf.io.FixedLenFeature([3], tf.float32),
    "label": tf.io.FixedLenFeature([], tf.string),
    "tags": tf.io.VarLenFeature(tf.string),
    "seq": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True, default_value=-1),
    "missing": tf.io.FixedLenFeature([2], tf.float32, default_value=[0.5, 1.5]),
}


def records():
    return [r.numpy() for r in tf.data.TFRecordDataset(os.path.join(FIXTURES, "examples_plain.tfrecord"))]


def plain(value):
    if isinstance(value, tf.sparse.SparseTensor):
        return {"indices": value.indices.numpy().tolist(), "values": plain(value.values),
                "dense_shape": value.dense_shape.numpy().tolist()}
    v = np.asarray(value.numpy(), dtype=object if value.dtype == tf.string else None)
    if v.dtype == object:
        return {"dtype": "string", "shape": list(v.shape), "hex": [bytes(b).hex() for b in v.reshape(-1)]}
    return {"dtype": value.dtype.name, "shape": list(v.shape), "values": v.reshape(-1).tolist()}


def test_parse_example_gives_tensorflows_values():
    parsed = tf.io.parse_example(records(), SPEC)
    assert list(parsed) == EXPECTED["parsed_keys_order"]
    assert {k: plain(v) for k, v in parsed.items()} == EXPECTED["parse_example"]


def test_parse_single_example_gives_tensorflows_values():
    for record, expected in zip(records(), EXPECTED["parse_single_example"]):
        assert {k: plain(v) for k, v in tf.io.parse_single_example(record, SPEC).items()} == expected


def test_sparse_tensors_print_and_densify_as_tensorflows():
    rs = records()
    sparse = tf.io.parse_single_example(rs[3], {"tags": tf.io.VarLenFeature(tf.string)})["tags"]
    assert repr(sparse) == EXPECTED["sparse_repr"]
    assert plain(tf.sparse.to_dense(sparse)) == EXPECTED["sparse_to_dense"]
    seq = tf.io.parse_example(rs, {"seq": tf.io.VarLenFeature(tf.int64)})["seq"]
    assert plain(tf.sparse.to_dense(seq, default_value=-9)) == EXPECTED["sparse_to_dense_default"]
    assert seq.shape.as_list() == [5, 8] and seq.dtype == tf.int64


def test_feature_configurations_print_as_tensorflows():
    assert [repr(tf.io.FixedLenFeature([2], tf.float32)), repr(tf.io.VarLenFeature(tf.int64)),
            repr(tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True)),
            repr(tf.io.FixedLenFeature([], tf.string, default_value=b"x"))] == EXPECTED["feature_reprs"]


CASES = {
    "count_more": {"x": tf.io.FixedLenFeature([4], tf.float32)},
    "count_fewer": {"x": tf.io.FixedLenFeature([2], tf.float32)},
    "int_count": {"id": tf.io.FixedLenFeature([2], tf.int64)},
    "bytes_scalar": {"tags": tf.io.FixedLenFeature([], tf.string)},
    "dense_type": {"x": tf.io.FixedLenFeature([3], tf.int64)},
    "sparse_type": {"id": tf.io.VarLenFeature(tf.float32)},
    "missing": {"nope": tf.io.FixedLenFeature([], tf.float32)},
    "stride": {"seq": tf.io.FixedLenSequenceFeature([3], tf.int64, allow_missing=True)},
    "bad_dtype": {"id": tf.io.FixedLenFeature([], tf.int32)},
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_parses_raise_tensorflows_errors(case):
    rs = records()
    for how, call in (("single", lambda: tf.io.parse_single_example(rs[1], CASES[case])),
                      ("batch", lambda: tf.io.parse_example([rs[3], rs[1]], CASES[case]))):
        expected = EXPECTED["parse_errors"][case][how]
        if expected is None:
            call()
            continue
        with pytest.raises(Exception) as info:
            call()
        assert [type(info.value).__name__, str(info.value)] == expected, how


def test_argument_errors_are_tensorflows():
    rs = records()
    with pytest.raises(ValueError) as info:
        tf.io.parse_example([rs[1]], {})
    assert [type(info.value).__name__, str(info.value)] == EXPECTED["parse_errors"]["empty_features"]
    with pytest.raises(ValueError) as info:
        tf.io.parse_example([rs[1]], {"seq": tf.io.FixedLenSequenceFeature([], tf.int64)})
    assert [type(info.value).__name__, str(info.value)] == EXPECTED["parse_errors"]["no_allow_missing"]


def test_traced_with_an_unknown_batch_the_shapes_are_tensorflows():
    shapes = {}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def parse(x):
        r = tf.io.parse_example(x, SPEC)
        shapes.update({k: (str(v.shape) if not isinstance(v, tf.sparse.SparseTensor) else
                           [str(v.indices.shape), str(v.values.shape), str(v.dense_shape.shape)])
                       for k, v in r.items()})
        return r["x"], r["seq"], r["label"]

    rs = records()
    for n in (5, 2):  # sizes the trace never saw
        x, seq, label = parse(tf.constant(rs[:n]))
        eager = tf.io.parse_example(rs[:n], SPEC)
        np.testing.assert_array_equal(x.numpy(), eager["x"].numpy())
        np.testing.assert_array_equal(seq.numpy(), eager["seq"].numpy())
        assert label.numpy().tolist() == eager["label"].numpy().tolist()
    assert shapes == EXPECTED["traced_shapes"]


@pytest.mark.parametrize("kind, compression", [("gzip", "GZIP"), ("plain", None)])
def test_a_dataset_of_records_mapped_through_parse_single_example(kind, compression):
    ds = tf.data.TFRecordDataset(os.path.join(FIXTURES, f"examples_{kind}.tfrecord"), compression).map(
        lambda r: tf.io.parse_single_example(r, {"x": SPEC["x"], "id": SPEC["id"]})).batch(2)
    assert repr(ds.element_spec) == EXPECTED["mapped_spec"]
    assert [{k: plain(v) for k, v in b.items()} for b in ds] == EXPECTED["mapped"]


def test_fit_trains_on_parsed_records(tmp_path):
    path = str(tmp_path / "train.tfrecord")
    rng = np.random.default_rng(0)
    xs = rng.normal(size=(96, 4)).astype(np.float32)
    ys = (xs @ np.array([1.0, -2.0, 0.5, 3.0], np.float32)).astype(np.float32)
    with tf.io.TFRecordWriter(path, "ZLIB") as w:
        for x, y in zip(xs, ys):
            w.write(tf.train.Example(features=tf.train.Features(feature={
                "x": tf.train.Feature(float_list=tf.train.FloatList(value=x)),
                "y": tf.train.Feature(float_list=tf.train.FloatList(value=[y]))})).SerializeToString())
    spec = {"x": tf.io.FixedLenFeature([4], tf.float32), "y": tf.io.FixedLenFeature([1], tf.float32)}
    ds = tf.data.TFRecordDataset(path, "ZLIB").batch(16).map(lambda r: tf.io.parse_example(r, spec)).map(
        lambda d: (d["x"], d["y"]))
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
    history = model.fit(ds, epochs=5, verbose=0, shuffle=False)
    losses = history.history["loss"]
    assert losses[-1] < losses[0] / 4


def test_sparse_features_pass_through_map_and_batch_as_tensorflows():
    ds = tf.data.TFRecordDataset(os.path.join(FIXTURES, "examples_zlib.tfrecord"), "ZLIB").map(
        lambda r: tf.io.parse_single_example(r, {"tags": SPEC["tags"], "id": SPEC["id"]}))
    assert repr(ds.element_spec) == EXPECTED["sparse_mapped_spec"]
    assert repr(ds.batch(2).element_spec) == EXPECTED["sparse_batched_spec"]
    assert [{k: plain(v) for k, v in b.items()} for b in ds.batch(2)] == EXPECTED["sparse_batched"]


def test_a_traced_parse_runs_in_the_core():
    spec = {"x": SPEC["x"], "tags": SPEC["tags"], "seq": SPEC["seq"]}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def parse(x):
        r = tf.io.parse_example(x, spec)
        return r["x"], r["tags"].values, r["seq"]

    graph = parse.get_concrete_function().graph
    assert "ParseExampleV2" in [op.type for op in graph.get_operations()]
    assert graph.host_node_ops() == []  # no Python kernel: the node is the core's parser
    rs = records()
    x, tags, seq = parse(tf.constant(rs))
    eager = tf.io.parse_example(rs, spec)
    assert x.numpy().tolist() == eager["x"].numpy().tolist()
    assert tags.numpy().tolist() == eager["tags"].values.numpy().tolist()
    assert seq.numpy().tolist() == eager["seq"].numpy().tolist()


def test_raw_parse_example_v2_is_tensorflows_op():
    rs = records()
    out = tf.raw_ops.ParseExampleV2(serialized=rs, names=[], sparse_keys=["tags"], dense_keys=["id"], ragged_keys=[],
                                    dense_defaults=[tf.constant([], tf.int64)], num_sparse=1,
                                    sparse_types=[tf.string], ragged_value_types=[], ragged_split_types=[],
                                    dense_shapes=[[]])
    eager = tf.io.parse_example(rs, {"tags": SPEC["tags"], "id": SPEC["id"]})
    assert out[0][0].numpy().tolist() == eager["tags"].indices.numpy().tolist()
    assert out[3][0].numpy().tolist() == eager["id"].numpy().tolist()


def test_string_defaults_given_as_str_are_bytes():
    # The TFRecord tutorial's feature description: FixedLenFeature([], tf.string, default_value='');
    # TensorFlow 2.21 returns b'' (and [b'a', b'b'] for a list mixing str and bytes).
    features = {"f2": tf.io.FixedLenFeature([], tf.string, default_value=""),
                "f0": tf.io.FixedLenFeature([], tf.int64, default_value=0),
                "f3": tf.io.FixedLenFeature([2], tf.string, default_value=["a", b"b"])}
    example = tf.train.Example(features=tf.train.Features(feature={
        "f0": tf.train.Feature(int64_list=tf.train.Int64List(value=[3]))}))
    parsed = tf.io.parse_single_example(example.SerializeToString(), features)
    assert parsed["f2"].numpy() == b"" and int(parsed["f0"]) == 3
    assert parsed["f3"].numpy().tolist() == [b"a", b"b"] and parsed["f3"].dtype == tf.string
    def parse(serialized):
        return tf.io.parse_single_example(serialized, features)

    dataset = tf.data.Dataset.from_tensor_slices([example.SerializeToString()] * 2).map(parse)
    assert [d["f2"].numpy() for d in dataset] == [b"", b""]
