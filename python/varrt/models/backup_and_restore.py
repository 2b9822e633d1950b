"""Keras 3's `BackupAndRestore` (keras/src/callbacks/backup_and_restore.py): backs up the training
state (the model's and the optimizer's variables, and the epoch to resume at) every epoch or every
`save_freq` batches, and a later `fit` with the same callback restores it and starts at that
epoch (from its first batch, as Keras). The backup is deleted when training ends unless
`delete_checkpoint=False`.

Keras writes the variables with `save_weights` to `latest.weights.h5`; varrt writes them with
`tf.train.Checkpoint(model=..., optimizer=...)` to the checkpoint prefix `latest` in
`backup_dir`, so a backup moves between varrt runs, not to Keras. The epoch goes to
`training_metadata.json` as Keras writes it."""
import json
import os
import shutil

from varrt.base import errors
from varrt.checkpoint.checkpoint import Checkpoint
from varrt.models.callback import Callback

_CHECKPOINT = "latest"
_METADATA = "training_metadata.json"
_PREVIOUS = ".bkp"  # double_checkpoint's copy of the state before the latest


def _checkpoint_files(prefix):
    """The files of the checkpoint at `prefix` (its index and data shards)."""
    folder, name = os.path.split(prefix)
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.startswith(name + ".")
                  and not f.endswith(_PREVIOUS))


class BackupAndRestore(Callback):
    """Backs up and restores the training state (`tf.keras.callbacks.BackupAndRestore`).

    The backup is varrt's: a `tf.train.Checkpoint` of the model and its optimizer (prefix
    `latest`) and Keras's `training_metadata.json`, not Keras's `latest.weights.h5`.

    Args:
        backup_dir: The folder of the backup (used by nothing else).
        save_freq: "epoch", or back up every that many batches (a resumed fit starts that
            epoch again from its first batch, with the backed-up weights, as Keras's).
        double_checkpoint: Keep the backup before the latest too, restored when the latest
            cannot be read.
        delete_checkpoint: Delete the backup when training ends.

    Raises:
        ValueError: If `backup_dir` is empty or `save_freq` neither "epoch" nor an integer; at
            the start of `fit`, if the model is not built.
    """

    def __init__(self, backup_dir, save_freq="epoch", double_checkpoint=False, delete_checkpoint=True):
        super().__init__()
        self.save_freq = save_freq
        self.double_checkpoint = double_checkpoint
        self.delete_checkpoint = delete_checkpoint
        self._batches_seen_since_last_saving = 0
        self._last_batch_seen = 0
        self._current_epoch = 0
        if not backup_dir:
            raise ValueError("Empty `backup_dir` argument passed")
        self.backup_dir = backup_dir
        self._weights_path = os.path.join(backup_dir, _CHECKPOINT)
        self._training_metadata_path = os.path.join(backup_dir, _METADATA)
        if save_freq != "epoch" and not isinstance(save_freq, int):
            raise ValueError(f"Invalid value for argument `save_freq`. Received: save_freq={save_freq}. Expected "
                             "either 'epoch' or an integer value.")

    def _checkpoint(self):
        return Checkpoint(model=self.model, optimizer=self.model.optimizer)

    def on_train_begin(self, logs=None):
        try:
            self._load_model()
        except (OSError, errors.OpError):
            # The latest backup is damaged: back to the one before it, if double_checkpoint kept one.
            previous = [f for f in os.listdir(self.backup_dir) if f.endswith(_PREVIOUS)]
            if not previous:
                raise
            for name in previous:
                shutil.copyfile(os.path.join(self.backup_dir, name),
                                os.path.join(self.backup_dir, name[:-len(_PREVIOUS)]))
            if _METADATA + _PREVIOUS not in previous and os.path.exists(self._training_metadata_path):
                os.remove(self._training_metadata_path)
            self._load_model()

    def _load_model(self):
        if not self.model.built:
            raise ValueError("To use the BackupAndRestore callback, you model must be built before you call `fit()`. "
                             f"Model {self.model} is unbuilt. You can build it beforehand by calling it on a batch of "
                             "data.")
        if os.path.exists(self._weights_path + ".index"):
            if self.model.optimizer is not None and not self.model.optimizer.built:
                self.model.optimizer.build(self.model.trainable_variables)  # its variables exist before the restore
            self._checkpoint().read(self._weights_path).assert_existing_objects_matched()
        if os.path.exists(self._training_metadata_path):
            with open(self._training_metadata_path) as f:
                self.model._initial_epoch = json.loads(f.read())["epoch"]

    def on_epoch_end(self, epoch, logs=None):
        self._current_epoch = epoch + 1
        self._last_batch_seen = 0
        if self.save_freq == "epoch":
            self._save_model()

    def on_train_batch_end(self, batch, logs=None):
        if self._should_save_on_batch(batch):
            self._save_model()

    def _save_model(self):
        os.makedirs(self.backup_dir, exist_ok=True)
        if self.double_checkpoint:
            for path in [*_checkpoint_files(self._weights_path), self._training_metadata_path]:
                if os.path.exists(path):
                    shutil.copyfile(path, path + _PREVIOUS)
        self._checkpoint().write(self._weights_path)
        with open(self._training_metadata_path, "w") as f:
            f.write(json.dumps({"epoch": self._current_epoch, "batch": self._last_batch_seen}))

    def _should_save_on_batch(self, batch):
        if self.save_freq == "epoch":
            return False
        if batch <= self._last_batch_seen:  # a new epoch
            add_batches = batch + 1
        else:
            add_batches = batch - self._last_batch_seen
        self._batches_seen_since_last_saving += add_batches
        self._last_batch_seen = batch
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            return True
        return False

    def on_train_end(self, logs=None):
        if self.delete_checkpoint and os.path.exists(self.backup_dir):
            shutil.rmtree(self.backup_dir)
