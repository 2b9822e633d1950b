"""tf.train.Example and its parts: constructors, attribute access, bytes and printed text as
TensorFlow 2.21's protobuf classes give them (tests/fixtures/tfrecord/expected.json)."""
import json
import os

import numpy as np
import pytest

import varrt as tf

EXPECTED = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "tfrecord",
                                       "expected.json")))


def one_feature_example(feature):
    return tf.train.Example(features=tf.train.Features(feature={"k": feature}))


@pytest.mark.parametrize("name, feature", [
    ("floats", tf.train.Feature(float_list=tf.train.FloatList(
        value=[0.1, 2.0, 1e20, -1.5e-7, float("inf"), float("-inf"), 3.4028235e38, 123456.7]))),
    ("ints", tf.train.Feature(int64_list=tf.train.Int64List(value=[0, -1, 2 ** 63 - 1, -2 ** 63]))),
    ("bytes", tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"plain", b"\x00\x01\n\t\r'\"\\\x7f\x80\xff"]))),
    ("empty_list", tf.train.Feature(float_list=tf.train.FloatList())),
])
def test_examples_print_as_protobufs_text_format(name, feature):
    assert str(one_feature_example(feature)) == EXPECTED["texts"][name]


def test_empty_messages_and_reprs_print_as_tensorflows():
    assert str(tf.train.Feature()) == EXPECTED["texts"]["empty_feature"]
    assert str(tf.train.Example()) == EXPECTED["texts"]["empty_example"]
    assert str(tf.train.Features(feature={"a": tf.train.Feature(int64_list=tf.train.Int64List(value=[1]))})) == \
        EXPECTED["texts"]["features_only"]
    assert repr(tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2]))) == EXPECTED["texts"]["feature_repr"]


def test_round_trip_through_bytes_keeps_every_value():
    rng = np.random.default_rng(3)
    feature = {
        "f": tf.train.Feature(float_list=tf.train.FloatList(value=rng.normal(size=1001).astype(np.float32))),
        "i": tf.train.Feature(int64_list=tf.train.Int64List(value=rng.integers(-2 ** 62, 2 ** 62, 333))),
        "b": tf.train.Feature(bytes_list=tf.train.BytesList(value=[rng.bytes(n) for n in range(70)])),
        "e": tf.train.Feature(),
        "ü": tf.train.Feature(int64_list=tf.train.Int64List(value=[-1])),
    }
    example = tf.train.Example(features=tf.train.Features(feature=feature))
    data = example.SerializeToString()
    back = tf.train.Example.FromString(data)
    assert back == example
    assert back.features.feature["f"].float_list.value == [float(v) for v in feature["f"].float_list.value]
    assert back.features.feature["ü"].int64_list.value == [-1]
    assert back.features.feature["e"].WhichOneof("kind") is None
    other = tf.train.Example()
    other.ParseFromString(data)
    assert other == example and other.SerializeToString() == data
    assert tf.train.Features.FromString(example.features.SerializeToString()) == example.features
    assert tf.train.Feature.FromString(feature["i"].SerializeToString()) == feature["i"]
    assert tf.train.FloatList.FromString(feature["f"].float_list.SerializeToString()) == feature["f"].float_list


def test_messages_compare_by_content():
    a = tf.train.Example(features={"feature": {"x": {"int64_list": {"value": [1, 2]}}}})
    b = tf.train.Example(features=tf.train.Features(feature={"x": tf.train.Feature(
        int64_list=tf.train.Int64List(value=[1, 2]))}))
    assert a == b
    assert a != tf.train.Example()
    assert tf.train.Feature(float_list=tf.train.FloatList(value=[1.0])) != \
        tf.train.Feature(int64_list=tf.train.Int64List(value=[1]))


def test_fields_are_built_by_mutation_as_protobuf_builds_them():
    example = tf.train.Example()
    assert not example.HasField("features")
    example.features.feature["x"].float_list.value.append(1.5)
    example.features.feature["x"].float_list.value.extend([2, 3])
    example.features.feature["y"].int64_list.value[:] = [7]
    assert example.HasField("features")
    assert example.features.feature["x"].WhichOneof("kind") == "float_list"
    back = tf.train.Example.FromString(example.SerializeToString())
    assert back.features.feature["x"].float_list.value == [1.5, 2.0, 3.0]
    assert back.features.feature["y"].int64_list.value == [7]
    # Reading an unset member gives an empty list and sets nothing.
    f = tf.train.Feature()
    assert f.bytes_list.value == [] and f.WhichOneof("kind") is None


def test_values_are_checked_and_rounded_as_protobuf_does():
    assert tf.train.FloatList(value=[0.1, 1e-3, 2.5]).value == EXPECTED["float_values"]
    with pytest.raises(TypeError):
        tf.train.Int64List(value=[1.5])
    with pytest.raises(TypeError):
        tf.train.FloatList(value=["a"])
    with pytest.raises(TypeError):
        tf.train.BytesList(value=[1])


def test_corrupt_bytes_raise_decode_error():
    with pytest.raises(Exception) as info:
        tf.train.Example.FromString(b"\x0a\x05\x01")
    assert [type(info.value).__name__, str(info.value)] == EXPECTED["parse_errors"]["from_string"]


def sequence_example():
    return tf.train.SequenceExample(
        context=tf.train.Features(feature={"len": tf.train.Feature(int64_list=tf.train.Int64List(value=[3]))}),
        feature_lists=tf.train.FeatureLists(feature_list={"tokens": tf.train.FeatureList(feature=[
            tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"a"])),
            tf.train.Feature(float_list=tf.train.FloatList(value=[0.5, 2])),
            tf.train.Feature()])}))


def test_sequence_examples_print_and_read_as_tensorflows():
    expected = EXPECTED["sequence_example"]
    seq = sequence_example()
    assert str(seq) == expected["text"]
    assert str(seq.feature_lists.feature_list["tokens"]) == expected["feature_list_text"]
    theirs = tf.train.SequenceExample.FromString(bytes.fromhex(expected["hex"]))
    assert theirs == seq and str(theirs) == expected["text"]
    assert tf.train.SequenceExample.FromString(seq.SerializeToString()) == seq
    empty = tf.train.SequenceExample(feature_lists=tf.train.FeatureLists())
    assert str(empty) == expected["empty_lists_text"]
    assert empty.SerializeToString().hex() == expected["empty_lists_hex"]
    assert not empty.HasField("context") and empty.HasField("feature_lists")


def test_feature_lists_are_built_by_mutation():
    seq = tf.train.SequenceExample()
    seq.feature_lists.feature_list["x"].feature.add().int64_list.value.extend([1, 2])
    seq.feature_lists.feature_list["x"].feature.add(float_list=tf.train.FloatList(value=[3.0]))
    seq.context.feature["n"].bytes_list.value.append(b"z")
    back = tf.train.SequenceExample.FromString(seq.SerializeToString())
    features = back.feature_lists.feature_list["x"].feature
    assert len(features) == 2 and features[0].int64_list.value == [1, 2] and features[1].float_list.value == [3.0]
    assert back.context.feature["n"].bytes_list.value == [b"z"]
    with pytest.raises(Exception):
        tf.train.SequenceExample.FromString(b"\x12\x05\x0a")
