"""tf.nn.embedding_lookup, written over gathers as TensorFlow's embedding_ops.py writes it.

One table is one gather (ResourceGather on a variable); a list of tables is TensorFlow 2's
"div" partition of the ids: the first (total % n) tables hold ids_per_partition + 1 consecutive
ids, the others ids_per_partition. TensorFlow routes each id to its table with DynamicPartition
and puts the rows back with DynamicStitch; varrt gathers every id from every table (a table's
foreign ids clamped to its row 0) and keeps each id's own table's row with a select, which gives
TensorFlow's values and, densified, its gradients. `max_norm` clips each looked-up embedding to
that L2 norm (TensorFlow's _clip)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import array_ops, clip_ops, index_ops, math_ops, reduction_ops, scatter_ops
from varrt.ops.op_util import host_if_known, kernel_error, tensor_operand


def _clip(result, ids, max_norm):
    """`result` (ids' shape + the embedding's) with each embedding's L2 norm clipped to max_norm."""
    if max_norm is None:
        return result
    ids_rank, params_rank = ids.shape.rank, result.shape.rank
    if ids_rank is None or params_rank is None:
        raise NotImplementedError("varrt's embedding_lookup with max_norm needs the ranks of ids and params known")
    return clip_ops.clip_by_norm(result, max_norm, axes=list(range(ids_rank, params_rank)))


def _is_variable(p):
    return hasattr(p, "sparse_read")


def embedding_lookup(params, ids, max_norm=None, name=None) -> Tensor:
    """The rows of `params` (a tensor, a variable, or a list of them partitioned by "div") at
    `ids`: shape ids.shape + params.shape[1:]."""
    return _lookup(params, ids, "div", max_norm)


def embedding_lookup_v1(params, ids, partition_strategy="mod", name=None, validate_indices=True,
                        max_norm=None) -> Tensor:
    """tf.compat.v1.nn.embedding_lookup: embedding_lookup whose list of tables is partitioned by
    `partition_strategy`, "mod" (id i in table i % n, row i // n) or "div"."""
    return _lookup(params, ids, partition_strategy, max_norm)


def _lookup(params, ids, partition_strategy, max_norm):
    if params is None:
        raise ValueError("params must be specified")
    if isinstance(params, (list, tuple)) and not params:
        raise ValueError("Length of params is currently 0. Need at least one param.")
    if not isinstance(params, list):
        params = [params]
    if not any(_is_variable(p) for p in params):
        params = [convert_to_tensor(p) for p in params]
    ids = convert_to_tensor(ids)
    if len(params) == 1:
        return array_ops.identity(_clip(index_ops.gather(params[0], ids), ids, max_norm))
    return _clip(_partitioned_lookup(params, ids, partition_strategy), ids, max_norm)


