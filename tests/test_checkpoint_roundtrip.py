"""Saving and restoring with varrt alone: every dtype, Checkpoint object trees, Saver subsets
and renames, CheckpointManager, the state file, load statuses and their messages."""
import collections
import os
import pathlib
import types

import numpy as np
import pytest

import varrt as tf
from varrt.trackable import tracking as _tracking

from ckpt_helpers import all_dtype_values, assert_bitwise_equal, cpu_allocs, variable_of, zeros_like_value


class Plain:
    """A plain Python object holding variables (varrt tracks its attributes like AutoTrackable)."""


# --- every dtype ------------------------------------------------------------------------------

def test_every_dtype_round_trips_bit_exactly(tmp_path):
    values = all_dtype_values(np.random.default_rng(1))
    saved = {name: variable_of(v) for name, v in values.items()}
    path = tf.train.Checkpoint(**saved).write(str(tmp_path / "all"))
    assert path == str(tmp_path / "all")
    fresh = {name: variable_of(zeros_like_value(v)) for name, v in values.items()}
    tf.train.Checkpoint(**fresh).read(path).assert_consumed()
    for name, array in values.items():
        assert_bitwise_equal(fresh[name].numpy(), array)
        assert fresh[name].dtype == saved[name].dtype
    reader = tf.train.load_checkpoint(path)
    for name, array in values.items():
        assert_bitwise_equal(reader.get_tensor(f"{name}/.ATTRIBUTES/VARIABLE_VALUE"), array)
        assert reader.get_variable_to_shape_map()[f"{name}/.ATTRIBUTES/VARIABLE_VALUE"] == list(array.shape)


def test_long_strings_use_multibyte_varint_lengths(tmp_path):
    big = np.array([b"x" * 200, b"y" * 70000, b"", bytes(range(256))], dtype=object)
    v = tf.Variable(big)
    tf.train.Checkpoint(v=v).write(str(tmp_path / "s"))
    w = tf.Variable(np.array([b""] * 4, dtype=object))
    tf.train.Checkpoint(v=w).read(str(tmp_path / "s"))
    assert list(w.numpy()) == list(big)


def test_file_names_and_layout(tmp_path):
    tf.train.Checkpoint(v=tf.Variable(1.0)).write(str(tmp_path / "sub" / "dir" / "ck"))
    assert sorted(os.listdir(tmp_path / "sub" / "dir")) == ["ck.data-00000-of-00001", "ck.index"]


# --- object trees -------------------------------------------------------------------------------

Pair = collections.namedtuple("Pair", ["first", "second"])


def _tree(fill):
    def var(shape, name=None):
        return tf.Variable(np.full(shape, fill, np.float32), name=name)

    model = Plain()
    model.encoder = Plain()
    model.encoder.kernel = var((3, 2), "kernel")
    model.encoder.bias = var((2,), "bias")
    model.layers = [var((2,)), {"w.1/x": var((1,)), "b": var(())}, (var((4,)),)]
    model.pair = Pair(var((1,)), 7)
    model._private = var((2, 2))
    model.not_tracked = 3.0
    model.helper = Plain()  # holds no variables: left out of the graph
    model.helper.value = 1
    model.shared = model.encoder  # a second path to the same object
    model.cycle = model
    return model


def test_keys_follow_tensorflows_paths(tmp_path):
    model = _tree(1.0)
    path = tf.train.Checkpoint(model=model, step=tf.Variable(np.int64(3))).write(str(tmp_path / "k"))
    keys = [k for k, _ in tf.train.list_variables(path)]
    assert keys == sorted([
        "_CHECKPOINTABLE_OBJECT_GRAPH",
        "model/_private/.ATTRIBUTES/VARIABLE_VALUE",
        "model/encoder/bias/.ATTRIBUTES/VARIABLE_VALUE",
        "model/encoder/kernel/.ATTRIBUTES/VARIABLE_VALUE",
        "model/layers/0/.ATTRIBUTES/VARIABLE_VALUE",
        "model/layers/1/b/.ATTRIBUTES/VARIABLE_VALUE",
        "model/layers/1/w..1.Sx/.ATTRIBUTES/VARIABLE_VALUE",
        "model/layers/2/0/.ATTRIBUTES/VARIABLE_VALUE",
        "model/pair/first/.ATTRIBUTES/VARIABLE_VALUE",
        "step/.ATTRIBUTES/VARIABLE_VALUE",
    ])


