"""Reverse-mode differentiation over a recorder's ops (TensorFlow's imperative_grad).

The kept ops ran in program order, so walking them backwards visits every consumer of a
value before its producer. Only ops on a path from a requested source are visited; each
gets the summed gradients of its outputs (zeros for outputs nothing used) and hands one
gradient per input to the registry's function for its type (or its custom backward).
Gradients are computed with varrt ops, so a tape recording around this records them too.
"""
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.indexed_slices import IndexedSlices
from varrt.ops.gradients import grad_util, registry
from varrt.ops import array_ops
from varrt.ops import math_ops


def aggregate(grads):
    """The sum of the gradients reaching one value: AddN of dense ones; IndexedSlices stay
    sparse when all are (their rows concatenated), as TensorFlow aggregates them. `grads`
    arrive from the last consumer to the first; summed in program order, as TensorFlow does."""
    if len(grads) == 1:
        return grads[0]
    grads = grads[::-1]
    if all(isinstance(g, IndexedSlices) for g in grads):
        return IndexedSlices(array_ops.concat([g.values for g in grads], 0),
                             array_ops.concat([g.indices for g in grads], 0), grads[0].dense_shape)
    return math_ops.add_n([grad_util.dense(g) for g in grads])


def _zeros_like(t):
    return grad_util.mark_zeros(array_ops.zeros_like(t))


def _skipped(keys, reached):
    """The indices of `keys` no requested gradient depends on (unrolled for one and two inputs)."""
    if len(keys) == 1:
        return () if keys[0] in reached else (0,)
    if len(keys) == 2:
        a, b = keys[0] in reached, keys[1] in reached
        return () if a and b else (1,) if a else (0,) if b else (0, 1)
    return tuple(i for i, k in enumerate(keys) if k not in reached)


def _shaped_like(g, x):
    """`g` given `x`'s static shape where a graph tensor's is less known, as TensorFlow 1's
    tf.gradients does for every input's gradient (gradients_util: in_grad.set_shape); a shape
    the two disagree on is left to the ops to report when they run."""
    if getattr(type(g), "_is_symbolic", False) and isinstance(getattr(x, "shape", None), TensorShape):
        try:
            g.set_shape(x.shape)
        except (ValueError, AttributeError):
            pass
    return g


def backprop(recorder, targets, source_keys, shape_input_gradients=False):
    """{source key: gradient or None}. `targets` are (key, initial gradient) pairs. With
    `shape_input_gradients` (tf.gradients), each gradient takes its input's static shape."""
    useful, reached = recorder.entries(source_keys)
    grads = {}
    for key, g in targets:
        if key in reached:
            grads.setdefault(key, []).append(g)
    get = grads.get
    functions = registry._registry
    for e in reversed(useful):
        keys = e.output_keys
        if len(keys) == 1:  # most ops: one output
            gs = get(keys[0])
            if not gs:
                continue
            if len(gs) > 1:
                gs[:] = [aggregate(gs)]
            out_grads = gs
        else:
            out_grads = [get(k) for k in keys]
            if not any(out_grads):
                continue
            for i, gs in enumerate(out_grads):
                if not gs:
                    out_grads[i] = _zeros_like(e.outputs[i])
                    continue
                if len(gs) > 1:
                    gs[:] = [aggregate(gs)]
                out_grads[i] = gs[0]
        in_keys = e.input_keys
        e.skip_input_indices = _skipped(in_keys, reached)
        if e.backward is not None:
            in_grads = e.backward(*out_grads)
        else:
            fn = functions.get(e.type)
            if fn is None:
                fn = registry.get_gradient_function(e.type)  # LookupError for an op without one
                if fn is None:
                    continue
            in_grads = fn(e, *out_grads)
        if type(in_grads) not in (list, tuple):
            in_grads = (in_grads,)
        if len(in_grads) != len(in_keys):
            raise ValueError(f"The gradient function of {e.type} returned {len(in_grads)} gradients for "
                             f"{len(in_keys)} inputs")
        if shape_input_gradients:
            in_grads = [g if g is None else _shaped_like(g, x) for g, x in zip(in_grads, e.inputs)]
        for k, g in zip(in_keys, in_grads):
            if g is not None and k in reached:
                gs = get(k)
                if gs is None:
                    grads[k] = [g]
                else:
                    gs.append(g)
    grad_util.forget_zeros()
    out = {}
    for k in source_keys:
        gs = get(k)
        out[k] = aggregate(gs) if gs else None
    return out
