"""tf.dynamic_partition (DynamicPartition) and tf.dynamic_stitch (DynamicStitch): rows split into
`num_partitions` tensors by a partition index each, and rows merged into one tensor at the
positions their indices give (later ones win where indices repeat)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.ops import op_def_lib
from varrt.ops.op_util import kernel_error, matching, operand, run, run_outputs, shape_text, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


@op_def_lib.implements("DynamicPartition")
def dynamic_partition(data, partitions, num_partitions, name=None) -> list[Tensor]:
    """`data`'s rows (the leading `partitions`-shaped dimensions) grouped by their partition
    index, in order, as `num_partitions` tensors (tf.dynamic_partition)."""
    d, dtype = operand(data)
    p, _ = operand(partitions, dtypes.int32)
    end = suffix(name, data, partitions)
    node = f"DynamicPartition_num_partitions_{num_partitions}"

    def kernel(d, p):
        if d.shape[:p.ndim] != p.shape:
            raise kernel_error("DynamicPartition", f"data.shape must start with partitions.shape, got data.shape = "
                                                   f"{shape_text(d.shape)}, partitions.shape = {shape_text(p.shape)}",
                               name, node=node, end=end)
        flat = p.reshape(-1)
        bad = np.nonzero((flat < 0) | (flat >= num_partitions))[0]
        if bad.size:
            i = int(bad[0])
            raise kernel_error("DynamicPartition", f"partitions{_position(p, i)} = {int(flat[i])} is not in [0, "
                                                   f"{num_partitions})", name, node=node, end=end)
        rows = d.reshape((flat.shape[0],) + d.shape[p.ndim:])
        return tuple(np.ascontiguousarray(rows[flat == k]) for k in range(num_partitions))
    return list(run_outputs("DynamicPartition", kernel, (d, p), dtype, num_partitions,
                            attrs={"num_partitions": num_partitions}))


def _position(p, flat_index):
    """TensorFlow's text of an element's position: [i] for a vector, [i,j] beyond."""
    return "[" + ",".join(str(int(i)) for i in np.unravel_index(flat_index, p.shape)) + "]"


@op_def_lib.implements("DynamicStitch")
def dynamic_stitch(indices, data, name=None) -> Tensor:
    """One tensor whose row indices[m][i] is data[m][i] (tf.dynamic_stitch); its length is the
    largest index plus one (rows no index names are zeros)."""
    idx = [operand(i, dtypes.int32)[0] for i in indices]
    values, dtype = matching("DynamicStitch", list(data), name, first_index=len(idx))
    n = len(idx)
    end = suffix(name, *indices, *data)

    def kernel(*arrays):
        ids, parts = arrays[:n], arrays[n:]
        top = max((int(i.max()) for i in ids if i.size), default=-1)
        inner = None
        for m, (i, part) in enumerate(zip(ids, parts)):
            if part.shape[:i.ndim] != i.shape:
                raise kernel_error("DynamicStitch", f"data[{m}].shape = {shape_text(part.shape)} does not start with "
                                                    f"indices[{m}].shape = {shape_text(i.shape)}", name, end=end)
            inner = part.shape[i.ndim:] if inner is None else inner
        out = np.zeros((top + 1,) + tuple(inner or ()), parts[0].dtype if parts else np.float32)
        for i, part in zip(ids, parts):
            out[i.reshape(-1)] = part.reshape((-1,) + tuple(inner))
        return out
    return run("DynamicStitch", kernel, tuple(idx) + tuple(values), dtype, attrs={"N": n}, name=name)
