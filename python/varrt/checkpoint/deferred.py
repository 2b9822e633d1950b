"""Deferred restoration: checkpoint values for variables an object has not created yet.

TensorFlow keeps such values and restores them when the variables appear (a Keras optimizer
restored before `build`: its slots `_variables/2...` come later). An object takes part with a
`_restore_deferred_entries(entries, bind)` hook, called after a restore with {path: (node id,
checkpoint key, reader)} for every unmatched variable below its node (paths are tuples of local
names, e.g. ("_variables", "2")) and `bind(node_id, variable)`, which records a variable
restored later in the load status (the lists and dicts of varrt.trackable.data_structures, Modules
and Checkpoints). A reader reads its value when called, from the checkpoint's files as they
were at restore time (the bundle keeps them mapped).
"""
import collections
import functools

from varrt.checkpoint.checkpoint_utils import encode_key, read_array


def collect(nodes, matched, bundle, bind):
    if all(i in matched or not node.attributes for i, node in enumerate(nodes)):
        return  # everything was restored (the usual case): no subtree walks
    for node_id, obj in list(matched.items()):
        hook = getattr(obj, "_restore_deferred_entries", None)
        if hook is None:
            continue
        entries = {}
        # Each node reached keeps its parent and local name; a path is spelled out only for a
        # value (building one per node made a chain d deep cost d**2).
        parents = {node_id: None}
        queue = collections.deque([node_id])
        while queue:
            current = queue.popleft()
            for ref in nodes[current].children:
                if current == node_id and ref.node_id in matched:
                    continue  # a live child: what it misses waits there, not here
                child = nodes[ref.node_id]
                if ref.node_id not in matched and child.attributes:
                    # Every path to the value (a slot is in `_variables` and in `_momentums`).
                    key = child.attributes[0].checkpoint_key
                    entries[_path(parents, current) + (ref.local_name,)] = (
                        ref.node_id, key, functools.partial(read_array, bundle, encode_key(key)))
                if ref.node_id not in parents:
                    parents[ref.node_id] = (current, ref.local_name)
                    queue.append(ref.node_id)
        if entries:
            hook(entries, bind)


def _path(parents, node_id):
    """The local names from the walk's start down to `node_id`."""
    names = []
    step = parents[node_id]
    while step is not None:
        node_id, name = step
        names.append(name)
        step = parents[node_id]
    return tuple(reversed(names))
