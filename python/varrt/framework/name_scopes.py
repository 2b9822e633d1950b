"""`name_scope`: the prefix that variables created inside it get in their names.

    with varrt.name_scope("outer"):
        with varrt.name_scope("inner"):
            v = varrt.Variable(1.0, name="w")     # v.name == "outer/inner/w:0"

TensorFlow's rules: scopes nest by concatenation, a name ending in "/" is absolute (it
replaces the current scope), "" resets to the root; eagerly names are never made unique (two
`with name_scope("s")` blocks both give "s/"), while a graph is built they are, in the graph
("s/", then "s_1/"). The current scope is per thread.
"""
import threading

from varrt.framework import graph_building


class _ScopeState(threading.local):
    scope = ""  # "" (root) or a scope name ending in "/"
    node_name = None  # the `name=` of the op being called, for the graph node it makes


_state = _ScopeState()


def request_node_name(name):
    """The `name=` an op was called with, for the node a graph being built makes of it (the
    recorder takes it); returns the previous request, to restore."""
    previous = _state.node_name
    _state.node_name = name
    return previous


def take_node_name():
    """The pending `name=` of the op being recorded (None when none was given), cleared."""
    name = _state.node_name
    _state.node_name = None
    return name


def peek_node_name():
    return _state.node_name


def current_scope():
    """The current scope name: "" at the root, else ending in "/"."""
    return _state.scope


def get_current_name_scope() -> str:
    """TensorFlow's tf.get_current_name_scope(): the current scope without its trailing "/"
    ("" at the root)."""
    return _state.scope[:-1] if _state.scope.endswith("/") else _state.scope


class name_scope:  # noqa: N801 - TensorFlow's public name
    """A context manager that prefixes the names of variables and graph nodes created inside it.

    Entering returns the full scope name (ending in "/"). The same instance may be entered
    again and nested (a Module keeps one and enters it on every call).

    Args:
        name: The scope's name (a string).

    Raises:
        ValueError: If `name` is not a string.
    """

    def __init__(self, name):
        if not isinstance(name, str):
            raise ValueError("name for name_scope must be a string.")
        self._name = name
        self._outer = []  # scope to restore on each exit, innermost last

    @property
    def name(self):
        """The scope's name, as given."""
        return self._name

    def __enter__(self):
        outer = _state.scope
        name = self._name
        if not name:
            scope = ""
        elif name.endswith("/"):
            scope = name
        else:
            graph = graph_building.current()
            # While a graph is built a scope's name is made unique in it, as TensorFlow's graph
            # name scopes are ("a", then "a_1"; a node named "a" then becomes "a_2"); eagerly never.
            scope = (outer + name if graph is None else graph.unique_name(outer + name)) + "/"
        self._outer.append(outer)
        _state.scope = scope
        return scope

    def __exit__(self, exc_type, exc_value, traceback):
        _state.scope = self._outer.pop()
        return False


def variable_name(name):
    """The name a new variable gets ("scope/name", without ":0") under the current scope."""
    if name is None:
        return _state.scope + "Variable"
    if not isinstance(name, str):
        raise ValueError("name for name_scope must be a string.")
    if not name:
        return ""
    if name.endswith("/"):  # absolute, as for name_scope
        return name[:-1]
    return _state.scope + name
