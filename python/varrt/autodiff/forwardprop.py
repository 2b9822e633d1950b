"""`tf.autodiff.ForwardAccumulator`: Jacobian-vector products (forward-mode autodiff).

    with tf.autodiff.ForwardAccumulator(primals=x, tangents=v) as acc:
        y = f(x)
    acc.jvp(y)   # J_f(x) v

TensorFlow computes each op's JVP as the op runs, most of them with the "double backward" trick
(an op's JVP is the derivative, with respect to a dummy output gradient u, of its backward
function applied to u, contracted with the input tangents). varrt applies the same trick to the
whole recording at once, when `jvp` is asked: the accumulator records like a GradientTape
watching the primals, and `jvp(y)` differentiates g(u) = VJP(y; u), which is linear in u,
contracted with the tangents. The values are the ones TensorFlow's per-op products compute (up
to the order of floating-point operations).

TensorFlow's nesting rules hold because a JVP is computed as if at the time the accumulator was
recording: the tapes and accumulators that were open around this one when it was entered record
the JVP's computation (even if they have closed since; an outer accumulator then takes a
higher-order JVP of it), while this accumulator and those opened inside it do not ("inner
accumulators will not see JVP computation from outer accumulators"; deeper GradientTapes ignore
an outer accumulator's products). Unlike TensorFlow's, the accumulator keeps the recorded ops'
tensors until it is freed, as a persistent GradientTape does.
"""
from __future__ import annotations

import logging
from typing import Any

from varrt.autodiff import imperative_grad
from varrt.autodiff import tape as tape_lib
from varrt.autodiff.backprop import UnconnectedGradients, _is_variable, _key, _trainable_dtype
from varrt.base import nest, tf_logging
from varrt.framework import variables as _variables
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops

# TensorFlow's text, with its braces: TensorFlow never formats it.
_DUPLICATE_PRIMAL = ("Tensor {} was specified as a primal multiple times. This may indicate an error. If it was "
                     "intended, please sum the corresponding tangents.")


class ForwardAccumulator:
    """Computes Jacobian-vector products ("JVP"s) using forward-mode autodiff.

    Args:
        primals: A tensor or variable, or a nested structure of them, to watch.
        tangents: The vector each primal's JVP starts from: the same structure as `primals`,
            each element the shape of its primal.

    Raises:
        ValueError: If a primal is given more than once, or `tangents` does not have the
            structure of `primals`.
    """

    def __init__(self, primals: Any, tangents: Any) -> None:
        self._recorder = tape_lib.Recorder(watch_accessed_variables=False)
        self._recording = False
        self._outer = ()  # the recorders installed around this one when it was entered
        self._tangents = {}  # watched key -> tangent
        seen = set()
        for primal in nest.flatten(primals):
            if id(primal) in seen:
                raise ValueError(_DUPLICATE_PRIMAL)
            seen.add(id(primal))
        nest.map_structure(self._watch, primals, tangents)

    def _watch(self, primal, tangent):
        if not primal.dtype.is_floating:
            tf_logging.log_first_n(logging.WARNING, "The dtype of the watched primal must be floating (e.g. "
                                   "tf.float32), got %r", 5, primal.dtype)
        tangent = convert_to_tensor(tangent, dtype=primal.dtype)
        primal = _variables.resource_variable_of(primal)
        if _is_variable(primal):
            self._recorder.watch_variable(primal)
        else:
            primal = convert_to_tensor(primal)
            if _trainable_dtype(primal):
                self._recorder.watch_tensor(primal)
        key = _key(primal)
        # Watching one tensor twice sums its tangents (TensorFlow's _watch).
        self._tangents[key] = tangent if key not in self._tangents else self._tangents[key] + tangent

    # --- context ---------------------------------------------------------------------

    def __enter__(self) -> ForwardAccumulator:
        if self._recording:
            raise ValueError("Accumulator is already recording.")
        self._outer = tuple(tape_lib.installed_recorders())
        self._recorder.install()
        self._recording = True
        return self

    def __exit__(self, typ: Any, value: Any, traceback: Any) -> None:
        if self._recording:
            self._recorder.uninstall()
            self._recording = False

    # --- the products ------------------------------------------------------------------

    def jvp(self, primals: Any, unconnected_gradients: Any = UnconnectedGradients.NONE) -> Any:
        """The Jacobian-vector products of `primals` (tensors computed while this accumulator
        was recording, or the watched primals themselves, whose JVP is their tangent).

        Args:
            primals: A Tensor or a nested structure of them.
            unconnected_gradients: `tf.UnconnectedGradients.NONE` (None for a tensor that does
                not depend on the watched primals) or `ZERO` (zeros).

        Returns:
            Tensors of the shapes and dtypes of `primals`, or None where no JVP exists.
        """
        unconnected = UnconnectedGradients(unconnected_gradients)

        def fetch(tensor):
            result = self._product(tensor)
            if result is None and unconnected is UnconnectedGradients.ZERO:
                result = array_ops.zeros_like(tensor)
            return result

        return nest.map_structure(fetch, primals)

    def _product(self, tensor):
        tensor = _variables.resource_variable_of(tensor)
        if not (isinstance(tensor, Tensor) or _is_variable(tensor)):
            tensor = convert_to_tensor(tensor)
        key = _key(tensor)
        if key in self._tangents:
            return self._tangents[key]
        if _is_variable(tensor) or not _trainable_dtype(tensor):
            return None
        with _RecordingAsWhenEntered(self):
            # g(u) = u^T J for each primal, recorded by a tape watching u ...
            u = array_ops.zeros_like(tensor)
            vjp_tape = tape_lib.Recorder(watch_accessed_variables=False)
            vjp_tape.install()
            try:
                vjp_tape.watch_tensor(u)
                keys = list(self._tangents)
                vjps = imperative_grad.backprop(self._recorder, [(key, u)], keys)
                # (a gather's IndexedSlices made dense while u's tape still records)
                targets = [(convert_to_tensor(vjps[k])._id, self._tangents[k]) for k in keys if vjps[k] is not None]
            finally:
                vjp_tape.uninstall()
            # ... is linear in u: its derivative contracted with the tangents is J v.
            if not targets:
                return None
            return imperative_grad.backprop(vjp_tape, targets, [u._id])[u._id]


class _RecordingAsWhenEntered:
    """While a JVP is computed: the recorders that were open around the accumulator when it was
    entered record (re-installed for the moment if they have closed since); the accumulator
    itself and the recorders opened inside it do not."""

    def __init__(self, accumulator):
        self._accumulator = accumulator

    def __enter__(self):
        outer = [r for r in self._accumulator._outer if r.recording or not r.installed]
        self._reinstalled = [r for r in outer if not r.installed]
        for r in self._reinstalled:
            r.install()
        outer_ids = {id(r) for r in outer}
        self._paused = [r for r in tape_lib.recording_recorders() if id(r) not in outer_ids]
        for r in self._paused:
            r.recording = False
        return self

    def __exit__(self, *exc):
        for r in self._paused:
            r.recording = True
        for r in reversed(self._reinstalled):
            r.uninstall()
        return False
