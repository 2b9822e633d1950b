"""Real TensorFlow-written checkpoints (tests/fixtures/tf_checkpoints, TensorFlow 2.21) read by
varrt: every tensor against expected.json, and restored into varrt objects."""
import json
import types

import ml_dtypes
import numpy as np
import pytest

import varrt as tf
from varrt.checkpoint import object_graph as _object_graph

from ckpt_helpers import cpu_allocs, fixtures_dir

FIXTURES = fixtures_dir()

NUMPY_TYPES = {"float32": np.float32, "float64": np.float64, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16,
               "int32": np.int32, "int64": np.int64, "uint8": np.uint8, "bool": np.bool_, "complex64": np.complex64}


def expected():
    with open(FIXTURES / "expected.json") as f:
        return json.load(f)


def expected_array(spec):
    if spec["dtype"] == "string":
        return np.array([bytes.fromhex(h) for h in spec["values_hex"]], dtype=object).reshape(spec["shape"])
    values = spec["values"]
    if spec["dtype"].startswith("complex"):
        values = [complex(re, im) for re, im in values]
    return np.array(values, dtype=NUMPY_TYPES[spec["dtype"]]).reshape(spec["shape"])


CASES = [(prefix, key) for prefix, tensors in expected().items() for key in tensors]


@pytest.mark.parametrize("prefix,key", CASES)
def test_every_tensor_matches_expected_json(prefix, key):
    spec = expected()[prefix][key]
    reader = tf.train.load_checkpoint(str(FIXTURES / prefix))
    value = reader.get_tensor(key)
    want = expected_array(spec)
    assert reader.get_variable_to_dtype_map()[key] == tf.as_dtype(spec["dtype"])
    assert reader.get_variable_to_shape_map()[key] == spec["shape"]
    assert np.shape(value) == tuple(spec["shape"])
    if spec["dtype"] == "string":
        got = [bytes(x) for x in np.asarray(value, dtype=object).reshape(-1)]
        assert got == [bytes(x) for x in want.reshape(-1)]
        return
    value = np.asarray(value)
    assert value.dtype == want.dtype
    # Bit-exact, so -0.0 (in the complex fixture) and every float16/bfloat16 bit count.
    assert value.tobytes() == want.tobytes()


def test_key_sets_and_listing():
    for prefix, tensors in expected().items():
        reader = tf.train.load_checkpoint(str(FIXTURES / prefix))
        keys = set(reader.get_variable_to_shape_map())
        extra = {"_CHECKPOINTABLE_OBJECT_GRAPH"} if prefix.startswith("tf2") else set()
        assert keys == set(tensors) | extra
        # In TensorFlow's order (expected.json keeps the order TensorFlow's dtype map gave).
        for listed_map in (reader.get_variable_to_shape_map(), reader.get_variable_to_dtype_map()):
            assert [k for k in listed_map if k not in extra] == list(tensors)
        listed = tf.train.list_variables(str(FIXTURES / prefix))
        assert [name for name, _ in listed] == sorted(keys)
        assert all(reader.has_tensor(k) for k in keys)
        assert not reader.has_tensor("no/such/key")


def test_scalars_come_back_as_numpy_scalars_and_strings_as_bytes():
    reader = tf.train.load_checkpoint(str(FIXTURES / "tf2_checkpoint" / "ckpt"))
    step = reader.get_tensor("step/.ATTRIBUTES/VARIABLE_VALUE")
    assert type(step) is np.int32 and step == 5
    graph = reader.get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH")
    assert type(graph) is bytes
    assert reader.get_variable_to_dtype_map()["_CHECKPOINTABLE_OBJECT_GRAPH"] == tf.string


def test_load_variable_drops_colon_zero_and_reads_directories():
    saver_dir = FIXTURES / "saver_v1"
    np.testing.assert_array_equal(tf.train.load_variable(str(saver_dir), "v1:0"), [[1.0, 2.0], [3.0, 4.0]])
    assert tf.train.latest_checkpoint(str(saver_dir)) == str(saver_dir / "model.ckpt")
    with pytest.raises(ValueError, match="Couldn't find 'checkpoint' file or checkpoints in given directory"):
        tf.train.load_checkpoint(str(FIXTURES / "tf2_checkpoint"))


def test_missing_key_is_not_found():
    reader = tf.train.load_checkpoint(str(FIXTURES / "tf2_checkpoint" / "ckpt"))
    with pytest.raises(tf.errors.NotFoundError, match="Key nokey not found in checkpoint"):
        reader.get_tensor("nokey")


def test_object_graph_decodes_and_reencodes_byte_for_byte():
    reader = tf.train.load_checkpoint(str(FIXTURES / "tf2_checkpoint" / "ckpt"))
    raw = reader.get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH")
    nodes = _object_graph.decode(raw)
    assert len(nodes) == 19
    assert [(c.node_id, c.local_name) for c in nodes[7].children] == [(12, "l1"), (13, "l2"), (14, "step")]
    assert nodes[15].attributes[0].checkpoint_key == "model/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE"
    assert nodes[15].attributes[0].full_name == "kernel"
    assert _object_graph.encode(nodes) == raw


