"""TensorFlow's deprecation notice (tensorflow/python/util/deprecation.py): a deprecated function
logs, on its first call, where it was called from, its name and the module TensorFlow defines it
in, and what to use instead; later calls log nothing."""
import functools
import sys

from varrt.base import tf_logging

_warned = set()


def _call_location():
    """"file:line" of the code that called the deprecated function (TensorFlow's _call_location)."""
    frame = sys._getframe(2)  # this, the wrapper, then the caller
    return f"{frame.f_code.co_filename}:{frame.f_lineno}"


def deprecated(tf_module, instructions):
    """Decorates a function TensorFlow deprecates: `tf_module` is the module TensorFlow names in
    its notice (its own Python module path), `instructions` what to do instead."""

    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if fn not in _warned:
                _warned.add(fn)
                tf_logging.warning("From %s: %s (from %s) is deprecated and will be removed in a future version.\n"
                                   "Instructions for updating:\n%s", _call_location(), fn.__name__, tf_module,
                                   instructions)
            return fn(*args, **kwargs)
        return wrapper
    return decorate
