"""`device(spec)` scopes and `DeviceSpec`, as TensorFlow's `tf.device` and `tf.DeviceSpec`.

Scopes live in the core, one stack per thread: ops in a `with device(...)` block run on that
device (soft placement falls back to CPU:0 for missing devices), ops using a variable run
where the variable lives, and a new thread starts outside any scope.
"""
from varrt import _C
from varrt.framework.device_config import LogicalDevice


class DeviceSpec:
    """A (possibly partial) device name: job, replica, task, device type and index."""

    __slots__ = ("_job", "_replica", "_task", "_device_type", "_device_index", "_as_string", "_hash")

    def __init__(self, job=None, replica=None, task=None, device_type=None, device_index=None):
        self._job = None if job is None else str(job)
        self._replica = None if replica is None else int(replica)
        self._task = None if task is None else int(task)
        # Lower-case "cpu"/"gpu" are accepted for backwards compatibility, as in TensorFlow.
        self._device_type = device_type.upper() if device_type in ("cpu", "gpu") else (
            None if device_type is None else str(device_type))
        self._device_index = None if device_index is None else int(device_index)
        parts = []
        if self._job is not None:
            parts.append("/job:" + self._job)
        if self._replica is not None:
            parts.append(f"/replica:{self._replica}")
        if self._task is not None:
            parts.append(f"/task:{self._task}")
        if self._device_type is not None:
            index = "*" if self._device_index is None else str(self._device_index)
            parts.append(f"/device:{self._device_type}:{index}")
        self._as_string = "".join(parts)
        self._hash = hash(self._as_string)

    @classmethod
    def from_string(cls, spec):
        """Parses "/job:<name>/replica:<id>/task:<id>/device:<type>:<id>" (all parts optional,
        "CPU:0" and "/cpu:0" forms too); ValueError for malformed specs."""
        return cls(*_C.parse_device_spec("" if spec is None or (isinstance(spec, str) and not spec) else spec))

    def parse_from_string(self, spec):
        """A new DeviceSpec parsed from `spec` (as from_string)."""
        return self.from_string(spec)

    def to_string(self):
        """The spec as a string ("/job:ps/replica:0/task:1/device:CPU:0"), set fields only."""
        return self._as_string

    def make_merged_spec(self, dev):
        """A new spec with `dev`'s fields where set, else this one's."""
        return self.__class__(*self._merged_fields(dev))

    def replace(self, **kwargs):
        """A new DeviceSpec with the given fields replaced."""
        fields = dict(job=self.job, replica=self.replica, task=self.task, device_type=self.device_type,
                      device_index=self.device_index)
        fields.update(kwargs)
        return self.__class__(**fields)

    def _merged_fields(self, dev):
        return (dev.job if dev.job is not None else self.job,
                dev.replica if dev.replica is not None else self.replica,
                dev.task if dev.task is not None else self.task,
                dev.device_type if dev.device_type is not None else self.device_type,
                dev.device_index if dev.device_index is not None else self.device_index)

    job = property(lambda self: self._job, doc='The job name, or None.')
    replica = property(lambda self: self._replica, doc='The replica index, or None.')
    task = property(lambda self: self._task, doc='The task index, or None.')
    device_type = property(lambda self: self._device_type, doc='The device type ("CPU"), or None.')
    device_index = property(lambda self: self._device_index, doc='The device index, or None.')

    def __eq__(self, other):
        return isinstance(other, self.__class__) and self.to_string() == other.to_string()

    def __hash__(self):
        return self._hash

    def __repr__(self):
        return (f"<DeviceSpec(job={self.job}, replica={self.replica}, task={self.task}, "
                f"device_type={self.device_type}, device_index={self.device_index})>")


class _DeviceScope:
    """What `device()` returns. Re-entrant; each exit must match the innermost entry."""

    __slots__ = ("_name", "_tokens")

    def __init__(self, name):
        self._name = name
        self._tokens = []

    def __enter__(self):
        name = self._name
        if name is not None and not isinstance(name, str):
            raise ValueError(f"Expecting a string device name. Got {type(name)}({name})")
        self._tokens.append(_C.push_device_scope(name))

    def __exit__(self, *exc_info):
        if not self._tokens or not _C.pop_device_scope(self._tokens[-1]):
            raise RuntimeError("Exiting device scope without proper scope nesting")
        self._tokens.pop()


def device(device_name):
    """Context manager placing the ops created inside it on `device_name`.

    Nested scopes merge: the inner spec's fields win. Scopes are per thread. A device the
    process does not have (any GPU here) falls back to CPU under soft placement (the default);
    with `tf.config.set_soft_device_placement(False)` the op raises `InvalidArgumentError`.
    Like TensorFlow, this initializes the devices.

    Args:
        device_name: A device spec string (`"CPU:0"`, `"/device:GPU:1"`,
            `"/job:ps/task:1"`, `"/job:localhost/replica:0/task:0/device:CPU:0"`), a
            `DeviceSpec`, a `LogicalDevice`, or None (default placement).

    Returns:
        A context manager.

    Raises:
        RuntimeError: If `device_name` is a function (TensorFlow 1's device functions work
            only in graph mode, through `tf.compat.v1.device`).
        ValueError: If the spec cannot be parsed (raised when the scope is entered).
    """
    if callable(device_name):
        raise RuntimeError("tf.device does not support functions.")
    _C.init_devices()
    if isinstance(device_name, LogicalDevice):
        device_name = device_name.name
    elif isinstance(device_name, DeviceSpec):
        device_name = device_name.to_string()
    return _DeviceScope(device_name)
