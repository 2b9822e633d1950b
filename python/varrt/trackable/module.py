"""`Module`: a named container whose Variables and sub-Modules are found by reflection.

The walk is TensorFlow's (`tf.Module._flatten`): a module's attributes in sorted name order,
each value flattened like `tf.nest` does (lists and tuples in order, namedtuples by field,
mappings by sorted key; everything else is a leaf), each leaf yielded once (by identity).
A module's own attributes come before those of its sub-modules, which are walked after it,
in the order they were found. Cycles between modules are followed once.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import collections
import collections.abc
import re
from typing import Any, Optional

from varrt.framework import name_scopes
from varrt.framework.variables import Variable


# The types a Module stores wrapped (varrt.trackable.data_structures.wrap_or_unwrap).
_WRAPPED = (list, dict, collections.OrderedDict)


def _data_structures():
    from varrt.trackable import data_structures  # here: varrt.train imports this module's users
    return data_structures

_CAMEL_TO_SNAKE = re.compile(r"((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))")
_VALID_IDENTIFIER = re.compile(r"^[a-zA-Z_]([a-zA-Z0-9_])*$")


def camel_to_snake(value):
    """"MyModule" -> "my_module", "HTTPServer" -> "http_server" (TensorFlow's rule)."""
    return _CAMEL_TO_SNAKE.sub(r"_\1", value).lower()


class Module:
    """Base class for stateful components (TensorFlow's `tf.Module`).

    Variables and modules assigned to attributes (directly or inside lists, tuples and dicts)
    are found by `variables`, `trainable_variables`, `non_trainable_variables` and
    `submodules`, in TensorFlow's order. Variables created under `with self.name_scope:` (or in
    a method decorated with `Module.with_name_scope`) are named "<module name>/<name>:0".

    Args:
        name: The module's name, a Python identifier; None derives it from the class name in
            snake case (`Dense` -> `"dense"`).

    Raises:
        ValueError: If `name` is not a valid Python identifier.
    """

    # Attributes never walked (TensorFlow ignores its own bookkeeping the same way).
    _TF_MODULE_IGNORED_PROPERTIES = frozenset()

    def __init__(self, name: Optional[str] = None) -> None:
        if name is None:
            name = camel_to_snake(type(self).__name__)
        elif not isinstance(name, str) or not _VALID_IDENTIFIER.match(name):
            raise ValueError(f"{name!r} is not a valid module name. Module names must be valid Python identifiers "
                             f"(e.g. a valid class name).")
        self._name = name
        # The scope is fixed at construction: a module built inside another's scope keeps
        # "outer/inner/" wherever it is used later.
        with name_scopes.name_scope(name) as scope_name:
            self._name_scope = name_scopes.name_scope(scope_name)

    def __setattr__(self, name: str, value: Any) -> None:
        # As TensorFlow's AutoTrackable: lists, dicts and tuples holding trackable values are
        # stored as ListWrapper, _DictWrapper and _TupleWrapper, and a value a restore kept
        # for this attribute is restored into what arrives (delayed restoration).
        if self.__dict__.get("_self_pending_restores") or type(value) in _WRAPPED or isinstance(value, tuple):
            value = _data_structures().track(self, value, name)
        object.__setattr__(self, name, value)

    def _restore_deferred_entries(self, entries, bind):
        # A restore's values for attributes this module does not have yet (varrt.checkpoint.deferred).
        _data_structures().restore_deferred_entries(self, entries, bind)

    @property
    def name(self) -> str:
        """The name given to (or derived for) this module, without parent scopes."""
        return self._name

    @property
    def name_scope(self) -> Any:
        """The module's `name_scope` (its name includes the scopes it was created in)."""
        return self._name_scope

    @property
    def variables(self) -> tuple[Variable, ...]:
        """All Variables of this module and its sub-modules (this module's first, by attribute name)."""
        return tuple(self._flatten(predicate=_is_variable))

    @property
    def trainable_variables(self) -> tuple[Variable, ...]:
        """The trainable Variables of this module and its sub-modules."""
        return tuple(self._flatten(predicate=_is_trainable_variable))

    @property
    def non_trainable_variables(self) -> tuple[Variable, ...]:
        """The non-trainable Variables of this module and its sub-modules."""
        return tuple(self._flatten(predicate=_is_non_trainable_variable))

    @property
    def submodules(self) -> tuple[Module, ...]:
        """All modules reachable from this one (not including itself)."""
        return tuple(self._flatten(predicate=_is_module))

    def _flatten(self, recursive=True, predicate=None, attribute_traversal_key=None, with_path=False,
                 expand_composites=False):
        """Leaves of this module (and of sub-modules if `recursive`) that satisfy `predicate`.

        With `with_path`, yields `(path, leaf)` where path is a tuple of attribute names,
        indices and keys, and does not de-duplicate leaves reachable by several paths.
        """
        if predicate is None:
            predicate = _always
        return _flatten_module(self, recursive=recursive, predicate=predicate,
                               attribute_traversal_key=attribute_traversal_key,
                               attributes_to_ignore=self._TF_MODULE_IGNORED_PROPERTIES, with_path=with_path,
                               module_path=(), seen=None, recursion_stack=None)

    @classmethod
    def with_name_scope(cls, method):
        """Decorator: runs `method` inside the module's name scope."""
        import functools

        @functools.wraps(method)
        def method_with_name_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)

        return method_with_name_scope


