"""`Saver`: TensorFlow 1's name-based checkpoints.

Keys are variable names without ":0" (`Variable(..., name="weights")` -> "weights"); a dict
`var_list` chooses the keys, so a value saved as "weights" can be restored into a variable
named "params". Several savers over different subsets may share a checkpoint directory.
`sess` arguments are accepted and ignored: variables hold their values in the runtime, in a
TensorFlow 1 graph too (a session runs the graph's nodes on them), so save and restore act on
them directly, outside the graph being built. Without `var_list` in a graph: its variables.
"""
import os
import time

from varrt.base import errors
from varrt.checkpoint import checkpoint_management
from varrt.checkpoint.checkpoint import restore_pairs
from varrt.checkpoint.checkpoint_options import fsync_requested
from varrt.checkpoint.checkpoint_utils import open_bundle
from varrt.framework.variables import Variable
from varrt import _C
from varrt.graph import graph as ops
from varrt.framework import graph_building


def _var_name(var):
    name = var.name
    return name[:-2] if name.endswith(":0") else name


def _names_to_vars(var_list):
    if isinstance(var_list, dict):
        items = list(var_list.items())
    else:
        if not isinstance(var_list, (list, tuple, set, frozenset)):
            raise TypeError(f"Variables to save should be passed in a dict or a list: {var_list}")
        items = []
        seen = set()
        for var in var_list:
            if id(var) in seen:
                continue
            seen.add(id(var))
            if not isinstance(var, Variable):
                raise TypeError(f"Variable to save is not a Variable: {var}")
            items.append((_var_name(var), var))
    names = {}
    for name, var in items:
        if not isinstance(var, Variable):
            raise TypeError(f"Variable to save is not a Variable: {var}")
        if not isinstance(name, str):
            raise TypeError(f"Variable names in a Saver's var_list dict must be strings, got {name!r}")
        if name in names:
            raise ValueError(f"At least two variables have the same name: {name}")
        names[name] = var
    return names


