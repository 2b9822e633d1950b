"""`Checkpoint`: object-based checkpoints in TensorFlow's format.

A Checkpoint names the objects passed to it (and the objects they hold) by path: a variable
at `model.l1.kernel` is stored under "model/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE", and the
`_CHECKPOINTABLE_OBJECT_GRAPH` entry records the object graph, so TensorFlow's own
`tf.train.Checkpoint(...).restore()` restores varrt checkpoints into TensorFlow objects of the
same structure and varrt restores TensorFlow's. Restoring follows the recorded graph from
the root by child names; a checkpoint without a graph (TF1's name-based Saver) is matched by
path keys, then by variable names.

Restores are all-or-nothing: every value is checked (dtype, shape, CRC32C, bounds) before
any variable changes, then each is written into its variable's buffer in place.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections
import contextlib
import os
from typing import Any, Optional, Union

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.base import errors
from varrt.framework import default_session as _default_session
from varrt.framework import graph_building
from varrt.framework.tensor_shape import TensorShape
from varrt.checkpoint import deferred as _deferred
from varrt.checkpoint import object_graph as _object_graph
from varrt.checkpoint import slot_variables as _slots
from varrt.trackable import tracking as _tracking
from varrt.checkpoint import async_checkpoint
from varrt.trackable import data_structures
from varrt.checkpoint import restore_report
from varrt.checkpoint.checkpoint_management import update_state
from varrt.checkpoint.checkpoint_options import CheckpointOptions, fsync_requested
from varrt.checkpoint.checkpoint_utils import encode_key, open_bundle, read_array
from varrt.framework.variables import Variable
from varrt.graph.graph import GraphKeys


def _string_tensor(data):
    array = np.empty((), dtype=object)
    array[()] = data
    return _C.constant(array)


def _not_trackable_error(name, value):
    return ValueError(f"`Checkpoint` was expecting {name} to be a trackable object (an object derived from "
                      f"`Trackable`), got {value}. If you believe this object should be trackable (i.e. it is part "
                      "of the TensorFlow Python API and manages state), please open an issue.")


class Checkpoint:
    """Groups trackable objects, saving and restoring them (TensorFlow's `tf.train.Checkpoint`).

    `Checkpoint(model=m, step=v)` tracks its keyword arguments (sorted by name, as TensorFlow
    does) and any attribute set later. Values may be Variables, lists/dicts/tuples,
    `varrt.Module`s, optimizers, other Checkpoints, or plain Python objects whose attributes
    hold them. The files are TensorFlow's tensor bundles under TensorFlow's object-path keys:
    TensorFlow restores them, and varrt restores TensorFlow's.

    Args:
        root: An optional object whose dependencies become the checkpoint's own.
        **kwargs: The objects to track, by the name they are saved under.

    Raises:
        ValueError: If a value is not trackable (a plain number, for example).
    """

    def __init__(self, root: Any = None, **kwargs: Any) -> None:
        object.__setattr__(self, "_self_children", {})
        object.__setattr__(self, "_self_save_counter", None)
        object.__setattr__(self, "_self_root", None)
        if root is not None:
            if _tracking.kind(root) is None:
                raise _not_trackable_error("root", root)
            object.__setattr__(self, "_self_root", root)
        for name, value in sorted(kwargs.items(), key=lambda item: item[0]):
            if _tracking.kind(value) is None:
                raise _not_trackable_error(name, value)
            setattr(self, name, value)

    def __setattr__(self, name, value):
        if name.startswith("_self_"):
            object.__setattr__(self, name, value)
            return
        # Lists, dicts and tuples as TensorFlow's wrappers; a value a restore kept for this
        # name is restored into what arrives (delayed restoration).
        value = data_structures.track(self, value, name)
        object.__setattr__(self, name, value)
        if _tracking.kind(value) is not None:
            self._self_children[name] = value
        else:
            self._self_children.pop(name, None)

    def __delattr__(self, name):
        object.__delattr__(self, name)
        self._self_children.pop(name, None)

    def _restore_deferred_entries(self, entries, bind):
        # A restore's values for attributes this checkpoint does not have yet (train/_deferred).
        data_structures.restore_deferred_entries(self, entries, bind)

    def _checkpoint_children(self):
        own = list(self._self_children.items())
        if self._self_root is None:
            return own
        return _tracking.children(self._self_root) + own + [("root", self)]

    # --- the save counter -------------------------------------------------------------------

    def _maybe_create_save_counter(self):
        if self._self_save_counter is None:
            counter = Variable(0, dtype=dtypes.int64, name="save_counter", trainable=False)
            object.__setattr__(self, "_self_save_counter", counter)
            self._self_children["save_counter"] = counter

    @property
    def save_counter(self) -> Variable:
        """An int64 variable counting `save()` calls; numbers the checkpoints. Created on first use."""
        self._maybe_create_save_counter()
        return self._self_save_counter

    # --- saving -----------------------------------------------------------------------------

    def _write(self, file_prefix, options=None, on_done=None):
        """Writes the checkpoint, then runs the write callbacks and `on_done()`; with an
        asynchronous option the values are snapshotted here and the rest runs in the background."""
        file_prefix = os.fspath(file_prefix)
        with _tracking.gc_paused():
            graph = _tracking.ObjectGraph(self)
            slots = _slots.slot_entries(graph)
            variables = graph.variables()
            pairs = variables + [(key, slot) for _, _, _, slot, key in slots]
            nodes = _graph_proto(graph, variables)
            _slots.add_to_proto(nodes, slots)
            keys = [key for key, _ in pairs] + [_tracking.OBJECT_GRAPH_PROTO_KEY]
            values = [var for _, var in pairs] + [_string_tensor(_object_graph.encode(nodes))]
            snapshot = _C.SaveSnapshot(keys, values)
            del graph, nodes, pairs, variables
        callbacks = list(options.experimental_write_callbacks or []) if options else []

        def finish():
            snapshot.write(file_prefix, fsync_requested(options))
            for callback in callbacks:
                callback(file_prefix)
            if on_done is not None:
                on_done()

        if options is not None and options.experimental_enable_async_checkpoint:
            self._async_writer().submit(finish)
        else:
            self.sync()  # a background save of this checkpoint finishes first, and reports its error
            finish()
        return file_prefix

    def _async_writer(self):
        writer = self.__dict__.get("_self_async_writer")
        if writer is None:
            writer = async_checkpoint.AsyncWriter()
            object.__setattr__(self, "_self_async_writer", writer)
        return writer

    def write(self, file_prefix: Union[str, os.PathLike[str]], options: Optional[CheckpointOptions] = None) -> str:
        """Writes a checkpoint at exactly `file_prefix` (no numbering, no state file).

        Args:
            file_prefix: The checkpoint prefix (`dir/name`); the directory must exist.
            options: Optional `tf.train.CheckpointOptions` (background saves, fsync).

        Returns:
            The prefix written.

        Raises:
            ValueError: If a tracked list had elements replaced or removed (TensorFlow's rule).
            ResourceExhaustedError: If the disk is full; the previous checkpoint stays readable.
            AbortedError: If another process keeps the prefix claimed for two seconds.
        """
        with _outside_graphs():  # in a TensorFlow 1 graph too: the variables' values now
            return self._write(file_prefix, options)

    def save(self, file_prefix: Union[str, os.PathLike[str]], options: Optional[CheckpointOptions] = None) -> str:
        """Saves a numbered checkpoint and records it in the directory's `checkpoint` state file.

        The save is crash-proof: a process killed at any moment leaves the old or the new
        checkpoint readable, by varrt and by TensorFlow.

        Args:
            file_prefix: The prefix; `-<n>` is appended, n being the incremented
                `save_counter`.
            options: Optional `tf.train.CheckpointOptions` (background saves, fsync).

        Returns:
            The prefix written (`file_prefix-n`).

        Raises:
            ValueError: If a tracked list had elements replaced or removed (TensorFlow's rule).
            ResourceExhaustedError: If the disk is full; the previous checkpoint stays readable.
            AbortedError: If another process keeps the prefix claimed for two seconds.
        """
        file_prefix = os.fspath(file_prefix)
        # In a TensorFlow 1 graph too, the save reads the variables' values now (TensorFlow runs
        # its save ops in the default session) and the counter is made outside the graph.
        with _outside_graphs():
            counter = self.save_counter
            counter.assign_add(1)
            path = f"{file_prefix}-{int(counter.numpy())}"
            return self._write(path, options, on_done=lambda: update_state(
                os.path.dirname(path), path, [path], save_relative_paths=True, sync=fsync_requested(options)))

    # --- restoring --------------------------------------------------------------------------

    def read(self, save_path: Union[str, os.PathLike[str], None],
             options: Optional[CheckpointOptions] = None) -> LoadStatus:
        """Restores from `save_path` without creating the save counter (the pair of `write`).

        Args:
            save_path: The checkpoint prefix; None initializes nothing and returns an
                `InitializationOnlyStatus`.
            options: Optional `tf.train.CheckpointOptions`.

        Returns:
            A load status (`assert_consumed()`, `assert_existing_objects_matched()`,
            `expect_partial()`, `missing_keys`, `unexpected_keys`).

        Raises:
            NotFoundError: If no checkpoint is at `save_path`.
            DataLossError: If the files are damaged.
            ValueError: If a saved value's shape does not fit its variable (nothing is restored).
        """
        if save_path is None:
            return InitializationOnlyStatus()
        save_path = os.fspath(save_path)
        self.sync()  # a background save may be writing the files asked for
        graph = graph_building.tf1_graph()
        with _tracking.gc_paused(), _outside_graphs():  # a TensorFlow 1 graph's variables: now
            status = _restore(self, open_bundle(save_path), in_graph=graph)
        return status

    def restore(self, save_path: Union[str, os.PathLike[str], None],
                options: Optional[CheckpointOptions] = None) -> LoadStatus:
        """Restores the tracked objects from a checkpoint (the pair of `save`).

        Variables that do not exist yet get their values when they are created and tracked
        (delayed restoration, as in TensorFlow).

        Args:
            save_path: The checkpoint prefix (`"dir/ckpt-3"`, e.g. from
                `tf.train.latest_checkpoint`); None initializes nothing.
            options: Optional `tf.train.CheckpointOptions`.

        Returns:
            A load status (`assert_consumed()`, `assert_existing_objects_matched()`,
            `expect_partial()`, `missing_keys`, `unexpected_keys`, `closest_key(key)`).

        Raises:
            NotFoundError: If no checkpoint is at `save_path`.
            DataLossError: If the files are damaged.
            ValueError: If a saved value's shape does not fit its variable (nothing is restored).
        """
        self._maybe_create_save_counter()
        original = save_path
        try:
            return self.read(save_path, options)
        except errors.NotFoundError as e:
            raise errors.NotFoundError(
                None, None, f"Error when restoring from checkpoint or SavedModel at {original}: {e.message}\n"
                            "Please double-check that the path is correct. You may be missing the checkpoint suffix "
                            "(e.g. the '-1' in 'path/to/ckpt-1').") from None

    def sync(self) -> None:
        """Waits for this checkpoint's background save, if one runs, and raises the error it
        ended with (see CheckpointOptions.experimental_enable_async_checkpoint)."""
        writer = self.__dict__.get("_self_async_writer")
        if writer is not None:
            writer.sync()


def _graph_proto(graph, pairs):
    """The TrackableObjectGraph nodes of `graph` for _object_graph.encode, given its
    variables' (key, variable) pairs. Plain tuples in the field order of
    _object_graph.TrackableObject (children, attributes, slot_variables, registered_saver,
    has_checkpoint_values): this runs on every save, and building named tuples would double
    its cost."""
    attributes = [[] for _ in graph.objects]
    for i, (key, var) in zip(graph.variable_nodes, pairs):
        attributes[i] = [(_tracking.VARIABLE_VALUE_KEY, _tracking.full_name(var), key)]
    return [([(j, name) for name, j in edges], attrs, (), None, has_values)
            for edges, attrs, has_values in zip(graph.edges, attributes, graph.has_values)]


def restore_pairs(bundle, pairs, report=None):
    """Restores (key, variable) pairs, all-or-nothing. Shapes are checked first, for all pairs
    in the core, with TensorFlow's ValueError (carrying a RestoreReport as `.report`;
    `report(mismatched)` makes it); dtypes, bounds and CRCs in the core too, before any
    variable is written."""
    if not pairs:
        return
    keys = [key.encode("utf-8", "surrogateescape") for key, _ in pairs]  # encode_key, inline: 10,000 keys
    variables = [var for _, var in pairs]
    mismatched = bundle.restore_unless_shapes_differ(keys, variables)  # damage is DataLossError, not a mismatch
    if not mismatched:
        _share_with_copies(variables)
    if mismatched:
        shapes = [(pairs[i][0], TensorShape(bundle.entry(keys[i])[1]), pairs[i][1].shape) for i in mismatched]
        key, stored, live = shapes[0]
        error = ValueError(f"Received incompatible tensor with shape {stored} when attempting to restore variable "
                           f"with shape {live} and name {pairs[mismatched[0]][1].name}.")
        restore_report.attach(error, report(shapes) if report else restore_report.RestoreReport((), (), shapes))
        raise error


def _share_with_copies(variables):
    """A restored variable that is one copy of a distributed variable (a MirroredVariable's
    primary, which checkpoints save and restore) gives its value to the other copies."""
    for var in variables:
        container = getattr(var, "_distributed_container", None)
        if container is not None:
            container._restored_from(var)


def _outside_graphs():
    """Where a save or restore reads and writes the variables: outside any graph being built
    (TensorFlow 1's graph, whose session TensorFlow would run the save ops in); eagerly, as it is
    (init_scope would step out of the op observers and logs too)."""
    return graph_building.init_scope() if graph_building.building() else contextlib.nullcontext()


def _restore(checkpoint, bundle, in_graph=None):
    graph_key = encode_key(_tracking.OBJECT_GRAPH_PROTO_KEY)
    if not bundle.contains(graph_key):
        return _restore_by_name(checkpoint, bundle)
    nodes = _object_graph.decode(read_array(bundle, graph_key)[()])
    if not nodes:
        raise errors.DataLossError(None, None, "The checkpoint's object graph has no root node")
    matched = {0: checkpoint}
    restored_nodes = {}
    unused_attributes = {}
    pairs = []

    def match_variable(node_id, var):
        attributes = nodes[node_id].attributes
        if len(attributes) == 1 and attributes[0].name == _tracking.VARIABLE_VALUE_KEY:  # as every save writes
            pairs.append((attributes[0].checkpoint_key, var))
            restored_nodes[node_id] = var
            return
        for attribute in attributes:
            if attribute.name == _tracking.VARIABLE_VALUE_KEY and node_id not in restored_nodes:
                pairs.append((attribute.checkpoint_key, var))
                restored_nodes[node_id] = var
            else:
                unused_attributes.setdefault(node_id, []).append(attribute.name)

    # Breadth first from the root, by child names. A variable is matched where it is found (a
    # leaf: queueing it would only hand it back), which is the order the queue would give.
    queue = collections.deque([0])
    while queue:
        node_id = queue.popleft()
        obj = matched[node_id]
        node = nodes[node_id]
        if node.attributes:
            unused_attributes[node_id] = [a.name for a in node.attributes]
        live = dict(reversed(_tracking.children(obj))).get  # the first child of a name wins
        for ref in node.children:
            child_id = ref.node_id
            child = live(ref.local_name)
            if child is None or child_id in matched:
                continue
            matched[child_id] = child
            if isinstance(child, Variable):
                match_variable(child_id, child)
            else:
                queue.append(child_id)
    slot_pairs = _slots.restore_pairs(nodes, matched)
    if slot_pairs:
        node_of = {}
        for node_id, obj in matched.items():
            node_of.setdefault(id(obj), node_id)
        for key, slot in slot_pairs:
            pairs.append((key, slot))
            restored_nodes[node_of[id(slot)]] = slot
    status = CheckpointLoadStatus(checkpoint, nodes, matched, restored_nodes, unused_attributes)
    restore_pairs(bundle, pairs, status._report_with)
    if in_graph is not None:  # a session's initializers may overwrite these values: its restore ops redo them
        status._graph_restore = (in_graph, [var for _, var in pairs], lambda: restore_pairs(bundle, pairs))
    for node_id, obj in matched.items():  # objects that act on their restored values (dataset iterators)
        restored = getattr(obj, "_checkpoint_restored", None)
        if restored is not None:
            restored(nodes[node_id])

    def bind(node_id, var):  # a variable restored later (appended to a list...) counts as matched
        matched.setdefault(node_id, var)
        restored_nodes.setdefault(node_id, var)

    _deferred.collect(nodes, matched, bundle, bind)
    return status


def _restore_by_name(checkpoint, bundle):
    pairs = []
    unmatched = []
    for key, var in _tracking.ObjectGraph(checkpoint).variables():
        if bundle.contains(encode_key(key)):
            pairs.append((key, var))
        elif bundle.contains(encode_key(_tracking.full_name(var))):
            pairs.append((_tracking.full_name(var), var))
        else:
            unmatched.append(var)
    restore_pairs(bundle, pairs)
    return NameBasedSaverStatus(checkpoint, unmatched, len(pairs))


def _node_names(nodes):
    """TensorFlow's pretty names for checkpoint nodes: "(root).model.kernel"."""
    names = {0: "(root)"}
    queue = collections.deque([0])
    while queue:
        node_id = queue.popleft()
        for ref in nodes[node_id].children:
            if ref.node_id not in names:
                names[ref.node_id] = f"{names[node_id]}.{ref.local_name}"
                queue.append(ref.node_id)
    for i in range(len(nodes)):
        names.setdefault(i, f"(unreachable node {i})")
    return names


def _live_variables(root):
    return [o for o in _tracking.ObjectGraph(root).objects if isinstance(o, Variable)]


def _value_keys(node):
    return [a.checkpoint_key for a in node.attributes if a.name == _tracking.VARIABLE_VALUE_KEY]


class _GraphRestoreOps:
    """What a load status does in a TensorFlow 1 graph (run_restore_ops, initialize_or_restore):
    the restore ran when asked, and a session's initializers may have overwritten it since."""

    _graph_restore = None  # (TensorFlow 1 graph, restored variables, redo) of a restore made in such a graph

    def run_restore_ops(self, session=None):
        """In a TensorFlow 1 graph, restores the checkpoint's values again (TensorFlow runs its
        restore ops here, after initializers may have run); eagerly, nothing to do."""
        if self._graph_restore is not None:
            with graph_building.init_scope():
                self._graph_restore[2]()

    def initialize_or_restore(self, session=None):
        """In a TensorFlow 1 graph, runs the initializers of the graph's variables the checkpoint
        did not restore in `session` (the default session when None), then restores the others;
        eagerly, nothing to do."""
        if self._graph_restore is None:
            return
        graph, restored, _ = self._graph_restore
        restored_ids = {id(v) for v in restored}
        others = [v for v in graph.get_collection(GraphKeys.GLOBAL_VARIABLES) if id(v) not in restored_ids]
        session = session if session is not None else _default_session.get_default_session()
        if others:
            if session is None:
                raise ValueError("initialize_or_restore needs a session in a TensorFlow 1 graph (pass one, or run "
                                 "it inside `with session:`)")
            session.run(graph.initializer_operation(others))
        self.run_restore_ops(session)


class CheckpointLoadStatus(_GraphRestoreOps):
    """What `Checkpoint.restore` returns: which objects matched the checkpoint, with the keys
    that did not line up as data (`missing_keys`, `unexpected_keys`, `closest_key`; see
    varrt/train/restore_report.py)."""

    def __init__(self, root, nodes, matched, restored_nodes, unused_attributes):
        self._root = root
        self._nodes = nodes
        self._matched = matched
        self._restored_nodes = restored_nodes
        self._unused_attributes = unused_attributes

    # --- the report (computed when asked: variables restored later, on append, count) ---------

    def _report_with(self, mismatched=()):
        restored = {id(o) for o in self._restored_nodes.values()}
        missing = [key for key, var in _tracking.ObjectGraph(self._root).variables() if id(var) not in restored]
        unexpected, everything = [], []
        for node_id, node in enumerate(self._nodes):
            keys = _value_keys(node)
            everything += keys
            if keys and node_id not in self._restored_nodes:
                unexpected += keys
        return restore_report.RestoreReport(missing, unexpected, mismatched, everything)

    @property
    def report(self) -> restore_report.RestoreReport:
        """The keys that did not line up: missing, unexpected (and closest_key())."""
        return self._report_with()

    @property
    def missing_keys(self) -> list:
        """Keys (as a save would write them) of live variables the checkpoint gave no value."""
        return self.report.missing_keys

    @property
    def unexpected_keys(self) -> list:
        """Checkpoint keys whose values no live object took."""
        return self.report.unexpected_keys

    def closest_key(self, key: str) -> Optional[str]:
        """The checkpoint key most like `key` (for a missing key: what it was likely saved as)."""
        return self.report.closest_key(key)

    # --- TensorFlow's assertions (their texts unchanged; the report attached) ----------------

    def assert_existing_objects_matched(self) -> CheckpointLoadStatus:
        """Raises AssertionError if a variable reachable from the root got no value."""
        for node_id, obj in self._matched.items():
            if isinstance(obj, Variable) and node_id not in self._restored_nodes:
                raise restore_report.assertion_error(
                    f"Object {self._nodes[node_id]} not assigned a value from checkpoint.", self.report)
        matched_ids = {id(o) for o in self._matched.values()}
        unused = [v for v in _live_variables(self._root) if id(v) not in matched_ids]
        if unused:
            shown = min(10, len(unused))
            raise restore_report.assertion_error(
                f"Found {len(unused)} Python objects that were not bound to checkpointed values, likely due to "
                f"changes in the Python program. Showing {shown} of {len(unused)} unmatched objects: "
                f"{unused[:shown]}", self.report)
        return self

    def assert_consumed(self) -> CheckpointLoadStatus:
        """Raises AssertionError unless every checkpoint value and every variable were matched."""
        self.assert_existing_objects_matched()
        names = None
        for node_id, node in enumerate(self._nodes):
            if node.attributes and node_id not in self._matched:
                names = names or _node_names(self._nodes)
                raise restore_report.assertion_error(
                    f"Unresolved object in checkpoint {names[node_id]}: {node}", self.report)
        if self._unused_attributes:
            names = names or _node_names(self._nodes)
            lines = "\n".join(f"{names[i]} ({self._matched[i]}): {attrs}" for i, attrs in self._unused_attributes.items())
            raise AssertionError("Unused attributes in these objects (the attributes exist in the checkpoint but were "
                                 f"not restored):\n{lines}")
        return self

    def assert_nontrivial_match(self) -> CheckpointLoadStatus:
        """Raises AssertionError if nothing but the root matched."""
        if len(self._matched) <= 1:
            matched_ids = {id(o) for o in self._matched.values()}
            unused = [v for v in _live_variables(self._root) if id(v) not in matched_ids]
            if unused:
                raise AssertionError(
                    "Nothing except the root object matched a checkpointed value. Typically this means that the "
                    "checkpoint does not match the Python program. The following objects have no matching "
                    f"checkpointed value: {unused}")
            raise AssertionError(f"Nothing to load. No dependencies have been added to {self._root} yet.")
        return self

    def expect_partial(self) -> CheckpointLoadStatus:
        """Silences warnings about an incomplete restore (varrt does not warn)."""
        return self



class InitializationOnlyStatus:
    """What `restore(None)` returns: nothing was restored."""

    def __init__(self):
        pass

    def assert_consumed(self) -> InitializationOnlyStatus:
        """Raises AssertionError: nothing was restored (save_path was None)."""
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being restored.")

    assert_existing_objects_matched = assert_consumed
    assert_nontrivial_match = assert_consumed

    def expect_partial(self) -> InitializationOnlyStatus:
        """Silences warnings about unrestored values; returns this status."""
        return self

    def run_restore_ops(self, session=None):
        """Nothing to do."""

    def initialize_or_restore(self, session=None):
        """Nothing to do: variables are initialised when created."""


class NameBasedSaverStatus(_GraphRestoreOps):
    """What restoring a checkpoint without an object graph (TF1's Saver format) returns."""

    def __init__(self, root, unmatched, num_restored):
        self._root = root
        self._unmatched = unmatched
        self._num_restored = num_restored

    def assert_consumed(self) -> NameBasedSaverStatus:
        """Raises AssertionError unless every variable was restored; returns this status."""
        if self._unmatched:
            lines = "".join(f"\n    {v}: ['{_tracking.VARIABLE_VALUE_KEY}']" for v in self._unmatched)
            raise AssertionError(f"Some objects had attributes which were not restored: {lines}")
        return self

    def assert_existing_objects_matched(self) -> NameBasedSaverStatus:
        """As assert_consumed (a name-based checkpoint has no object graph)."""
        return self.assert_consumed()

    def assert_nontrivial_match(self) -> NameBasedSaverStatus:
        """As assert_consumed (a name-based checkpoint has no object graph)."""
        return self.assert_consumed()

    def expect_partial(self) -> NameBasedSaverStatus:
        """Silences warnings about unrestored values; returns this status."""
        return self



# What restore() and read() return (each has assert_consumed, assert_existing_objects_matched,
# assert_nontrivial_match and expect_partial).
LoadStatus = Union[CheckpointLoadStatus, InitializationOnlyStatus, NameBasedSaverStatus]
