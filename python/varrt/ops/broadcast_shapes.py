"""tf.broadcast_static_shape (two TensorShapes, NumPy's rule, unknown dimensions allowed) and
tf.broadcast_dynamic_shape (BroadcastArgs: two shape vectors, computed when the op runs)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.framework.tensor_shape import TensorShape
from varrt.ops import op_def_lib
from varrt.ops.op_util import check_dtype, default_typed, kernel_error, matching, run, shape_text, suffix

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def broadcast_static_shape(shape_x, shape_y) -> TensorShape:
    """The shape two TensorShapes broadcast to (tf.broadcast_static_shape); ValueError when they
    cannot."""
    x, y = TensorShape(shape_x), TensorShape(shape_y)
    if x.rank is None or y.rank is None:
        return TensorShape(None)
    a, b = x.as_list(), y.as_list()
    n = max(len(a), len(b))
    a, b = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
    out = []
    for p, q in zip(a, b):
        if p == 1:
            out.append(q)
        elif q == 1 or q is None and p is not None:
            out.append(p)
        elif p is None:
            out.append(q if q != 1 else None)
        elif p != q:
            raise ValueError("Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension "
                             f"pair they are either equal or one of them is 1. Received: {x} and {y}.")
        else:
            out.append(p)
    return TensorShape(out)


@op_def_lib.implements("BroadcastArgs")
def _broadcast_args(s0, s1, name=None) -> Tensor:
    (a, b), dtype = matching("BroadcastArgs", default_typed([s0, s1]), name)
    end = suffix(name, s0, s1)
    check_dtype("BroadcastArgs", dtype, name, end)

    def kernel(a, b):
        x, y = [int(d) for d in a.reshape(-1)], [int(d) for d in b.reshape(-1)]
        n = max(len(x), len(y))
        px, py = [1] * (n - len(x)) + x, [1] * (n - len(y)) + y
        if any(p != q and p != 1 and q != 1 for p, q in zip(px, py)):
            raise kernel_error("BroadcastArgs", f"Incompatible shapes: {shape_text(x)} vs. {shape_text(y)}", name,
                               end=end)
        return np.array([q if p == 1 else p for p, q in zip(px, py)], dtype=a.dtype)
    return run("BroadcastArgs", kernel, (a, b), dtype, name=name)


def broadcast_dynamic_shape(shape_x, shape_y) -> Tensor:
    """The shape vector two shape vectors broadcast to, computed when the op runs
    (tf.broadcast_dynamic_shape: BroadcastArgs)."""
    return _broadcast_args(shape_x, shape_y)
