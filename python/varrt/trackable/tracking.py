"""Which objects a checkpoint reaches, and the names TensorFlow gives them.

TensorFlow's AutoTrackable tracks the attributes of an object that hold trackable values:
variables, other trackables, and lists, dicts and tuples (wrapped on assignment; a tuple only
when it holds something trackable). Public and `_private` attributes alike, in assignment
order. Lists and tuples name their trackable elements by index ("0", "1", ...), namedtuples
also by field name, dicts by key (string keys only). The first breadth-first path to an
object names it; a checkpoint key is that path with '.' escaped as '..' and '/' as '.S',
then "/.ATTRIBUTES/VARIABLE_VALUE" (a rule that lives in the core: varrt/io/object_graph.h).

varrt has no Trackable base class, so it walks any object's instance attributes this way:
varrt.Module, a Checkpoint, or a plain Python object. Plain objects (not Modules) that lead
to no variable are left out, so stray helper objects do not add empty nodes.
"""
import contextlib
import gc
import types

from varrt import _C
from varrt.framework.variables import Variable, resource_variable_of

# TensorFlow's names, defined in the core (varrt/io/object_graph.h), which writes them too.
VARIABLE_VALUE_KEY = _C.variable_value_key
OBJECT_GRAPH_PROTO_KEY = _C.object_graph_key

# Kinds of tracked values.
VARIABLE, LIST, DICT, TUPLE, NODE, PLAIN = "variable", "list", "dict", "tuple", "node", "plain"

_NOT_WALKED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
               types.CodeType, types.FrameType, types.GeneratorType, property, staticmethod, classmethod)


@contextlib.contextmanager
def gc_paused():
    """Pauses the cyclic garbage collector: a walk over 10,000 variables allocates tens of
    thousands of tuples, and the collections they trigger, each scanning every object of the
    program, took two thirds of a save's time. Nothing here makes cycles."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def variable_key(path):
    """The checkpoint key of the variable at `path` (a sequence of local names)."""
    return _C.object_graph_variable_key(path)


def full_name(var):
    name = var.name
    return name[:-2] if name.endswith(":0") else name


def _tuple_is_tracked(t):
    for element in t:
        if isinstance(element, (Variable, list, dict)) or _is_node(element):
            return True
        if isinstance(element, tuple) and _tuple_is_tracked(element):
            return True
    return False


def _is_node(obj):
    """A trackable object in its own right (always a node, even with nothing inside): anything
    with a `_checkpoint_children` hook, TensorFlow-style modules, and varrt's Module."""
    cls = type(obj)
    if hasattr(cls, "_checkpoint_children") or hasattr(cls, "_TF_MODULE_IGNORED_PROPERTIES"):
        return True
    return any(c.__name__ in ("Module", "AutoTrackable") and c.__module__.split(".")[0] == "varrt"
               for c in cls.__mro__)


def kind(obj):
    """The kind of a value as a checkpoint dependency, or None when it is not tracked."""
    if isinstance(obj, Variable):
        return VARIABLE
    if isinstance(obj, list):
        return LIST
    if isinstance(obj, dict):
        return DICT
    if isinstance(obj, tuple):
        return TUPLE if _tuple_is_tracked(obj) else None
    if _is_node(obj):
        return NODE
    if getattr(type(obj), "_varrt_not_trackable", False) or isinstance(obj, _NOT_WALKED):
        return None
    if hasattr(obj, "__dict__"):
        return PLAIN
    return None


def _non_string_key_error(d):
    return ValueError(
        f"Unable to save the object {d!r} (a dictionary wrapper constructed automatically on attribute "
        "assignment). The wrapped dictionary contains a non-string key which maps to a trackable object or "
        "mutable data structure.\n\nIf you don't need this dictionary checkpointed, wrap it in a non-trackable "
        "object; it will be subsequently ignored.")


def children(obj, obj_kind=None):
    """The (local name, value) dependencies of `obj`, in TensorFlow's order."""
    return [(name, resource_variable_of(value)) for name, value in _children(obj, obj_kind)]


