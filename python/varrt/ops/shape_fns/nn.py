"""Shape functions of the neural-network ops (TensorFlow's core/ops/nn_ops.cc)."""
from varrt.ops.shape_fns.common import (SCALAR, ShapeError, UNKNOWN, broadcast_dims, dim_from_scalar, merge,
                                        merge_dim, shape_out, with_rank, with_rank_at_least)


def bias_add(ctx):
    """BiasAdd: the value's shape, its channel dimension merged with the bias's length."""
    value = with_rank_at_least(ctx.shape("value"), 3 if ctx.attr("data_format") == "NCHW" else 2)
    bias = with_rank(ctx.shape("bias"), 1)
    if value is None:
        return UNKNOWN
    at = 1 if ctx.attr("data_format") == "NCHW" and len(value) > 2 else len(value) - 1
    out = list(value)
    out[at] = merge_dim(value[at], bias[0])
    return shape_out(out)


def bias_add_grad(ctx):
    """BiasAddGrad: a vector as long as the channel dimension."""
    nchw = ctx.attr("data_format") == "NCHW"
    grad = with_rank_at_least(ctx.shape("out_backprop"), 3 if nchw else 2)
    if grad is None:
        return shape_out([None])
    return shape_out([grad[1] if nchw else grad[-1]])


def l2_loss(ctx):
    return SCALAR


def softmax_cross_entropy(ctx):
    """SoftmaxCrossEntropyWithLogits: [batch] and the [batch, classes] backprop; features and
    labels agree, or broadcast to a matrix."""
    features, labels = ctx.shape("features"), ctx.shape("labels")
    try:
        both = merge(with_rank(features, 2), labels)
    except ShapeError:
        both = broadcast_dims(features, labels)
        if both is None:
            raise ShapeError("Shape must be broadcasted with rank 2, but is rank is unknown.") from None
        if len(both) != 2:
            raise ShapeError(f"Shape must be broadcasted with rank 2, but is rank {len(both)}") from None
    return [shape_out([both[0]]), shape_out(both)]


def sparse_softmax_cross_entropy(ctx):
    """SparseSoftmaxCrossEntropyWithLogits: labels are a vector as long as features' batch."""
    features = with_rank(ctx.shape("features"), 2)
    labels = with_rank(ctx.shape("labels"), 1)
    batch = merge_dim(features[0], labels[0])
    return [shape_out([batch]), shape_out([batch] + features[1:])]


def in_top_k(ctx):
    """InTopKV2: one bool per row of the [batch, classes] predictions, whose batch the targets share."""
    predictions = with_rank(ctx.shape("predictions"), 2)
    targets = with_rank(ctx.shape("targets"), 1)
    return shape_out([merge_dim(predictions[0], targets[0])])


def top_k(ctx):
    """TopKV2: the input with its last dimension k (TensorFlow's TopKShapeFn)."""
    src = with_rank_at_least(ctx.shape("input"), 1)
    k = dim_from_scalar(ctx, "k")
    last = None if src is None else src[-1]
    if last is not None and k is not None and last < k:
        raise ShapeError(f"input must have last dimension >= k = {k} but is {last}")
    out = shape_out(None if src is None else src[:-1] + [k])
    return [out, out]


def _batch_norm_layout(ctx):
    """The rank and channel index FusedBatchNorm's data_format gives."""
    data_format = ctx.attr("data_format", "NHWC")
    rank = 5 if data_format in ("NDHWC", "NCDHW") else 4
    return rank, (1 if data_format.startswith("NC") else rank - 1)


def fused_batch_norm(ctx):
    """FusedBatchNormV3 (FusedBatchNormV3Shape): y shaped as x with the channels merged with the
    vectors', the four statistics vectors of the channels, reserve_space_3 unknown. The mean and
    variance count only in inference or with an exponential_avg_factor other than 1."""
    rank, channel = _batch_norm_layout(ctx)
    x = list(with_rank(ctx.shape("x"), rank))
    channels = x[channel]
    names = ["scale", "offset"]
    if not ctx.attr("is_training", True) or ctx.attr("exponential_avg_factor", 1.0) != 1.0:
        names += ["mean", "variance"]
    for name in names:
        channels = merge_dim(channels, with_rank(ctx.shape(name), 1)[0])
    vector = shape_out([channels])
    return [shape_out(x[:channel] + [channels] + x[channel + 1:]), vector, vector, vector, vector, UNKNOWN]


