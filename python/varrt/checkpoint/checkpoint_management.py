"""The `checkpoint` state file, `latest_checkpoint` and `CheckpointManager`.

The state file is TensorFlow's CheckpointState message in protobuf text format:

    model_checkpoint_path: "ckpt-6"
    all_model_checkpoint_paths: "ckpt-5"
    all_model_checkpoint_paths: "ckpt-6"
    all_model_checkpoint_timestamps: 1795323226.6123412
    all_model_checkpoint_timestamps: 1795323226.636413
    last_preserved_timestamp: 1795323225.5810935

It is replaced atomically (written to a temporary name, then renamed), by the core, like the
checkpoint files.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections
import glob
import os
import re
import time
from typing import Any, Callable, Optional, Union

from varrt import _C
from varrt.checkpoint.text_format import quote, unquote
from varrt.checkpoint.checkpoint_options import fsync_requested
from varrt.framework.variables import Variable

_STATE_FILENAME = "checkpoint"


class CheckpointState:
    """TensorFlow's CheckpointState proto: the latest checkpoint and those still kept."""

    def __init__(self, model_checkpoint_path="", all_model_checkpoint_paths=(), all_model_checkpoint_timestamps=(),
                 last_preserved_timestamp=0.0):
        self.model_checkpoint_path = model_checkpoint_path
        self.all_model_checkpoint_paths = list(all_model_checkpoint_paths)
        self.all_model_checkpoint_timestamps = list(all_model_checkpoint_timestamps)
        self.last_preserved_timestamp = last_preserved_timestamp

    def to_text(self):
        """The state in the `checkpoint` file's text format."""
        lines = []
        if self.model_checkpoint_path:
            lines.append(f"model_checkpoint_path: {quote(self.model_checkpoint_path)}")
        lines.extend(f"all_model_checkpoint_paths: {quote(p)}" for p in self.all_model_checkpoint_paths)
        lines.extend(f"all_model_checkpoint_timestamps: {_number(t)}" for t in self.all_model_checkpoint_timestamps)
        if self.last_preserved_timestamp:
            lines.append(f"last_preserved_timestamp: {_number(self.last_preserved_timestamp)}")
        return "".join(line + "\n" for line in lines)

    __str__ = to_text

    def __repr__(self):
        return self.to_text()


def _number(x):
    return repr(float(x))


_LINE = re.compile(r"""\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[-+0-9.eEinfINFa-z]+)\s*""")


def parse_state(text):
    """Parses the text format; raises ValueError for anything it does not understand."""
    state = CheckpointState()
    pos = 0
    text = "\n".join(line.split("#", 1)[0] if '"' not in line and "'" not in line else line
                     for line in text.splitlines())
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _LINE.match(text, pos)
        if m is None:
            raise ValueError(f"cannot parse checkpoint state near {text[pos:pos + 40]!r}")
        name, token = m.group(1), m.group(2)
        pos = m.end()
        is_string = token[0] in "\"'"
        if name == "model_checkpoint_path" and is_string:
            state.model_checkpoint_path = unquote(token)
        elif name == "all_model_checkpoint_paths" and is_string:
            state.all_model_checkpoint_paths.append(unquote(token))
        elif name == "all_model_checkpoint_timestamps" and not is_string:
            state.all_model_checkpoint_timestamps.append(float(token))
        elif name == "last_preserved_timestamp" and not is_string:
            state.last_preserved_timestamp = float(token)
        elif name in ("model_checkpoint_path", "all_model_checkpoint_paths", "all_model_checkpoint_timestamps",
                      "last_preserved_timestamp"):
            raise ValueError(f"bad value for {name}: {token}")
    return state


def _state_filename(save_dir, latest_filename=None):
    return os.path.join(save_dir, latest_filename or _STATE_FILENAME)


def atomic_write_text(path, text, sync=False):
    """Replaces `path` with `text` atomically; a temporary left by a killed writer goes with the next write."""
    _C.replace_file(os.fspath(path), text.encode("utf-8"), sync)


