"""Trackable lists, dicts and tuples: TensorFlow's ListWrapper, _DictWrapper and _TupleWrapper.

An attribute of a `varrt.Module` or `varrt.train.Checkpoint` that is assigned a list, dict or
(trackable-holding) tuple holds a wrapper instead, as in TensorFlow
(tensorflow/python/trackable/data_structures.py): `m.layers = []` stores `ListWrapper([])`.
Values put into a wrapper are wrapped the same way, so nested structures are wrappers too.

The wrappers are subclasses of list, dict and tuple: they compare equal to plain ones, support
their whole API and keep the checkpoint walk (`_tracking.ObjectGraph`) on its fast
`isinstance` checks. What they add is TensorFlow's deferred restoration: when a checkpoint
is restored into an object whose list or dict has fewer elements than the checkpoint, the
values of the missing elements are kept (read at restore time) on the wrapper, and an element
appended or assigned later under that index or key is restored from them, together with the
variables below it (a Module, a nested list...). Modules and Checkpoints wait the same way
for attributes assigned after a restore (TensorFlow's delayed restoration: a layer that
creates its variables on first call gets their values then). Values are read when the
element arrives, from the checkpoint as it was at restore time (the reader keeps its files
mapped), so a restore that leaves part of a checkpoint unused reads none of that part.
"""
import collections
import contextlib
import copy

from varrt.base import dtypes
from varrt.base import errors
from varrt.framework import graph_building
from varrt.framework.variables import Variable
from varrt.framework.tensor_shape import TensorShape
from varrt.trackable import tracking as _tracking

__all__ = ["ListWrapper", "wrap_or_unwrap"]


def wrap_or_unwrap(value):
    """`value` as stored by a tracking object: a plain list becomes a ListWrapper, a plain dict
    a _DictWrapper, a tuple holding trackable values a _TupleWrapper (a namedtuple becomes an
    instance of a _TupleWrapper subclass of its class, its elements wrapped); anything else
    (subclasses of list and dict included, as in TensorFlow) is returned unchanged."""
    t = type(value)
    if t is list:
        return ListWrapper(value)
    if t is dict or t is collections.OrderedDict:
        return _DictWrapper(value)
    if t is tuple:
        return _TupleWrapper(value) if _tracking._tuple_is_tracked(value) else value
    if isinstance(value, tuple) and isinstance(getattr(t, "_fields", None), tuple) \
            and _tracking._tuple_is_tracked(value) and not getattr(t, "_varrt_tuple_wrapper", False):
        elements = [wrap_or_unwrap(e) for e in value]
        try:
            return _namedtuple_wrapper(t)(*elements)
        except TypeError:  # a __new__ that does not take the fields
            return value
    return value


_NAMEDTUPLE_WRAPPERS = {}  # namedtuple class -> its _TupleWrapper subclass


def _namedtuple_wrapper(cls):
    """A subclass of the namedtuple `cls` that behaves as TensorFlow's _TupleWrapper proxy around
    one: its type's name is `_TupleWrapper`, it prints as `_TupleWrapper(NT(...))` (str as the
    namedtuple), it is still an instance of `cls`, and `_replace`, pickling and deep copies give
    plain `cls` instances again (a shallow copy is the object itself, as for every tuple)."""
    wrapper = _NAMEDTUPLE_WRAPPERS.get(cls)
    if wrapper is None:
        wrapper = type("_TupleWrapper", (cls,), {
            "__slots__": (),
            "__module__": __name__,
            "__doc__": f"A {cls.__name__} tracked by a Module or Checkpoint (TensorFlow's _TupleWrapper).",
            "_varrt_tuple_wrapper": True,
            "__repr__": lambda self: f"_TupleWrapper({cls.__repr__(cls(*self))})",  # the namedtuple's own name
            "__str__": lambda self: cls.__repr__(cls(*self)),
            "__reduce__": lambda self: (cls, tuple(self)),
            "__copy__": lambda self: self,
            "_replace": lambda self, **fields: cls(*self)._replace(**fields),
        })
        _NAMEDTUPLE_WRAPPERS[cls] = wrapper
    return wrapper


# TensorFlow's names of dtypes in restore errors (DataTypeString), where they differ from varrt's.
_TF_DTYPE_STRINGS = {"float32": "float", "float64": "double", "float16": "half"}