def fused_batch_norm_grad(ctx):
    """FusedBatchNormGradV3 (FusedBatchNormGradShape): x_backprop shaped as y_backprop with the
    channels merged with x's and the vectors', the two gradient vectors, two empty vectors."""
    rank, channel = _batch_norm_layout(ctx)
    dy = list(with_rank(ctx.shape("y_backprop"), rank))
    channels = merge_dim(dy[channel], with_rank(ctx.shape("x"), rank)[channel])
    for name in ("scale", "reserve_space_1", "reserve_space_2"):
        channels = merge_dim(channels, with_rank(ctx.shape(name), 1)[0])
    return [shape_out(dy[:channel] + [channels] + dy[channel + 1:]), shape_out([channels]), shape_out([channels]),
            shape_out([0]), shape_out([0])]


def lrn(ctx):
    """LRN: a 4-D input's shape."""
    return shape_out(with_rank(ctx.shape("input"), 4))


def lrn_grad(ctx):
    """LRNGrad: three 4-D inputs of one shape."""
    s = with_rank(ctx.shape("input_grads"), 4)
    s = merge(s, with_rank(ctx.shape("input_image"), 4))
    return shape_out(merge(s, with_rank(ctx.shape("output_image"), 4)))


def ctc_loss(ctx):
    """CTCLoss and CTCLossV2: inputs [max_time, batch, classes], the labels' indices [n, 2] and
    values [n], lengths [batch]; the loss [batch] and the gradient, the inputs' shape with the
    batch merged."""
    inputs = with_rank(ctx.shape("inputs"), 3)
    indices = with_rank(ctx.shape("labels_indices"), 2)
    values = with_rank(ctx.shape("labels_values"), 1)
    lengths = with_rank(ctx.shape("sequence_length"), 1)
    merge_dim(indices[0] if indices else None, values[0] if values else None)
    batch = merge_dim(inputs[1] if inputs else None, lengths[0] if lengths else None)
    gradient = [inputs[0], batch, inputs[2]] if inputs else [None, batch, None]
    return [shape_out([batch]), shape_out(gradient)]


def ctc_greedy_decoder(ctx):
    """CTCGreedyDecoder: inputs [max_time, batch, classes], lengths [batch]; sparse outputs of
    unknown size, the log probabilities [batch, 1]."""
    inputs = with_rank(ctx.shape("inputs"), 3)
    lengths = with_rank(ctx.shape("sequence_length"), 1)
    batch = merge_dim(inputs[1] if inputs else None, lengths[0] if lengths else None)
    return [shape_out([None, 2]), shape_out([None]), shape_out([2]), shape_out([batch, 1])]


def block_lstm(ctx):
    """BlockLSTMV2 (core/ops/rnn_ops.cc): seven outputs [time, batch, cell] from x [time, batch,
    input] and b [4 cell]."""
    x = with_rank(ctx.shape("x"), 3)
    b = with_rank(ctx.shape("b"), 1)
    if b[0] is not None and b[0] % 4:
        raise ShapeError(f"Dimension size must be evenly divisible by 4 but is {b[0]}")
    cell = None if b[0] is None else b[0] // 4
    return [shape_out([x[0], x[1], cell])] * 7


def block_lstm_grad(ctx):
    """BlockLSTMGradV2: each gradient shaped as its input (x, cs_prev, h_prev, w, wci, wcf, wco, b),
    after their ranks' checks."""
    ranks = (("x", 3), ("cs_prev", 2), ("h_prev", 2), ("w", 2), ("wci", 1), ("wcf", 1), ("wco", 1), ("b", 1))
    return [shape_out(with_rank(ctx.shape(name), rank)) for name, rank in ranks]
