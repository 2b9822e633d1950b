"""tf.map_fn over RaggedTensors (TensorFlow's map_fn with ragged elems or a RaggedTensorSpec
fn_output_signature), eagerly: `fn` on each row, its results stacked into a RaggedTensor (the
default for ragged elems: the elements' own spec) or a Tensor (a dtype or TensorSpec signature).
The graph layer's map_fn hands these calls here (ops/dispatch.py)."""
import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor, constant, convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec
from varrt.ops import array_ops
from varrt.ops.op_util import kernel_error
from varrt.ops.ragged.ragged_array_ops import _concat_rows
from varrt.ops.ragged.ragged_tensor import RaggedTensor
from varrt.ops.ragged.ragged_tensor_spec import RaggedTensorSpec


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False, infer_shape=True,
           name=None, fn_output_signature=None):
    """The handler of tf.map_fn: NotImplemented unless elems is a RaggedTensor or the output
    signature a RaggedTensorSpec."""
    signature = fn_output_signature if fn_output_signature is not None else dtype
    if not isinstance(elems, RaggedTensor) and not isinstance(signature, RaggedTensorSpec):
        return NotImplemented
    if isinstance(elems, (tuple, list, dict)):
        raise NotImplementedError("varrt does not implement tf.map_fn over a structure holding RaggedTensors yet")
    if isinstance(elems, RaggedTensor):
        rows = [elems[i] for i in range(elems._nrows_int())]
        if signature is None:
            signature = RaggedTensorSpec(None, elems.dtype, elems.ragged_rank - 1, elems.row_splits.dtype)
    else:
        elems = convert_to_tensor(elems)
        rows = [elems[i] for i in range(int(elems.shape[0]))]
    results = [fn(row) for row in rows]
    if isinstance(signature, RaggedTensorSpec):
        return _ragged_stack(results, signature)
    if isinstance(signature, TensorSpec):
        signature = signature.dtype
    if any(isinstance(r, RaggedTensor) for r in results):
        raise NotImplementedError("varrt does not implement tf.map_fn's check of a RaggedTensor result against a "
                                  "dense fn_output_signature yet")
    results = [convert_to_tensor(r, dtype=dtypes.as_dtype(signature)) for r in results]
    if not results:
        return constant(np.zeros((0,), dtypes.as_dtype(signature).as_numpy_dtype))
    return array_ops.stack(results)


def _ragged_stack(results, spec):
    """The rows `results` as one RaggedTensor of `spec` (its ragged_rank counted without the rows)."""
    splits_dtype = spec.row_splits_dtype
    rows = []
    for r in results:
        if spec.ragged_rank == 0:
            r = convert_to_tensor(r, dtype=spec.dtype)
            if r.shape.rank == 0:
                raise kernel_error("RaggedTensorFromVariant", f"Ragged values must have rank >= 1; encoded scalar "
                                   f"element at index {len(rows)} has values Tensor: Tensor<type: {spec.dtype.name} "
                                   f"shape: [] values: {r.numpy()}>", None,
                                   node="RaggedTensorFromVariant_output_ragged_rank_1")
        elif not isinstance(r, RaggedTensor) or r.ragged_rank != spec.ragged_rank:
            raise NotImplementedError("varrt does not implement tf.map_fn's check of a result against its "
                                      "RaggedTensorSpec yet (the result's ragged rank differs)")
        rows.append(r)
    lengths = np.array([int(r.shape[0]) if isinstance(r, Tensor) else r._nrows_int() for r in rows], np.int64)
    splits = np.concatenate([[0], np.cumsum(lengths)]).astype(splits_dtype.as_numpy_dtype)
    if not rows:
        return RaggedTensor._from_splits_array(constant(np.zeros((0,), spec.dtype.as_numpy_dtype)), splits,
                                               splits_dtype)
    return RaggedTensor._from_splits_array(_concat_rows(rows), splits, splits_dtype)
