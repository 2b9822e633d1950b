"""tf.hessians: the second derivatives of `ys` with respect to each of `xs`, in a graph (as
TensorFlow's, over tf.gradients: eagerly it is tf.gradients' RuntimeError). TensorFlow takes the
gradient of each first-derivative element in a while loop; varrt unrolls that loop over the
element count, which must be known while the graph is built. varrt's tf.gradients does not yet
differentiate its own gradients, so a Hessian that needs it raises NotImplementedError."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.graph.tf1 import gradients
from varrt.ops import array_ops


def hessians(ys, xs, gate_gradients=False, aggregation_method=None, name="hessians") -> list:
    """For each x of `xs`, the Hessian of sum(ys) with respect to x, of shape x.shape + x.shape
    (tf.hessians)."""
    xs = list(xs) if isinstance(xs, (list, tuple)) else [xs]
    out = []
    for gradient, x in zip(gradients(ys, xs, gate_gradients=gate_gradients, aggregation_method=aggregation_method),
                           xs):
        size = x.shape.num_elements()
        if size is None:
            raise NotImplementedError("tf.hessians of a tensor whose size is known only when the graph runs is not "
                                      "supported by varrt")
        flat = array_ops.reshape(gradient, [-1])
        rows = [gradients(flat[j], x)[0] for j in range(size)]
        if any(r is None for r in rows) and gradient is not None:
            raise NotImplementedError("tf.hessians needs the gradient of a gradient in a graph, which varrt's "
                                      "tf.gradients does not compute yet; nest two tf.GradientTape instead")
        stacked = array_ops.stack(rows) if rows else array_ops.zeros([0] + x.shape.as_list(), x.dtype)
        dims = x.shape.as_list()
        out.append(array_ops.reshape(stacked, dims + dims))
    return out
