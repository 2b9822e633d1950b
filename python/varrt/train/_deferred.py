"""Deferred restoration: checkpoint values for variables an object has not created yet.

TensorFlow keeps such values and restores them when the variables appear (a Keras optimizer
restored before `build`: its slots `_variables/2...` come later). An object takes part with a
`_restore_deferred(values)` hook, called after a restore with {path: ndarray} for every
unmatched variable below its node (paths are tuples of local names, e.g. ("_variables", "2")),
or a `_restore_deferred_entries(entries, bind)` hook, called with {path: (node id, checkpoint
key, reader)} and `bind(node_id, variable)`, which records a variable restored later in the
load status (the lists and dicts of varrt.train.data_structures, Modules and Checkpoints).
`_restore_deferred` gets the values read at restore time; a reader reads its value when
called, from the checkpoint's files as they were at restore time (the bundle keeps them mapped).
"""
import collections
import functools

from varrt.train.checkpoint_utils import encode_key, read_array


def collect(nodes, matched, bundle, bind=None):
    if all(i in matched or not node.attributes for i, node in enumerate(nodes)):
        return  # everything was restored (the usual case): no subtree walks
    read = {}  # node id -> ndarray, shared by the hooks that want values now
    for node_id, obj in list(matched.items()):
        with_keys = getattr(obj, "_restore_deferred_entries", None)
        hook = with_keys or getattr(obj, "_restore_deferred", None)
        if hook is None:
            continue
        values = {}
        queue = collections.deque([(node_id, ())])
        expanded = {node_id}
        while queue:
            current, path = queue.popleft()
            for ref in nodes[current].children:
                if with_keys and current == node_id and ref.node_id in matched:
                    continue  # a live child: what it misses waits there, not here
                child_path = path + (ref.local_name,)
                child = nodes[ref.node_id]
                if ref.node_id not in matched and child.attributes:
                    # Every path to the value (a slot is in `_variables` and in `_momentums`).
                    key = child.attributes[0].checkpoint_key
                    if with_keys:  # read when the variable arrives, if ever
                        values[child_path] = (ref.node_id, key, functools.partial(read_array, bundle, encode_key(key)))
                    else:
                        if ref.node_id not in read:
                            read[ref.node_id] = read_array(bundle, encode_key(key))
                        values[child_path] = read[ref.node_id]
                if ref.node_id not in expanded:
                    expanded.add(ref.node_id)
                    queue.append((ref.node_id, child_path))
        if values and with_keys:
            hook(values, bind)
        elif values:
            hook(values)