def test_nested_objects_restore_into_fresh_objects(tmp_path):
    saved = _tree(2.5)
    path = tf.train.Checkpoint(model=saved).write(str(tmp_path / "t"))
    fresh = _tree(0.0)
    status = tf.train.Checkpoint(model=fresh).read(path)
    status.assert_consumed()
    status.assert_existing_objects_matched()
    status.assert_nontrivial_match()
    for var in (fresh.encoder.kernel, fresh.encoder.bias, fresh.layers[0], fresh.layers[1]["w.1/x"],
                fresh.layers[1]["b"], fresh.layers[2][0], fresh.pair.first, fresh._private):
        assert np.all(var.numpy() == 2.5)


def test_checkpoint_attributes_set_after_construction_are_tracked(tmp_path):
    ckpt = tf.train.Checkpoint(b=tf.Variable(1.0))
    ckpt.a = tf.Variable(2.0)
    ckpt.number = 5  # not trackable: ignored
    path = ckpt.write(str(tmp_path / "c"))
    assert [k for k, _ in tf.train.list_variables(path)] == [
        "_CHECKPOINTABLE_OBJECT_GRAPH", "a/.ATTRIBUTES/VARIABLE_VALUE", "b/.ATTRIBUTES/VARIABLE_VALUE"]


def test_checkpoint_rejects_untrackable_values():
    with pytest.raises(ValueError, match="`Checkpoint` was expecting x to be a trackable object"):
        tf.train.Checkpoint(x=1)
    with pytest.raises(ValueError, match="a non-string key"):
        tf.train.Checkpoint(d={3: tf.Variable(1.0)}).write("/tmp/never-written")


def test_graph_is_used_to_match_objects_on_restore(tmp_path):
    # The same variable saved under two paths is one node; restoring follows child names.
    v = tf.Variable([1.0, 2.0])
    holder = Plain()
    holder.first = v
    holder.second = v
    path = tf.train.Checkpoint(h=holder).write(str(tmp_path / "g"))
    assert [k for k, _ in tf.train.list_variables(path)][1:] == ["h/first/.ATTRIBUTES/VARIABLE_VALUE"]
    w = tf.Variable([0.0, 0.0])
    other = Plain()
    other.second = w  # reachable only through the second name
    tf.train.Checkpoint(h=other).read(path).assert_existing_objects_matched()
    np.testing.assert_array_equal(w.numpy(), [1.0, 2.0])


# --- statuses -----------------------------------------------------------------------------------

def _module(**variables):
    m = Plain()
    for k, v in variables.items():
        setattr(m, k, v)
    return m


def test_status_messages_for_extra_and_missing_objects(tmp_path):
    path = tf.train.Checkpoint(model=_module(a=tf.Variable([1.0, 2.0]), b=tf.Variable(3))).write(
        str(tmp_path / "s"))
    extra = _module(a=tf.Variable([0.0, 0.0]), b=tf.Variable(0), c=tf.Variable(5.0))
    status = tf.train.Checkpoint(model=extra).read(path)
    np.testing.assert_array_equal(extra.a.numpy(), [1.0, 2.0])
    with pytest.raises(AssertionError) as raised:
        status.assert_consumed()
    # TensorFlow's text exactly (varrt's key report is a note beside it, not in str()).
    assert str(raised.value) == ("Found 1 Python objects that were not bound to checkpointed values, likely due to "
                                 "changes in the Python program. Showing 1 of 1 unmatched objects: "
                                 "[<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=5.0>]")
    status.assert_nontrivial_match()

    missing = _module(a=tf.Variable([0.0, 0.0]))
    status = tf.train.Checkpoint(model=missing).read(path)
    status.assert_existing_objects_matched()
    with pytest.raises(AssertionError, match=r"Unresolved object in checkpoint \(root\).model.b: attributes \{\n"
                                             r"  name: \"VARIABLE_VALUE\""):
        status.assert_consumed()
    assert status.expect_partial() is status


