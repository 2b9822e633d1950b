"""Graph control flow: `tf.cond` and `tf.while_loop` when their predicate or loop variables are
symbolic (inside a `tf.function` trace or a TF1 graph). The eager forms and the TensorFlow
argument checks live in control_flow_ops; this module records the branches and the loop's
condition and body as subgraphs (each a FuncGraph built inside the current one: values of the
enclosing graph they read become their inputs) and adds one node, run by the core
(ops/control_flow.h): a cond runs one branch, a loop runs its body while the condition holds.

While tracing, both branches and the loop's condition and body are traced once (their Python
code runs once, as in TensorFlow); nothing runs. A cond's outputs are symbolic tensors of the
branches' dtypes and the static shape they share; a loop's have its variables' shapes, which
must not change (TensorFlow's rule; `shape_invariants` relaxes it). In a TensorFlow 1 graph the
node is recorded so that a Session compiles it like any other.
"""
from varrt.graph import func_graph
from varrt.framework import name_scopes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.ops.gradients.registry import NotDifferentiable
from varrt.base import nest
from varrt.autodiff import tape
from varrt.ops import index_ops

# A tape around a function call sees the ops a branch or loop body runs (the nodes dispatch each
# op), so gradients flow through those; the If/While nodes themselves have no gradient function
# (a tape recording inside the trace does not see through them: left for later).
for _op in ("If", "StatelessIf", "While"):
    NotDifferentiable(_op)


def _is_tensor_array(value):
    return hasattr(value, "flow") and hasattr(value, "_with_flow")


def _as_tensor(value):
    """A structure leaf as the tensor a subgraph carries (a TensorArray: its flow)."""
    if value is None or isinstance(value, Tensor):
        return value
    if _is_tensor_array(value):
        return value.flow
    if hasattr(value, "_as_tensor"):
        return value._as_tensor()
    return convert_to_tensor(value)


def _trace(name, fn, args=(), arg_examples=(), arg_names=(), arg_shapes=()):
    """Traces fn(*args) into a new FuncGraph inside the current one: (graph, structure, flat outputs)."""
    graph = func_graph.FuncGraph(name, len(arg_examples))
    with graph:
        symbolic = [graph.add_argument(i, ex.dtype, n, s) for i, (ex, n, s) in
                    enumerate(zip(arg_examples, arg_names, arg_shapes))]
        structure = fn(*args(symbolic)) if callable(args) else fn()
        flat = [_as_tensor(v) for v in nest.flatten(structure)]
    return graph, structure, flat


def _finish(graph, outputs):
    """A subgraph's finish: a deferred kernel error of a node that stays is the op's own error."""
    try:
        return graph.finish(outputs)
    except func_graph.DeferredOpError as e:
        raise e.error from None


def _common_shape(a, b):
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])


def _taping():
    return bool(tape.recording_recorders())


def _inlined_cond(outer, pred, true_fn, false_fn):
    """A cond traced while a gradient tape records inside the graph: both branches are recorded
    into the enclosing graph (the tape sees their ops) and each output selects between them
    (SelectV2, whose gradient sends zeros to the branch not taken). Branches that change state
    cannot be inlined (both would run)."""
    before = len(outer.nodes)
    then_out = true_fn()
    else_out = false_fn()
    stateful = [op for _, op, _ in outer.nodes[before:] if func_graph._writes_state(op) or op in ("PrintV2", "EagerPyFunc")]
    if stateful:
        raise NotImplementedError("varrt cannot record a tf.cond whose branches change state (here "
                                  f"{stateful[0]}) for a GradientTape inside a tf.function; open the tape outside "
                                  "the function, or move the update out of the branch.")
    nest.assert_same_structure(then_out, else_out, check_types=False)
    return nest.map_structure(lambda t, e: None if t is None else index_ops.where(pred, _as_tensor(t), _as_tensor(e)),
                              then_out, else_out)


def cond(pred, true_fn, false_fn, name=None):
    outer = func_graph.current()
    if _taping():
        return _inlined_cond(outer, pred, true_fn, false_fn)
    then_graph, then_out, then_flat = _trace("cond_true", true_fn)
    else_graph, else_out, else_flat = _trace("cond_false", false_fn)
    try:
        nest.assert_same_structure(then_out, else_out, check_types=False)
    except (TypeError, ValueError) as e:
        raise ValueError("true_fn and false_fn arguments to tf.cond must have the same number, type, and overall "
                         f"structure of return values.\n\ntrue_fn output: {then_out}\nfalse_fn output: {else_out}"
                         f"\n\nError details:\n{e}") from None
    pairs = list(zip(then_flat, else_flat))
    for t, e in pairs:
        if (t is None) != (e is None) or (t is not None and t.dtype != e.dtype):
            raise TypeError("true_fn and false_fn arguments to tf.cond must have the same number, type, and overall "
                            f"structure of return values.\n\ntrue_fn output: {then_out}\nfalse_fn output: {else_out}")
    tensors = [i for i, (t, _) in enumerate(pairs) if t is not None]
    _finish(then_graph, [then_flat[i] for i in tensors])
    _finish(else_graph, [else_flat[i] for i in tensors])
    inputs = [outer.slot_of(pred)] + [outer.slot_of(c) for c in then_graph.external_captures] + \
             [outer.slot_of(c) for c in else_graph.external_captures]
    n_then, n_out = len(then_graph.external_captures), len(tensors)
    first = outer._graph.add_cond_node(inputs, then_graph._graph, else_graph._graph, n_then, n_out)
    node_name = outer.unique_name(name_scopes.current_scope() + (name or "cond"))  # in the name scope, as TensorFlow names it
    outer.note_node(node_name, "StatelessIf", inputs, first, n_out,
                    lambda core, mapped: core.add_cond_node(mapped, then_graph._graph, else_graph._graph, n_then, n_out))
    shapes = [_common_shape(func_graph.shape_of(then_flat[i]), func_graph.shape_of(else_flat[i])) for i in tensors]
    results = outer.register_outputs([then_flat[i].dtype for i in tensors], first, node_name, shapes, "StatelessIf")
    flat = [None] * len(pairs)
    for i, r in zip(tensors, results):
        flat[i] = r
    return nest.pack_sequence_as(then_out, flat)


