"""Graph control flow: `tf.cond` and `tf.while_loop` when their predicate or loop variables are
symbolic (inside a `tf.function` trace or a TF1 graph). The eager forms and the TensorFlow
argument checks live in control_flow_ops; this module records the branches and the loop body
as subgraphs of the graph being built.
"""


def cond(pred, true_fn, false_fn, name=None):
    raise NotImplementedError("graph-mode tf.cond is not built yet")


def while_loop(cond, body, loop_vars, shape_invariants=None, maximum_iterations=None, name=None):
    raise NotImplementedError("graph-mode tf.while_loop is not built yet")
