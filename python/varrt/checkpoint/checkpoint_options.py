"""`tf.train.CheckpointOptions` (TensorFlow's python/checkpoint/checkpoint_options.py): the options
of a save or restore, below both the Checkpoint and the CheckpointManager that read them."""
import os


class CheckpointOptions:
    """Options for saving and restoring (TensorFlow's tf.train.CheckpointOptions).

    `experimental_fsync` is varrt's: fsync the files and directory before a save returns, so
    the checkpoint also survives a power loss (slower: it waits for the disk). Without it a
    save is still atomic against a crash of the process. The default comes from the
    environment variable VARRT_CHECKPOINT_FSYNC ("1" to enable).

    `experimental_enable_async_checkpoint=True` saves in the background: `write`/`save` (and a
    CheckpointManager's `save`) return once every value is snapshotted, without copying a byte
    (later updates copy-on-write); the files, and a manager's state file and deletions after
    them, are written on a background thread. `sync()` waits; an error surfaces there or on the
    next save or restore of the same Checkpoint (varrt/train/async_checkpoint.py).

    Args:
        experimental_io_device: Accepted for compatibility (files are written by this process).
        experimental_enable_async_checkpoint: Whether saves return once the values are
            snapshotted and write the files in the background.
        experimental_write_callbacks: Callables run after a save is written, as TensorFlow's.
        enable_async: The later name of `experimental_enable_async_checkpoint`.
        experimental_skip_slot_variables: Accepted and stored; varrt does not read it.
        experimental_sharding_callback: Accepted for compatibility (one data file is written).
        experimental_fsync: varrt's: fsync files and directories before a save returns (None:
            the `VARRT_CHECKPOINT_FSYNC` environment variable).
    """

    def __init__(self, experimental_io_device=None, experimental_enable_async_checkpoint=False,
                 experimental_write_callbacks=None, enable_async=False, experimental_skip_slot_variables=False,
                 experimental_sharding_callback=None, experimental_fsync=None):
        self.experimental_io_device = experimental_io_device
        self.experimental_enable_async_checkpoint = experimental_enable_async_checkpoint or enable_async
        self.enable_async = self.experimental_enable_async_checkpoint
        self.experimental_write_callbacks = experimental_write_callbacks
        self.experimental_skip_slot_variables = experimental_skip_slot_variables
        self.experimental_sharding_callback = experimental_sharding_callback
        if experimental_fsync is None:
            experimental_fsync = os.environ.get("VARRT_CHECKPOINT_FSYNC", "").lower() in ("1", "true", "yes")
        self.experimental_fsync = bool(experimental_fsync)


def fsync_requested(options):
    """Whether a save with `options` (None: the defaults) fsyncs before it returns."""
    return (options or CheckpointOptions()).experimental_fsync
