"""SpaceToBatchND and BatchToSpaceND under TensorFlow's names (core/kernels/spacetobatch_op.cc,
batchtospace_op.cc), on NumPy kernels, and with_space_to_batch as tensorflow/python/ops/nn_ops.py
writes it: the way TensorFlow's depthwise_conv2d and separable_conv2d run a dilation rate, as the
undilated op on the input's `rate` interleaved sub-images stacked in the batch.

SpaceToBatchND pads the dimensions 1..M of its input and moves each block of
block_shape[0] x ... x block_shape[M-1] positions into the batch: output batch index
(i_1 * b_2 + i_2 ...) * batch + n for block offset (i_1, ..., i_M) of image n. BatchToSpaceND is
its inverse, then crops.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import numpy as np

from varrt.base import errors
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, kernel_error, operand, run, shape_text, suffix


def _index_operand(op, value, name, end, attr):
    a, d = operand(value)
    check_dtype(op, d, name, end, attr=attr)
    return a


def _block_rows(op, a, block, pairs, what, name, end):
    """block_shape as ints and paddings (or crops) as [M, 2] rows, after the kernel's checks."""
    block = np.asarray(block)
    pairs = np.asarray(pairs)
    if block.ndim != 1:
        raise kernel_error(op, f"block_shape must be one-dimensional, got shape {shape_text(block.shape)}", name,
                           end=end)
    m = block.shape[0]
    if pairs.shape != (m, 2):
        raise kernel_error(op, f"{what} should have shape [{m}, 2] instead of {shape_text(pairs.shape)}", name,
                           end=end)
    if a.ndim < 1 + m:
        raise kernel_error(op, f"input rank should be >= {1 + m} instead of {a.ndim}", name, end=end)
    block = [int(b) for b in block]
    rows = [(int(s), int(e)) for s, e in pairs]
    for b in block:
        if b < 1:
            raise kernel_error(op, "All values in block_shape must be positive, got value, "
                                   f"{b} at index {block.index(b)}.", name, end=end)
    for i, (s, e) in enumerate(rows):
        if s < 0 or e < 0:
            raise kernel_error(op, f"{'Paddings' if what == 'paddings' else 'Crops'} must be non-negative", name,
                               end=end)
    return block, rows