def _assign_deferred(var, node_id, key, value, bind):
    """Restores a checkpoint value (`value()` reads it) into a variable created after the
    restore. A shape mismatch leaves the variable as it is (TensorFlow raises the error inside
    its wrapper's tracking, which catches it); a dtype mismatch raises as a restore does."""
    array = value() if callable(value) else value
    expected = var.dtype.as_numpy_dtype
    if array.dtype != expected and not (array.dtype == object and expected == object):
        try:
            original = dtypes.as_dtype(array.dtype).name
        except TypeError:
            original = str(array.dtype)
        raise errors.InvalidArgumentError(
            None, None, f"tensor_name = {key}; expected dtype {_TF_DTYPE_STRINGS.get(var.dtype.name, var.dtype.name)} "
                        f"does not equal original dtype {_TF_DTYPE_STRINGS.get(original, original)}")
    bind(node_id, var)
    if var.shape.is_compatible_with(TensorShape(array.shape)):
        with _outside_function():
            var.assign(array)


def _outside_function():
    """TensorFlow restores under tf.init_scope: a variable made inside a tf.function's trace (a
    Keras optimizer's slots, built on the first step) gets its checkpoint value once, now,
    rather than from an assignment recorded into the function (run on every call, or never)."""
    graph = graph_building.current()
    return graph_building.init_scope() if graph is not None and graph.lifts_variables else contextlib.nullcontext()


# Where a holder keeps the values waiting for its children. `_self_`: never a tracked child
# (a Module's walk goes through its __dict__ and skips such names).
_PENDING = "_self_pending_restores"


def keep_deferred(holder, waiting):
    """Keeps `waiting` values on `holder`, each until a child named path[start] comes.

    A waiting value is (path, start, (node id, key, value reader, bind)): `path` is the
    checkpoint path it was found under, kept whole as it passes down from holder to holder
    (`start` says how much of it is behind), so a chain d deep costs d steps, not d**2 copies."""
    pending = holder.__dict__.setdefault(_PENDING, {})
    for path, start, entry in waiting:
        pending.setdefault(path[start], []).append((path, start + 1, entry))


def restore_deferred_entries(holder, entries, bind):
    """A checkpoint restore's hook (see _deferred): {path: (node id, checkpoint key, value reader)}
    for every value below `holder` that matched no live object, and `bind(node_id, var)` to
    report a variable restored later. Values under children the holder already has are dropped
    (those were matched, or are waited for deeper down)."""
    live = {name for name, _ in _tracking.children(holder)}
    keep_deferred(holder, [(path, 0, entry + (bind,)) for path, entry in entries.items()
                           if path and path[0] not in live])


def track(holder, value, name):
    """`value` wrapped for storing under `name` in `holder`; if values of a restore wait for
    `name`, they are restored into it first (TensorFlow's delayed restoration)."""
    value = wrap_or_unwrap(value)
    restore_waiting(holder, name, value)
    return value


def restore_waiting(holder, name, value):
    """Restores into `value`, arriving as `holder`'s child `name`, the values a restore kept
    for it (nothing when none waits)."""
    pending = holder.__dict__.get(_PENDING)
    if pending and name in pending and _tracking.kind(value) is not None:
        # Taken before restoring, as TensorFlow does: a dtype error raises here, the value
        # is not stored, and the checkpoint value is not kept.
        _restore_into(value, pending.pop(name))


def _can_wait(obj):
    return hasattr(type(obj), "_restore_deferred_entries")


class _Deferred:
    """Keeps the checkpoint values of a wrapper's missing elements until they appear."""

    def _restore_deferred_entries(self, entries, bind):
        """The restore's hook: see restore_deferred_entries."""
        restore_deferred_entries(self, entries, bind)

    def _track(self, value, name):
        """Wraps `value` and, if values of a restore wait for `name`, restores them into it."""
        return track(self, value, name)


