"""The tape's recorder: the ops that depend on watched values, seen at the core dispatch.

A Recorder is an *observe* hook on this thread's dispatch (csrc/varrt/ops/dispatch.h): every
op that runs while it is installed is shown to it with its inputs, outputs and attributes.
It keeps an op only when one of its inputs is *tracked* (a watched tensor or variable, or
the output of an op it kept), so unrelated work costs a set lookup per input. Variables are
tracked by their resource: a read (ReadVariableOp, ResourceGather) of a watched variable, or
of any trainable variable when the tape watches accessed variables, is kept with the variable
as its first input, as TensorFlow's ops take the resource handle first. Updates (assign*)
are never kept: no gradient flows through them (TensorFlow's rule).

Tensors are followed by their core id (`Tensor._id`): every op output gets a new one, copies
of a tensor (the same value handed to the hook and to the caller) share it.
"""
import threading

from varrt import _C, dtypes
from varrt.framework import variables as _variables
from varrt.ops.gradients import registry

# Ops reading a variable: differentiable with respect to it. Other resource ops (the updates) are not.
_READS = frozenset({"ReadVariableOp", "ResourceGather", "ResourceGatherNd"})
# Dtypes a gradient flows through (TensorFlow's backprop_util.IsTrainable).
TRAINABLE_ENUMS = frozenset(d._enum for d in (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64,
                                              dtypes.complex64, dtypes.complex128))

_push_hook = _C.push_dispatch_hook
_pop_hook = _C.pop_dispatch_hook
_resource_id = _C.resource_id


class Entry(registry.RecordedOp):
    """One kept op, also what its gradient function gets. `backward`, when set (custom
    gradients), replaces the registry's function."""

    __slots__ = ("input_keys", "output_keys", "backward")

    def __init__(self, op, inputs, outputs, attrs, resource, input_keys, output_keys, backward=None):
        registry.RecordedOp.__init__(self, op, inputs, outputs, attrs, resource)
        self.input_keys = input_keys
        self.output_keys = output_keys
        self.backward = backward


def variable_key(variable):
    """The key a variable is tracked by: its resource id, negated (tensor ids are positive)."""
    return -_resource_id(variable)


class _Active(threading.local):
    def __init__(self):
        self.recorders = []  # installed on this thread, oldest first


_active = _Active()


class Recorder:
    """The recording state of one GradientTape."""

    def __init__(self, watch_accessed_variables):
        self.watch_accessed = watch_accessed_variables
        self.tracked = set()      # keys of values that depend on a watched one
        self.entries = []         # kept ops, in the order they ran
        self.variables = {}       # resource id -> watched Variable, in watch order
        self.recording = False    # False while stopped (stop_recording, after a one-shot gradient)
        self._hook = None

    # --- installation (LIFO on this thread, as `with` blocks nest) ---------------------

    def install(self):
        self._hook = _push_hook("observe", self._on_op)
        _active.recorders.append(self)
        self.recording = True

    def uninstall(self):
        self.recording = False
        if self._hook is not None:
            hook, self._hook = self._hook, None
            _pop_hook(hook)
            _active.recorders.remove(self)

    @property
    def installed(self):
        return self._hook is not None

    # --- watching ----------------------------------------------------------------------

    def watch_variable(self, variable):
        rid = _resource_id(variable)
        if rid not in self.variables:
            self.variables[rid] = variable
        self.tracked.add(-rid)

    def watch_tensor(self, tensor):
        self.tracked.add(tensor._id)

    # --- recording ---------------------------------------------------------------------

    def _on_op(self, op, device, inputs, outputs, attrs, resource):
        if not self.recording:
            return
        tracked = self.tracked
        if resource is not None:
            if op not in _READS:
                return
            key = -resource
            if key not in tracked:
                if not self.watch_accessed:
                    return
                variable = _variables.trainable_variable_of(resource)
                if variable is None:
                    return
                self.watch_variable(variable)
            input_keys = (key,) + tuple(t._id for t in inputs)
            inputs = (self.variables[resource],) + inputs
        else:
            for t in inputs:
                if t._id in tracked:
                    break
            else:
                return
            input_keys = tuple(t._id for t in inputs)
        output_keys = tuple(t._id for t in outputs)
        for t, k in zip(outputs, output_keys):
            if t._dtype_enum in TRAINABLE_ENUMS:
                tracked.add(k)
        self.entries.append(Entry(op, inputs, outputs, attrs, resource, input_keys, output_keys))

    def record(self, op, inputs, outputs, backward):
        """Keeps an op the dispatch did not show (a custom gradient): `inputs` are tensors or
        variables; `backward(*output_grads)` returns one gradient per input."""
        if not self.recording:
            return
        keys = []
        connected = False
        for x in inputs:
            if isinstance(x, _variables.Variable):
                rid = _resource_id(x)
                if -rid not in self.tracked and self.watch_accessed and x.trainable:
                    self.watch_variable(x)
                key = -rid
            else:
                key = x._id
            connected = connected or key in self.tracked
            keys.append(key)
        if not connected:
            return
        output_keys = tuple(t._id for t in outputs)
        for t, k in zip(outputs, output_keys):
            if t._dtype_enum in TRAINABLE_ENUMS:
                self.tracked.add(k)
        self.entries.append(Entry(op, tuple(inputs), tuple(outputs), {}, None, tuple(keys), output_keys, backward))


def recording_recorders():
    """The recorders recording on this thread."""
    return [r for r in _active.recorders if r.recording]


class stop_all_recording:  # noqa: N801  (a context manager named like TensorFlow's tape.stop_recording)
    """Pauses every tape recording on this thread (custom gradients run their function so)."""

    def __enter__(self):
        self._paused = recording_recorders()
        for r in self._paused:
            r.recording = False
        return self

    def __exit__(self, *exc):
        for r in self._paused:
            r.recording = True
        return False


def could_possibly_record():
    return bool(_active.recorders)
