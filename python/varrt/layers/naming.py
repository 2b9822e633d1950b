"""Keras's automatic names: one counter per prefix for the whole program, so the first `Dense`
is "dense", the next "dense_1" (keras/src/utils/naming.py)."""
import collections

from varrt.base.naming import to_snake_case

_uids = collections.defaultdict(int)


def uniquify(name):
    unique = f"{name}_{_uids[name]}" if name in _uids else name
    _uids[name] += 1
    return unique


def auto_name(prefix):
    return uniquify(to_snake_case(prefix))


def check_name(name):
    """Keras's rule for layer and variable names (an Operation's or a Variable's)."""
    if not isinstance(name, str) or "/" in name:
        raise ValueError("Argument `name` must be a string and cannot contain character `/`. "
                         f"Received: name={name} (of type {type(name)})")
