"""The call in progress: the outermost layer call fixes `training` for the layers it calls
(Keras's `CallContext`), so `outer(x, training=True)` runs its sublayers in training mode."""
import threading

_state = threading.local()


def current():
    return getattr(_state, "context", None)


class CallContext:
    def __init__(self, entry_layer):
        self.entry_layer = entry_layer
        self.values = {}


def enter(layer):
    """The current context, or a new one with `layer` as its entry (then the caller clears
    its losses, as Keras does at the start of an outermost call)."""
    context = current()
    if context is None:
        context = _state.context = CallContext(layer)
    return context


def leave(layer):
    context = current()
    if context is None or context.entry_layer is layer:
        _state.context = None