def generate_checkpoint_state_proto(save_dir, model_checkpoint_path, all_model_checkpoint_paths=None,
                                    all_model_checkpoint_timestamps=None, last_preserved_timestamp=None):
    """TensorFlow's generate_checkpoint_state_proto: paths relative to a relative save_dir."""
    paths = list(all_model_checkpoint_paths or [])
    if not paths or paths[-1] != model_checkpoint_path:
        paths.append(model_checkpoint_path)
    if all_model_checkpoint_timestamps and len(all_model_checkpoint_timestamps) != len(paths):
        raise ValueError(f"Checkpoint timestamps, if provided, must match checkpoint paths (got paths {paths} and "
                         f"timestamps {all_model_checkpoint_timestamps})")
    if not os.path.isabs(save_dir):
        if not os.path.isabs(model_checkpoint_path):
            model_checkpoint_path = os.path.relpath(model_checkpoint_path, save_dir)
        paths = [p if os.path.isabs(p) else os.path.relpath(p, save_dir) for p in paths]
    return CheckpointState(model_checkpoint_path, paths, all_model_checkpoint_timestamps or (),
                           last_preserved_timestamp or 0.0)


def update_checkpoint_state(save_dir, model_checkpoint_path, all_model_checkpoint_paths=None, latest_filename=None,
                            all_model_checkpoint_timestamps=None, last_preserved_timestamp=None,
                            save_relative_paths=False):
    """Rewrites the `checkpoint` state file of `save_dir` (atomically)."""
    update_state(save_dir, model_checkpoint_path, all_model_checkpoint_paths, latest_filename,
                 all_model_checkpoint_timestamps, last_preserved_timestamp, save_relative_paths)


def update_state(save_dir, model_checkpoint_path, all_model_checkpoint_paths=None, latest_filename=None,
                 all_model_checkpoint_timestamps=None, last_preserved_timestamp=None, save_relative_paths=False,
                 sync=False):
    """update_checkpoint_state, with `sync` (fsync) for the savers' experimental_fsync: the state file
    must reach the disk before a manager deletes the checkpoints it no longer names."""
    save_dir = os.fspath(save_dir)
    all_paths = list(all_model_checkpoint_paths or [])
    if save_relative_paths:
        model_checkpoint_path = (os.path.relpath(model_checkpoint_path, save_dir)
                                 if os.path.isabs(model_checkpoint_path) else model_checkpoint_path)
        all_paths = [os.path.relpath(p, save_dir) if os.path.isabs(p) else p for p in all_paths]
    state = generate_checkpoint_state_proto(save_dir, model_checkpoint_path, all_paths,
                                            all_model_checkpoint_timestamps, last_preserved_timestamp)
    filename = _state_filename(save_dir, latest_filename)
    if filename == state.model_checkpoint_path:
        raise RuntimeError(f"Save path '{model_checkpoint_path}' conflicts with path used for checkpoint state.  "
                           "Please use a different save path.")
    atomic_write_text(filename, state.to_text(), sync)


def get_checkpoint_state(checkpoint_dir, latest_filename=None):
    """The CheckpointState of a directory (paths joined onto it), or None without a usable file."""
    checkpoint_dir = os.fspath(checkpoint_dir)
    filename = _state_filename(checkpoint_dir, latest_filename)
    if not os.path.isfile(filename):
        return None
    try:
        with open(filename, "rb") as f:
            state = parse_state(f.read().decode("utf-8", "surrogateescape"))
    except (OSError, ValueError):
        return None  # TensorFlow logs "Checkpoint ignored" and carries on
    if not state.model_checkpoint_path:
        raise ValueError("Invalid checkpoint state loaded from " + checkpoint_dir)
    if not os.path.isabs(state.model_checkpoint_path):
        state.model_checkpoint_path = os.path.join(checkpoint_dir, state.model_checkpoint_path)
    state.all_model_checkpoint_paths = [p if os.path.isabs(p) else os.path.join(checkpoint_dir, p)
                                        for p in state.all_model_checkpoint_paths]
    return state


def checkpoint_exists(prefix):
    """True when `prefix` names a checkpoint: its .index file (or, for TF1's V1 format, the file) exists."""
    prefix = os.fspath(prefix)
    return os.path.isfile(prefix + ".index") or os.path.isfile(prefix)


def latest_checkpoint(checkpoint_dir: Union[str, os.PathLike[str]],
                      latest_filename: Optional[str] = None) -> Optional[str]:
    """Finds the newest checkpoint recorded in a directory's state file (`tf.train.latest_checkpoint`).

    Args:
        checkpoint_dir: The directory.
        latest_filename: The state file's name (default `checkpoint`).

    Returns:
        The prefix of the newest checkpoint, or None when there is none (or its files are gone).
    """
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state and state.model_checkpoint_path and checkpoint_exists(state.model_checkpoint_path):
        return state.model_checkpoint_path
    return None


_V2 = 2  # SaverDef.V2, the tensor-bundle format (V1 is a single file at the prefix)


