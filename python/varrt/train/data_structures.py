"""Pickles written before varrt's modules moved (issue 26) name the tracked list and dict
wrappers here; they live in varrt.trackable.data_structures."""
from varrt.trackable.data_structures import ListWrapper, _DictWrapper  # noqa: F401
