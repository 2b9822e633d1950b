"""Failures of a cluster's tasks: UnavailableError (bounded, never a hang), restart and restore,
re-scheduling of a function whose worker died."""
import contextlib
import os
import signal
import subprocess
import time

import numpy as np
import pytest

import varrt as tf

from ckpt_helpers import in_ci, tf_python
from varrt.distribute.remote import runtime

PS0 = "/job:ps/replica:0/task:0/device:CPU:0"
PS1 = "/job:ps/replica:0/task:1/device:CPU:0"


@contextlib.contextmanager
def paused(pid):
    """The process `pid` stopped (SIGSTOP) inside the block: a task that does not answer."""
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


@contextlib.contextmanager
def timeout_of(device, seconds):
    """This process waits `seconds` for the task of `device` inside the block."""
    handle = runtime.task_of(device)
    saved, handle.timeout = handle.timeout, seconds
    try:
        yield
    finally:
        handle.timeout = saved


def test_an_update_that_timed_out_is_not_applied_when_its_task_resumes(ray_cluster):
    with tf.device("/job:ps/task:1"):
        v = tf.Variable([1.0, 2.0])
    pid = ray_cluster.task_pid("ps", 1)
    with timeout_of(PS1, 3), paused(pid):
        with pytest.raises(tf.errors.UnavailableError, match="did not answer within 3 s") as failed:
            v.assign_add([10.0, 10.0])
    # The task has resumed and received the update by now: this read runs after it, on the task.
    assert v.numpy().tolist() == [1.0, 2.0]
    time.sleep(1.0)
    assert v.numpy().tolist() == [1.0, 2.0]
    assert str(failed.value).endswith("The update was cancelled: it will not be applied.")
    v.assign_add([10.0, 10.0])  # the retry is applied, once
    assert v.numpy().tolist() == [11.0, 12.0]


def test_a_dead_ps_task_gives_unavailable_and_a_restore_into_its_restart_resumes(ray_cluster, tmp_path):
    with tf.device("/job:ps/task:1"):
        v = tf.Variable([1.0, 2.0], name="v")
    with tf.device("/job:ps/task:0"):
        other = tf.Variable(5.0)
    ckpt = tf.train.Checkpoint(v=v, other=other)
    path = ckpt.write(str(tmp_path / "ckpt"))
    v.assign_add([1.0, 1.0])

    os.kill(ray_cluster.task_pid("ps", 1), signal.SIGKILL)
    start = time.monotonic()
    with pytest.raises(tf.errors.UnavailableError, match="/job:ps/replica:0/task:1/device:CPU:0 is unavailable"):
        v.assign_add([1.0, 1.0])
    with pytest.raises(tf.errors.UnavailableError):
        v.numpy()
    assert time.monotonic() - start < 30
    assert float(other.numpy()) == 5.0  # the other task is unaffected

    ray_cluster.restart_task("ps", 1)
    with pytest.raises(tf.errors.FailedPreconditionError, match="restore it from a checkpoint"):
        v.numpy()
    ckpt.restore(path)
    assert v.numpy().tolist() == [1.0, 2.0]
    v.assign_add([1.0, 1.0])
    assert v.numpy().tolist() == [2.0, 3.0]


def _two_ps_variables_and_a_step(ray_cluster):
    strategy = tf.distribute.ParameterServerStrategy(ray_cluster)
    coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
    with strategy.scope():
        a, b = tf.Variable(0.0), tf.Variable(0.0)
    assert (a.device, b.device) == (PS0, PS1)

    def step():
        a.assign_add(1.0)  # on ps 0
        b.assign_add(1.0)  # on ps 1
        return a.read_value() + b.read_value()
    return coordinator, a, b, step


def test_a_function_whose_ps_stops_answering_is_cancelled_and_has_changed_nothing(ray_cluster):
    coordinator, a, b, step = _two_ps_variables_and_a_step(ray_cluster)
    coordinator._timeout = 5  # (the cluster's, 60 s, for this coordinator only)
    with paused(ray_cluster.task_pid("ps", 1)):
        result = coordinator.schedule(step)
        with pytest.raises(tf.errors.UnavailableError, match="did not finish a function within 5 s") as failed:
            coordinator.join()
        assert float(a.numpy()) == 0.0  # its update of ps 0, before it waited for ps 1, is not applied
    with pytest.raises(tf.errors.UnavailableError):
        result.fetch()
    time.sleep(2.0)  # the worker's op reaches the resumed ps 1, and the function ends there
    assert (float(a.numpy()), float(b.numpy())) == (0.0, 0.0)
    assert str(failed.value).endswith("The function was cancelled: none of its updates were applied.")
    coordinator._timeout = 60
    again = coordinator.schedule(step)
    coordinator.join()
    assert float(again.fetch()) == 2.0
    assert (float(a.numpy()), float(b.numpy())) == (1.0, 1.0)  # applied once