def _text(shape):
    return "<unknown>" if shape.rank is None else str(tuple(shape.as_list()))


def _shape_error(var, before, after):
    return ValueError(f"Input tensor '{var.name}' enters the loop with shape {before}, but has shape {after} after one "
                      "iteration. To allow the shape to vary across iterations, use the `shape_invariants` argument "
                      "of tf.while_loop to specify a less-specific shape.")


def while_loop(cond, body, loop_vars, shape_invariants=None, maximum_iterations=None, name=None, names=None):
    """`names`: the Python names of the loop variables (AutoGraph's loops), for TensorFlow's
    AutoGraph messages about a variable whose dtype or shape the body changes."""
    outer = func_graph.current()
    packed = loop_vars
    leaves = nest.flatten(loop_vars)
    # A TensorArray is carried as its flow, whose first dimension may change from one iteration
    # to the next (its static shape stays unknown); rebuilt around the flow on each side.
    templates = [v if _is_tensor_array(v) else None for v in leaves]
    flat_vars = [_as_tensor(v) for v in leaves]
    if shape_invariants is not None:
        shapes = [TensorShape(s) for s in nest.flatten(shape_invariants)]
    else:
        shapes = [TensorShape(None) if t is not None else func_graph.shape_of(v) for v, t in zip(flat_vars, templates)]
    arg_names = [f"loop_var_{i}" for i in range(len(flat_vars))]

    def rebuild(flat):
        return [t._with_flow(f) if t is not None else f for f, t in zip(flat, templates)]

    def args(symbolic):
        structure = nest.pack_sequence_as(packed, rebuild(symbolic))
        return structure if isinstance(packed, (list, tuple)) and not hasattr(packed, "_fields") else (structure,)

    cond_graph, _, cond_flat = _trace("while_cond", cond, args, flat_vars, arg_names, shapes)
    body_graph, body_out, body_flat = _trace("while_body", body, args, flat_vars, arg_names, shapes)
    if len(cond_flat) != 1 or cond_flat[0] is None:
        raise TypeError("The loop condition must return a single boolean tensor.")
    if len(body_flat) != len(flat_vars):
        raise ValueError("The two structures don't have the same nested structure.\n\nFirst structure: "
                         f"{packed}\n\nSecond structure: {body_out}")
    for k, (var, out, shape) in enumerate(zip(flat_vars, body_flat, shapes)):
        if out.dtype != var.dtype:
            if names is not None:
                raise TypeError(f"'{names[k]}' has dtype {var.dtype.name} before the loop, but dtype {out.dtype.name} "
                                "after one iteration")
            raise TypeError(f"Loop variable {var.name} enters the loop with type {var.dtype.name}, but has type "
                            f"{out.dtype.name} after one iteration.")
        after = func_graph.shape_of(out)
        if not shape.is_compatible_with(after) or (after.rank is not None and shape.rank is not None and
                                                   not TensorShape(after).is_compatible_with(shape)):
            if names is not None:
                raise ValueError(f"'{names[k]}' has shape {_text(shape)} before the loop, but shape {_text(after)} "
                                 "after one iteration. Use tf.autograph.experimental.set_loop_options to set shape "
                                 "invariants.")
            raise _shape_error(var, shape, after)
    _finish(cond_graph, cond_flat)
    _finish(body_graph, body_flat)
    limit = -1 if maximum_iterations is None else int(_as_tensor(maximum_iterations)._numpy())
    inputs = [outer.slot_of(v) for v in flat_vars] + [outer.slot_of(c) for c in cond_graph.external_captures] + \
             [outer.slot_of(c) for c in body_graph.external_captures]
    n_vars, n_cond = len(flat_vars), len(cond_graph.external_captures)
    first = outer._graph.add_while_node(inputs, cond_graph._graph, body_graph._graph, n_vars, n_cond, limit)
    node_name = outer.unique_name(name_scopes.current_scope() + (name or "while"))
    outer.note_node(node_name, "While", inputs, first, n_vars,
                    lambda core, mapped: core.add_while_node(mapped, cond_graph._graph, body_graph._graph, n_vars, n_cond,
                                                             limit))
    results = outer.register_outputs([v.dtype for v in flat_vars], first, node_name, shapes, "While")
    if _taping():
        _refuse_gradient(node_name, flat_vars + cond_graph.external_captures + body_graph.external_captures, results)
    return nest.pack_sequence_as(packed, rebuild(results))


def _refuse_gradient(node_name, inputs, outputs):
    """A recording tape sees the loop as one op whose gradient says it cannot be computed yet
    (rather than a loop the tape does not see, whose outputs would silently get no gradient)."""

    def backward(*grads):
        raise NotImplementedError(f"varrt cannot yet compute gradients through a tf.while_loop in a graph (node "
                                  f"{node_name}); TensorFlow can. Differentiate the loop eagerly, or unroll it.")
    tensors = [t for t in inputs if isinstance(t, Tensor)]
    for recorder in tape.recording_recorders():
        recorder.record("While", tensors, list(outputs), backward)
