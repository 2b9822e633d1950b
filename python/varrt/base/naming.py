"""Keras's snake case of a class name ("Dense" → "dense", "RMSprop" → "rm_sprop";
keras/src/utils/naming.py): the names of auto-named layers and optimizers, and of saveables
in containers."""
import re


def to_snake_case(name):
    name = re.sub(r"\W+", "", name)
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()
