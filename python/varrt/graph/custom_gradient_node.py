"""`tf.custom_gradient` in a graph being traced with no tape recording inside it: the function
is later differentiated by a tape around the call (`with tape: f(x)` for a `tf.function` f, or
a loaded SavedModel's function), which sees the ops the graph's nodes run. Without this node
that tape would differentiate the forward ops themselves and never call `grad_fn`: the very
gradient the user replaced (a clipped norm, an overflow-safe formula) would silently come back.

As TensorFlow's graph-mode custom_gradient (an IdentityN whose gradient is `grad_fn`), the
results pass through one node; `grad_fn` is traced once, at trace time, into a subgraph whose
inputs are the upstream gradients and the values of the enclosing graph it reads. When the node
runs under a recording tape it records its outputs as made from the function's inputs by one op
whose backward runs that subgraph with the values this run produced, so the tape takes
`grad_fn`'s gradients and none through the forward ops.
"""
from varrt.autodiff import custom_gradient as custom_gradient_lib
from varrt.autodiff import tape as tape_lib
from varrt.graph import func_graph
from varrt.framework.tensor import Tensor
from varrt.framework.variables import Variable
from varrt.ops import array_ops
from varrt.base import nest


class _BackwardGraph(func_graph.FuncGraph):
    """grad_fn's subgraph: it runs on its own, after the function's graph, so a variable it reads is
    read then, itself (not as the function's variable argument, which that run does not pass)."""

    def _resource_arg(self, rid):
        return -1


def _trace_backward(grad_fn, results, n_inputs, variables):
    """grad_fn traced into a subgraph of the graph being built: (subgraph, which input gradients it
    returns (the others are None), the number of variable gradients)."""
    graph = _BackwardGraph("custom_gradient_backward", len(results))
    with graph:
        upstream = [graph.add_argument(i, r.dtype, f"upstream_{i}", func_graph.shape_of(r)) for i, r in enumerate(results)]
        grads = [None if g is None else array_ops.identity(g)
                 for g in custom_gradient_lib.call_grad_fn(grad_fn, upstream, n_inputs, variables)]
    present = [i for i, g in enumerate(grads) if g is not None]
    graph.finish([grads[i] for i in present])
    return graph, present, len(grads)


def record(grad_fn, inputs, variables, result):
    """Records the custom gradient of `result` (a structure of tensors of the graph being built,
    computed from `inputs` and `variables`) as one node; returns the structure of its outputs."""
    outer = func_graph.current()
    flat = [r for r in nest.flatten(result)]
    results = [r if isinstance(r, Tensor) else array_ops.identity(r) for r in flat]
    backward_graph, present, n_grads = _trace_backward(grad_fn, results, len(inputs), variables)
    captured = list(backward_graph.external_captures)
    n_results, n_inputs = len(results), len(inputs)
    backward_core = backward_graph._graph

    def run(*values):
        forward = values[:n_results]
        sources = list(values[n_results:n_results + n_inputs]) + list(variables)
        captured_values = list(values[n_results + n_inputs:])
        with tape_lib.stop_all_recording():
            outputs = [array_ops.identity(v) for v in forward]  # new values, even for a returned input
        recorders = tape_lib.recording_recorders()
        if recorders:
            def backward(*upstream):
                upstream = [array_ops.zeros_like(o) if g is None else g for g, o in zip(upstream, outputs)]
                computed = backward_core.run(list(upstream) + captured_values, ())
                grads = [None] * n_grads
                for i, g in zip(present, computed):
                    grads[i] = g
                return grads

            for r in recorders:
                r.record("CustomGradient", sources, outputs, backward)
        return tuple(outputs)

    # A variable input enters as its read: the tape around the call sees that read made from the
    # variable the call passes, so its gradient reaches whichever variable that is.
    node_inputs = results + [x.value() if isinstance(x, Variable) else x for x in inputs] + captured
    first, node_name = outer.add_call_node("IdentityN", run, node_inputs, n_results)
    outer.custom_gradient_nodes[len(outer.nodes) - 1] = n_results  # what a SavedModel export asks
    outputs = outer.register_outputs([r.dtype for r in results], first, node_name,
                                     [func_graph.shape_of(r) for r in results], "IdentityN")
    return nest.pack_sequence_as(result, outputs)


custom_gradient_lib.register_graph_recorder(record)


def no_gradient_identity(inputs, error):
    """IdentityN of `inputs` whose gradient raises `error` (a zero-argument callable returning the
    exception): a loaded node of a tf.custom_gradient function whose gradient is not at hand. In a
    graph being built, a node that records that on the tapes around the call when it runs."""

    def run(*values):
        with tape_lib.stop_all_recording():
            outputs = [array_ops.identity(v) for v in values]

        def backward(*upstream):
            raise error()

        for r in tape_lib.recording_recorders():
            r.record("IdentityN", list(values), outputs, backward)
        return tuple(outputs)

    outer = func_graph.current()
    if outer is None:
        return list(run(*inputs))
    first, node_name = outer.add_call_node("IdentityN", run, list(inputs), len(inputs))
    return outer.register_outputs([t.dtype for t in inputs], first, node_name,
                                  [func_graph.shape_of(t) for t in inputs], "IdentityN")