def _children(obj, obj_kind):
    obj_kind = obj_kind or kind(obj)
    out = []
    if obj_kind == VARIABLE:
        return out
    if obj_kind == LIST:
        check = getattr(obj, "_check_saveable", None)  # a ListWrapper changed other than by appending
        if check is not None:
            check()
        return [(str(i), v) for i, v in enumerate(obj) if isinstance(v, Variable) or kind(v) is not None]
    if obj_kind == TUPLE:
        fields = getattr(type(obj), "_fields", None)
        if isinstance(fields, tuple) and len(fields) == len(obj):  # namedtuple: by field name too
            out.extend((f, v) for f, v in zip(fields, obj) if kind(v) is not None)
        out.extend((str(i), v) for i, v in enumerate(obj) if kind(v) is not None)
        return out
    if obj_kind == DICT:
        for k, v in obj.items():
            if kind(v) is None:
                continue
            if not isinstance(k, str):
                raise _non_string_key_error(obj)
            out.append((k, v))
        return out
    hook = getattr(obj, "_checkpoint_children", None)
    if hook is not None:
        return list(hook())
    ignored = getattr(type(obj), "_TF_MODULE_IGNORED_PROPERTIES", ())
    for name, v in vars(obj).items():
        if name.startswith("_self_") or name in ignored:
            continue
        if kind(v) is not None:
            out.append((name, v))
    return out


class ObjectGraph:
    """The objects reachable from a root, breadth first, with their first paths.

    `objects[i]`, `paths[i]` (tuple of local names) and `edges[i]` (list of (name, index))
    describe node i; node 0 is the root. `has_values[i]`: a variable is at or below node i.
    `variable_nodes`: the node numbers of the variables.
    """

    def __init__(self, root):
        objects, kinds, paths, edges = self._walk(root)
        if PLAIN in kinds:
            objects, kinds, paths, edges = self._without_useless_plain_objects(root, objects, kinds, edges)
        self.objects, self.paths, self.edges = objects, paths, edges
        self.variable_nodes = [i for i, k in enumerate(kinds) if k == VARIABLE]
        self.has_values = self._subtree_has_variables(kinds, edges)

    @staticmethod
    def _walk(root):
        """Every object reachable from `root`, breadth first (runs on every save: keep it lean)."""
        objects, index = [root], {id(root): 0}
        root_kind = kind(root)
        kinds, paths, edges = [NODE if root_kind in (None, PLAIN) else root_kind], [()], []
        pos = 0
        while pos < len(objects):
            obj_kind = kinds[pos]
            if obj_kind == VARIABLE:
                edges.append([])
                pos += 1
                continue
            node_edges = []
            path = paths[pos]
            for name, child in children(objects[pos], obj_kind):
                j = index.get(id(child))
                if j is None:
                    j = index[id(child)] = len(objects)
                    objects.append(child)
                    kinds.append(VARIABLE if isinstance(child, Variable) else kind(child))
                    paths.append(path + (name,))
                node_edges.append((name, j))
            edges.append(node_edges)
            pos += 1
        return objects, kinds, paths, edges

    @staticmethod
    def _without_useless_plain_objects(root, objects, kinds, edges):
        """The walk again without plain objects (not Modules) that lead to no variable."""
        useful = ObjectGraph._subtree_has_variables(kinds, edges)
        index_of = {id(o): i for i, o in enumerate(objects)}
        new_objects, new_kinds, new_paths, new_edges = [root], [kinds[0]], [()], []
        index = {id(root): 0}
        pos = 0
        while pos < len(new_objects):
            i_old = index_of[id(new_objects[pos])]
            node_edges = []
            for name, j_old in edges[i_old]:
                if kinds[j_old] == PLAIN and not useful[j_old]:
                    continue
                child = objects[j_old]
                if id(child) not in index:
                    index[id(child)] = len(new_objects)
                    new_objects.append(child)
                    new_kinds.append(kinds[j_old])
                    new_paths.append(new_paths[pos] + (name,))
                node_edges.append((name, index[id(child)]))
            new_edges.append(node_edges)
            pos += 1
        return new_objects, new_kinds, new_paths, new_edges

    @staticmethod
    def _subtree_has_variables(kinds, edges):
        """has[i]: a variable is at or below node i (repeated until stable: edges may go back)."""
        has = [k == VARIABLE for k in kinds]
        inner = [i for i in range(len(kinds) - 1, -1, -1) if not has[i] and edges[i]]
        changed = True
        while changed:
            changed = False
            for i in inner:
                if not has[i]:
                    for _, j in edges[i]:
                        if has[j]:
                            has[i] = changed = True
                            break
        return has

    def variables(self):
        """(checkpoint key, variable) for every variable, by first path."""
        nodes = self.variable_nodes
        keys = _C.object_graph_variable_keys([self.paths[i] for i in nodes])
        return [(key, self.objects[i]) for key, i in zip(keys, nodes)]
