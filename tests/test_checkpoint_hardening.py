"""Hardening of checkpoint files against hostile or leftover state (issue 15's findings)."""
import os
import time

import pytest

import varrt as tf


def _write_state(directory, paths):
    """A `checkpoint` state file as someone else might have written it."""
    now = time.time()
    lines = [f'model_checkpoint_path: "{paths[-1]}"']
    lines += [f'all_model_checkpoint_paths: "{p}"' for p in paths]
    lines += [f"all_model_checkpoint_timestamps: {now - 10}" for _ in paths]
    lines.append(f"last_preserved_timestamp: {now - 100}")
    (directory / "checkpoint").write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("style", ["relative", "absolute", "symlinked"])
def test_manager_never_deletes_outside_its_directory(tmp_path, style):
    # TensorFlow 2.21 deletes whatever the state file names; varrt keeps to its directory.
    own, other = tmp_path / "own", tmp_path / "other"
    own.mkdir()
    other.mkdir()
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    victim = ckpt.write(str(other / "victim"))
    before = sorted(os.listdir(other))
    if style == "relative":
        named = "../other/victim"
    elif style == "absolute":
        named = victim
    else:
        (own / "link").symlink_to(other)
        named = "link/victim"
    _write_state(own, [named])
    manager = tf.train.CheckpointManager(ckpt, str(own), max_to_keep=1)
    assert len(manager.checkpoints) == 1
    saved = manager.save()
    assert sorted(os.listdir(other)) == before
    assert manager.checkpoints == [saved]
    assert tf.train.latest_checkpoint(str(own)) == saved


def test_manager_still_deletes_its_own_old_checkpoints(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=1)
    first = manager.save()
    manager.save()
    assert not os.path.exists(first + ".index")
    assert not any(name.startswith("ckpt-1.") for name in os.listdir(tmp_path))
