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

from varrt import _C
from varrt.base import dtypes
from varrt.ops.gradients import registry

# Ops reading a variable: differentiable with respect to it. Other resource ops (the updates) are
# not. The recorder's list, in C++.
_READS = _C.TAPE_READ_OPS
# Dtypes a gradient flows through (TensorFlow's backprop_util.IsTrainable).
TRAINABLE_ENUMS = frozenset(d._enum for d in (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64,
                                              dtypes.complex64, dtypes.complex128))

_resource_id = _C.resource_id


class Entry(registry.RecordedOp):
    """One kept op, also what its gradient function gets. `backward`, when set (custom
    gradients), replaces the registry's function."""

    __slots__ = ("input_keys", "output_keys", "backward")

    def __init__(self, op, inputs, outputs, attrs, resource, input_keys, output_keys, backward=None):
        # RecordedOp's fields set here rather than through its __init__: one call less per op.
        self.type = op
        self.inputs = inputs
        self.outputs = outputs
        self._attrs = attrs
        self.resource = resource
        self.skip_input_indices = ()
        self.input_keys = input_keys
        self.output_keys = output_keys
        self.backward = backward


_C._set_tape_entry_type(Entry)


def variable_key(variable):
    """The key a variable is tracked by: its resource id, negated (tensor ids are positive)."""
    return -_resource_id(variable)


class _Active(threading.local):
    def __init__(self):
        self.recorders = []  # installed on this thread, oldest first


_active = _Active()


class Recorder:
    """The recording state of one GradientTape: the C++ recorder (csrc/bindings/tape_recorder.cc,
    which keeps the ops as described above) and its place among this thread's tapes."""

    __slots__ = ("_c", "watch_accessed")

    def __init__(self, watch_accessed_variables):
        self.watch_accessed = watch_accessed_variables
        self._c = _C.TapeRecorder(watch_accessed_variables)

    # --- installation (LIFO on this thread, as `with` blocks nest) ---------------------

    def install(self):
        self._c.install()
        _active.recorders.append(self)

    def uninstall(self):
        if self._c.installed:
            _active.recorders.remove(self)
        self._c.uninstall()

    @property
    def installed(self):
        return self._c.installed

    @property
    def recording(self):
        return self._c.recording

    @recording.setter
    def recording(self, value):
        self._c.recording = value

    # --- watching ----------------------------------------------------------------------

    def watch_variable(self, variable):
        self._c.watch_variable(variable)

    def watch_tensor(self, tensor):
        self._c.watch_tensor(tensor)

    @property
    def variables(self):
        return self._c.variables()

    def entries(self, source_keys):
        """The kept ops downstream of the sources (program order) and every key they reach."""
        return self._c.entries(source_keys)

    def record(self, op, inputs, outputs, backward):
        """Keeps an op the dispatch did not show (a custom gradient): `inputs` are tensors or
        variables; `backward(*output_grads)` returns one gradient per input."""
        self._c.record(op, list(inputs), list(outputs), backward)


def installed_recorders():
    """The recorders installed on this thread, oldest first (recording or paused)."""
    return list(_active.recorders)


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
