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


class building_by_call:  # noqa: N801 - a context manager
    """The first call of a layer without its own `build` whose sublayers are not built yet.
    Keras builds such a layer by running `call` on symbolic tensors (TensorFlow's scratch
    graph), so a checkpoint read before then is not restored into the sublayers' variables
    made there; varrt builds them in the eager call, and this flag keeps that difference
    out of sight (the variables made under it take no waiting checkpoint value)."""

    def __enter__(self):
        _state.building_by_call = getattr(_state, "building_by_call", 0) + 1
        return self

    def __exit__(self, *exc):
        _state.building_by_call -= 1
        return False


def in_building_by_call():
    return getattr(_state, "building_by_call", 0) > 0
