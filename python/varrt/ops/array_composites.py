"""Functions TensorFlow writes in Python over other ops, written here the same way so they run
the same ops (and a graph gets the same nodes): meshgrid (TensorFlow's array_ops.meshgrid:
Reshape, Size, Fill and Mul) and tensordot (math_ops.tensordot: Transpose, Reshape, MatMul)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import builtins
from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, index_ops, linalg_ops, math_ops, reduction_ops

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor


def meshgrid(*args, **kwargs) -> list[Tensor]:
    """N-D coordinate arrays from N coordinate vectors: with indexing="xy" (Cartesian, the
    default) the first two output dimensions are swapped, with "ij" (matrix) they are not."""
    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", "meshgrid")
    if kwargs:
        key = list(kwargs.keys())[0]
        raise TypeError(f"'{key}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Argument `indexing` parameter must be either 'xy' or 'ij', got '{indexing}'")
    ndim = len(args)
    if not ndim:
        return []
    s0 = (1,) * ndim
    output = [array_ops.reshape(convert_to_tensor(x), s0[:i] + (-1,) + s0[i + 1:]) for i, x in enumerate(args)]
    shapes = [array_ops.size(x) for x in args]
    output_dtype = convert_to_tensor(args[0]).dtype
    if indexing == "xy" and ndim > 1:
        output[0] = array_ops.reshape(output[0], (1, -1) + (1,) * (ndim - 2))
        output[1] = array_ops.reshape(output[1], (-1, 1) + (1,) * (ndim - 2))
        shapes[0], shapes[1] = shapes[1], shapes[0]
    mult_fact = array_ops.ones(array_ops.stack(shapes), output_dtype)
    return [math_ops.multiply(x, mult_fact) for x in output]


def _tensordot_axes(a, axes):
    """The contracted axes of `a` and of `b`, as lists (TensorFlow's _tensordot_axes)."""
    rank = a.shape.rank
    if isinstance(axes, (int, np.integer)):
        if axes < 0:
            raise ValueError(f"`axes` must be at least 0. Received: {axes}.")
        if rank is None:
            raise NotImplementedError("varrt's tensordot needs the rank of its arguments known")
        if axes > rank:
            raise ValueError(f"`axes` must not be larger than the number of dimensions of tensor {a}.  Received "
                             f"{axes}, vs tensor dimensions {rank}.")
        return list(builtins.range(rank - axes, rank)), list(builtins.range(axes))
    if isinstance(axes, (list, tuple)):
        if len(axes) != 2:
            raise ValueError(f"`axes` must be an integer or have length 2. Received {axes}.")
        a_axes, b_axes = axes
        if isinstance(a_axes, (int, np.integer)) and isinstance(b_axes, (int, np.integer)):
            a_axes, b_axes = [a_axes], [b_axes]
        if len(a_axes) != len(b_axes):
            raise ValueError(f"Different number of contraction axes `a` and `b`, {len(a_axes)} != {len(b_axes)}.")
        return list(a_axes), list(b_axes)
    raise NotImplementedError("varrt's tensordot takes `axes` as an int or a pair of lists, not a tensor")


def _tensordot_reshape(a, axes, flipped=False):
    """`a` transposed and reshaped to a matrix: its free dimensions by the contracted ones
    (contracted first when flipped); also the free dimensions (ints, or a vector computed when
    the graph runs) and what is known of them statically."""
    shape_a = a.shape.as_list()
    if a.shape.rank is None:
        raise NotImplementedError("varrt's tensordot needs the rank of its arguments known")
    axes = [i if i >= 0 else i + len(shape_a) for i in axes]
    free = [i for i in builtins.range(len(shape_a)) if i not in axes]
    free_static = [shape_a[i] for i in free]
    perm = axes + free if flipped else free + axes
    if a.shape.is_fully_defined():
        prod_free = int(np.prod(free_static))
        prod_axes = int(np.prod([shape_a[i] for i in axes]))
        new_shape = [prod_axes, prod_free] if flipped else [prod_free, prod_axes]
        a_trans = array_ops.transpose(a, perm) if perm != list(builtins.range(len(shape_a))) else a
        reshaped = array_ops.reshape(a_trans, new_shape) if a_trans.shape.as_list() != new_shape else a_trans
        return reshaped, free_static, free_static
    dims = array_ops.shape(a)
    free_dims = index_ops.gather(dims, convert_to_tensor(free, dtypes.int32))
    axes_dims = index_ops.gather(dims, convert_to_tensor(axes, dtypes.int32))
    prod_free = reduction_ops.reduce_prod(free_dims)
    prod_axes = reduction_ops.reduce_prod(axes_dims)
    new_shape = array_ops.stack([prod_axes, prod_free] if flipped else [prod_free, prod_axes])
    return array_ops.reshape(array_ops.transpose(a, perm), new_shape), free_dims, free_static


def tensordot(a, b, axes, name=None) -> Tensor:
    """The sum of products of `a` and `b` over the given axes (an int N: a's last N with b's
    first N; or a pair of axis lists), as one matrix product of reshaped operands."""
    a = convert_to_tensor(a)
    b = convert_to_tensor(b)
    a_axes, b_axes = _tensordot_axes(a, axes)
    a_reshape, a_free, a_static = _tensordot_reshape(a, a_axes)
    b_reshape, b_free, b_static = _tensordot_reshape(b, b_axes, True)
    product = linalg_ops.matmul(a_reshape, b_reshape)
    if isinstance(a_free, list) and isinstance(b_free, list):
        if product.shape.is_fully_defined() and product.shape.as_list() == a_free + b_free:
            return product
        return array_ops.reshape(product, a_free + b_free, name=name)
    a_free = convert_to_tensor(a_free, dtypes.int32)
    b_free = convert_to_tensor(b_free, dtypes.int32)
    product = array_ops.reshape(product, array_ops.concat([a_free, b_free], 0), name=name)
    if getattr(type(product), "_is_symbolic", False):
        product.set_shape(a_static + b_static)
    return product