def _always(_):
    return True


def _is_variable(obj):
    return isinstance(obj, Variable)


def _is_trainable_variable(obj):
    return isinstance(obj, Variable) and bool(getattr(obj, "trainable", False))


def _is_non_trainable_variable(obj):
    return isinstance(obj, Variable) and not getattr(obj, "trainable", False)


def _is_module(obj):
    return isinstance(obj, Module)


def _is_namedtuple(value):
    return isinstance(value, tuple) and hasattr(type(value), "_fields")


def flatten_with_tuple_paths(structure, prefix=()):
    """(path, leaf) pairs of a nested structure, in `tf.nest` order.

    Lists and tuples go by index, namedtuples by field name (in field order), mappings by
    sorted key. Sets, strings, Tensors, Variables and every other object are leaves.
    """
    if _is_namedtuple(structure):
        for field, value in zip(type(structure)._fields, structure):
            yield from flatten_with_tuple_paths(value, prefix + (field,))
    elif isinstance(structure, (list, tuple)):
        for i, value in enumerate(structure):
            yield from flatten_with_tuple_paths(value, prefix + (i,))
    elif isinstance(structure, collections.abc.Mapping):
        for key in sorted(structure):  # TypeError for keys that do not sort, as in tf.nest
            yield from flatten_with_tuple_paths(structure[key], prefix + (key,))
    else:
        yield prefix, structure


def _flatten_module(module, recursive, predicate, attribute_traversal_key, attributes_to_ignore, with_path,
                    module_path, seen, recursion_stack):
    module_id = id(module)
    if seen is None:
        seen = {module_id}
    if recursion_stack is None:
        recursion_stack = []
    # With paths, `seen` does not stop the walk, so a module already on the stack is walked
    # for its own leaves only (this breaks cycles).
    if module_id in recursion_stack:
        recursive = False

    module_dict = vars(module)
    submodules = []
    for key in sorted(module_dict, key=attribute_traversal_key):
        if key in attributes_to_ignore:
            continue
        prop = module_dict[key]
        try:
            leaves = list(flatten_with_tuple_paths(prop))
        except Exception as cause:
            raise ValueError(f"Error processing property {key!r} of {prop!r}") from cause
        for leaf_path, leaf in leaves:
            leaf_path = (key,) + leaf_path
            if not with_path:
                if id(leaf) in seen:
                    continue
                seen.add(id(leaf))
            if predicate(leaf):
                yield (module_path + leaf_path, leaf) if with_path else leaf
            if recursive and isinstance(leaf, Module):
                submodules.append((module_path + leaf_path, leaf))

    recursion_stack.append(module_id)
    for submodule_path, submodule in submodules:
        yield from _flatten_module(submodule, recursive=recursive, predicate=predicate,
                                   attribute_traversal_key=attribute_traversal_key,
                                   attributes_to_ignore=submodule._TF_MODULE_IGNORED_PROPERTIES,
                                   with_path=with_path, module_path=submodule_path, seen=seen,
                                   recursion_stack=recursion_stack)
    recursion_stack.pop()