def test_restore_none_is_initialization_only():
    status = tf.train.Checkpoint(v=tf.Variable(1.0)).restore(None)
    assert type(status).__name__ == "InitializationOnlyStatus"
    with pytest.raises(AssertionError, match="No checkpoint specified"):
        status.assert_consumed()


def test_nothing_matched(tmp_path):
    path = tf.train.Checkpoint(a=tf.Variable(1.0)).write(str(tmp_path / "n"))
    status = tf.train.Checkpoint(other=tf.Variable(1.0)).read(path)
    with pytest.raises(AssertionError, match="Nothing except the root object matched"):
        status.assert_nontrivial_match()


def test_missing_checkpoint_message(tmp_path):
    with pytest.raises(tf.errors.NotFoundError, match=r"Error when restoring from checkpoint or SavedModel at "
                                                      r".*nothere: Unsuccessful TensorSliceReader constructor: "
                                                      r"Failed to find any matching files for .*nothere\nPlease "
                                                      r"double-check that the path is correct"):
        tf.train.Checkpoint(v=tf.Variable(1.0)).restore(str(tmp_path / "nothere"))
    with pytest.raises(tf.errors.NotFoundError, match="Unsuccessful TensorSliceReader constructor"):
        tf.train.load_checkpoint(str(tmp_path / "nothere"))


# --- mismatches leave every variable untouched --------------------------------------------------

def test_shape_mismatch_is_value_error_and_nothing_changes(tmp_path):
    path = tf.train.Checkpoint(a=tf.Variable([1.0, 2.0]), b=tf.Variable([1.0, 2.0])).write(str(tmp_path / "m"))
    a, b = tf.Variable([0.0, 0.0]), tf.Variable([0.0, 0.0, 0.0])
    with pytest.raises(ValueError) as raised:
        tf.train.Checkpoint(a=a, b=b).read(path)
    assert str(raised.value) == ("Received incompatible tensor with shape (2,) when attempting to restore variable "
                                 "with shape (3,) and name Variable:0.")
    np.testing.assert_array_equal(a.numpy(), [0.0, 0.0])  # restored first alphabetically, yet untouched


