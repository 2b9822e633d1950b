"""Optimizer slot variables in object-based checkpoints, as TensorFlow writes them.

A slot variable (TensorFlow 1 optimizers: Adam's "m" and "v" of each variable) is not a child of
any object: the optimizer's node lists SlotVariableReferences (original variable node, slot name,
slot variable node), the slot gets a node of its own, and its key is
"<variable path>/.OPTIMIZER_SLOT/<optimizer path>/<slot name>/.ATTRIBUTES/VARIABLE_VALUE".

An optimizer takes part through two hooks: `_checkpoint_slot_variables()` lists
(original variable, slot name, slot variable), and `_restore_slot(variable, slot_name)` returns
the slot to restore into, creating it when the optimizer has not made it yet (TensorFlow defers
the restore until the slot exists; varrt creates it at once).
"""
from varrt.base import errors
from varrt.framework.variables import Variable
from varrt.trackable import tracking as _tracking
from varrt.checkpoint.text_format import quote

_SUFFIX = "/.ATTRIBUTES/" + _tracking.VARIABLE_VALUE_KEY


def _prefix(path):
    """The escaped object path (the part of a key before "/.ATTRIBUTES/...")."""
    key = _tracking.variable_key(path)
    return key[:-len(_SUFFIX)] if key.endswith(_SUFFIX) else key


def slot_entries(graph):
    """[(optimizer node, original variable node, slot name, slot variable, key)] for the slots of
    the optimizers in `graph` whose original variable is in the graph too."""
    ids = {id(o): i for i, o in enumerate(graph.objects)}
    out = []
    for i, obj in enumerate(graph.objects):
        hook = getattr(obj, "_checkpoint_slot_variables", None)
        if hook is None:
            continue
        for var, name, slot in hook():
            j = ids.get(id(var))
            if j is None or id(slot) in ids:
                continue
            key = (f"{_prefix(graph.paths[j])}/.OPTIMIZER_SLOT/{_prefix(graph.paths[i])}/{_prefix((name,))}"
                   f"{_SUFFIX}")
            out.append((i, j, name, slot, key))
    return out


def add_to_proto(nodes, entries):
    """Appends a node per slot to `nodes` (the plain-tuple form of _graph_proto) and the
    references to its optimizer's node."""
    for opt_id, var_id, name, slot, key in entries:
        slot_id = len(nodes)
        nodes.append(([], [(_tracking.VARIABLE_VALUE_KEY, _tracking.full_name(slot), key)], (), None, True))
        children, attributes, refs, saver, _ = nodes[opt_id]
        nodes[opt_id] = (children, attributes, list(refs) + [(var_id, name, slot_id)], saver, True)


def restore_pairs(nodes, matched):
    """(key, slot variable) pairs for the slot references of the matched optimizers; records each
    slot's node in `matched`. A reference whose original variable matched something other than a
    variable (a hostile or damaged graph) is DataLossError, raised before any slot is made."""
    found = []
    for node_id, obj in list(matched.items()):
        if isinstance(obj, Variable):  # the common case, 10,000 times in a large model
            continue
        restore_slot = getattr(obj, "_restore_slot", None)
        if restore_slot is None:
            continue
        for ref in nodes[node_id].slot_variables:
            var = matched.get(ref.original_variable_node_id)
            slot_node = nodes[ref.slot_variable_node_id]
            if var is None or not slot_node.attributes:
                continue
            if not isinstance(var, Variable):
                raise errors.DataLossError(
                    None, None, f"The checkpoint's object graph is not valid: node {node_id} has a slot variable "
                                f"reference whose original variable, node {ref.original_variable_node_id}, is not a "
                                f"variable (the program has a {type(var).__name__} there): slot_variables {{ "
                                f"original_variable_node_id: {ref.original_variable_node_id} slot_name: "
                                f"{quote(ref.slot_name)} slot_variable_node_id: {ref.slot_variable_node_id} }}")
            found.append((restore_slot, var, ref, slot_node))
    pairs = []
    for restore_slot, var, ref, slot_node in found:
        slot = restore_slot(var, ref.slot_name)
        matched[ref.slot_variable_node_id] = slot
        pairs.append((slot_node.attributes[0].checkpoint_key, slot))
    return pairs
