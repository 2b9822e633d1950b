"""`tf.GradientTape`: records the ops run inside it and differentiates them in reverse.

    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(w * x + b - y))
    dw, db = tape.gradient(loss, [w, b])

Trainable variables read inside the tape are watched automatically; tensors are watched with
`tape.watch(x)`. Recording is the dispatch's observe hook (autodiff/tape.py): with no tape open,
an op pays one check. Semantics, messages and warnings are TensorFlow 2.21's.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import contextlib
import enum
import logging
from typing import Any, Iterator

from varrt.autodiff import imperative_grad
from varrt.autodiff import tape as tape_lib
from varrt.ops.gradients import grad_util
from varrt.framework import variables as _variables
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.weak_tensor import WeakTensor
from varrt.base import tf_logging
from varrt.base import nest
from varrt.ops import array_ops, index_ops  # noqa: E402  (the op modules are loaded before the tape)

_ONE_SHOT = ("A non-persistent GradientTape can only be used to compute one set of gradients (or jacobians)")


class UnconnectedGradients(enum.Enum):
    """What `gradient` returns for a source the target does not depend on."""

    NONE = "none"
    ZERO = "zero"


def _unconnected(value):
    if type(value) is UnconnectedGradients:
        return value
    try:
        return UnconnectedGradients(value)
    except ValueError:
        raise ValueError(f"Unknown value for unconnected_gradients: {value}") from None


def _is_variable(x):
    return isinstance(x, _variables.Variable)


def _key(x):
    return tape_lib.variable_key(x) if _is_variable(x) else x._id


def _trainable_dtype(x):
    return x._dtype_enum in tape_lib.TRAINABLE_ENUMS  # Tensors and Variables both have it


_scalar_ones = {}  # dtype -> the scalar 1 a scalar target's gradient starts from (tensors are immutable)


def _ones_like(t):
    if _is_variable(t) or t._shape_tuple:
        return array_ops.ones_like(t)
    one = _scalar_ones.get(t.dtype)
    if one is None:
        one = _scalar_ones[t.dtype] = convert_to_tensor(1, dtype=t.dtype)
    return one


class _FinishedRecording:
    """What remains of a one-shot tape's recording after gradient(): the watched variables."""

    __slots__ = ("variables",)

    def __init__(self, variables):
        self.variables = variables


def _unweak(x):
    """A WeakTensor's tensor (what the tape records and differentiates), else `x`."""
    return x.tensor if isinstance(x, WeakTensor) else x


