"""ShapeContext: what a shape function may read while a graph is built (TensorFlow's
InferenceContext), and ShapeError, its refusal.

A shape function sees shapes as plain lists (None for an unknown dimension) or None (an
unknown rank), by the input's TensorFlow name, so it reads the same whichever way varrt
recorded the node: an input TensorFlow reads as a constant (Reshape's shape, Sum's
reduction_indices, ...) is either an attribute of that name (varrt's wrappers compute it on
the host) or a tensor input whose value may be known while building.
"""
import numpy as np

from varrt.framework.tensor_shape import TensorShape
from varrt.ops import op_def_lib


class ShapeError(ValueError):
    """A shape function's refusal: TensorFlow's reason, before " for '{{node ...}}'"."""


def node_shape_error(text):
    """TensorFlow's ValueError refusing to build a node (the reason, the node, its input shapes),
    raised by the graph recorder where the op is called. A plain ValueError, as TensorFlow's,
    marked so that wrappers which turn a kernel's ValueError into their own error let it through."""
    error = ValueError(text)
    error.varrt_node_shape_error = True
    return error


def is_node_shape_error(error):
    return getattr(error, "varrt_node_shape_error", False)


def as_dims(shape):
    """A TensorShape (or a list, or None) as a list of dims, or None for an unknown rank."""
    if shape is None:
        return None
    if isinstance(shape, TensorShape):
        return None if shape.rank is None else shape.as_list()
    return [None if d is None or d < 0 else int(d) for d in shape]


def _draws_on_host(op):
    """The random ops, whose key, counter and algorithm varrt draws on the host."""
    return "Random" in op or op.startswith(("Stateful", "Stateless"))


# The random ops' inputs varrt draws on the host instead of passing them to the node.
_HOST_DRAWN = frozenset({"key", "counter", "alg"})


class ShapeContext:
    """What a shape function may read: the op, its attributes, its inputs' static shapes and
    dtypes, the values of inputs known while building (constants), and for resource inputs
    the shape of the variable behind them (TensorFlow's handle data)."""

    __slots__ = ("op", "attrs", "input_shapes", "input_dtypes", "_values", "num_outputs", "resource_shapes",
                 "_partial_shapes", "_positions", "read_as_shapes")

    def __init__(self, op, attrs, input_shapes, input_dtypes, values, num_outputs, resource_shapes=(),
                 partial_shapes=None):
        self.op = op
        self.attrs = attrs
        self.input_shapes = input_shapes
        self.input_dtypes = input_dtypes
        self._values = values  # callable i -> ndarray or None
        self.num_outputs = num_outputs
        self.resource_shapes = resource_shapes  # the variables' shapes, in resource-input order
        # callable i -> TensorShape or None: what is known of the value of an integer vector input
        # that holds a shape (TensorFlow's input_tensors_as_shapes), e.g. Shape of a partially known tensor
        self._partial_shapes = partial_shapes
        self._positions = None
        # input name -> the dims (None unknown) a shape function read that input's value as: what
        # TensorFlow's build errors end with ("input tensors computed as partial shapes").
        self.read_as_shapes = {}

    def input_value(self, i):
        """Input i's value as an ndarray when it is known while building (a constant), else None."""
        return None if self._values is None else self._values(i)

    def attr(self, name, default=None):
        v = self.attrs.get(name)
        return default if v is None else v

    # --- inputs by TensorFlow's name -------------------------------------------------------

    def _op_def(self):
        if isinstance(self.op, str):
            return op_def_lib.get(self.op)
        return self.op

    def _position(self, name):
        """(index into input_shapes, count for a list input or None) of the tensor input `name`."""
        if self._positions is None:
            args = [a for a in self._op_def().inputs if not a.is_resource and a.name not in self.attrs]
            lists = sum(1 for a in args if a.number_attr or a.type_list_attr)
            # Several list inputs share one length (DynamicStitch's indices and data: N each).
            n_list = max(len(self.input_shapes) - (len(args) - lists), 0) // max(lists, 1)
            if not lists and len(self.input_shapes) < len(args) and _draws_on_host(self._op_def().name):
                # The random ops draw their key, counter and algorithm on the host: the node carries
                # the others (the shape when a graph knows it only when it runs, the bounds), and
                # those three are unknown.
                args = [a for a in args if a.name not in _HOST_DRAWN]
                args = args[len(args) - len(self.input_shapes):]
            self._positions, i = {}, 0
            for a in args:
                count = n_list if (a.number_attr or a.type_list_attr) else None
                self._positions[a.name] = (i, count)
                i += 1 if count is None else count
        return self._positions.get(name)

    def shape(self, name):
        """The dims of input `name` (a list of dims for a list input); for a constant given as an
        attribute, its value's shape; None for an input the node does not carry."""
        if name in self.attrs:
            return list(np.shape(self.attrs[name]))
        pos = self._position(name)
        if pos is None:
            return None
        i, count = pos
        if i >= len(self.input_shapes):
            return None  # not carried (a reduction over all axes of a tensor of unknown rank)
        if count is None:
            return as_dims(self.input_shapes[i])
        return [as_dims(s) for s in self.input_shapes[i:i + count]]

    def const(self, name):
        """The value of input `name` when known while building (an ndarray), else None."""
        if name in self.attrs:
            v = self.attrs[name]
            return None if v is None else np.asarray(v)
        pos = self._position(name)
        if pos is None or pos[1] is not None:
            return None
        v = self.input_value(pos[0])
        return None if v is None else np.asarray(v)

    def partial_shape(self, name):
        """What is known of the shape input `name` holds, as dims (None where unknown), when its
        value is not: e.g. [None, 3] for tf.shape(x) of an x of static shape [None, 3]."""
        pos = self._position(name) if name not in self.attrs else None
        if self._partial_shapes is None or pos is None or pos[1] is not None:
            return None
        return as_dims(self._partial_shapes(pos[0]))

    def resource(self, i=0):
        """The dims of the variable behind resource input i, or None when unknown."""
        return as_dims(self.resource_shapes[i]) if i < len(self.resource_shapes) else None

    def input_index(self, name):
        """Input `name`'s index in TensorFlow's signature (its messages count inputs so)."""
        return [a.name for a in self._op_def().inputs].index(name)