def remove_checkpoint(checkpoint_prefix, checkpoint_format_version=_V2, meta_graph_suffix="meta"):
    """Deletes a checkpoint's files (its meta graph, and the index and data shards, or the V1 file);
    missing files are fine (`tf.compat.v1.train.remove_checkpoint`)."""
    prefix = os.fspath(checkpoint_prefix)
    meta = re.sub(r"-[\d\?]+-of-\d+$", "", prefix) + "." + meta_graph_suffix
    patterns = [glob.escape(meta)]
    if checkpoint_format_version == _V2:
        patterns += [glob.escape(prefix) + ".index", glob.escape(prefix) + ".data-?????-of-?????"]
    else:
        patterns.append(glob.escape(prefix))
    for pattern in patterns:
        for path in glob.glob(pattern):
            _C.remove_file(path)


def get_checkpoint_mtimes(checkpoint_prefixes):
    """The modification times (seconds) of the checkpoints' index files (or of the prefixes themselves,
    for TF1's V1 format); a missing checkpoint is left out."""
    mtimes = []
    for prefix in checkpoint_prefixes:
        for pattern in (prefix + ".index", prefix):
            paths = glob.glob(pattern)
            if paths:
                mtimes.append(os.stat(paths[0]).st_mtime_ns / 1e9)
                break
    return mtimes


def _is_inside(directory, prefix):
    """True when the files of checkpoint `prefix` lie in `directory` (or below it).

    Symlinks and `..` are resolved first: the state file may be written by someone else, and
    a manager must never delete another directory's checkpoint (TensorFlow 2.21 does).
    """
    root = os.path.realpath(directory)
    parent = os.path.realpath(os.path.dirname(os.path.join(directory, prefix)))
    return os.path.commonpath([root, parent]) == root


