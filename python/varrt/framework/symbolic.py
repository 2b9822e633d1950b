"""Symbolic tensors: the tensors of a graph being built (a `tf.function` trace, a TF1 graph).

While a graph is built, every op still runs its kernel on an *example* value (the traced
call's own inputs, or zeros of a TensorSpec's shape) so shapes, dtypes and errors surface at
trace time, and the op is recorded as a graph node. The tensors that code sees are
`SymbolicTensor`s: they print as TensorFlow's graph tensors (`Tensor("add:0", shape=(),
dtype=float32)`), carry the static shape inferred for the node, refuse `bool()`/`numpy()` as
TensorFlow does, and are what control flow (`tf.cond`, `tf.while_loop`, AutoGraph) checks to
decide between Python and graph control flow.
"""
from varrt.framework.tensor import Tensor


class SymbolicTensor(Tensor):
    """A tensor of a graph being built (TensorFlow's SymbolicTensor)."""

    __slots__ = ()


def is_symbolic(x):
    """Whether `x` is a tensor of a graph being built (False for eager tensors and Python values)."""
    return isinstance(x, SymbolicTensor)
