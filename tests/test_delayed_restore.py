"""Delayed restoration: a variable assigned to a Module or Checkpoint after a restore gets the
checkpoint's value then, as in TensorFlow (its training_checkpoints guide's "Delayed
restorations"). Values are read when the variable arrives, never for parts left unused."""
import numpy as np
import pytest

import varrt as tf


def _saved(tmp_path):
    bias = tf.Variable(tf.ones([5]))
    kernel = tf.Variable(tf.ones([1, 5]) * 3.0)
    layer = tf.train.Checkpoint(bias=bias, kernel=kernel)
    root = tf.train.Checkpoint(net=tf.train.Checkpoint(l1=layer))
    return root.save(str(tmp_path / "ckpt"))


def test_the_guides_delayed_restoration(tmp_path):
    path = _saved(tmp_path)
    to_restore = tf.Variable(tf.zeros([5]))
    fake_layer = tf.train.Checkpoint(bias=to_restore)
    fake_net = tf.train.Checkpoint(l1=fake_layer)
    new_root = tf.train.Checkpoint(net=fake_net)
    status = new_root.restore(path)
    assert to_restore.numpy().tolist() == [1.0] * 5
    delayed_restore = tf.Variable(tf.zeros([1, 5]))
    assert delayed_restore.numpy().tolist() == [[0.0] * 5]  # not restored yet
    fake_layer.kernel = delayed_restore
    assert delayed_restore.numpy().tolist() == [[3.0] * 5]  # restored on assignment
    status.assert_existing_objects_matched()
    status.assert_consumed()  # every value has found its variable now


def test_a_module_built_after_the_restore_gets_its_values(tmp_path):
    model = tf.Module()
    model.dense = tf.Module()
    model.dense.kernel = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))
    model.dense.bias = tf.Variable(np.ones(3, np.float32))
    path = tf.train.Checkpoint(model=model).write(str(tmp_path / "m"))

    lazy = tf.Module()
    status = tf.train.Checkpoint(model=lazy).read(path)
    assert status.missing_keys == []
    lazy.dense = tf.Module()  # as a layer's build: the module first, its variables later
    lazy.dense.kernel = tf.Variable(np.zeros((2, 3), np.float32))
    lazy.dense.bias = tf.Variable(np.zeros(3, np.float32))
    np.testing.assert_array_equal(lazy.dense.kernel.numpy(), np.arange(6).reshape(2, 3))
    np.testing.assert_array_equal(lazy.dense.bias.numpy(), np.ones(3))
    status.assert_consumed()


def test_a_variable_not_in_the_checkpoint_is_left_alone(tmp_path):
    path = _saved(tmp_path)
    layer = tf.train.Checkpoint()
    tf.train.Checkpoint(net=tf.train.Checkpoint(l1=layer)).restore(path)
    other = tf.Variable(7.0)
    layer.other = other
    assert float(other.numpy()) == 7.0


def test_a_dtype_mismatch_on_assignment_raises_and_the_value_is_not_kept(tmp_path):
    path = _saved(tmp_path)
    layer = tf.train.Checkpoint()
    tf.train.Checkpoint(net=tf.train.Checkpoint(l1=layer)).restore(path)
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected dtype int32 does not equal original dtype float"):
        layer.bias = tf.Variable([0, 0, 0, 0, 0])
    later = tf.Variable(tf.zeros([5]))
    layer.bias = later  # the value went with the failed assignment, as in TensorFlow
    assert later.numpy().tolist() == [0.0] * 5


def test_unused_parts_are_never_read(tmp_path):
    # Damage a value no live object takes: the restore does not read it (TensorFlow does not
    # either); assigning its variable later reads it then, and reports the damage.
    big = tf.Variable(np.full(1 << 16, 5.0, np.float32))
    path = tf.train.Checkpoint(used=tf.Variable(1.0), unused=big).write(str(tmp_path / "u"))
    data = path + ".data-00000-of-00001"
    content = bytearray(open(data, "rb").read())
    at = content.find(np.full(16, 5.0, np.float32).tobytes())
    content[at] ^= 0xFF
    open(data, "wb").write(content)
    used = tf.Variable(0.0)
    root = tf.train.Checkpoint(used=used)
    root.read(path)
    assert float(used.numpy()) == 1.0
    with pytest.raises(tf.errors.DataLossError):
        root.unused = tf.Variable(np.zeros(1 << 16, np.float32))


def test_values_come_from_the_checkpoint_as_it_was_restored(tmp_path):
    # varrt keeps the checkpoint's files mapped; TensorFlow would read the rewritten prefix.
    v = tf.Variable(1.0)
    path = tf.train.Checkpoint(x=v).write(str(tmp_path / "r"))
    root = tf.train.Checkpoint()
    root.read(path)
    v.assign(9.0)
    tf.train.Checkpoint(x=v).write(path)
    late = tf.Variable(0.0)
    root.x = late
    assert float(late.numpy()) == 1.0
