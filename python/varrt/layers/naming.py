"""Keras's automatic names: one counter per prefix for the whole program, so the first `Dense`
is "dense", the next "dense_1" (keras/src/utils/naming.py)."""
import collections
import re

_uids = collections.defaultdict(int)


def to_snake_case(name):
    name = re.sub(r"\W+", "", name)
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()


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