def _restore_into(value, waiting):
    """Restores the waiting values (see keep_deferred) into the variables below `value`; values
    for objects still missing go to the deepest object below `value` that can wait for them
    (a wrapper, a Module, a Checkpoint). Each path is followed by its local names: the cost is
    the length of the paths, not the size of what is below `value`."""
    children_of = {}  # id(object) -> {local name: child}, each object's children listed once

    def child(obj, name):
        named = children_of.get(id(obj))
        if named is None:
            named = children_of[id(obj)] = dict(reversed(_tracking.children(obj)))  # the first of a name wins
        return named.get(name)

    rest = {}
    for path, start, entry in waiting:
        obj, holder = value, None
        for depth in range(start, len(path)):
            if _can_wait(obj):
                holder = (obj, depth)
            obj = child(obj, path[depth])
            if obj is None:
                break
        else:
            if isinstance(obj, Variable):
                _assign_deferred(obj, *entry)
                continue
        if holder is not None:
            rest.setdefault(id(holder[0]), (holder[0], []))[1].append((path, holder[1], entry))
    for holder, held in rest.values():
        keep_deferred(holder, held)


def _is_trackable(value):
    """What TensorFlow counts as a Trackable in a list: variables, modules, wrappers (not plain
    lists, dicts and tuples, nor plain Python objects, which a varrt walk also looks into)."""
    return type(value) not in (list, dict, tuple) and _tracking.kind(value) not in (None, _tracking.PLAIN)


class ListWrapper(_Deferred, list):
    """A list held by a Module or Checkpoint attribute (TensorFlow's ListWrapper).

    Behaves as a list (and is one); prints as `ListWrapper([...])`. Lists and dicts put into it
    are wrapped too. A Variable appended or assigned at an index that a restored checkpoint
    had, but the list did not, gets the checkpoint's value.

    Tracking is append-only, as in TensorFlow: replacing, deleting or moving an element of a
    list that holds trackable values (del, pop, remove, clear, insert, sort, reverse, assigning
    over a trackable element, `*= 0`) marks it, and saving it then raises TensorFlow's
    ValueError (restoring by position could put values into the wrong objects).
    """

    def __init__(self, wrapped_list=()):
        super().__init__(wrap_or_unwrap(v) for v in wrapped_list)

    # --- TensorFlow's append-only rule --------------------------------------------------------

    def _mark(self):
        """Records a non-append mutation: saving this list raises from now on."""
        self.__dict__["_self_non_append_mutation"] = True

    def _mark_if_tracking(self, also=False):
        """Marks a non-append mutation when the list holds trackable values (or `also`)."""
        if also or any(_is_trackable(v) for v in self):
            self._mark()

    def _check_saveable(self):
        """Raises TensorFlow's ValueError if a non-append mutation makes the list unsaveable."""
        if self.__dict__.get("_self_non_append_mutation"):
            raise ValueError(
                f"Unable to save the object {self!r} (a list wrapper constructed to track trackable TensorFlow "
                "objects). A list element was replaced (__setitem__, __setslice__), deleted (__delitem__, "
                "__delslice__), or moved (sort). In order to support restoration on object creation, tracking is "
                "exclusively for append-only data structures.\n\nIf you don't need this list checkpointed, wrap "
                "it in a non-trackable object; it will be subsequently ignored.")

    def __delitem__(self, key):
        self._mark_if_tracking()
        list.__delitem__(self, key)

    def pop(self, index=-1):
        """Removes and returns the element at `index` (the last by default)."""
        self._mark_if_tracking()
        return list.pop(self, index)

    def remove(self, value):
        """Removes the first element equal to `value`."""
        self._mark_if_tracking()
        list.remove(self, value)

    def clear(self):
        """Removes every element."""
        self._mark_if_tracking()
        list.clear(self)

    def insert(self, index, value):
        """Inserts `value` before `index` (unwrapped, as TensorFlow's insert)."""
        self._mark_if_tracking(also=_is_trackable(value))
        list.insert(self, index, value)

    def sort(self, *args, **kwargs):
        """Sorts in place."""
        self._mark_if_tracking()
        list.sort(self, *args, **kwargs)

    def reverse(self):
        """Reverses in place."""
        if any(_is_trackable(v) for v in self) and len(self) > 1:  # TensorFlow's swaps replace trackables
            self._mark()
        list.reverse(self)

    def __imul__(self, n):
        if n <= 0:
            self._mark_if_tracking()
            list.clear(self)
            return self
        self.extend(list(self) * (n - 1))
        return self

    def append(self, value):
        """Appends `value` (wrapped; restored from a pending checkpoint value for its index)."""
        list.append(self, self._track(value, str(len(self))))

    def extend(self, values):
        """Appends each of `values`."""
        for value in list(values):
            self.append(value)

    def __iadd__(self, values):
        self.extend(values)
        return self

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            before = list(self)
            items = [wrap_or_unwrap(v) for v in value]
            list.__setitem__(self, key, items)
            if any(_is_trackable(old) and (i >= len(self) or self[i] is not old) for i, old in enumerate(before)):
                self._mark()
            new = {id(v) for v in items}
            for i, v in enumerate(self):
                if id(v) in new:
                    list.__setitem__(self, i, self._track(v, str(i)))
            return
        index = key.__index__()
        if index < 0:
            index += len(self)
        if 0 <= index < len(self) and _is_trackable(self[index]):
            self._mark()
        list.__setitem__(self, key, self._track(value, str(index)))

    def copy(self):
        """A shallow copy, also a ListWrapper."""
        return ListWrapper(self)

    def __copy__(self):
        return ListWrapper(self)

    def __deepcopy__(self, memo):
        return ListWrapper(copy.deepcopy(list(self), memo))

    def __reduce_ex__(self, protocol):
        return ListWrapper, (list(self),)

    def __repr__(self):
        return f"ListWrapper({list.__repr__(self)})"

    __str__ = __repr__

    def __hash__(self):
        raise TypeError("unhashable type: 'ListWrapper'")


