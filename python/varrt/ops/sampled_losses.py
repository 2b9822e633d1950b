"""The sampled losses of tf.nn (TensorFlow's python/ops/nn_impl.py): `nce_loss` and
`sampled_softmax_loss`, written as TensorFlow writes them over the candidate samplers
(candidate_sampling_ops.py, TensorFlow's draws bit for bit), embedding lookups of the true and
sampled classes' weights and biases, `compute_accidental_hits`, and the sigmoid or softmax
cross-entropy; the TensorFlow 1 forms take `partition_strategy` ("mod" by default, TensorFlow 2's
are "div") for weights given as a list of tables."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

from varrt.base import dtypes
from varrt.framework.name_scopes import name_scope
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import (array_ops, candidate_sampling_ops, embedding_ops, linalg_ops, manip_ops, math_ops, nn_ops,
                       sparse_ops)

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _sum_rows(x):
    """Each row's sum as a product with a column of ones (TensorFlow's _sum_rows, whose gradient
    is a matmul too)."""
    ones = array_ops.ones(array_ops.stack([array_ops.shape(x)[1], 1]), x.dtype)
    return array_ops.reshape(linalg_ops.matmul(x, ones), [-1])


def _compute_sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
                            sampled_values=None, subtract_log_q=True, remove_accidental_hits=False,
                            partition_strategy="mod", name=None, seed=None):
    """(logits, labels) [batch, num_true + num_sampled]: the true classes' logits then the sampled
    ones', each less the log of its expected count, and the true classes' share of 1."""
    if not isinstance(weights, list):
        weights = list(weights) if isinstance(weights, tuple) else [weights]
    with name_scope(name or "compute_sampled_logits"):
        labels = convert_to_tensor(labels)
        inputs = convert_to_tensor(inputs)
        if labels.dtype != dtypes.int64:
            labels = math_ops.cast(labels, dtypes.int64)
        labels_flat = array_ops.reshape(labels, [-1])
        if sampled_values is None:
            sampled_values = candidate_sampling_ops.log_uniform_candidate_sampler(
                true_classes=labels, num_true=num_true, num_sampled=num_sampled, unique=True, range_max=num_classes,
                seed=seed)
        sampled, true_expected_count, sampled_expected_count = (array_ops.stop_gradient(s) for s in sampled_values)
        sampled = math_ops.cast(sampled, dtypes.int64)
        all_ids = array_ops.concat([labels_flat, sampled], 0)
        # One lookup of the true and sampled classes' weights, then split.
        all_w = embedding_ops.embedding_lookup_v1(weights, all_ids, partition_strategy=partition_strategy)
        if all_w.dtype != inputs.dtype:
            all_w = math_ops.cast(all_w, inputs.dtype)
        num_labels = array_ops.shape(labels_flat)[0]
        true_w = manip_ops.slice(all_w, [0, 0], array_ops.stack([num_labels, -1]))
        sampled_w = manip_ops.slice(all_w, array_ops.stack([num_labels, 0]), [-1, -1])
        sampled_logits = linalg_ops.matmul(inputs, sampled_w, transpose_b=True)
        all_b = embedding_ops.embedding_lookup_v1(biases, all_ids, partition_strategy=partition_strategy)
        if all_b.dtype != inputs.dtype:
            all_b = math_ops.cast(all_b, inputs.dtype)
        true_b = manip_ops.slice(all_b, [0], array_ops.shape(labels_flat))
        sampled_b = manip_ops.slice(all_b, array_ops.shape(labels_flat), [-1])
        # The true logits: each input row times its num_true weight rows.
        dim = array_ops.shape(true_w)[1:2]
        row_wise_dots = math_ops.multiply(array_ops.expand_dims(inputs, 1),
                                          array_ops.reshape(true_w, array_ops.concat([[-1, num_true], dim], 0)))
        dots_as_matrix = array_ops.reshape(row_wise_dots, array_ops.concat([[-1], dim], 0))
        true_logits = array_ops.reshape(_sum_rows(dots_as_matrix), [-1, num_true])
        true_b = array_ops.reshape(true_b, [-1, num_true])
        true_logits = math_ops.add(true_logits, true_b)
        sampled_logits = math_ops.add(sampled_logits, sampled_b)
        if remove_accidental_hits:
            # A sampled class that is one of the row's true classes gets -FLT_MAX added.
            acc_indices, acc_ids, acc_weights = candidate_sampling_ops.compute_accidental_hits(
                labels, sampled, num_true=num_true)
            acc_indices_2d = array_ops.reshape(acc_indices, [-1, 1])
            acc_ids_2d_int32 = array_ops.reshape(math_ops.cast(acc_ids, dtypes.int32), [-1, 1])
            sparse_indices = array_ops.concat([acc_indices_2d, acc_ids_2d_int32], 1, "sparse_indices")
            sampled_logits_shape = array_ops.concat(
                [array_ops.shape(labels)[:1], array_ops.expand_dims(num_sampled, 0)], 0)
            if sampled_logits.dtype != acc_weights.dtype:
                acc_weights = math_ops.cast(acc_weights, sampled_logits.dtype)
            sampled_logits = math_ops.add(sampled_logits, sparse_ops.sparse_to_dense(
                sparse_indices, sampled_logits_shape, acc_weights, default_value=0.0, validate_indices=False))
        if subtract_log_q:
            true_logits = math_ops.subtract(true_logits, math_ops.log(true_expected_count))
            sampled_logits = math_ops.subtract(sampled_logits, math_ops.log(sampled_expected_count))
        out_logits = array_ops.concat([true_logits, sampled_logits], 1)
        # The true classes' labels sum to 1 over a row.
        out_labels = array_ops.concat([math_ops.truediv(array_ops.ones_like(true_logits), num_true),
                                       array_ops.zeros_like(sampled_logits)], 1)
        return out_logits, out_labels


def nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
             remove_accidental_hits=False, partition_strategy="mod", name="nce_loss") -> Tensor:
    """tf.compat.v1.nn.nce_loss: the noise-contrastive estimation loss [batch], each row's sigmoid
    cross-entropies of its true and sampled classes summed."""
    logits, labels = _compute_sampled_logits(
        weights=weights, biases=biases, labels=labels, inputs=inputs, num_sampled=num_sampled,
        num_classes=num_classes, num_true=num_true, sampled_values=sampled_values, subtract_log_q=True,
        remove_accidental_hits=remove_accidental_hits, partition_strategy=partition_strategy, name=name)
    sampled_losses = nn_ops.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits, name="sampled_losses")
    return _sum_rows(sampled_losses)


def nce_loss_v2(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
                remove_accidental_hits=False, name="nce_loss") -> Tensor:
    """tf.nn.nce_loss: nce_loss with weights split "div" when a list."""
    return nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=num_true,
                    sampled_values=sampled_values, remove_accidental_hits=remove_accidental_hits,
                    partition_strategy="div", name=name)


def sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
                         remove_accidental_hits=True, partition_strategy="mod", name="sampled_softmax_loss",
                         seed=None) -> Tensor:
    """tf.compat.v1.nn.sampled_softmax_loss: the softmax cross-entropy [batch] over each row's
    true and sampled classes."""
    logits, labels = _compute_sampled_logits(
        weights=weights, biases=biases, labels=labels, inputs=inputs, num_sampled=num_sampled,
        num_classes=num_classes, num_true=num_true, sampled_values=sampled_values, subtract_log_q=True,
        remove_accidental_hits=remove_accidental_hits, partition_strategy=partition_strategy, name=name, seed=seed)
    labels = array_ops.stop_gradient(labels, name="labels_stop_gradient")
    return nn_ops.softmax_cross_entropy_with_logits(labels=labels, logits=logits)


def sampled_softmax_loss_v2(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
                            sampled_values=None, remove_accidental_hits=True, seed=None,
                            name="sampled_softmax_loss") -> Tensor:
    """tf.nn.sampled_softmax_loss: sampled_softmax_loss with weights split "div" when a list."""
    return sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=num_true,
                                sampled_values=sampled_values, remove_accidental_hits=remove_accidental_hits,
                                partition_strategy="div", name=name, seed=seed)