class GradientTape:
    """Records operations for automatic differentiation (TensorFlow's `tf.GradientTape`).

    Operations executed inside `with tf.GradientTape() as tape:` that depend on watched values
    are recorded; `tape.gradient(target, sources)` then differentiates. Trainable variables
    read inside the block are watched automatically.

    Args:
        persistent: Whether `gradient` (and `jacobian`) may be called more than once.
        watch_accessed_variables: Whether trainable variables read inside the block are
            watched automatically; False watches only what `watch` names.

    Raises:
        RuntimeError: From `gradient`, if a non-persistent tape is used a second time.
    """

    # Whether each input's gradient takes the input's static shape: TensorFlow 1's tf.gradients
    # does (a TF1 graph's tape sets it), a GradientTape does not.
    _shapes_input_gradients = False

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True) -> None:
        self._persistent = persistent
        self._watch_accessed_variables = watch_accessed_variables
        self._recorder = tape_lib.Recorder(watch_accessed_variables)
        self._recording = False
        self._watched = None  # what a one-shot tape watched, once it has finished

    # --- context ---------------------------------------------------------------------

    def __enter__(self) -> GradientTape:
        self._push_tape()
        return self

    def __exit__(self, typ: Any, value: Any, traceback: Any) -> None:
        if self._recording:
            self._pop_tape()
        elif self._recorder is not None and self._recorder.installed:
            self._recorder.uninstall()  # stopped by a one-shot gradient inside the block

    def _push_tape(self):
        if self._recording:
            raise ValueError("Tape is still recording, This can happen if you try to re-enter an already-active tape.")
        if self._recorder is None:
            self._recorder = tape_lib.Recorder(self._watch_accessed_variables)
        if self._recorder.installed:
            self._recorder.recording = True
        else:
            self._recorder.install()
        self._recording = True

    def _pop_tape(self):
        if not self._recording:
            raise ValueError("Tape is not recording.")
        self._recorder.uninstall()
        self._recording = False

    @contextlib.contextmanager
    def stop_recording(self) -> Iterator[None]:
        """Ops run inside this block are not recorded on this tape."""
        if self._recorder is None or not self._recording:
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        self._recorder.recording = False
        self._recording = False
        try:
            yield
        finally:
            self._recorder.recording = True
            self._recording = True

    def reset(self) -> None:
        """Clears what was recorded (as exiting and re-entering with a new tape)."""
        recording = self._recording
        if recording:
            self._pop_tape()
        elif self._recorder is not None and self._recorder.installed:
            self._recorder.uninstall()
        self._recorder = tape_lib.Recorder(self._watch_accessed_variables)
        if recording:
            self._push_tape()

    # --- watching ----------------------------------------------------------------------

    def watch(self, tensor: Any) -> None:
        """Ensures `tensor` is traced by this tape.

        Args:
            tensor: A Tensor, a Variable, or a nested structure of them.

        Returns:
            None.

        Raises:
            ValueError: If an element is not a Tensor or Variable.
        """
        for t in nest.flatten(tensor):
            t = _variables.resource_variable_of(_unweak(t))
            if not (isinstance(t, Tensor) or _is_variable(t)):
                raise ValueError(f"Passed in object {t} of type {type(t).__name__!r}, not tf.Tensor or tf.Variable "
                                 "or ExtensionType.")
            if not _trainable_dtype(t):
                tf_logging.log_first_n(logging.WARNING, "The dtype of the watched tensor must be floating (e.g. "
                                       "tf.float32), got %r", 5, t.dtype)
            if self._recorder is None:
                continue
            if _is_variable(t):
                self._recorder.watch_variable(t)
            elif _trainable_dtype(t):
                self._recorder.watch_tensor(t)

    def watched_variables(self) -> tuple[_variables.Variable, ...]:
        """The variables watched, explicitly or by being read inside the tape, in watch order."""
        recorder = self._recorder if self._recorder is not None else self._watched
        return () if recorder is None else tuple(recorder.variables)

    # --- differentiation ---------------------------------------------------------------

    def _check_usable(self):
        if self._recorder is None:
            raise RuntimeError(_ONE_SHOT)

    def _stop_if_one_shot(self):
        if self._recording:
            if not self._persistent:
                self._recorder.recording = False  # the hook stays until the `with` block ends
                self._recording = False
            else:
                tf_logging.log_first_n(
                    logging.WARNING, "Calling GradientTape.gradient on a persistent tape inside its context is "
                    "significantly less efficient than calling it outside the context (it causes the gradient ops "
                    "to be recorded on the tape, leading to increased CPU and memory usage). Only call "
                    "GradientTape.gradient inside the context if you actually want to trace the gradient in order "
                    "to compute higher order derivatives.", 1)

    def _finish(self):
        if not self._persistent:
            # watched_variables() still answers after the recording is gone; only the variables
            # are kept. Keeping the recorder kept every tensor it recorded, the reads of the
            # variables among them, so the optimizer step that follows copied each variable it
            # updated (copy-on-write: a read still held its buffer).
            self._watched = _FinishedRecording(tuple(self._recorder.variables))
            self._recorder = None

    def gradient(self, target: Any, sources: Any, output_gradients: Any = None,
                 unconnected_gradients: Any = UnconnectedGradients.NONE) -> Any:
        """Computes the gradient of `target` with respect to `sources` using the recorded operations.

        Args:
            target: A Tensor or nested structure of Tensors to differentiate (a structure is
                summed).
            sources: A Tensor or Variable, or a nested structure of them (a list, a dict,
                `module.trainable_variables`).
            output_gradients: Optional gradients of `target`, one per element of its flattened
                structure (default: ones).
            unconnected_gradients: `tf.UnconnectedGradients.NONE` (None for a source `target`
                does not depend on) or `ZERO` (zeros).

        Returns:
            The gradients in the structure of `sources` (Tensors, `IndexedSlices` for gathers,
            or None for an unconnected source with `NONE`).

        Raises:
            RuntimeError: If a non-persistent tape is used a second time.
            ValueError: If `output_gradients` does not match `target`'s structure.
            LookupError: If a recorded op has no registered gradient.
        """
        self._check_usable()
        self._stop_if_one_shot()
        unconnected_gradients = _unconnected(unconnected_gradients)
        flat_sources = nest.flatten(sources)
        weak_sources = [isinstance(s, WeakTensor) for s in flat_sources]
        flat_sources = [_variables.resource_variable_of(_unweak(s)) for s in flat_sources]
        for s in flat_sources:
            if not (isinstance(s, Tensor) or _is_variable(s)):
                raise AttributeError(f"{type(s).__name__!r} object has no attribute 'dtype'")  # TensorFlow's
        flat_targets = nest.flatten(target)
        if output_gradients is not None:
            flat_out = nest.flatten(output_gradients)
            if len(flat_out) != len(flat_targets):
                raise ValueError(f"Target and output_gradients are not the same structure: {len(flat_targets)} "
                                 f"targets and {len(flat_out)} output gradients")
        else:
            flat_out = [None] * len(flat_targets)
        try:
            result = self._gradient(flat_targets, flat_out, flat_sources, unconnected_gradients)
        finally:
            self._finish()
        if any(weak_sources):  # a weak source's gradient is weak (TensorFlow's WeakTensorGradient)
            result = [WeakTensor.from_tensor(g) if w and isinstance(g, Tensor) else g
                      for g, w in zip(result, weak_sources)]
        return nest.pack_sequence_as(sources, result)

    def _gradient(self, flat_targets, flat_out, flat_sources, unconnected):
        targets = []
        for t, og in zip(flat_targets, flat_out):
            if t is None:
                continue
            if not _is_variable(t):
                t = convert_to_tensor(t)
            if og is None:
                og = _ones_like(t)
            else:
                # Not checked against the target's shape, as in TensorFlow: a mismatch fails in
                # the first gradient op (InvalidArgumentError), a broadcastable one broadcasts.
                og = convert_to_tensor(og, dtype=t.dtype)
            targets.append((_key(t), og))
        keys = []
        # An integer target or source gets None quietly (TensorFlow only vlogs them).
        for s in flat_sources:
            keys.append(_key(s))
        grads = imperative_grad.backprop(self._recorder, targets, keys, self._shapes_input_gradients)
        out = []
        for s, k in zip(flat_sources, keys):
            g = grads[k]
            if g is not None and not _trainable_dtype(s):
                g = None
            if g is None and unconnected is UnconnectedGradients.ZERO:
                g = array_ops.zeros(s.shape, dtype=s.dtype) if _is_variable(s) else array_ops.zeros_like(s)
            out.append(g)
        return out

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE, parallel_iterations=None,
                 experimental_use_pfor=True):
        """Computes the Jacobian of `target` with respect to each of `sources`.

        Args:
            target: A Tensor.
            sources: A Tensor or Variable, or a nested structure of them.
            unconnected_gradients: `tf.UnconnectedGradients.NONE` or `ZERO`, as for `gradient`.
            parallel_iterations: Accepted for compatibility (varrt computes row by row).
            experimental_use_pfor: Accepted for compatibility and ignored.

        Returns:
            For each source, a Tensor of shape `target.shape + source.shape` (d target[i...] /
            d source[j...]), in the structure of `sources`.

        Raises:
            RuntimeError: If a non-persistent tape is used a second time.
        """
        self._check_usable()
        self._stop_if_one_shot()
        unconnected = _unconnected(unconnected_gradients)
        flat_sources = [_variables.resource_variable_of(s) for s in nest.flatten(sources)]
        target = convert_to_tensor(target)
        n = target.shape.num_elements()
        try:
            rows = []
            for i in range(n):
                og = array_ops.reshape(index_ops.one_hot(i, n, dtype=target.dtype), target.shape)
                rows.append(self._gradient([target], [og], flat_sources, UnconnectedGradients.NONE))
        finally:
            self._finish()
        out = []
        for j, s in enumerate(flat_sources):
            column = [r[j] for r in rows]
            shape = list(target.shape) + list(s.shape)
            if all(g is None for g in column):
                g = None if unconnected is UnconnectedGradients.NONE else array_ops.zeros(shape, dtype=s.dtype)
            elif n == 0:
                g = array_ops.zeros(shape, dtype=s.dtype)
            else:
                column = [array_ops.zeros(s.shape, dtype=s.dtype) if g is None else grad_util.dense(g)
                          for g in column]
                g = array_ops.reshape(array_ops.stack(column), shape)
            out.append(g)
        return nest.pack_sequence_as(sources, out)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Per example of the first (batch) dimension: shape [b] + target.shape[1:] + source.shape[1:].
        Examples must not depend on each other (as TensorFlow assumes)."""
        self._check_usable()
        self._stop_if_one_shot()
        unconnected = _unconnected(unconnected_gradients)
        target = convert_to_tensor(target)
        if target.shape.rank is None or target.shape.rank < 1:
            raise ValueError(f"Need first dimension of target shape ({target.shape}) and source shape "
                             f"({source.shape}) to match.")
        if source.shape.rank is None or source.shape.rank < 1 or target.shape[0] != source.shape[0]:
            raise ValueError(f"Need first dimension of target shape ({target.shape}) and source shape "
                             f"({source.shape}) to match.")
        b = target.shape[0]
        m = target.shape[1:].num_elements()
        shape = [b] + list(target.shape[1:]) + list(source.shape[1:])
        try:
            columns = []
            for j in range(m):
                og = array_ops.reshape(array_ops.tile(array_ops.reshape(
                    index_ops.one_hot(j, m, dtype=target.dtype), [1, m]), [b, 1]), target.shape)
                columns.append(self._gradient([target], [og], [source], UnconnectedGradients.NONE)[0])
        finally:
            self._finish()
        if all(g is None for g in columns):
            return None if unconnected is UnconnectedGradients.NONE else array_ops.zeros(shape, dtype=source.dtype)
        if m == 0:
            return array_ops.zeros(shape, dtype=source.dtype)
        columns = [array_ops.zeros(source.shape, dtype=source.dtype) if g is None else grad_util.dense(g)
                   for g in columns]
        return array_ops.reshape(array_ops.stack(columns, axis=1), shape)