class _DictWrapper(_Deferred, dict):
    """A dict held by a Module or Checkpoint attribute (TensorFlow's _DictWrapper).

    Behaves as a dict (and is one); `repr` is `DictWrapper({...})`, `str` the dict's. Values
    are wrapped; a Variable assigned under a key that a restored checkpoint had, but the dict
    did not, gets the checkpoint's value.
    """

    def __init__(self, wrapped_dict=None):
        super().__init__()
        if isinstance(wrapped_dict, collections.OrderedDict):  # printed as one, as TensorFlow's proxy does
            self.__dict__["_self_ordered"] = True
        for key, value in dict(wrapped_dict or {}).items():
            dict.__setitem__(self, key, wrap_or_unwrap(value))

    def _inner_repr(self):
        return repr(collections.OrderedDict(self)) if self.__dict__.get("_self_ordered") else dict.__repr__(self)

    def __setitem__(self, key, value):
        if isinstance(key, str):
            value = self._track(value, key)
        else:
            value = wrap_or_unwrap(value)
        dict.__setitem__(self, key, value)

    def update(self, *args, **kwargs):
        """Sets each key of `dict(*args, **kwargs)` as `self[key] = value` would."""
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def _plain(self):
        return collections.OrderedDict(self) if self.__dict__.get("_self_ordered") else dict(self)

    def copy(self):
        """A shallow copy, also a _DictWrapper."""
        return _DictWrapper(self._plain())

    def __copy__(self):
        return _DictWrapper(self._plain())

    def __deepcopy__(self, memo):
        return _DictWrapper(copy.deepcopy(dict(self), memo))

    def __reduce_ex__(self, protocol):
        return dict, (dict(self),)  # TensorFlow's proxy pickles as the dict it wraps

    def __repr__(self):
        return f"DictWrapper({self._inner_repr()})"

    def __str__(self):
        return self._inner_repr()

    def __hash__(self):
        raise TypeError("unhashable type: 'DictWrapper'")


class _TupleWrapper(tuple):
    """A tuple holding trackable values, held by a Module or Checkpoint attribute
    (TensorFlow's _TupleWrapper). A tuple; `repr` is `_TupleWrapper((...))`, `str` the tuple's."""

    def __new__(cls, original_wrapped_tuple=()):
        return super().__new__(cls, [wrap_or_unwrap(e) for e in original_wrapped_tuple])

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return _TupleWrapper(copy.deepcopy(tuple(self), memo))

    def __reduce_ex__(self, protocol):
        return tuple, (tuple(self),)  # as TensorFlow's proxy

    def __repr__(self):
        return f"_TupleWrapper({tuple.__repr__(self)})"

    def __str__(self):
        return tuple.__repr__(self)
