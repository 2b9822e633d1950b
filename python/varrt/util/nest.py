"""Nested structures as TensorFlow's `tf.nest` sees them: lists, tuples, namedtuples and
dicts (visited in sorted key order) are structure; everything else (tensors, variables,
None, numbers) is an atom.
"""
import collections.abc as _abc

from varrt import _C


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


_STRUCTURES = (list, tuple, dict)
_ATOMS = (str, bytes, int, float, bool, type(None))
_VARRT_ATOMS = (_C.TensorBase, _C.VarHandle)  # tensors and variables (C types: a fast isinstance)


def is_nested(structure):
    t = type(structure)
    if t in _STRUCTURES:
        return True
    if t in _ATOMS or isinstance(structure, _VARRT_ATOMS):  # atoms, without the slow ABC check
        return False
    return isinstance(structure, (list, tuple, dict, _abc.Mapping))


def _sorted_keys(mapping):
    try:
        return sorted(mapping)
    except TypeError as e:
        raise TypeError("nest only supports dicts with sortable keys.") from e


def _children(structure):
    if isinstance(structure, _abc.Mapping):
        return [structure[k] for k in _sorted_keys(structure)]
    return list(structure)


def flatten(structure, expand_composites=False):
    """The atoms of `structure`, in TensorFlow's order."""
    if not is_nested(structure):
        return [structure]
    out = []
    stack = [structure]
    # Iterative depth-first walk, children in order.
    while stack:
        s = stack.pop()
        if is_nested(s):
            stack.extend(reversed(_children(s)))
        else:
            out.append(s)
    return out


def _rebuild(structure, children):
    if isinstance(structure, _abc.Mapping):
        values = dict(zip(_sorted_keys(structure), children))
        result = {k: values[k] for k in structure}  # the original key order
        try:
            return type(structure)(result)
        except TypeError:
            return result
    if _is_namedtuple(structure):
        return type(structure)(*children)
    if isinstance(structure, tuple):
        return tuple(children)
    return list(children) if type(structure) is list else type(structure)(children)


def _pack(structure, flat, index):
    if not is_nested(structure):
        return flat[index], index + 1
    children = []
    for child in _children(structure):
        value, index = _pack(child, flat, index)
        children.append(value)
    return _rebuild(structure, children), index


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """`flat_sequence` (atoms in flatten's order) in the shape of `structure`."""
    flat_sequence = list(flat_sequence)
    n = len(flatten(structure))
    if len(flat_sequence) != n:
        raise ValueError(f"Could not pack sequence. Structure had {n} atoms, but flat_sequence had "
                         f"{len(flat_sequence)} items. Structure: {structure}, flat_sequence: {flat_sequence}.")
    return _pack(structure, flat_sequence, 0)[0]


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False):
    def walk(a, b):
        if is_nested(a) != is_nested(b):
            raise ValueError(f"The two structures don't have the same nested structure.\n\nFirst structure: {nest1}"
                             f"\n\nSecond structure: {nest2}")
        if not is_nested(a):
            return
        if check_types and type(a) is not type(b) and not (isinstance(a, _abc.Mapping) and isinstance(b, _abc.Mapping)):
            raise TypeError(f"The two structures don't have the same sequence type. Input structure has type "
                            f"{type(a)}, while shallow structure has type {type(b)}.")
        ca, cb = _children(a), _children(b)
        if len(ca) != len(cb) or (isinstance(a, _abc.Mapping) and _sorted_keys(a) != _sorted_keys(b)):
            raise ValueError(f"The two structures don't have the same nested structure.\n\nFirst structure: {nest1}"
                             f"\n\nSecond structure: {nest2}")
        for x, y in zip(ca, cb):
            walk(x, y)
    walk(nest1, nest2)


def map_structure(func, *structure, **kwargs):
    """`func` applied to the atoms at each position of the structures (which must match)."""
    if not structure:
        raise ValueError("Must provide at least one structure")
    check_types = kwargs.pop("check_types", True)
    kwargs.pop("expand_composites", None)
    if kwargs:
        raise ValueError(f"Only valid keyword arguments are `check_types` and `expand_composites`, not: "
                         f"`{', '.join(kwargs)}`")
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types=check_types)
    flats = [flatten(s) for s in structure]
    return pack_sequence_as(structure[0], [func(*args) for args in zip(*flats)])
