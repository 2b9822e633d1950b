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
import types

from varrt import _C
from varrt.framework.variables import Variable

# TensorFlow's names, defined in the core (varrt/io/object_graph.h), which writes them too.
VARIABLE_VALUE_KEY = _C.variable_value_key
OBJECT_GRAPH_PROTO_KEY = _C.object_graph_key

# Kinds of tracked values.
VARIABLE, LIST, DICT, TUPLE, NODE, PLAIN = "variable", "list", "dict", "tuple", "node", "plain"

_NOT_WALKED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
               types.CodeType, types.FrameType, types.GeneratorType, property, staticmethod, classmethod)


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
    obj_kind = obj_kind or kind(obj)
    out = []
    if obj_kind == VARIABLE:
        return out
    if obj_kind == LIST:
        return [(str(i), v) for i, v in enumerate(obj) if kind(v) is not None]
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
    describe node i; node 0 is the root.
    """

    def __init__(self, root):
        objects, kinds, edges_by_obj = self._walk(root)
        useful = self._reaches_variable(objects, kinds, edges_by_obj)
        # Breadth first again over the kept objects, numbering them as TensorFlow would.
        self.objects, self.paths, self.edges = [root], [()], []
        index = {id(root): 0}
        pos = 0
        while pos < len(self.objects):
            i_old = objects.index_of[id(self.objects[pos])]
            node_edges = []
            for name, j_old in edges_by_obj[i_old]:
                if kinds[j_old] == PLAIN and not useful[j_old]:
                    continue
                child = objects[j_old]
                if id(child) not in index:
                    index[id(child)] = len(self.objects)
                    self.objects.append(child)
                    self.paths.append(self.paths[pos] + (name,))
                node_edges.append((name, index[id(child)]))
            self.edges.append(node_edges)
            pos += 1
        self.has_values = self._subtree_has_variables()

    @staticmethod
    def _walk(root):
        objects = _IdList()
        objects.add(root)
        root_kind = kind(root)
        kinds, edges = [NODE if root_kind in (None, PLAIN) else root_kind], []
        pos = 0
        while pos < len(objects):
            obj = objects[pos]
            node_edges = []
            for name, child in children(obj, kinds[pos]):
                if objects.add(child):
                    kinds.append(kind(child))
                node_edges.append((name, objects.index_of[id(child)]))
            edges.append(node_edges)
            pos += 1
        return objects, kinds, edges

    @staticmethod
    def _reaches_variable(objects, kinds, edges):
        useful = [k == VARIABLE for k in kinds]
        changed = True
        while changed:
            changed = False
            for i in range(len(objects) - 1, -1, -1):
                if not useful[i] and any(useful[j] for _, j in edges[i]):
                    useful[i] = changed = True
        return useful

    def _subtree_has_variables(self):
        has = [isinstance(o, Variable) for o in self.objects]
        changed = True
        while changed:
            changed = False
            for i in range(len(self.objects) - 1, -1, -1):
                if not has[i] and any(has[j] for _, j in self.edges[i]):
                    has[i] = changed = True
        return has

    def variables(self):
        """(checkpoint key, variable) for every variable, by first path."""
        return [(variable_key(p), o) for o, p in zip(self.objects, self.paths) if isinstance(o, Variable)]


class _IdList(list):
    """A list of objects with an identity index (objects may be unhashable, like Variables)."""

    def __init__(self):
        super().__init__()
        self.index_of = {}

    def add(self, obj):
        if id(obj) in self.index_of:
            return False
        self.index_of[id(obj)] = len(self)
        self.append(obj)
        return True