def test_dtype_mismatch_is_invalid_argument_and_nothing_changes(tmp_path):
    path = tf.train.Checkpoint(a=tf.Variable([1.0, 2.0]), b=tf.Variable([1.0, 2.0])).write(str(tmp_path / "d"))
    a, b = tf.Variable([0.0, 0.0]), tf.Variable([0, 0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="tensor_name = b/.ATTRIBUTES/VARIABLE_VALUE; expected "
                                                             "dtype int32 does not equal original dtype float"):
        tf.train.Checkpoint(a=a, b=b).read(path)
    np.testing.assert_array_equal(a.numpy(), [0.0, 0.0])


def test_partially_known_shape_takes_the_stored_shape(tmp_path):
    path = tf.train.Checkpoint(v=tf.Variable(np.arange(6.0).reshape(2, 3))).write(str(tmp_path / "p"))
    v = tf.Variable(np.zeros((1, 3)), shape=tf.TensorShape([None, 3]))
    tf.train.Checkpoint(v=v).read(path)
    np.testing.assert_array_equal(v.numpy(), np.arange(6.0).reshape(2, 3))


# --- in place and copy-on-write -----------------------------------------------------------------

def test_restore_is_in_place_and_respects_readers(tmp_path):
    v = tf.Variable(np.arange(1000, dtype=np.float32))
    path = tf.train.Checkpoint(v=v).write(str(tmp_path / "i"))
    v.assign(np.zeros(1000, np.float32))
    before = cpu_allocs()
    tf.train.Checkpoint(v=v).read(path)
    assert cpu_allocs() - before == 1  # the object graph string only: v is written in place
    np.testing.assert_array_equal(v.numpy(), np.arange(1000))

    v.assign(np.zeros(1000, np.float32))
    held = v.read_value()  # a reader holds the buffer: restore must not change it
    tf.train.Checkpoint(v=v).read(path)
    np.testing.assert_array_equal(held.numpy(), np.zeros(1000))
    np.testing.assert_array_equal(v.numpy(), np.arange(1000))


def test_save_does_not_change_while_writing_after_updates(tmp_path):
    v = tf.Variable(np.ones(10, np.float32))
    ckpt = tf.train.Checkpoint(v=v)
    p1 = ckpt.write(str(tmp_path / "one"))
    v.assign_add(np.ones(10, np.float32))
    p2 = ckpt.write(str(tmp_path / "two"))
    assert np.all(tf.train.load_variable(p1, "v/.ATTRIBUTES/VARIABLE_VALUE") == 1)
    assert np.all(tf.train.load_variable(p2, "v/.ATTRIBUTES/VARIABLE_VALUE") == 2)


# --- save(), the state file, latest_checkpoint --------------------------------------------------

def test_save_numbers_checkpoints_and_writes_state_file(tmp_path):
    v = tf.Variable(1.0)
    ckpt = tf.train.Checkpoint(v=v)
    prefix = str(tmp_path / "run" / "ck")
    paths = [ckpt.save(prefix) for _ in range(3)]
    assert paths == [prefix + "-1", prefix + "-2", prefix + "-3"]
    assert (tmp_path / "run" / "checkpoint").read_text() == (
        'model_checkpoint_path: "ck-3"\nall_model_checkpoint_paths: "ck-3"\n')
    assert tf.train.latest_checkpoint(str(tmp_path / "run")) == prefix + "-3"
    assert int(ckpt.save_counter.numpy()) == 3
    assert ckpt.save_counter.name == "save_counter:0" and ckpt.save_counter.dtype == tf.int64
    keys = [k for k, _ in tf.train.list_variables(prefix + "-2")]
    assert "save_counter/.ATTRIBUTES/VARIABLE_VALUE" in keys

    v.assign(0.0)
    other = tf.train.Checkpoint(v=v)
    other.restore(tf.train.latest_checkpoint(str(tmp_path / "run"))).assert_consumed()
    assert v.numpy() == 1.0 and int(other.save_counter.numpy()) == 3


def test_latest_checkpoint_none_cases(tmp_path):
    assert tf.train.latest_checkpoint(str(tmp_path / "nope")) is None
    (tmp_path / "checkpoint").write_text('model_checkpoint_path: "gone-1"\n')
    assert tf.train.latest_checkpoint(str(tmp_path)) is None  # files missing
    (tmp_path / "checkpoint").write_text("garbage {{{\n")
    assert tf.train.latest_checkpoint(str(tmp_path)) is None


def test_state_file_parser_handles_escapes_and_absolute_paths(tmp_path):
    from varrt.checkpoint import checkpoint_management as cm
    state = cm.CheckpointState('we"ird\\name\n-1', ['a', 'we"ird\\name\n-1'], [1.5, 2.25], 0.5)
    parsed = cm.parse_state(state.to_text())
    assert parsed.model_checkpoint_path == 'we"ird\\name\n-1'
    assert parsed.all_model_checkpoint_paths == ["a", 'we"ird\\name\n-1']
    assert parsed.all_model_checkpoint_timestamps == [1.5, 2.25] and parsed.last_preserved_timestamp == 0.5
    (tmp_path / "checkpoint").write_text(f'model_checkpoint_path: "{tmp_path}/abs-1"\n')
    assert tf.train.get_checkpoint_state(str(tmp_path)).model_checkpoint_path == f"{tmp_path}/abs-1"


def test_state_file_quotes_as_tensorflow_writes_it(tmp_path):
    # TensorFlow 2.21 wrote these bytes for the same save: non-ASCII as UTF-8, controls in octal.
    path = tf.train.Checkpoint(v=tf.Variable(1.0)).save(str(tmp_path / "ck-\u00e9'\"x\x01\t"))
    assert (tmp_path / "checkpoint").read_bytes() == (b'model_checkpoint_path: "ck-\xc3\xa9\\\'\\"x\\001\\t-1"\n'
                                                      b'all_model_checkpoint_paths: "ck-\xc3\xa9\\\'\\"x\\001\\t-1"\n')
    assert tf.train.latest_checkpoint(str(tmp_path)) == path


# --- CheckpointManager --------------------------------------------------------------------------

def test_checkpoint_manager_keeps_max_to_keep(tmp_path):
    v = tf.Variable(0.0)
    ckpt = tf.train.Checkpoint(v=v)
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=2)
    assert manager.latest_checkpoint is None and manager.checkpoints == []
    for i in range(4):
        v.assign(float(i))
        manager.save()
    d = str(tmp_path)
    assert manager.checkpoints == [f"{d}/ckpt-3", f"{d}/ckpt-4"]
    assert manager.latest_checkpoint == f"{d}/ckpt-4" == tf.train.latest_checkpoint(d)
    assert sorted(os.listdir(d)) == ["checkpoint", "ckpt-3.data-00000-of-00001", "ckpt-3.index",
                                     "ckpt-4.data-00000-of-00001", "ckpt-4.index"]
    state = (tmp_path / "checkpoint").read_text().splitlines()
    assert state[:3] == ['model_checkpoint_path: "ckpt-4"', 'all_model_checkpoint_paths: "ckpt-3"',
                         'all_model_checkpoint_paths: "ckpt-4"']
    assert [line.split(":")[0] for line in state[3:]] == ["all_model_checkpoint_timestamps"] * 2 + [
        "last_preserved_timestamp"]

    assert manager.save(checkpoint_number=100) == f"{d}/ckpt-100"
    assert int(ckpt.save_counter.numpy()) == 5  # the counter still counts saves

    # A new manager over the same directory adopts the kept checkpoints.
    again = tf.train.CheckpointManager(ckpt, d, max_to_keep=2, checkpoint_name="model")
    assert again.checkpoints == [f"{d}/ckpt-4", f"{d}/ckpt-100"]
    assert again.save() == f"{d}/model-6"
    assert not os.path.exists(f"{d}/ckpt-4.index")

    v.assign(-1.0)
    assert again.restore_or_initialize() == f"{d}/model-6"
    assert v.numpy() == 3.0