def _fixture_structure():
    """varrt objects shaped like the objects TensorFlow saved in tf2_checkpoint."""
    model = types.SimpleNamespace()
    model.l1 = types.SimpleNamespace(kernel=tf.Variable(np.zeros((4, 3), np.float32), name="kernel"),
                                     bias=tf.Variable(np.ones(3, np.float32), name="bias"))
    model.l2 = types.SimpleNamespace(kernel=tf.Variable(np.zeros((3, 2), np.float32), name="kernel"),
                                     bias=tf.Variable(np.ones(2, np.float32), name="bias"))
    model.step = tf.Variable(np.int64(0))
    objects = dict(
        w=tf.Variable(np.zeros((2, 3), np.float32)), b=tf.Variable(np.zeros(3, np.int64)),
        step=tf.Variable(np.int32(0)), s=tf.Variable([b"", b"", b""]), c=tf.Variable(np.zeros(2, np.complex64)),
        h=tf.Variable(np.zeros(2, np.float16)), bf=tf.Variable(np.zeros(3, ml_dtypes.bfloat16)),
        flag=tf.Variable([False, True]), d=tf.Variable(np.zeros((3, 2))), u8=tf.Variable(np.zeros(3, np.uint8)),
        model=model)
    return objects


def test_varrt_builds_tensorflows_object_graph_exactly(tmp_path):
    """Same structure, same names -> the same _CHECKPOINTABLE_OBJECT_GRAPH bytes as TensorFlow's."""
    ckpt = tf.train.Checkpoint(**_fixture_structure())
    ours = tf.train.load_checkpoint(ckpt.write(str(tmp_path / "ours"))).get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH")
    theirs = tf.train.load_checkpoint(str(FIXTURES / "tf2_checkpoint" / "ckpt")).get_tensor(
        "_CHECKPOINTABLE_OBJECT_GRAPH")
    assert ours == theirs


def test_checkpoint_read_restores_tensorflow_checkpoint_into_varrt_objects():
    objects = _fixture_structure()
    ckpt = tf.train.Checkpoint(**objects)
    status = ckpt.read(str(FIXTURES / "tf2_checkpoint" / "ckpt"))
    status.assert_consumed()
    spec = expected()["tf2_checkpoint/ckpt"]
    for name in ("w", "b", "step", "c", "h", "bf", "flag", "d", "u8"):
        want = expected_array(spec[f"{name}/.ATTRIBUTES/VARIABLE_VALUE"])
        assert objects[name].numpy().tobytes() == want.tobytes()
    assert list(objects["s"].numpy()) == [b"abc", b"", b"\xff\x00z"]
    model = objects["model"]
    np.testing.assert_array_equal(model.l1.kernel.numpy(),
                                  expected_array(spec["model/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE"]))
    np.testing.assert_array_equal(model.l2.bias.numpy(), [0.0, 0.0])
    assert model.step.numpy() == 42


def test_restore_creates_save_counter_which_this_checkpoint_lacks():
    # TensorFlow: restore() creates save_counter; this checkpoint (written by write()) has none.
    ckpt = tf.train.Checkpoint(**_fixture_structure())
    status = ckpt.restore(str(FIXTURES / "tf2_checkpoint" / "ckpt"))
    with pytest.raises(AssertionError, match=r"Found 1 Python objects that were not bound to checkpointed values.*"
                                             r"save_counter:0"):
        status.assert_existing_objects_matched()
    assert status.expect_partial() is status


def test_restore_writes_in_place_without_allocating():
    objects = _fixture_structure()
    ckpt = tf.train.Checkpoint(**objects)
    ckpt.read(str(FIXTURES / "tf2_checkpoint" / "ckpt"))  # first read: shapes already equal
    before = cpu_allocs()
    ckpt.read(str(FIXTURES / "tf2_checkpoint" / "ckpt"))
    # Only the strings variable gets a new buffer (strings are rebuilt); numeric ones are in place.
    assert cpu_allocs() - before <= 2


def test_saver_restores_name_based_checkpoint_and_renames():
    prefix = str(FIXTURES / "saver_v1" / "model.ckpt")
    v1 = tf.Variable(np.zeros((2, 2), np.float32), name="v1")
    v2 = tf.Variable(np.zeros(3, np.int32), name="my_v2")
    tf.train.Saver([v1, v2]).restore(None, prefix)
    np.testing.assert_array_equal(v1.numpy(), [[1, 2], [3, 4]])
    np.testing.assert_array_equal(v2.numpy(), [10, 20, 30])
    params = tf.Variable(np.zeros(3, np.int32), name="params")
    tf.train.Saver({"my_v2": params}).restore(None, prefix)
    np.testing.assert_array_equal(params.numpy(), [10, 20, 30])


def test_checkpoint_restore_of_name_based_checkpoint_matches_by_variable_name():
    v1 = tf.Variable(np.zeros((2, 2), np.float32), name="v1")
    other = tf.Variable(0.0, name="other")
    status = tf.train.Checkpoint(a=v1, b=other).read(str(FIXTURES / "saver_v1" / "model.ckpt"))
    np.testing.assert_array_equal(v1.numpy(), [[1, 2], [3, 4]])
    with pytest.raises(AssertionError, match="Some objects had attributes which were not restored"):
        status.assert_consumed()