@op_def_lib.implements("SpaceToBatchND")
def space_to_batch_nd(input, block_shape, paddings, name=None) -> Tensor:  # noqa: A002
    """The SpaceToBatchND op: dimensions 1..M padded, then their blocks moved into the batch."""
    op = "SpaceToBatchND"
    a, dtype = operand(input)
    end = suffix(name, input, block_shape, paddings)
    b = _index_operand(op, block_shape, name, end, "Tblock_shape")
    p = _index_operand(op, paddings, name, end, "Tpaddings")

    def kernel(a, block, paddings):
        block, rows = _block_rows(op, a, block, paddings, "paddings", name, end)
        m = len(block)
        padded = np.pad(a, [(0, 0)] + rows + [(0, 0)] * (a.ndim - 1 - m))
        for i in range(m):
            if padded.shape[i + 1] % block[i]:
                raise kernel_error(op, f"padded_shape[{i}]={padded.shape[i + 1]} is not divisible by "
                                       f"block_shape[{i}]={block[i]}", name, end=end)
        batch, rest = padded.shape[0], padded.shape[1 + m:]
        split = [batch] + [d for i in range(m) for d in (padded.shape[i + 1] // block[i], block[i])] + list(rest)
        blocks = padded.reshape(split)
        order = [2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)] + list(range(1 + 2 * m, len(split)))
        out = blocks.transpose(order)
        return np.ascontiguousarray(out).reshape([batch * int(np.prod(block))] +
                                                 [padded.shape[i + 1] // block[i] for i in range(m)] + list(rest))
    return run(op, kernel, (a, b, p), dtype, name=name)


@op_def_lib.implements("BatchToSpaceND")
def batch_to_space_nd(input, block_shape, crops, name=None) -> Tensor:  # noqa: A002
    """The BatchToSpaceND op: SpaceToBatchND's blocks put back in place, then cropped."""
    op = "BatchToSpaceND"
    a, dtype = operand(input)
    end = suffix(name, input, block_shape, crops)
    b = _index_operand(op, block_shape, name, end, "Tblock_shape")
    c = _index_operand(op, crops, name, end, "Tcrops")

    def kernel(a, block, crops):
        block, rows = _block_rows(op, a, block, crops, "crops", name, end)
        m = len(block)
        product = int(np.prod(block))
        if a.shape[0] % product:
            raise kernel_error(op, f"Input batch dimension ({a.shape[0]}) is not divisible by product of block sizes "
                                   f"({product})", name, end=end)
        batch, spatial, rest = a.shape[0] // product, a.shape[1:1 + m], a.shape[1 + m:]
        blocks = a.reshape(list(block) + [batch] + list(spatial) + list(rest))
        order = [m] + [d for i in range(m) for d in (m + 1 + i, i)] + list(range(2 * m + 1, blocks.ndim))
        full = np.ascontiguousarray(blocks.transpose(order)).reshape(
            [batch] + [spatial[i] * block[i] for i in range(m)] + list(rest))
        index = [slice(None)]
        for i, (s, e) in enumerate(rows):
            size = full.shape[i + 1] - s - e
            if size < 0:
                raise kernel_error(op, f"Negative output dimension size caused by cropping: crops[{i}]=[{s}, {e}] "
                                       f"with dimension size {full.shape[i + 1]}", name, end=end)
            index.append(slice(s, s + size))
        return np.ascontiguousarray(full[tuple(index)])
    return run(op, kernel, (a, b, c), dtype, name=name)


# --- with_space_to_batch (nn_ops.py) ------------------------------------------------------------

def with_space_to_batch(input, filter_shape, dilation_rate, padding, explicit_paddings, data_format, op):  # noqa: A002
    """TensorFlow's with_space_to_batch for a 2-D op with a rate above 1: the input's spatial
    dimensions (static here) padded as `padding` and the rate require, moved into the batch,
    `op(x, "VALID")` applied, and moved back. `filter_shape` is the filter's static shape."""
    channels_first = data_format is not None and data_format.startswith("NC")
    spatial = [2, 3] if channels_first else [1, 2]
    shape = input.shape
    sizes = [shape[i] for i in spatial] if shape.rank is not None else [None, None]
    if None in sizes or None in list(filter_shape[:2]):
        raise errors.UnimplementedError(None, None, "varrt's with_space_to_batch needs the input's and the filter's "
                                                    "spatial sizes known when the graph is built")
    rate = np.asarray(dilation_rate, np.int64)
    if padding == "SAME":
        extra = (np.asarray(filter_shape[:2], np.int64) - 1) * rate
        base = np.stack([extra // 2, extra - extra // 2], axis=1)
    elif padding == "VALID":
        base = np.zeros([2, 2], np.int64)
    elif padding == "EXPLICIT":
        pairs = np.asarray(explicit_paddings, np.int64).reshape(4, 2)
        base = pairs[2:] if channels_first else pairs[1:-1]
    else:
        raise ValueError(f"`padding` must be one of 'SAME' or 'VALID'. Received: padding={padding}")
    # array_ops.required_space_to_batch_paddings
    full = np.asarray(sizes, np.int64) + base[:, 0] + base[:, 1]
    extra_end = (rate - full % rate) % rate
    paddings = np.stack([base[:, 0], base[:, 1] + extra_end], axis=1)
    crops = np.stack([np.zeros(2, np.int64), extra_end], axis=1)
    if channels_first:  # _with_space_to_batch_adjust: the channel dimension (1) is a block of 1
        rate = np.concatenate([[1], rate])
        paddings = np.concatenate([[[0, 0]], paddings])
        crops = np.concatenate([[[0, 0]], crops])
    converted = space_to_batch_nd(input, rate.astype(np.int32), paddings.astype(np.int32))
    result = op(converted, "VALID")
    return batch_to_space_nd(result, rate.astype(np.int32), crops.astype(np.int32))


def nn_with_space_to_batch(input, dilation_rate, padding, op, filter_shape=None, spatial_dims=None,  # noqa: A002
                           data_format=None) -> Tensor:
    """tf.nn.with_space_to_batch: `op(converted_input, num_spatial_dims, padding)` on the input
    with its spatial dimensions dilated by `dilation_rate` through SpaceToBatchND and back
    (varrt: dilation of two spatial dimensions at their usual places; a rate of ones calls `op`
    on the input itself, as TensorFlow does)."""
    input = convert_to_tensor(input)  # noqa: A001
    rate = np.asarray(dilation_rate, np.int64).reshape(-1)
    if np.any(rate < 1):
        raise ValueError(f"`dilation_rate` must be positive. Received: dilation_rate={rate.astype(np.int32)}")
    n = rate.shape[0]
    if np.all(rate == 1):
        return op(input, n, padding)
    channels_first = data_format is not None and data_format.startswith("NC")
    default_dims = list(range(2, n + 2) if channels_first else range(1, n + 1))
    if n != 2 or (spatial_dims is not None and list(spatial_dims) != default_dims):
        raise NotImplementedError("varrt's tf.nn.with_space_to_batch dilates two spatial dimensions at their usual "
                                  "places only")
    if padding == "SAME" and filter_shape is None:
        raise ValueError("`filter_shape` must be specified for `padding='SAME'`. "
                         f"Received: filter_shape={filter_shape} and padding={padding}")
    shape = [int(d) for d in np.asarray(filter_shape).reshape(-1)] if filter_shape is not None else [1, 1]
    return with_space_to_batch(input, shape, rate, padding, (), data_format, lambda x, p: op(x, n, p))
def space_to_batch(input, block_shape, paddings, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """tf.space_to_batch: TensorFlow 2's name of space_to_batch_nd."""
    return space_to_batch_nd(input, block_shape, paddings, name)


def batch_to_space(input, block_shape, crops, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """tf.batch_to_space: TensorFlow 2's name of batch_to_space_nd."""
    return batch_to_space_nd(input, block_shape, crops, name)
