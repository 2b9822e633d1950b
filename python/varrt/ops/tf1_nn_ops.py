"""TensorFlow 1's signatures of tf.nn functions (tf.compat.v1.nn): `dropout` with `keep_prob`,
`softmax`/`log_softmax` with `dim`, `moments` with `keep_dims`, the softmax cross-entropy that stops
the labels' gradient, and `xw_plus_b`/`relu_layer`, each over the TensorFlow 2 function."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.framework.name_scopes import name_scope
from varrt.ops import array_ops, linalg_ops, nn_ops
from varrt.ops.tf1_math_ops import _renamed_argument


def dropout(x, keep_prob=None, noise_shape=None, seed=None, name=None, rate=None):
    """tf.compat.v1.nn.dropout: keeps each element with probability `keep_prob` (or drops with `rate`),
    scaling the kept ones by 1 / keep_prob.

    Raises:
        ValueError: If neither or both are given, or `keep_prob` is not a number or tensor.
    """
    try:
        rate_from_keep_prob = 1. - keep_prob if keep_prob is not None else None
    except TypeError:
        raise ValueError(f"`keep_prob` must be a floating point number or Tensor. Received: keep_prob={keep_prob}") \
            from None
    rate = _renamed_argument("rate", rate, "keep_prob", rate_from_keep_prob)
    if rate is None:
        raise ValueError(f"`rate` must be provided. Received: rate={rate}")
    return nn_ops.dropout(x, rate, noise_shape=noise_shape, seed=seed, name=name)


def softmax(logits, axis=None, name=None, dim=None):
    """tf.compat.v1.nn.softmax: softmax along `axis` (or TensorFlow 1's `dim`; default the last)."""
    axis = _renamed_argument("axis", axis, "dim", dim)
    return nn_ops.softmax(logits, -1 if axis is None else axis, name)


def log_softmax(logits, axis=None, name=None, dim=None):
    """tf.compat.v1.nn.log_softmax: log-softmax along `axis` (or `dim`; default the last)."""
    axis = _renamed_argument("axis", axis, "dim", dim)
    return nn_ops.log_softmax(logits, -1 if axis is None else axis, name)


def moments(x, axes, shift=None, name=None, keep_dims=None, keepdims=None):
    """tf.compat.v1.nn.moments: mean and variance over `axes` (TensorFlow 1's `keep_dims`)."""
    keepdims = _renamed_argument("keepdims", keepdims, "keep_dims", keep_dims)
    return nn_ops.moments(x, axes, shift, bool(keepdims), name)


def softmax_cross_entropy_with_logits(labels=None, logits=None, dim=-1, name=None, axis=None):
    """tf.compat.v1.nn.softmax_cross_entropy_with_logits: the cross-entropy, no gradient to `labels`.

    Raises:
        ValueError: If `labels` or `logits` is missing.
    """
    dim = _renamed_argument("axis", axis, "dim", dim)
    if labels is None or logits is None:
        raise ValueError("Both `labels` and `logits` must be provided for softmax_cross_entropy_with_logits"
                         f"Received: labels={labels} and logits={logits}")
    with name_scope(name or "softmax_cross_entropy_with_logits_sg"):
        labels = array_ops.stop_gradient(labels, name="labels_stop_gradient")
    return nn_ops.softmax_cross_entropy_with_logits(labels=labels, logits=logits, axis=dim, name=name)


def softmax_cross_entropy_with_logits_v2(labels, logits, axis=None, name=None, dim=None):
    """tf.compat.v1.nn.softmax_cross_entropy_with_logits_v2: TensorFlow 2's (gradients reach `labels`),
    with `dim`."""
    axis = _renamed_argument("axis", axis, "dim", dim)
    return nn_ops.softmax_cross_entropy_with_logits(labels=labels, logits=logits, axis=-1 if axis is None else axis,
                                                    name=name)


def xw_plus_b(x, weights, biases, name=None):
    """matmul(x, weights) + biases (MatMul then BiasAdd)."""
    return nn_ops.bias_add(linalg_ops.matmul(x, weights), biases, name=name)


def relu_layer(x, weights, biases, name=None):
    """relu(matmul(x, weights) + biases)."""
    return nn_ops.relu(nn_ops.bias_add(linalg_ops.matmul(x, weights), biases), name=name)
