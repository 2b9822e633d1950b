"""Keras's name scopes: the stack of layer names that gives a variable its `path`
("outer/dense/kernel"). Entering one also enters TensorFlow's name scope of the same name, as
Keras's TensorFlow backend does, so the wrapped tf.Variable is named "outer/dense/kernel:0".

A layer whose scope is already on top (its `build` running inside its `__call__`) does not
enter it twice (Keras's `deduplicate`). A layer's scope sits under the path where it was first
used (`override_parent`, the layer's `_parent_path`), wherever it is called later."""
import threading

from varrt.framework import name_scopes

_state = threading.local()


def _stack():
    stack = getattr(_state, "stack", None)
    if stack is None:
        stack = _state.stack = []
    return stack


class name_scope:  # noqa: N801 - Keras's name
    def __init__(self, name, caller=None, override_parent=None):
        self.name, self.caller = name, caller
        self.override_parent = override_parent
        if override_parent is None and caller is not None:
            self.override_parent = getattr(caller, "_parent_path", None)
        self._tf_scope = None

    def __enter__(self):
        stack = _stack()
        if stack and self.caller is not None and stack[-1].caller is self.caller and stack[-1].name == self.name:
            return self
        stack.append(self)
        self._tf_scope = name_scopes.name_scope(current_path() + "/")  # absolute
        self._tf_scope.__enter__()
        return self

    def __exit__(self, *exc):
        if self._tf_scope is not None:
            self._tf_scope.__exit__(*exc)
            self._tf_scope = None
            _stack().pop()
        return False


def current_path():
    parts = []
    for entry in _stack():
        if entry.override_parent is not None:
            parts = [p for p in entry.override_parent.split("/") if p]
        parts.append(entry.name)
    return "/".join(parts)
