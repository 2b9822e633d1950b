"""Background saves: CheckpointOptions(experimental_enable_async_checkpoint=True) (issue 15)."""
import os
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import varrt as tf

BACKGROUND = tf.train.CheckpointOptions(experimental_enable_async_checkpoint=True)
KEY = "v/.ATTRIBUTES/VARIABLE_VALUE"


def _gate():
    """A write callback that holds the background save until `release` is set: the save is
    then observably still in flight, whatever the machine's speed."""
    entered, release = threading.Event(), threading.Event()

    def callback(prefix):
        entered.set()
        assert release.wait(30), "the test never released the save"

    options = tf.train.CheckpointOptions(experimental_enable_async_checkpoint=True,
                                         experimental_write_callbacks=[callback])
    return options, entered, release


def test_write_saves_the_values_of_the_call_while_updates_go_on(tmp_path):
    v = tf.Variable(np.arange(1 << 20, dtype=np.float32))
    ckpt = tf.train.Checkpoint(v=v)
    before = tf.config.experimental.get_memory_info("CPU:0")["current"]
    path = ckpt.write(str(tmp_path / "a"), options=BACKGROUND)
    # The snapshot copied nothing: only the small object-graph tensor is new memory.
    assert tf.config.experimental.get_memory_info("CPU:0")["current"] - before < 64 << 10
    assert path == str(tmp_path / "a")
    v.assign_add(tf.ones([1 << 20]))  # copy-on-write: the save keeps the old value
    ckpt.sync()
    saved = tf.train.load_checkpoint(path).get_tensor(KEY)
    np.testing.assert_array_equal(saved, np.arange(1 << 20, dtype=np.float32))
    np.testing.assert_array_equal(v.numpy(), np.arange(1 << 20, dtype=np.float32) + 1)


def test_save_numbers_and_records_the_checkpoint_when_complete(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(3.0))
    options, entered, release = _gate()
    path = ckpt.save(str(tmp_path / "ckpt"), options=options)
    assert path == str(tmp_path / "ckpt-1")
    assert int(ckpt.save_counter.numpy()) == 1
    assert entered.wait(30)
    assert tf.train.latest_checkpoint(str(tmp_path)) is None  # not recorded before it is complete
    release.set()
    ckpt.sync()
    assert tf.train.latest_checkpoint(str(tmp_path)) == path


def test_manager_records_and_deletes_only_after_the_new_checkpoint_is_complete(tmp_path):
    v = tf.Variable(1.0)
    ckpt = tf.train.Checkpoint(v=v)
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=1)
    first = manager.save()
    options, entered, release = _gate()
    v.assign(2.0)
    second = manager.save(options=options)
    assert second == str(tmp_path / "ckpt-2")
    assert entered.wait(30)
    # As TensorFlow: the manager and the state file still name the old checkpoint, which exists.
    assert manager.latest_checkpoint == first and manager.checkpoints == [first]
    assert tf.train.latest_checkpoint(str(tmp_path)) == first
    assert os.path.exists(first + ".index")
    release.set()
    manager.sync()
    assert manager.latest_checkpoint == second and manager.checkpoints == [second]
    assert tf.train.latest_checkpoint(str(tmp_path)) == second
    assert not os.path.exists(first + ".index")
    assert tf.train.load_checkpoint(second).get_tensor(KEY) == 2.0


def test_one_save_in_flight_the_next_waits(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    options, entered, release = _gate()
    ckpt.write(str(tmp_path / "a"), options=options)
    assert entered.wait(30)
    second_returned = threading.Event()
    worker = threading.Thread(target=lambda: (ckpt.write(str(tmp_path / "b"), options=BACKGROUND),
                                              second_returned.set()))
    worker.start()
    assert not second_returned.wait(0.3)  # blocked behind the first save
    release.set()
    worker.join(30)
    assert second_returned.is_set()
    ckpt.sync()
    assert os.path.exists(tmp_path / "a.index") and os.path.exists(tmp_path / "b.index")


def test_an_error_surfaces_at_sync_once(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    ckpt.write(str(blocker / "ckpt"), options=BACKGROUND)  # returns: the failure comes later
    with pytest.raises(tf.errors.OpError):
        ckpt.sync()
    ckpt.sync()  # reported once
    assert ckpt.write(str(tmp_path / "ok")) == str(tmp_path / "ok")


def test_an_error_surfaces_on_the_next_save_and_on_restore(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    v = tf.Variable(1.0)
    ckpt = tf.train.Checkpoint(v=v)
    good = ckpt.write(str(tmp_path / "good"))
    v.assign(5.0)
    ckpt.write(str(blocker / "ckpt"), options=BACKGROUND)
    with pytest.raises(tf.errors.OpError):
        ckpt.write(str(tmp_path / "next"), options=BACKGROUND)
    ckpt.sync()
    ckpt.write(str(blocker / "ckpt"), options=BACKGROUND)
    with pytest.raises(tf.errors.OpError):
        ckpt.restore(good)
    assert float(v.numpy()) == 5.0  # the failed call restored nothing
    ckpt.restore(good)
    assert float(v.numpy()) == 1.0


def test_restore_waits_for_the_save_it_reads(tmp_path):
    v = tf.Variable(np.zeros(1 << 20, np.float32))
    ckpt = tf.train.Checkpoint(v=v)
    options, entered, release = _gate()
    path = ckpt.write(str(tmp_path / "a"), options=options)
    assert entered.wait(30)
    v.assign(np.ones(1 << 20, np.float32))
    threading.Timer(0.2, release.set).start()
    ckpt.read(path).assert_consumed()  # waits for the write, then reads it
    assert float(v.numpy().max()) == 0.0


def test_a_pending_save_completes_before_the_interpreter_exits(tmp_path):
    prefix = tmp_path / "exit"
    script = textwrap.dedent(f"""
        import numpy as np, varrt as tf
        v = tf.Variable(np.full(16 << 20, 7.0, np.float32))  # 64 MB: still writing at exit
        ckpt = tf.train.Checkpoint(v=v)
        ckpt.write({str(prefix)!r}, options=tf.train.CheckpointOptions(experimental_enable_async_checkpoint=True))
        v.assign_add(tf.ones([16 << 20]))
    """)
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)
    saved = tf.train.load_checkpoint(str(prefix)).get_tensor(KEY)
    assert saved.shape == (16 << 20,) and float(saved.min()) == float(saved.max()) == 7.0


def test_an_error_nobody_collected_is_printed_at_exit(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    script = textwrap.dedent(f"""
        import varrt as tf
        ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
        ckpt.write({str(blocker / "x")!r},
                   options=tf.train.CheckpointOptions(experimental_enable_async_checkpoint=True))
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert "a background checkpoint save failed" in result.stderr
