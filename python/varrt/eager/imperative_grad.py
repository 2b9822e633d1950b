"""Reverse-mode differentiation over a recorder's ops (TensorFlow's imperative_grad).

The kept ops ran in program order, so walking them backwards visits every consumer of a
value before its producer. Only ops on a path from a requested source are visited; each
gets the summed gradients of its outputs (zeros for outputs nothing used) and hands one
gradient per input to the registry's function for its type (or its custom backward).
Gradients are computed with varrt ops, so a tape recording around this records them too.
"""
from varrt.framework.indexed_slices import IndexedSlices
from varrt.ops.gradients import registry


def _relevant(entries, source_keys):
    """The entries downstream of a source (forward pass), in program order, and their keys."""
    reached = set(source_keys)
    useful = []
    for e in entries:
        for k in e.input_keys:
            if k in reached:
                useful.append(e)
                reached.update(e.output_keys)
                break
    return useful, reached


def aggregate(grads):
    """The sum of the gradients reaching one value: AddN of dense ones; IndexedSlices stay
    sparse when all are (their rows concatenated), as TensorFlow aggregates them. `grads`
    arrive from the last consumer to the first; summed in program order, as TensorFlow does."""
    if len(grads) == 1:
        return grads[0]
    grads = grads[::-1]
    from varrt.ops import array_ops, math_ops
    if all(isinstance(g, IndexedSlices) for g in grads):
        return IndexedSlices(array_ops.concat([g.values for g in grads], 0),
                             array_ops.concat([g.indices for g in grads], 0), grads[0].dense_shape)
    return math_ops.add_n([dense(g) for g in grads])


def dense(g):
    """A gradient as a dense Tensor."""
    if isinstance(g, IndexedSlices):
        from varrt.framework.tensor import convert_to_tensor
        return convert_to_tensor(g)
    return g


def _zeros_like(t):
    from varrt.ops import array_ops
    return array_ops.zeros_like(t)


def backprop(entries, targets, source_keys):
    """{source key: gradient or None}. `targets` are (key, initial gradient) pairs."""
    useful, reached = _relevant(entries, source_keys)
    grads = {}
    for key, g in targets:
        if key in reached:
            grads.setdefault(key, []).append(g)
    for e in reversed(useful):
        out_grads = None
        for i, k in enumerate(e.output_keys):
            gs = grads.get(k)
            if gs:
                if out_grads is None:
                    out_grads = [None] * len(e.output_keys)
                g = aggregate(gs)
                if len(gs) > 1:
                    grads[k] = [g]
                out_grads[i] = g
        if out_grads is None:
            continue
        for i, g in enumerate(out_grads):
            if g is None:
                out_grads[i] = _zeros_like(e.outputs[i])
        if e.backward is not None:
            in_grads = e.backward(*out_grads)
        else:
            fn = registry.get_gradient_function(e.op)  # LookupError for an op without one
            if fn is None:
                continue
            in_grads = fn(registry.RecordedOp(e.op, e.inputs, e.outputs, e.attrs, e.resource), *out_grads)
        if not isinstance(in_grads, (list, tuple)):
            in_grads = (in_grads,)
        if len(in_grads) != len(e.input_keys):
            raise ValueError(f"The gradient function of {e.op} returned {len(in_grads)} gradients for "
                             f"{len(e.input_keys)} inputs")
        for k, g in zip(e.input_keys, in_grads):
            if g is not None and k in reached:
                grads.setdefault(k, []).append(g)
    out = {}
    for k in source_keys:
        gs = grads.get(k)
        out[k] = aggregate(gs) if gs else None
    return out
