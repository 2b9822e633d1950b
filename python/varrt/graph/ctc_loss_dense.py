"""tf.nn.ctc_loss with dense labels (TensorFlow's ctc_loss_dense, python/ops/ctc_ops.py): the CTC
loss by the batched forward-backward algorithm in log space (Sim et al., 2017), written with
TensorFlow's ops in TensorFlow's order, its gradient computed with the loss and given by a custom
gradient; `ctc_unique_labels` and the `unique` fast path; and the public tf.nn.ctc_loss and
tf.compat.v1.nn.ctc_loss_v2, which send SparseTensor labels to the CTCLoss op
(ops/ctc_loss_ops.py). The forward and backward passes are scans over time: eagerly Python loops,
in a graph While loops (functional_ops.scan), so one trace serves every length."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

from varrt.autodiff.custom_gradient import custom_gradient
from varrt.base import dtypes
from varrt.framework.name_scopes import name_scope
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import convert_to_tensor
from varrt.graph import functional_ops
from varrt.ops import (array_ops, ctc_loss_ops, diag_ops, index_ops, manip_ops, math_ops, nn_ops, reduction_ops,
                       repeat_ops, scatter_ops, sequence_ops, unique_ops)

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def _get_dim(tensor, i):
    """Dimension i of `tensor`: static when known, else read when the graph runs."""
    dim = tensor.shape[i]
    return dim if dim is not None else array_ops.shape(tensor)[i]


def _dims(*dims):
    """A shape of static and run-time dimensions: a list, or their Pack when one is a tensor
    (TensorFlow's auto-packing of the list)."""
    if all(isinstance(d, int) for d in dims):
        return list(dims)
    return array_ops.stack([d if not isinstance(d, int) else convert_to_tensor(d) for d in dims])


def _tile_ones(x, multiples):
    """tile(x, multiples) where every repeated dimension of x is 1: a broadcast when a multiple is
    known only when the graph runs (varrt's Tile takes host multiples)."""
    multiples = _dims(*multiples)
    if isinstance(multiples, list):
        return array_ops.tile(x, multiples)
    return array_ops.broadcast_to(x, array_ops.shape(x) * multiples)


def _eye(n):
    """eye(n), whose size varrt's eye takes as a Python int: else the range compared with itself."""
    if isinstance(n, int):
        return diag_ops.eye(n)
    r = sequence_ops.range(n)
    return math_ops.cast(math_ops.equal(array_ops.expand_dims(r, 1), array_ops.expand_dims(r, 0)), dtypes.float32)


def _one_hot(indices, depth, on_value=1.0, off_value=0.0, axis=-1):
    """one_hot(indices, depth, ...) in float32, whose depth varrt's one_hot takes as a Python int:
    else the indices compared with the range along `axis`, the same values."""
    if isinstance(depth, int):
        return index_ops.one_hot(indices, depth, on_value=on_value, off_value=off_value, axis=axis)
    indices = convert_to_tensor(indices)
    rank = indices.shape.rank + 1
    axis = axis % rank
    positions = array_ops.reshape(sequence_ops.range(depth, dtype=indices.dtype),
                                  [-1 if i == axis else 1 for i in range(rank)])
    hit = math_ops.equal(array_ops.expand_dims(indices, axis), positions)
    on = math_ops.cast(on_value, dtypes.float32)
    off = math_ops.cast(off_value, dtypes.float32)
    return index_ops.where(hit, on + array_ops.zeros_like(off), off + array_ops.zeros_like(on))


def _last_axis(x, start, stop=None):
    """x[:, :, start:stop] of a rank-3 x, whose bounds may be known only when the graph runs."""
    if isinstance(start, int) and (stop is None or isinstance(stop, int)):
        return x[:, :, start:stop]
    size = -1 if stop is None else stop - start
    return manip_ops.slice(x, _dims(0, 0, start), _dims(-1, -1, size))


def _log_zero():
    return math_ops.log(convert_to_tensor(0.0))


def _ctc_state_trans(label_seq):
    """The alignment model's transitions [batch, states, states] of each label sequence."""
    with name_scope("ctc_state_trans"):
        label_seq = convert_to_tensor(label_seq)
        batch_size = _get_dim(label_seq, 0)
        num_labels = _get_dim(label_seq, 1)
        num_label_states = num_labels + 1
        num_states = 2 * num_label_states
        label_states = sequence_ops.range(num_label_states)
        blank_states = label_states + num_label_states
        # Start to the first label, blank to the next label, label to its blank, and self-loops.
        start_to_label = [[1, 0]]
        blank_to_label = array_ops.stack([label_states[1:], blank_states[:-1]], 1)
        label_to_blank = array_ops.stack([blank_states, label_states], 1)
        indices = array_ops.concat([start_to_label, blank_to_label, label_to_blank], 0)
        values = array_ops.ones(_dims(_get_dim(indices, 0)))
        trans = scatter_ops.scatter_nd(indices, values, shape=_dims(num_states, num_states))
        trans += _eye(num_states)
        # Label to the next label, unless the two are the same.
        batch_idx = array_ops.zeros_like(label_states[2:])
        indices = array_ops.stack([batch_idx, label_states[2:], label_states[1:-1]], 1)
        indices = _tile_ones(array_ops.expand_dims(indices, 0), (batch_size, 1, 1))
        batch_idx = array_ops.expand_dims(sequence_ops.range(batch_size), 1) * [1, 0, 0]
        indices += array_ops.expand_dims(batch_idx, 1)
        repeats = math_ops.equal(label_seq[:, :-1], label_seq[:, 1:])
        values = 1.0 - math_ops.cast(repeats, dtypes.float32)
        batched_shape = _dims(batch_size, num_states, num_states)
        label_to_label = scatter_ops.scatter_nd(indices, values, batched_shape)
        return array_ops.expand_dims(trans, 0) + label_to_label


def ctc_state_log_probs(seq_lengths, max_seq_length):
    """The initial and final state log probabilities [batch, states], made as log values."""
    batch_size = _get_dim(seq_lengths, 0)
    num_label_states = max_seq_length + 1
    num_duration_states = 2
    num_states = num_duration_states * num_label_states
    log_0 = math_ops.cast(math_ops.log(math_ops.cast(0, dtypes.float64) + 1e-307), dtypes.float32)
    initial_state_log_probs = _one_hot(indices=array_ops.zeros(_dims(batch_size), dtype=dtypes.int32),
                                                depth=num_states, on_value=0.0, off_value=log_0, axis=1)
    label_final_state_mask = _one_hot(seq_lengths, depth=num_label_states, axis=0)
    duration_final_state_mask = array_ops.ones(_dims(num_duration_states, 1, batch_size))
    final_state_mask = duration_final_state_mask * label_final_state_mask
    final_state_log_probs = (1.0 - final_state_mask) * log_0
    final_state_log_probs = array_ops.reshape(final_state_log_probs, _dims(num_states, batch_size))
    return initial_state_log_probs, array_ops.transpose(final_state_log_probs)


def _ilabel_to_state(labels, num_labels, ilabel_log_probs):
    """Input label log probabilities projected onto the states."""
    num_label_states = _get_dim(labels, 1)
    blank = ilabel_log_probs[:, :, :1]
    blank = _tile_ones(blank, (1, 1, num_label_states + 1))
    one_hot = _one_hot(labels, depth=num_labels)
    one_hot = array_ops.expand_dims(one_hot, axis=0)
    ilabel_log_probs = array_ops.expand_dims(ilabel_log_probs, axis=2)
    state_log_probs = reduction_ops.reduce_sum(ilabel_log_probs * one_hot, axis=3)
    state_log_probs = array_ops.concat([state_log_probs, blank], axis=2)
    return manip_ops.pad(state_log_probs, [[0, 0], [0, 0], [1, 0]], constant_values=_log_zero())


def _state_to_olabel(labels, num_labels, states):
    """State log probabilities summed to output label log probabilities."""
    num_label_states = _get_dim(labels, 1) + 1
    label_states = _last_axis(states, 1, num_label_states)
    blank_states = _last_axis(states, num_label_states)
    one_hot = _one_hot(labels - 1, depth=(num_labels - 1), on_value=0.0, off_value=_log_zero())
    one_hot = array_ops.expand_dims(one_hot, axis=0)
    label_states = array_ops.expand_dims(label_states, axis=3)
    label_olabels = reduction_ops.reduce_logsumexp(label_states + one_hot, axis=2)
    blank_olabels = reduction_ops.reduce_logsumexp(blank_states, axis=2, keepdims=True)
    return array_ops.concat([blank_olabels, label_olabels], axis=-1)


def _sum_states(idx, states):
    """Each unique label's states summed (log-sum-exp) through a one-hot of `idx`."""
    with name_scope("sum_states"):
        idx = convert_to_tensor(idx)
        num_states = _get_dim(states, 2)
        states = array_ops.expand_dims(states, axis=2)
        one_hot = _one_hot(idx, depth=num_states, on_value=0.0, off_value=_log_zero(), axis=1)
        return reduction_ops.reduce_logsumexp(states + one_hot, axis=-1)


def _state_to_olabel_unique(labels, num_labels, states, unique):
    """_state_to_olabel through the unique labels: a scatter instead of a one-hot of every class."""
    num_label_states = _get_dim(labels, 1) + 1
    label_states = _last_axis(states, 1, num_label_states)
    blank_states = _last_axis(states, num_label_states)
    unique_y, unique_idx = unique
    mul_reduce = _sum_states(unique_idx, label_states)
    num_frames = _get_dim(states, 0)
    batch_size = _get_dim(states, 1)
    num_states = num_label_states - 1
    batch_state_major = array_ops.transpose(mul_reduce, perm=[1, 2, 0])
    batch_state_major = array_ops.reshape(batch_state_major, _dims(batch_size * num_states, num_frames))
    batch_offset = sequence_ops.range(batch_size, dtype=unique_y.dtype) * num_labels
    indices = unique_y + array_ops.expand_dims(batch_offset, axis=-1)
    indices = array_ops.reshape(indices, [-1, 1])
    scatter = scatter_ops.scatter_nd(indices=indices, updates=batch_state_major,
                                     shape=_dims(batch_size * num_labels, num_frames))
    scatter = array_ops.reshape(scatter, _dims(batch_size, num_labels, num_frames))
    mask = array_ops.ones_like(batch_state_major, dtype=dtypes.bool)
    mask = scatter_ops.scatter_nd(indices=indices, updates=mask, shape=_dims(batch_size * num_labels, num_frames))
    mask = array_ops.reshape(mask, _dims(batch_size, num_labels, num_frames))
    scatter = index_ops.where(mask, scatter, array_ops.fill(array_ops.shape(scatter), _log_zero()))
    label_olabels = array_ops.transpose(scatter, [2, 0, 1])
    label_olabels = label_olabels[:, :, 1:]
    blank_olabels = reduction_ops.reduce_logsumexp(blank_states, axis=2, keepdims=True)
    return array_ops.concat([blank_olabels, label_olabels], axis=-1)


def _scan(fn, elems, initial, reverse=False):
    """TensorFlow's inclusive _scan: the initial accumulators, then fn's over `elems` (after them,
    or before them in reverse), each stacked."""
    out = functional_ops.scan(fn, elems, initial, reverse=reverse)
    single = not isinstance(initial, tuple)
    outs, inits = ((out,), (initial,)) if single else (tuple(out), initial)
    stacked = tuple(array_ops.concat([o, array_ops.expand_dims(i, 0)] if reverse else
                                     [array_ops.expand_dims(i, 0), o], 0) for o, i in zip(outs, inits))
    return stacked[0] if single else stacked


def _forward_backward_log(state_trans_log_probs, initial_state_log_probs, final_state_log_probs,
                          observed_log_probs, sequence_length):
    """The forward-backward algorithm in log space: (fwd-bwd log probabilities [frames, batch,
    states], log likelihood [batch])."""
    perm = [1, 0] if state_trans_log_probs.shape.rank == 2 else [0, 2, 1]
    bwd_state_trans_log_probs = array_ops.transpose(state_trans_log_probs, perm)
    batch_size = _get_dim(observed_log_probs, 1)

    def _forward(state_log_prob, obs_log_prob):
        state_log_prob = array_ops.expand_dims(state_log_prob, axis=1)  # Broadcast.
        state_log_prob += state_trans_log_probs
        state_log_prob = reduction_ops.reduce_logsumexp(state_log_prob, axis=-1)
        state_log_prob += obs_log_prob
        log_prob_sum = reduction_ops.reduce_logsumexp(state_log_prob, axis=-1, keepdims=True)
        state_log_prob -= log_prob_sum
        return state_log_prob

    fwd = _scan(_forward, observed_log_probs, initial_state_log_probs)

    def _backward(accs, elems):
        state_log_prob, cum_log_sum = accs
        obs_log_prob, mask = elems
        state_log_prob += obs_log_prob
        state_log_prob = array_ops.expand_dims(state_log_prob, axis=1)  # Broadcast.
        state_log_prob += bwd_state_trans_log_probs
        state_log_prob = reduction_ops.reduce_logsumexp(state_log_prob, axis=-1)
        log_prob_sum = reduction_ops.reduce_logsumexp(state_log_prob, axis=-1, keepdims=True)
        state_log_prob -= log_prob_sum
        cum_log_sum += array_ops.squeeze(log_prob_sum, axis=[-1]) * mask
        batched_mask = array_ops.expand_dims(mask, axis=1)
        out = state_log_prob * batched_mask
        out += final_state_log_probs * (1.0 - batched_mask)
        return out, cum_log_sum

    zero_log_sum = array_ops.zeros(_dims(batch_size))
    maxlen = _get_dim(observed_log_probs, 0)
    mask = repeat_ops.sequence_mask(sequence_length, maxlen, dtypes.float32)
    mask = array_ops.transpose(mask, perm=[1, 0])
    bwd, cum_log_sum = _scan(_backward, (observed_log_probs, mask), (final_state_log_probs, zero_log_sum),
                             reverse=True)
    fwd_bwd_log_probs = fwd[1:] + bwd[1:]
    fwd_bwd_log_probs_sum = reduction_ops.reduce_logsumexp(fwd_bwd_log_probs, axis=2, keepdims=True)
    fwd_bwd_log_probs -= fwd_bwd_log_probs_sum
    fwd_bwd_log_probs += math_ops.log(array_ops.expand_dims(mask, axis=2))
    log_likelihood = bwd[0, :, 0] + cum_log_sum[0]
    return fwd_bwd_log_probs, log_likelihood


def ctc_loss_and_grad(logits, labels, label_length, logit_length, unique=None):
    """(loss [batch], its gradient [frames, batch, classes]) of time-major logits, the blank 0."""
    num_labels = _get_dim(logits, 2)
    max_label_seq_length = _get_dim(labels, 1)
    ilabel_log_probs = nn_ops.log_softmax(logits)
    state_log_probs = _ilabel_to_state(labels, num_labels, ilabel_log_probs)
    state_trans_probs = _ctc_state_trans(labels)
    initial_state_log_probs, final_state_log_probs = ctc_state_log_probs(label_length, max_label_seq_length)
    fwd_bwd_log_probs, log_likelihood = _forward_backward_log(
        state_trans_log_probs=math_ops.log(state_trans_probs), initial_state_log_probs=initial_state_log_probs,
        final_state_log_probs=final_state_log_probs, observed_log_probs=state_log_probs,
        sequence_length=logit_length)
    if unique:
        olabel_log_probs = _state_to_olabel_unique(labels, num_labels, fwd_bwd_log_probs, unique)
    else:
        olabel_log_probs = _state_to_olabel(labels, num_labels, fwd_bwd_log_probs)
    grad = math_ops.exp(ilabel_log_probs) - math_ops.exp(olabel_log_probs)
    # No gradient past each sequence's end.
    max_logit_length = _get_dim(logits, 0)
    logit_mask = repeat_ops.sequence_mask(logit_length, max_logit_length, dtypes.float32)
    logit_mask = array_ops.transpose(logit_mask, perm=[1, 0])
    logit_mask = array_ops.expand_dims(logit_mask, axis=2)
    grad *= logit_mask
    loss = -log_likelihood
    return loss, grad


def ctc_loss_dense(labels, logits, label_length, logit_length, logits_time_major=True, unique=None, blank_index=0,
                   name=None) -> Tensor:
    """The CTC loss [batch] of dense, zero-padded `labels` [batch, max_label_length] with
    `label_length`, given `logits` and `logit_length`; the blank is class `blank_index`."""
    with name_scope(name or "ctc_loss_dense"):
        logits = convert_to_tensor(logits)
        labels = convert_to_tensor(labels)
        label_length = convert_to_tensor(label_length)
        logit_length = convert_to_tensor(logit_length)
        orig_dtype = logits.dtype
        if orig_dtype in (dtypes.float16, dtypes.bfloat16):
            logits = math_ops.cast(logits, dtypes.float32)
        if not logits_time_major:
            logits = array_ops.transpose(logits, perm=[1, 0, 2])
        if blank_index != 0:
            # The blank moved first, the classes before it one up.
            if blank_index < 0:
                blank_index += _get_dim(logits, 2)
            logits = array_ops.concat([logits[:, :, blank_index:blank_index + 1], logits[:, :, :blank_index],
                                       logits[:, :, blank_index + 1:]], axis=2)
            labels = index_ops.where(labels < blank_index, labels + 1, labels)
        args = [logits, labels, label_length, logit_length]
        if unique:
            unique_y, unique_idx = unique
            if blank_index != 0:
                unique_y = index_ops.where(unique_y < blank_index, unique_y + 1, unique_y)
                label_mask_len = reduction_ops.reduce_max(unique_idx, axis=1) + 1
                max_label_length = _get_dim(unique_y, 1)
                label_mask = repeat_ops.sequence_mask(label_mask_len, max_label_length)
                unique_y = index_ops.where(label_mask, unique_y, array_ops.zeros_like(unique_y))
            args.extend([unique_y, unique_idx])

        @custom_gradient
        def compute_ctc_loss(logits_t, labels_t, label_length_t, logit_length_t, *unique_t):
            kwargs = dict(logits=logits_t, labels=labels_t, label_length=label_length_t,
                          logit_length=logit_length_t)
            if unique_t:
                kwargs["unique"] = unique_t
            result = ctc_loss_and_grad(**kwargs)

            def grad(grad_loss):
                grads = [array_ops.reshape(grad_loss, [1, -1, 1]) * result[1]]
                return grads + [None] * (len(args) - len(grads))

            return result[0], grad

        loss = compute_ctc_loss(*args)
        if orig_dtype in (dtypes.float16, dtypes.bfloat16):
            loss = math_ops.cast(loss, orig_dtype)
        return loss


def ctc_unique_labels(labels, name=None) -> tuple:
    """(unique labels [batch, max_label_length], each label's index among them): per row, its
    distinct labels in order of first appearance, zero-padded (tf.nn.ctc_unique_labels)."""
    with name_scope(name or "ctc_unique_labels"):
        labels = convert_to_tensor(labels)

        def _unique(x):
            u = unique_ops.unique(x)
            y = manip_ops.pad(u.y, array_ops.reshape(_dims(0, _get_dim(u.idx, 0) - _get_dim(u.y, 0)), [1, 2]))
            y = math_ops.cast(y, dtypes.int64)
            return [y, u.idx]

        return functional_ops.map_fn(_unique, labels, dtype=[dtypes.int64, dtypes.int32])


def ctc_loss_v3(labels, logits, label_length, logit_length, logits_time_major=True, unique=None,
                blank_index=None, name=None) -> Tensor:
    """tf.nn.ctc_loss: the CTC loss [batch] of `labels` (dense with `label_length`, the blank
    `blank_index` or 0, or a SparseTensor, with `blank_index` given) given `logits` and each
    entry's `logit_length`.

    Raises:
        ValueError: If `labels` is a SparseTensor and `blank_index` is None.
    """
    if isinstance(labels, SparseTensor):
        return ctc_loss_ops.ctc_loss_v3_sparse(labels, logits, logit_length, logits_time_major, blank_index)
    return ctc_loss_dense(labels=labels, logits=logits, label_length=label_length, logit_length=logit_length,
                          logits_time_major=logits_time_major, unique=unique,
                          blank_index=0 if blank_index is None else blank_index, name=name)


def ctc_loss_v2(labels, logits, label_length, logit_length, logits_time_major=True, unique=None,
                blank_index=None, name=None) -> Tensor:
    """tf.compat.v1.nn.ctc_loss_v2: tf.nn.ctc_loss, whose logits are copied for SparseTensor
    labels only when the blank is not the last class already.

    Raises:
        ValueError: If `labels` is a SparseTensor and `blank_index` is None.
    """
    if isinstance(labels, SparseTensor):
        return ctc_loss_ops.ctc_loss_v2_sparse(labels, logits, logit_length, logits_time_major, blank_index)
    return ctc_loss_dense(labels=labels, logits=logits, label_length=label_length, logit_length=logit_length,
                          logits_time_major=logits_time_major, unique=unique,
                          blank_index=0 if blank_index is None else blank_index, name=name)
