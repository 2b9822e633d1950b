"""Keras 3 callbacks varrt does not have: constructing one raises NotImplementedError naming it
(RemoteMonitor posts to a server)."""
from varrt.models.callback import Callback

_WHY = {
    "RemoteMonitor": "varrt does not post training events to a server",
}


class _Unavailable(Callback):
    def __init__(self, *args, **kwargs):
        name = type(self).__name__
        raise NotImplementedError(f"varrt does not have tf.keras.callbacks.{name}: {_WHY[name]}.")


class RemoteMonitor(_Unavailable):
    """Not in varrt: raises NotImplementedError."""