def _partitioned_lookup(params, ids, partition_strategy):
    n = len(params)
    flat_ids = array_ops.reshape(ids, [-1])
    if partition_strategy == "mod":
        p_assignments = flat_ids % n
        new_ids = flat_ids // n
    elif partition_strategy == "div":
        sizes = [p.shape[0] for p in params]
        if any(s is None for s in sizes):
            raise NotImplementedError("varrt's embedding_lookup over a list of params needs each one's first "
                                      "dimension known")
        num_total_ids = convert_to_tensor(sum(sizes), flat_ids.dtype)
        ids_per_partition = num_total_ids // n
        extras = num_total_ids % n
        p_assignments = math_ops.maximum(flat_ids // (ids_per_partition + 1),
                                         (flat_ids - extras) // ids_per_partition)
        new_ids = index_ops.where(p_assignments < extras, flat_ids % (ids_per_partition + 1),
                                  (flat_ids - extras) % ids_per_partition)
    else:
        raise ValueError(f"Unrecognized partition strategy: {partition_strategy}."
                         "Must be one of either `mod` or `div`.")
    p_assignments = math_ops.cast(p_assignments, dtypes.int32)
    _check_partitions(p_assignments, n)
    result = None
    for p, table in enumerate(params):
        mine = math_ops.equal(p_assignments, p)
        rows = index_ops.gather(table, index_ops.where(mine, new_ids, array_ops.zeros_like(new_ids)))
        if result is None:
            result = rows
        else:
            keep = array_ops.reshape(mine, [-1] + [1] * (rows.shape.rank - 1))
            result = index_ops.where(array_ops.broadcast_to(keep, array_ops.shape(rows)), rows, result)
    element_shape = params[0].shape[1:]
    for p in params[1:]:
        element_shape = element_shape.merge_with(p.shape[1:])
    if element_shape.is_fully_defined():
        element_dims = convert_to_tensor(element_shape.as_list(), dtypes.int32)
    else:
        element_dims = array_ops.shape(params[0])[1:]
    result = array_ops.reshape(result, array_ops.concat([array_ops.shape(ids), element_dims], 0))
    if hasattr(result, "set_shape"):  # a graph's tensor: what TensorFlow's set_shape tells it statically
        result.set_shape(ids.shape.concatenate(element_shape))
    return result


# The op whose error an id outside the tables gives in TensorFlow (varrt does not run it: the
# check below is made where TensorFlow's DynamicPartition kernel makes it).
_PARTITION_OP = "DynamicPartition"


def _check_partitions(p_assignments, n):
    """DynamicPartition's check of the ids' tables, with its error: an id past the last table (or
    negative). Made on values known now; a graph's ids known only when it runs are not checked."""
    values = host_if_known(tensor_operand(p_assignments)[0])
    if values is None:
        return
    for i, v in enumerate(values.reshape(-1).tolist()):
        if not 0 <= v < n:
            raise kernel_error(_PARTITION_OP, f"partitions[{i}] = {v} is not in [0, {n})",
                               node=f"DynamicPartition_num_partitions_{n}")


_COMBINERS = ("mean", "sqrtn", "sum")


def embedding_lookup_sparse(params, sp_ids, sp_weights, combiner=None, max_norm=None, name=None,
                            allow_fast_lookup=False) -> Tensor:
    """Per row of the SparseTensor `sp_ids`, the (weighted) sum, mean or sqrt-n mean of the
    embeddings of its ids: TensorFlow's segment sums, here an unsorted segment sum over the rows'
    indices (the same sums, in the same order), as many rows as the last non-empty one + 1."""
    if combiner is None:
        combiner = "mean"
    if combiner not in _COMBINERS:
        raise ValueError(f"combiner must be one of 'mean', 'sqrtn' or 'sum', got {combiner}")
    if not isinstance(params, list):
        params = [params]
    segment_ids = math_ops.cast(sp_ids.indices[:, 0], dtypes.int32)
    embeddings = embedding_lookup(params if len(params) > 1 else params[0], sp_ids.values, max_norm=max_norm)
    original_dtype = embeddings.dtype
    if embeddings.dtype in (dtypes.float16, dtypes.bfloat16):
        embeddings = math_ops.cast(embeddings, dtypes.float32)
    if sp_weights is None:
        weights = array_ops.ones_like(embeddings[:, :1])
    else:
        weights = math_ops.cast(sp_weights.values, embeddings.dtype)
        weights = array_ops.reshape(weights, array_ops.concat(
            [array_ops.shape(weights), array_ops.ones([embeddings.shape.rank - 1], dtypes.int32)], 0))
        embeddings = embeddings * weights
    num_segments = reduction_ops.reduce_max(segment_ids) + 1
    summed = scatter_ops.unsorted_segment_sum(embeddings, segment_ids, num_segments)
    if combiner == "mean":
        summed = math_ops.divide_no_nan(summed, scatter_ops.unsorted_segment_sum(weights, segment_ids, num_segments))
    elif combiner == "sqrtn":
        squared = scatter_ops.unsorted_segment_sum(math_ops.pow(weights, 2), segment_ids, num_segments)
        summed = math_ops.divide_no_nan(summed, math_ops.sqrt(squared))
    return math_ops.cast(summed, original_dtype) if summed.dtype != original_dtype else summed
