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
    return sorted(mapping)  # unsortable keys: TensorFlow's TypeError from sorted()


def _children(structure):
    if isinstance(structure, _abc.Mapping):
        return [structure[k] for k in _sorted_keys(structure)]
    return list(structure)


def _components(atom):
    """A composite tensor's components (a RaggedTensor's flat values and row splits), else None."""
    components = getattr(type(atom), "_composite_components", None)
    return None if components is None else components(atom)


def _expanded(atoms):
    """`atoms` with each composite tensor replaced by its components (expand_composites=True)."""
    out = []
    for atom in atoms:
        components = _components(atom)
        out.extend([atom] if components is None else components)
    return out


def _regrouped(atoms, flat_sequence):
    """`flat_sequence` (components of `atoms`, expanded) with each composite rebuilt from its own."""
    out, i = [], 0
    for atom in atoms:
        components = _components(atom)
        if components is None:
            out.append(flat_sequence[i])
            i += 1
        else:
            out.append(atom._from_composite_components(flat_sequence[i:i + len(components)]))
            i += len(components)
    if i != len(flat_sequence):
        raise ValueError(f"Could not pack sequence. Structure had {i} atoms, but flat_sequence had "
                         f"{len(flat_sequence)} items.")
    return out


def flatten(structure, expand_composites=False):
    """The atoms of `structure`, in TensorFlow's order (a composite tensor as its components
    when `expand_composites`)."""
    if expand_composites:
        return _expanded(flatten(structure))
    if not is_nested(structure):
        return [structure]
    if type(structure) in (list, tuple):
        for x in structure:
            if is_nested(x):
                break
        else:
            return list(structure)  # a flat list or tuple: the common case, without the walk
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


def _described(x):
    """TensorFlow's "type=list str=[1, 2]" for a structure in its error messages (a tensor: its
    class as TensorFlow names it, "type=EagerTensor str=tf.Tensor(...)")."""
    return f"type={getattr(type(x), '_tf_class_name', type(x).__name__)} str={x!s}"


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """`flat_sequence` (atoms in flatten's order) in the shape of `structure`."""
    if expand_composites and is_nested(flat_sequence):
        atoms = flatten(structure)
        if any(_components(a) is not None for a in atoms):
            return pack_sequence_as(structure, _regrouped(atoms, list(flat_sequence)))
    if not is_nested(flat_sequence):
        raise TypeError(f"Attempted to pack value:\n  {flat_sequence}\ninto a structure, but found incompatible "
                        f"type `{type(flat_sequence)}` instead.")
    flat_sequence = list(flat_sequence)
    if not is_nested(structure):
        if len(flat_sequence) != 1:
            raise ValueError(f"The target structure is of type `{type(structure)}`\n  {structure}\nHowever the input "
                             f"is a sequence ({type(flat_sequence)}) of length {len(flat_sequence)}.\n  "
                             f"{flat_sequence}\nnest cannot guarantee that it is safe to map one to the other.")
        return flat_sequence[0]
    if type(structure) is list and len(structure) == len(flat_sequence) and not any(map(is_nested, structure)):
        return flat_sequence
    n = len(flatten(structure))
    if len(flat_sequence) != n:
        raise ValueError(f"Could not pack sequence. Structure had {n} atoms, but flat_sequence had "
                         f"{len(flat_sequence)} items.  Structure: {structure}, flat_sequence: {flat_sequence}.")
    return _pack(structure, flat_sequence, 0)[0]


def _same_type(a, b):
    if type(a) is type(b):
        return True
    if isinstance(a, _abc.Mapping) and isinstance(b, _abc.Mapping):
        return True
    # Two namedtuple classes of one name and fields count as one type.
    return (_is_namedtuple(a) and _is_namedtuple(b) and type(a).__name__ == type(b).__name__
            and type(a)._fields == type(b)._fields)


def _mismatch(a, b, check_types):
    """(error class, TensorFlow's "More specifically" text) for the first difference of a and b, or None."""
    if is_nested(a) != is_nested(b):
        # TensorFlow names the sequence first, whichever structure it is in.
        sequence, other = (a, b) if is_nested(a) else (b, a)
        return ValueError, f'Substructure "{_described(sequence)}" is a sequence, while substructure ' \
                           f'"{_described(other)}" is not'
    if not is_nested(a):
        return None
    if check_types:
        if not _same_type(a, b):
            return TypeError, (f"The two namedtuples don't have the same sequence type. First structure "
                               f"{_described(a)} has type {type(a).__name__}, while second structure {_described(b)} "
                               f"has type {type(b).__name__}")
        if isinstance(a, _abc.Mapping) and set(a) != set(b):
            return ValueError, (f"The two dictionaries don't have the same set of keys. First structure has keys "
                                f"{_described(list(a))}, while second structure has keys {_described(list(b))}")
    ca, cb = _children(a), _children(b)
    if len(ca) != len(cb):
        return ValueError, (f"The two structures don't have the same number of elements. First structure: "
                            f"{_described(a)}. Second structure: {_described(b)}")
    for x, y in zip(ca, cb):
        found = _mismatch(x, y, check_types)
        if found is not None:
            return found
    return None


def _dots(structure):
    """The structure with every atom shown as "." (TensorFlow's "Entire first structure")."""
    if not is_nested(structure):
        return "."
    return str(pack_sequence_as(structure, [_Dot()] * len(flatten(structure))))


class _Dot:
    def __repr__(self):
        return "."


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False):
    """Raises TensorFlow's ValueError (or TypeError, for sequence types that differ with
    `check_types`) unless the two structures nest alike."""
    found = _mismatch(nest1, nest2, check_types)
    if found is None:
        return
    cls, detail = found
    raise cls(f"The two structures don't have the same nested structure.\n\nFirst structure: {_described(nest1)}"
              f"\n\nSecond structure: {_described(nest2)}\n\nMore specifically: {detail}\n"
              f"Entire first structure:\n{_dots(nest1)}\nEntire second structure:\n{_dots(nest2)}")


def map_structure(func, *structure, **kwargs):
    """`func` applied to the atoms at each position of the structures (which must match)."""
    if not structure:
        raise ValueError("Must provide at least one structure")
    check_types = kwargs.pop("check_types", True)
    expand_composites = kwargs.pop("expand_composites", False)
    if kwargs:
        raise ValueError(f"Only valid keyword arguments are `check_types` and `expand_composites`, not: "
                         f"`{', '.join(kwargs)}`")
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types=check_types)
    flats = [flatten(s, expand_composites) for s in structure]
    return pack_sequence_as(structure[0], [func(*args) for args in zip(*flats)], expand_composites)