def test_checkpoint_manager_does_not_adopt_checkpoints_without_timestamps(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(0.0))
    ckpt.save(str(tmp_path / "ckpt"))
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=1)
    assert manager.checkpoints == [] and manager.latest_checkpoint == str(tmp_path / "ckpt-1")


def test_checkpoint_manager_none_keeps_all_and_validates(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(0.0))
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=None)
    for _ in range(3):
        manager.save()
    assert len(manager.checkpoints) == 3
    with pytest.raises(ValueError, match="Expected a positive integer or `None` for `max_to_keep`, got 0."):
        tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=0)
    called = []
    fresh = tf.train.CheckpointManager(ckpt, str(tmp_path / "empty"), max_to_keep=1, init_fn=lambda: called.append(1))
    assert fresh.restore_or_initialize() is None and called == [1]


# --- Saver -------------------------------------------------------------------------------------

def test_saver_keys_subsets_and_renames(tmp_path):
    weights = tf.Variable([1.0, 2.0], name="weights")
    w = tf.Variable(3, name="scope/w")
    other = tf.Variable([5.0], name="other")
    d = tmp_path / "s"
    d.mkdir()
    s1 = tf.train.Saver([weights, w])
    s2 = tf.train.Saver({"renamed_other": other})
    p1 = s1.save(None, str(d / "model.ckpt"))
    p2 = s2.save(None, str(d / "other.ckpt"))
    assert p1 == str(d / "model.ckpt")
    assert tf.train.list_variables(p1) == [("scope/w", []), ("weights", [2])]
    assert tf.train.list_variables(p2) == [("renamed_other", [1])]

    params = tf.Variable([0.0, 0.0], name="params")
    tf.train.Saver({"weights": params}).restore(None, p1)
    np.testing.assert_array_equal(params.numpy(), [1.0, 2.0])
    weights.assign([0.0, 0.0])
    w.assign(0)
    s1.restore(None, p1)
    assert list(weights.numpy()) == [1.0, 2.0] and w.numpy() == 3