class Saver:
    """Saves and restores variables by name (TensorFlow's `tf.compat.v1.train.Saver`).

    The files are TensorFlow's tensor bundles under the variables' names (slots included:
    `model/w/Adam`), so TensorFlow restores them. Saves are crash-proof, as `Checkpoint`'s.

    Args:
        var_list: The variables to save: a list, or a dict from names to variables. None (only
            in graph mode) saves every global variable.
        reshape: Accepted for compatibility.
        sharded: Accepted for compatibility (one data file is written).
        max_to_keep: How many recent checkpoints to keep (None or 0 keeps all).
        keep_checkpoint_every_n_hours: Keep one checkpoint per this many hours besides.
        name: Accepted for compatibility.
        restore_sequentially: Accepted for compatibility.
        saver_def: Accepted for compatibility.
        builder: Accepted for compatibility.
        defer_build: Accepted for compatibility.
        allow_empty: If False, an empty `var_list` is an error.
        write_version: Accepted for compatibility (always version 2, TensorFlow's current).
        pad_step_number: Whether to pad the step number in the file name (`-00000001`).
        save_relative_paths: Whether the `checkpoint` state file records relative paths.
        filename: Accepted for compatibility.

    Raises:
        RuntimeError: If executing eagerly without `var_list`.
        ValueError: If there is no variable to save and `allow_empty` is False.
    """

    _varrt_not_trackable = True

    def __init__(self, var_list=None, reshape=False, sharded=False, max_to_keep=5,
                 keep_checkpoint_every_n_hours=10000.0, name=None, restore_sequentially=False, saver_def=None,
                 builder=None, defer_build=False, allow_empty=False, write_version=2, pad_step_number=False,
                 save_relative_paths=False, filename=None):
        if var_list is None:
            graph = ops.current_graph()
            if graph is None:
                raise RuntimeError("When eager execution is enabled, `var_list` must specify a list or dict of "
                                   "variables to save")
            var_list = graph.get_collection(ops.GraphKeys.GLOBAL_VARIABLES)  # TensorFlow 1: the graph's variables
        self._var_map = _names_to_vars(var_list)
        if not self._var_map and not allow_empty:
            raise ValueError("No variables to save")
        self._max_to_keep = max_to_keep
        self._keep_every_seconds = keep_checkpoint_every_n_hours * 3600.0
        self._next_keep_time = time.time() + self._keep_every_seconds
        self._pad_step_number = pad_step_number
        self._save_relative_paths = save_relative_paths
        self._last_checkpoints = []  # (path, timestamp), oldest first

    @property
    def last_checkpoints(self):
        """The kept checkpoint prefixes, oldest first."""
        return [path for path, _ in self._last_checkpoints]

    def set_last_checkpoints_with_time(self, last_checkpoints_with_time):
        """Sets the list of recent (checkpoint, time) pairs max_to_keep counts."""
        self._last_checkpoints = list(last_checkpoints_with_time)

    def recover_last_checkpoints(self, checkpoint_paths):
        """Adopts existing checkpoints (e.g. after a restart) so that max_to_keep applies to them."""
        stamps = []
        for path in checkpoint_paths:
            try:
                stamps.append(os.path.getmtime(path + ".index"))
            except OSError:
                stamps.append(None)
        self._last_checkpoints = [(p, t) for p, t in zip(checkpoint_paths, stamps) if t is not None]

    def save(self, *args, **kwargs):
        """Saves the variables to a checkpoint; returns its prefix.

        Args:
            sess: The session whose graph holds the variables (None executing eagerly).
            save_path: The checkpoint prefix (`dir/model.ckpt`).
            global_step: If given, `-<global_step>` is appended to the prefix.
            latest_filename: The name of the state file (default `checkpoint`).
            meta_graph_suffix: Accepted for compatibility (no meta graph is written).
            write_meta_graph: Accepted for compatibility (no meta graph is written).
            write_state: Whether to update the state file.
            strip_default_attrs: Accepted for compatibility.
            save_debug_info: Accepted for compatibility.
            options: Optional `tf.train.CheckpointOptions` (fsync; varrt's).

        Returns:
            The prefix written.

        Raises:
            ValueError: If the directory of `save_path` does not exist.
            ResourceExhaustedError: If the disk is full; the previous checkpoint stays readable.
            AbortedError: If another process keeps the prefix claimed for two seconds.
        """
        with graph_building.init_scope():  # reads and writes the variables now, never recorded into a graph
            return self._save(*args, **kwargs)

    def restore(self, *args, **kwargs):
        """Restores the variables from the checkpoint at `save_path`, all or nothing.

        Args:
            sess: The session whose graph holds the variables (None executing eagerly).
            save_path: The checkpoint prefix.

        Returns:
            None.

        Raises:
            ValueError: If `save_path` is None or names no checkpoint.
            NotFoundError: If a variable's name is missing from the checkpoint.
            DataLossError: If the files are damaged.
        """
        with graph_building.init_scope():
            return self._restore(*args, **kwargs)

    def _save(self, sess, save_path, global_step=None, latest_filename=None, meta_graph_suffix="meta",
             write_meta_graph=True, write_state=True, strip_default_attrs=False, save_debug_info=False,
             options=None):
        """Writes the variables to `save_path` (or "<save_path>-<global_step>") and returns that prefix."""
        save_path = os.fspath(save_path)
        if global_step is not None:
            step = int(global_step.numpy()) if hasattr(global_step, "numpy") else int(global_step)
            checkpoint_file = ("%s-%08d" if self._pad_step_number else "%s-%d") % (save_path, step)
        else:
            checkpoint_file = save_path
        save_dir = os.path.dirname(save_path)
        if save_dir and not os.path.isdir(save_dir):
            raise ValueError(f"Parent directory of {save_path} doesn't exist, can't save.")
        if latest_filename and os.path.basename(latest_filename) != latest_filename:
            raise ValueError("'latest_filename' must not contain path components")
        names = list(self._var_map)
        _C.save_v2(checkpoint_file, names, [self._var_map[n] for n in names],
                   fsync_requested(options))
        if write_state:
            self._record(checkpoint_file, meta_graph_suffix)
            checkpoint_management.update_checkpoint_state(
                save_dir, checkpoint_file, self.last_checkpoints, latest_filename,
                save_relative_paths=self._save_relative_paths)
        return checkpoint_file

    def _record(self, path, meta_graph_suffix):
        self._last_checkpoints = [(p, t) for p, t in self._last_checkpoints if p != path]
        self._last_checkpoints.append((path, time.time()))
        if not self._max_to_keep:
            return
        while len(self._last_checkpoints) > self._max_to_keep:
            old, stamp = self._last_checkpoints.pop(0)
            if stamp > self._next_keep_time:  # kept for good: keep_checkpoint_every_n_hours
                self._next_keep_time += self._keep_every_seconds
                continue
            checkpoint_management.remove_checkpoint(old, meta_graph_suffix=meta_graph_suffix)

    def _restore(self, sess, save_path):
        """Restores every variable of this Saver from `save_path`, all-or-nothing."""
        if save_path is None:
            raise ValueError("Can't load save_path when it is None.")
        save_path = os.fspath(save_path)
        if not checkpoint_management.checkpoint_exists(save_path):
            raise ValueError("The passed save_path is not a valid checkpoint: " + save_path)
        bundle = open_bundle(save_path)
        try:
            restore_pairs(bundle, list(self._var_map.items()))
        except errors.NotFoundError as e:
            raise errors.NotFoundError(
                None, None, "Restoring from checkpoint failed. This is most likely due to a Variable name or other "
                            "graph key that is missing from the checkpoint. Please ensure that you have not altered "
                            f"the graph expected based on the checkpoint. Original error:\n\n{e.message}") from None

    def as_saver_def(self):
        """TensorFlow 1's SaverDef (not supported: varrt has no protocol buffers)."""
        raise NotImplementedError("varrt runs eagerly and has no SaverDef")

    def to_proto(self, export_scope=None):
        """TensorFlow 1's SaverDef proto (not supported: varrt has no protocol buffers)."""
        raise NotImplementedError("varrt runs eagerly and has no SaverDef")