def test_after_a_ps_task_fails_schedule_join_and_fetch_raise_unavailable_error(ray_cluster, tmp_path):
    coordinator, a, b, step = _two_ps_variables_and_a_step(ray_cluster)
    ckpt = tf.train.Checkpoint(a=a, b=b)
    path = ckpt.write(str(tmp_path / "ckpt"))
    os.kill(ray_cluster.task_pid("ps", 1), signal.SIGKILL)
    first = coordinator.schedule(step)
    with pytest.raises(tf.errors.UnavailableError, match=f"{PS1} is unavailable"):
        coordinator.join()
    with pytest.raises(tf.errors.UnavailableError, match=f"{PS1} is unavailable"):
        first.fetch()
    assert float(a.numpy()) == 0.0  # not half applied: its update of ps 0 came first
    second = coordinator.schedule(step)
    with pytest.raises(tf.errors.UnavailableError):
        second.fetch()
    with pytest.raises(tf.errors.UnavailableError):  # the error is raised once, by the next call
        coordinator.schedule(step)
    coordinator.join()
    assert float(a.numpy()) == 0.0
    ray_cluster.restart_task("ps", 1)
    ckpt.restore(path)
    third = coordinator.schedule(step)
    coordinator.join()
    assert float(third.fetch()) == 2.0


def test_a_function_whose_worker_dies_is_rescheduled(ray_cluster, tmp_path):
    strategy = tf.distribute.ParameterServerStrategy(ray_cluster)
    coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
    with strategy.scope():
        v = tf.Variable(0.0)
    marker = str(tmp_path / "died-once")

    def step():
        if not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(1)  # the worker's process dies in the middle of the function
        v.assign_add(1.0)
        return v.read_value()

    result = coordinator.schedule(step)
    coordinator.join()
    assert float(result.fetch()) == 1.0
    assert float(v.numpy()) == 1.0
    # The restarted worker takes new functions.
    results = [coordinator.schedule(step) for _ in range(4)]
    coordinator.join()
    assert float(v.numpy()) == 5.0
    assert all(2.0 <= float(r.fetch()) <= 5.0 for r in results)  # two workers: reads interleave


def test_checkpoints_of_remote_variables_are_one_bundle_tensorflow_reads(ray_cluster, tmp_path):
    with tf.device("/job:ps/task:0"):
        a = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))
    with tf.device("/job:ps/task:1"):
        b = tf.Variable([b"x", b"y"])
    local = tf.Variable(7)
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(a=a, b=b, local=local), str(tmp_path), max_to_keep=2)
    first = manager.save()
    a.assign(np.zeros((2, 3), np.float32))
    b.assign([b"p", b"q"])
    local.assign(0)
    reader = tf.train.load_checkpoint(first)
    assert reader.get_tensor("a/.ATTRIBUTES/VARIABLE_VALUE").tolist() == [[0, 1, 2], [3, 4, 5]]
    assert sorted(os.listdir(tmp_path)) == ["checkpoint", "ckpt-1.data-00000-of-00001", "ckpt-1.index"]
    tf.train.Checkpoint(a=a, b=b, local=local).restore(manager.latest_checkpoint).assert_consumed()
    assert a.numpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    assert b.numpy().tolist() == [b"x", b"y"]
    assert int(local.numpy()) == 7
    # A mismatch changes nothing, remote or local.
    with tf.device("/job:ps/task:0"):
        wrong = tf.Variable(np.zeros(4, np.float32))
    with pytest.raises(ValueError, match="Received incompatible tensor with shape"):
        tf.train.Checkpoint(a=wrong, local=local).restore(first)
    assert wrong.numpy().tolist() == [0, 0, 0, 0]


@pytest.mark.skipif(tf_python() is None and not in_ci(), reason="no TensorFlow interpreter (set VARRT_TF_PYTHON)")
def test_tensorflow_restores_a_checkpoint_of_remote_variables(ray_cluster, tmp_path):
    with tf.device("/job:ps/task:1"):
        v = tf.Variable([[1.5, -2.0]])
    path = tf.train.Checkpoint(v=v).write(str(tmp_path / "remote"))
    script = ("import tensorflow as tf, sys\n"
              "v = tf.Variable(tf.zeros([1, 2]))\n"
              "tf.train.Checkpoint(v=v).read(sys.argv[1]).assert_consumed()\n"
              "print(v.numpy().tolist())\n")
    out = subprocess.run([tf_python(), "-c", script, path], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[[1.5, -2.0]]"
