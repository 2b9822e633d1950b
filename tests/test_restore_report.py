"""A restore that tells what happened: missing, unexpected and shape-mismatched keys as data,
the closest checkpoint key for each missing one, TensorFlow's error texts unchanged."""
import numpy as np
import pytest

import varrt as tf


class Net(tf.Module):
    def __init__(self, **variables):
        super().__init__()
        for name, value in variables.items():
            setattr(self, name, value)


def _saved(tmp_path, **variables):
    return tf.train.Checkpoint(model=Net(**variables)).write(str(tmp_path / "ckpt"))


def test_a_matching_restore_reports_nothing(tmp_path):
    path = _saved(tmp_path, kernel=tf.Variable([1.0, 2.0]), bias=tf.Variable(3.0))
    status = tf.train.Checkpoint(model=Net(kernel=tf.Variable([0.0, 0.0]), bias=tf.Variable(0.0))).read(path)
    assert status.missing_keys == [] and status.unexpected_keys == []
    assert not status.report
    status.assert_consumed()


def test_a_renamed_variable_is_missing_and_unexpected_with_its_old_key_closest(tmp_path):
    path = _saved(tmp_path, dense_kernel=tf.Variable([1.0, 2.0]), bias=tf.Variable(3.0))
    renamed = Net(dense_kernel_1=tf.Variable([0.0, 0.0]), bias=tf.Variable(0.0))
    status = tf.train.Checkpoint(model=renamed).read(path)
    assert status.missing_keys == ["model/dense_kernel_1/.ATTRIBUTES/VARIABLE_VALUE"]
    assert status.unexpected_keys == ["model/dense_kernel/.ATTRIBUTES/VARIABLE_VALUE"]
    assert status.closest_key("model/dense_kernel_1/.ATTRIBUTES/VARIABLE_VALUE") == \
        "model/dense_kernel/.ATTRIBUTES/VARIABLE_VALUE"
    assert status.report.closest_keys == {"model/dense_kernel_1/.ATTRIBUTES/VARIABLE_VALUE":
                                          "model/dense_kernel/.ATTRIBUTES/VARIABLE_VALUE"}
    assert float(renamed.bias.numpy()) == 3.0


def test_assertions_keep_tensorflows_text_and_name_the_keys_in_a_note(tmp_path):
    path = _saved(tmp_path, kernel=tf.Variable([1.0, 2.0]))
    status = tf.train.Checkpoint(model=Net(kernel=tf.Variable([0.0, 0.0]), extra=tf.Variable(5.0))).read(path)
    with pytest.raises(AssertionError) as raised:
        status.assert_existing_objects_matched()
    assert str(raised.value) == ("Found 1 Python objects that were not bound to checkpointed values, likely due to "
                                 "changes in the Python program. Showing 1 of 1 unmatched objects: "
                                 "[<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=5.0>]")
    assert raised.value.report.missing_keys == ["model/extra/.ATTRIBUTES/VARIABLE_VALUE"]
    note = "\n".join(getattr(raised.value, "__notes__", []))
    assert "model/extra/.ATTRIBUTES/VARIABLE_VALUE [model/kernel/.ATTRIBUTES/VARIABLE_VALUE]" in note


def test_assert_consumed_names_the_value_nobody_took(tmp_path):
    path = _saved(tmp_path, kernel=tf.Variable([1.0, 2.0]), old=tf.Variable(7.0))
    status = tf.train.Checkpoint(model=Net(kernel=tf.Variable([0.0, 0.0]))).read(path)
    assert status.unexpected_keys == ["model/old/.ATTRIBUTES/VARIABLE_VALUE"]
    status.assert_existing_objects_matched()
    with pytest.raises(AssertionError, match=r"^Unresolved object in checkpoint \(root\)\.model\.old") as raised:
        status.assert_consumed()
    assert raised.value.report.unexpected_keys == ["model/old/.ATTRIBUTES/VARIABLE_VALUE"]


def test_shape_mismatches_are_listed_on_tensorflows_value_error_and_nothing_is_restored(tmp_path):
    path = _saved(tmp_path, a=tf.Variable([1.0, 2.0]), b=tf.Variable([1.0, 2.0]), c=tf.Variable(np.ones((2, 2))))
    live = Net(a=tf.Variable([0.0, 0.0, 0.0]), b=tf.Variable([0.0, 0.0]), c=tf.Variable(np.zeros(4)),
               d=tf.Variable(1.0))
    with pytest.raises(ValueError) as raised:
        tf.train.Checkpoint(model=live).read(path)
    assert str(raised.value) == ("Received incompatible tensor with shape (2,) when attempting to restore variable "
                                 "with shape (3,) and name Variable:0.")
    report = raised.value.report
    assert [(k, tuple(s), tuple(v)) for k, s, v in report.mismatched_keys] == [
        ("model/a/.ATTRIBUTES/VARIABLE_VALUE", (2,), (3,)),
        ("model/c/.ATTRIBUTES/VARIABLE_VALUE", (2, 2), (4,))]
    assert report.missing_keys == ["model/d/.ATTRIBUTES/VARIABLE_VALUE"]  # no value in the checkpoint
    assert float(live.b.numpy()[0]) == 0.0  # all-or-nothing


def test_slot_variables_count_as_restored(tmp_path):
    var = tf.Variable([1.0, 2.0])
    opt = tf.keras.optimizers.Adam(0.1)
    opt.apply_gradients([(tf.constant([0.1, 0.1]), var)])
    path = tf.train.Checkpoint(v=var, opt=opt).write(str(tmp_path / "opt"))
    var2 = tf.Variable([0.0, 0.0])
    opt2 = tf.keras.optimizers.Adam(0.1)
    opt2.build([var2])
    status = tf.train.Checkpoint(v=var2, opt=opt2).read(path)
    assert status.missing_keys == [] and status.unexpected_keys == []


def test_a_missing_key_the_checkpoint_has_is_never_its_own_closest_key(tmp_path):
    class Holder:  # a plain object: nothing waits on it for attributes assigned after a restore
        pass

    saved = Holder()
    saved.late, saved.early = tf.Variable([1.0]), tf.Variable([2.0])
    path = tf.train.Checkpoint(h=saved).write(str(tmp_path / "ckpt"))
    live = Holder()
    live.early = tf.Variable([0.0])
    status = tf.train.Checkpoint(h=live).read(path)
    live.late = tf.Variable([0.0])  # created after the restore
    key = "h/late/.ATTRIBUTES/VARIABLE_VALUE"
    assert status.missing_keys == [key] and status.unexpected_keys == [key]
    assert status.closest_key(key) is None
    assert status.report.closest_keys == {key: None}
    with pytest.raises(AssertionError) as raised:
        status.assert_existing_objects_matched()
    note = "\n".join(raised.value.__notes__)
    assert f"  {key} [in the checkpoint, but not restored: created after the restore?]" in note
    assert f"[{key}]" not in note
