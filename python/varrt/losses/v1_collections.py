"""TensorFlow 1's loss collections (tensorflow/python/ops/losses/util.py): `tf.compat.v1.losses.add_loss`,
`get_losses`, `get_regularization_loss(es)` and `get_total_loss`. Losses are collected only while a graph
is built; eagerly `add_loss` keeps nothing, as TensorFlow's."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.graph import graph as _graph
from varrt.graph.graph import GraphKeys
from varrt.ops import math_ops
from varrt.framework.tensor import constant


def add_loss(loss, loss_collection=GraphKeys.LOSSES):
    """Adds an externally defined loss to the collection `loss_collection` (nothing when executing eagerly)."""
    if loss_collection and _graph.current_graph() is not None:
        _graph.get_default_graph().add_to_collection(loss_collection, loss)


def get_losses(scope=None, loss_collection=GraphKeys.LOSSES):
    """The losses in `loss_collection`, filtered by name `scope`."""
    return _graph.get_default_graph().get_collection(loss_collection, scope)


def get_regularization_losses(scope=None):
    """The REGULARIZATION_LOSSES collection, filtered by name `scope`."""
    return _graph.get_default_graph().get_collection(GraphKeys.REGULARIZATION_LOSSES, scope)


def get_regularization_loss(scope=None, name="total_regularization_loss"):
    """The sum of the regularization losses (a float32 0.0 when there are none)."""
    losses = get_regularization_losses(scope)
    if losses:
        return math_ops.add_n(losses, name=name)
    return constant(0.0)


def get_total_loss(add_regularization_losses=True, name="total_loss", scope=None):
    """The sum of the LOSSES collection and, by default, the regularization losses (with none, add_n's
    ValueError, as TensorFlow)."""
    losses = get_losses(scope=scope)
    if add_regularization_losses:
        losses += get_regularization_losses(scope=scope)
    return math_ops.add_n(losses, name=name)