class CheckpointManager:
    """Keeps the `max_to_keep` newest checkpoints of a Checkpoint in a directory.

    Mirrors `tf.train.CheckpointManager`: `save()` writes "<directory>/<checkpoint_name>-<n>"
    where n is the checkpoint's incremented `save_counter` (or `checkpoint_number`), records
    it in the state file, and deletes the oldest beyond `max_to_keep` only after the state
    file names the new one.

    Args:
        checkpoint: The `tf.train.Checkpoint` to save and restore.
        directory: Where to write checkpoints (created if missing).
        max_to_keep: How many checkpoints to keep (None keeps all).
        keep_checkpoint_every_n_hours: Also keep one checkpoint per this many hours.
        checkpoint_name: The prefix of the checkpoints' names (default `"ckpt"`).
        step_counter: A variable `save` reads for `checkpoint_interval`.
        checkpoint_interval: The number of steps between saves (needs `step_counter`).
        init_fn: A callable `restore_or_initialize` calls when there is no checkpoint.

    Raises:
        ValueError: If `max_to_keep` is not a positive integer or None, or
            `checkpoint_interval` is given without `step_counter`.
    """

    _varrt_not_trackable = True

    def __init__(self, checkpoint: Any, directory: Union[str, os.PathLike[str]], max_to_keep: Optional[int],
                 keep_checkpoint_every_n_hours: Optional[float] = None, checkpoint_name: str = "ckpt",
                 step_counter: Optional[Variable] = None, checkpoint_interval: Optional[int] = None,
                 init_fn: Optional[Callable[[], Any]] = None) -> None:
        self._checkpoint = checkpoint
        if max_to_keep is not None and max_to_keep <= 0:
            raise ValueError(f"Expected a positive integer or `None` for `max_to_keep`, got {max_to_keep}.")
        self._max_to_keep = max_to_keep
        self._keep_checkpoint_every_n_hours = keep_checkpoint_every_n_hours
        directory = os.fspath(directory)
        self._directory = directory
        self._checkpoint_prefix = os.path.join(directory, checkpoint_name)
        self._init_fn = init_fn
        if checkpoint_interval is not None and step_counter is None:
            raise ValueError("`step_counter` should be passed if `checkpoint_interval` is not None.")
        self._step_counter = step_counter
        self._checkpoint_interval = checkpoint_interval
        self._last_checkpoint_step = None
        recovered = get_checkpoint_state(directory)
        now = time.time()
        self._maybe_delete = collections.OrderedDict()
        if recovered is None:
            self._latest_checkpoint = None
            self._last_preserved_timestamp = now - 1.0
        else:
            self._latest_checkpoint = recovered.model_checkpoint_path
            self._last_preserved_timestamp = recovered.last_preserved_timestamp
            if now < self._last_preserved_timestamp:  # the clock went backwards
                self._last_preserved_timestamp = now
            timestamps = recovered.all_model_checkpoint_timestamps
            paths = recovered.all_model_checkpoint_paths
            if not timestamps:
                timestamps = [self._last_preserved_timestamp] * len(paths)
            for path, stamp in zip(paths, timestamps):
                stamp = min(stamp, now)
                if stamp > self._last_preserved_timestamp:
                    self._maybe_delete[path] = stamp

    @property
    def directory(self):
        """The directory checkpoints are written to."""
        return self._directory

    @property
    def checkpoint_interval(self):
        """The minimum step interval between saves, or None."""
        return self._checkpoint_interval

    @property
    def latest_checkpoint(self) -> Optional[str]:
        """The prefix of the newest checkpoint this manager knows, or None."""
        return self._latest_checkpoint

    @property
    def checkpoints(self):
        """The kept checkpoint prefixes, oldest first."""
        return list(self._maybe_delete.keys())

    @property
    def checkpoint(self):
        """The Checkpoint this manager saves."""
        return self._checkpoint

    def _sweep(self):
        if not self._max_to_keep:
            return
        while len(self._maybe_delete) > self._max_to_keep:
            path, stamp = self._maybe_delete.popitem(last=False)
            if (self._keep_checkpoint_every_n_hours is not None and
                    stamp - self._keep_checkpoint_every_n_hours * 3600.0 >= self._last_preserved_timestamp):
                self._last_preserved_timestamp = stamp
                continue
            if _is_inside(self._directory, path):  # a foreign entry is forgotten, not deleted
                remove_checkpoint(path)

    def _record_state(self, sync=False):
        paths = list(self._maybe_delete.keys())
        stamps = list(self._maybe_delete.values())
        update_state(self._directory, self._latest_checkpoint, paths, all_model_checkpoint_timestamps=stamps,
                     last_preserved_timestamp=self._last_preserved_timestamp, save_relative_paths=True, sync=sync)

    def save(self, checkpoint_number: Optional[int] = None, check_interval: bool = True,
             options: Any = None) -> Optional[str]:
        """Saves a numbered checkpoint, records it and deletes the ones beyond `max_to_keep`.

        Args:
            checkpoint_number: The number in the file name (default: the checkpoint's
                incremented `save_counter`).
            check_interval: Whether to honour `checkpoint_interval` (skip the save when too few
                steps passed).
            options: Optional `tf.train.CheckpointOptions` (background saves, fsync).

        Returns:
            The prefix written, or None when the interval skipped the save.

        Raises:
            ResourceExhaustedError: If the disk is full; the previous checkpoints stay readable.
            AbortedError: If another process keeps the prefix claimed for two seconds.
        """
        if self._checkpoint_interval is not None:
            step = int(_value(self._step_counter))
            if self._last_checkpoint_step is not None:
                if step == self._last_checkpoint_step:
                    return None
                if check_interval and step < self._last_checkpoint_step + self._checkpoint_interval:
                    return None
            self._last_checkpoint_step = step
        counter = self._checkpoint.save_counter
        counter.assign_add(1)
        if checkpoint_number is None:
            checkpoint_number = int(counter.numpy())
        else:
            checkpoint_number = int(_value(checkpoint_number))
        prefix = "%s-%d" % (self._checkpoint_prefix, checkpoint_number)
        sync = fsync_requested(options)

        def record_and_sweep():  # after the new checkpoint is complete (in the background when async)
            if prefix in self._maybe_delete:
                del self._maybe_delete[prefix]
            self._maybe_delete[prefix] = time.time()
            self._latest_checkpoint = prefix
            self._record_state(sync)  # names the new checkpoint before any old one is deleted
            self._sweep()
            self._record_state(sync)

        return self._checkpoint._write(prefix, options, on_done=record_and_sweep)

    def restore_or_initialize(self):
        """Restores the latest checkpoint and returns its path; else runs `init_fn` and returns None."""
        if self._latest_checkpoint is not None:
            self._checkpoint.restore(self._latest_checkpoint)
            if self._checkpoint_interval is not None:
                self._last_checkpoint_step = int(_value(self._step_counter))
            return self._latest_checkpoint
        if self._init_fn is not None:
            self._init_fn()
        return None

    def sync(self) -> None:
        """Waits for a background save (and its state-file update) to finish; raises its error."""
        self._checkpoint.sync()


def _value(x):
    if isinstance(x, Variable) or hasattr(x, "numpy"):
        return x.numpy()
    return x
