"""The strategies varrt does not build: each raises NotImplementedError saying so."""


def _unsupported(name, instead):
    class Unsupported:
        def __init__(self, *args, **kwargs):
            raise NotImplementedError(f"varrt does not implement tf.distribute.{name}: {instead}")
    Unsupported.__name__ = Unsupported.__qualname__ = name
    Unsupported.__doc__ = f"Not in varrt: {instead}"
    return Unsupported


_LOCAL = "use MirroredStrategy on this process's (logical) devices or ParameterServerStrategy over Ray"
MultiWorkerMirroredStrategy = _unsupported("MultiWorkerMirroredStrategy", _LOCAL)
TPUStrategy = _unsupported("TPUStrategy", "varrt has no TPU devices")
CentralStorageStrategy = _unsupported("experimental.CentralStorageStrategy", _LOCAL)
