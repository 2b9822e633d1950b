"""Symbolic tensors: the tensors of a graph being built (a `tf.function` trace, a TF1 graph).

While a graph is built, ops are recorded as graph nodes, not run (graph/func_graph.py): the
tensors code sees are `SymbolicTensor`s, core tensors without a value (only constants' are
known while building), of the dtype and static shape the op table gives the node. They print
as TensorFlow's graph tensors (`Tensor("add:0", shape=(), dtype=float32)`), refuse `bool()`,
iteration and `numpy()` as TensorFlow does, are refused outside their graph, and are what
control flow (`tf.cond`, `tf.while_loop`, AutoGraph) checks to decide between Python and graph
control flow.
"""
from varrt import _C
from varrt.base import errors, tf2
from varrt.framework import default_session, graph_building
from varrt.framework.operation import Operation
from varrt.framework.tensor import Tensor
from varrt.framework.tensor_shape import TensorShape

_BOOL_MESSAGE = (
    "Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. You can attempt the following resolutions to "
    "the problem: If you are running in Graph mode, use Eager execution mode or decorate this function with "
    "@tf.function. If you are using AutoGraph, you can try decorating this function with @tf.function. If that "
    "does not work, then you may be using an unsupported feature or your source code may not be visible to "
    "AutoGraph. See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/"
    "reference/limitations.md#access-to-source-code for more information.")
_ITER_MESSAGE = (
    "Iterating over a symbolic `tf.Tensor` is not allowed. You can attempt the following resolutions to the "
    "problem: If you are running in Graph mode, use Eager execution mode or decorate this function with "
    "@tf.function. If you are using AutoGraph, you can try decorating this function with @tf.function. If that "
    "does not work, then you may be using an unsupported feature or your source code may not be visible to "
    "AutoGraph. See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/"
    "reference/limitations.md#access-to-source-code for more information.")


def _info(t):
    return graph_building.info_of(t)


class SymbolicTensor(Tensor):
    """A tensor of a graph being built (TensorFlow's SymbolicTensor)."""

    __slots__ = ()
    _is_symbolic = True  # what code that must not import this module checks
    _tf_class_name = "SymbolicTensor"

    @property
    def name(self):
        info = _info(self)
        return info.name if info is not None else "unknown:0"

    @property
    def shape(self):
        info = _info(self)
        return info.shape if info is not None else TensorShape(list(self._shape_tuple))

    @property
    def graph(self):
        info = _info(self)
        return info.graph if info is not None else None

    @property
    def op(self):
        """The Operation that made this tensor (framework/operation.py)."""
        info = _info(self)
        if info is None:
            return None
        if info.node is not None:
            return info.graph.operation_at(info.node)
        return Operation(info.graph, info.name.rsplit(":", 1)[0], info.op_type)

    def consumers(self):
        """The operations of its graph that read this tensor, in the order they were made."""
        info = _info(self)
        if info is None:
            return []
        graph = info.graph
        return [graph.operation_at(i) for i, io in enumerate(graph._io) if info.slot in io[0]]

    def eval(self, feed_dict=None, session=None):
        """The value in a TensorFlow 1 session (the default session when none is given)."""
        return default_session.run_in_session(self, session, feed_dict)

    def set_shape(self, shape):
        """Refines the static shape (TensorFlow's Tensor.set_shape): ValueError when incompatible."""
        info = _info(self)
        new = TensorShape(shape)
        current = self.shape
        if not current.is_compatible_with(new):
            raise ValueError(f"Tensor's shape {current} is not compatible with supplied shape {new}.")
        if info is not None:
            info.shape = current.merge_with(new)

    @property
    def value_index(self):
        return int(self.name.rsplit(":", 1)[1])

    @property
    def numpy(self):
        raise AttributeError("'SymbolicTensor' object has no attribute 'numpy'")

    def __repr__(self):
        return f'<tf.Tensor \'{self.name}\' shape={_shape_text(self.shape)} dtype={self.dtype.name}>'

    def __str__(self):
        # TensorFlow leaves the shape out when even the rank is unknown (repr says <unknown>).
        shape = f", shape={_shape_text(self.shape)}" if self.shape.rank is not None else ""
        return f'Tensor("{self.name}"{shape}, dtype={self.dtype.name})'

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return id(self)  # graph tensors are hashable (feed_dict keys), by identity

    def __bool__(self):
        raise errors.OperatorNotAllowedInGraphError(_BOOL_MESSAGE)

    def __iter__(self):
        raise errors.OperatorNotAllowedInGraphError(_ITER_MESSAGE)

    def __len__(self):
        shape = self.shape
        if shape.rank is None or shape.rank == 0 or shape[0] is None:
            raise TypeError(f"len is not well defined for a symbolic Tensor ({self.name}). Please call `x.shape` "
                            "rather than `len(x)` for shape information.")
        return shape[0]

    def __array__(self, dtype=None, copy=None):
        raise NotImplementedError(f"Cannot convert a symbolic tf.Tensor ({self.name}) to a numpy array. This error "
                                  "may indicate that you're trying to pass a Tensor to a NumPy call, which is not "
                                  "supported.")

    def __reduce__(self):
        raise TypeError(f"Cannot pickle a symbolic tf.Tensor ({self.name})")


def _shape_text(shape):
    if shape.rank is None:
        return "<unknown>"
    if not tf2.enabled():  # TensorFlow 1's TensorShape prints unknown dimensions as ?
        dims = ["?" if d is None else str(d) for d in shape.as_list()]
        return "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"
    return str(tuple(shape.as_list()))


def relax_static_shape(tensor, shape):
    """Gives a graph's tensor the less specific static shape `shape` (TensorFlow's
    placeholder_with_default: the default's shape, then any fed value of `shape`)."""
    new = TensorShape(shape)
    if not tensor.shape.is_compatible_with(new):
        raise ValueError(f"Shapes {tensor.shape} and {new} are incompatible")
    _info(tensor).shape = new


def is_symbolic(x) -> bool:
    """Whether `x` is a tensor of a graph being built (False for eager tensors and Python values)."""
    return isinstance(x, SymbolicTensor)


_C._set_symbolic_class(SymbolicTensor)