def test_saver_global_step_state_file_and_max_to_keep(tmp_path):
    v = tf.Variable(1.0, name="v")
    saver = tf.train.Saver([v], max_to_keep=2)
    prefix = str(tmp_path / "model.ckpt")
    for step in (1, 2, 3):
        assert saver.save(None, prefix, global_step=step) == f"{prefix}-{step}"
    assert saver.last_checkpoints == [f"{prefix}-2", f"{prefix}-3"]
    assert not os.path.exists(f"{prefix}-1.index")
    state = (tmp_path / "checkpoint").read_text()
    assert state.startswith(f'model_checkpoint_path: "{prefix}-3"\n')  # absolute save_dir: absolute paths
    assert saver.save(None, prefix, global_step=tf.Variable(9)) == f"{prefix}-9"


def test_saver_errors(tmp_path):
    with pytest.raises(RuntimeError, match="When eager execution is enabled, `var_list` must specify a list or dict"):
        tf.train.Saver()
    with pytest.raises(ValueError, match="At least two variables have the same name: x"):
        tf.train.Saver([tf.Variable(1.0, name="x"), tf.Variable(2.0, name="x")])
    v = tf.Variable(1.0, name="v")
    p = tf.train.Saver([v]).save(None, str(tmp_path / "m"))
    with pytest.raises(tf.errors.NotFoundError, match=r"Restoring from checkpoint failed\..*\n\nKey nothere not "
                                                      r"found in checkpoint"):
        tf.train.Saver({"nothere": v}).restore(None, p)
    with pytest.raises(ValueError, match="The passed save_path is not a valid checkpoint"):
        tf.train.Saver([v]).restore(None, str(tmp_path / "nothing"))
    with pytest.raises(ValueError, match="Parent directory of .* doesn't exist, can't save."):
        tf.train.Saver([v]).save(None, str(tmp_path / "no" / "dir" / "m"))
    assert tf.train.Saver([v, v]).save(None, str(tmp_path / "dup")) == str(tmp_path / "dup")


def test_many_variables_make_a_multi_block_index(tmp_path):
    variables = {f"layer_{i:05d}/" + "x" * 100: tf.Variable(np.float32(i)) for i in range(3000)}
    p = tf.train.Saver(variables).save(None, str(tmp_path / "big"))
    assert os.path.getsize(p + ".index") > 262144  # more than one 256 KB data block
    reader = tf.train.load_checkpoint(p)
    assert len(reader.get_variable_to_shape_map()) == 3000
    assert reader.get_tensor("layer_02999/" + "x" * 100) == 2999


def test_cli_inspect(tmp_path, capsys):
    from varrt.__main__ import main
    p = tf.train.Checkpoint(v=tf.Variable([1.5, 2.5])).write(str(tmp_path / "cli"))
    assert main(["inspect", p]) == 0
    out = capsys.readouterr().out
    assert "tensor_name:  v/.ATTRIBUTES/VARIABLE_VALUE  dtype: float32  shape: [2]" in out
    assert "[1.5 2.5]" not in out
    assert main(["inspect", p, "--values"]) == 0
    assert "[1.5 2.5]" in capsys.readouterr().out
    assert main(["inspect", str(tmp_path / "missing")]) == 1
    assert "NotFoundError" in capsys.readouterr().err
