"""tf.io.serialize_tensor, parse_tensor, read_file and write_file against TensorFlow 2.21's
bytes, values and errors (tests/fixtures/tfrecord/expected.json)."""
import json
import os

import numpy as np
import pytest

import varrt as tf

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "tfrecord")
EXPECTED = json.loads(open(os.path.join(FIXTURES, "expected.json")).read().replace("{FIXTURES}", FIXTURES))


def plain(value):
    v = np.asarray(value.numpy(), dtype=object if value.dtype == tf.string else None)
    if v.dtype == object:
        return {"dtype": "string", "shape": list(v.shape), "hex": [bytes(b).hex() for b in v.reshape(-1)]}
    return {"dtype": value.dtype.name, "shape": list(v.shape), "values": v.reshape(-1).tolist()}


@pytest.mark.parametrize("name", sorted(EXPECTED["serialized_tensors"]))
def test_tensors_serialize_to_tensorflows_bytes_and_parse_back(name):
    case = EXPECTED["serialized_tensors"][name]
    data = bytes.fromhex(case["hex"])
    dtype = tf.as_dtype(case["value"]["dtype"])
    parsed = tf.io.parse_tensor(data, dtype)
    assert plain(parsed) == case["value"]
    # TensorProto bytes are deterministic (no maps): varrt writes TensorFlow's.
    serialized = tf.io.serialize_tensor(parsed)
    assert serialized.shape == () and serialized.dtype == tf.string
    assert serialized.numpy().hex() == case["hex"]


def test_typed_values_fill_the_shape_with_the_last_one():
    case = EXPECTED["typed_proto"]
    assert plain(tf.io.parse_tensor(bytes.fromhex(case["hex"]), tf.float32)) == case["value"]


def test_a_large_tensor_round_trips():
    value = np.random.default_rng(1).normal(size=(301, 7)).astype(np.float64)
    back = tf.io.parse_tensor(tf.io.serialize_tensor(value), tf.float64)
    np.testing.assert_array_equal(back.numpy(), value)


def test_parse_errors_are_tensorflows():
    serialized = tf.io.serialize_tensor(tf.constant([1.0]))
    for case, call in (("type", lambda: tf.io.parse_tensor(serialized, tf.int32)),
                       ("garbage", lambda: tf.io.parse_tensor(b"\xff\xff", tf.int32))):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            call()
        assert [type(info.value).__name__, str(info.value)] == EXPECTED["parse_tensor_errors"][case]


def test_parse_tensor_traced_has_an_unknown_shape():
    seen = {}

    @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
    def parse(s):
        t = tf.io.parse_tensor(s, tf.float32)
        seen["text"] = str(t)
        return t * 2

    value = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(parse(tf.io.serialize_tensor(value)).numpy(), value * 2)
    assert seen["text"] == EXPECTED["traced_parse_tensor"]


def test_files_are_written_and_read_whole(tmp_path):
    path = str(tmp_path / "sub" / "dir" / "f.bin")  # write_file makes the directories
    data = bytes(range(256)) * 1000
    assert tf.io.write_file(path, data) is None
    got = tf.io.read_file(path)
    assert got.shape == () and got.dtype == tf.string and got.numpy() == data
    with pytest.raises(tf.errors.NotFoundError) as info:
        tf.io.read_file(os.path.join(FIXTURES, "no_such_file"))
    assert [type(info.value).__name__, str(info.value)] == EXPECTED["read_file_missing"]
