"""tf.linalg.expm, written as TensorFlow's linalg_impl.matrix_exponential writes it: Padé
approximants of degree 3, 5, 7 (float16, float32, complex64) or 3 to 13 (float64, complex128)
chosen per matrix by its 1-norm, the largest one on the matrix scaled by 2^-s, then
squared s times in a while loop (it lives with the graph layer for that loop and its cond)."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from typing import TYPE_CHECKING

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.graph.control_flow_ops import cond, while_loop
from varrt.ops import array_ops, diag_ops, index_ops, math_ops, reduction_ops
from varrt.ops.linalg_ops import matmul
from varrt.ops.linalg_solvers import matrix_solve

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

_PADE = {
    3: [120.0, 60.0, 12.0],
    5: [30240.0, 15120.0, 3360.0, 420.0, 30.0],
    7: [17297280.0, 8648640.0, 1995840.0, 277200.0, 25200.0, 1512.0, 56.0],
    9: [17643225600.0, 8821612800.0, 2075673600.0, 302702400.0, 30270240.0, 2162160.0, 110880.0, 3960.0, 90.0],
    13: [64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0, 129060195264000.0,
         10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0, 40840800.0, 960960.0, 16380.0, 182.0],
}
# (the norm the largest approximant is scaled below, the norms below which each smaller one is used, degrees)
_SINGLE = (3.925724783138660, (4.258730016922831e-001, 1.880152677804762e+000), (3, 5, 7))
_DOUBLE = (5.371920351148152, (1.495585217958292e-002, 2.539398330063230e-001, 9.504178996162932e-001,
                               2.097847961257068e+000), (3, 5, 7, 9, 13))


def _identity(matrix):
    """eye(n, batch_shape) of matrix's shape, from tf.shape (ones on zeros' diagonal)."""
    return diag_ops.set_diag(array_ops.zeros_like(matrix), array_ops.ones(array_ops.shape(matrix)[:-1],
                                                                          dtype=matrix.dtype))


def _pade(matrix, degree):
    """(U, V) of the degree-`degree` Padé approximant, each op as TensorFlow orders it."""
    b = [convert_to_tensor(x, matrix.dtype) for x in _PADE[degree]]
    ident = _identity(matrix)
    m2 = matmul(matrix, matrix)
    if degree == 3:
        return matmul(matrix, m2 + b[1] * ident), b[2] * m2 + b[0] * ident
    m4 = matmul(m2, m2)
    if degree == 5:
        return (matmul(matrix, m4 + b[3] * m2 + b[1] * ident), b[4] * m4 + b[2] * m2 + b[0] * ident)
    m6 = matmul(m4, m2)
    if degree == 7:
        return (matmul(matrix, m6 + b[5] * m4 + b[3] * m2 + b[1] * ident),
                b[6] * m6 + b[4] * m4 + b[2] * m2 + b[0] * ident)
    if degree == 9:
        m8 = matmul(m6, m2)
        return (matmul(matrix, m8 + b[7] * m6 + b[5] * m4 + b[3] * m2 + b[1] * ident),
                b[8] * m8 + b[6] * m6 + b[4] * m4 + b[2] * m2 + b[0] * ident)
    tmp_u = matmul(m6, m6 + b[11] * m4 + b[9] * m2) + b[7] * m6 + b[5] * m4 + b[3] * m2 + b[1] * ident
    tmp_v = b[12] * m6 + b[10] * m4 + b[8] * m2
    return (matmul(matrix, tmp_u),
            matmul(m6, tmp_v) + b[6] * m6 + b[4] * m4 + b[2] * m2 + b[0] * ident)


def matrix_exponential(input, name=None) -> Tensor:  # noqa: A002 - TensorFlow's names
    """exp(A) of each innermost square matrix of `input`."""
    matrix = convert_to_tensor(input)
    if matrix.shape[-2:] == [0, 0]:
        return matrix
    if matrix.dtype in (dtypes.float16, dtypes.float32, dtypes.complex64):
        maxnorm, conds, degrees = _SINGLE
    elif matrix.dtype in (dtypes.float64, dtypes.complex128):
        maxnorm, conds, degrees = _DOUBLE
    else:
        raise ValueError(f"tf.linalg.expm does not support matrices of type {matrix.dtype}")
    original_shape = array_ops.shape(matrix)
    matrix = array_ops.reshape(matrix, array_ops.concat(([-1], array_ops.shape(matrix)[-2:]), axis=0))
    l1_norm = reduction_ops.reduce_max(reduction_ops.reduce_sum(math_ops.abs(matrix), axis=1), axis=-1)
    l1_norm = array_ops.expand_dims(array_ops.expand_dims(l1_norm, -1), -1)
    const = lambda x: convert_to_tensor(x, l1_norm.dtype)  # noqa: E731

    def nest_where(vals, cases):
        if len(vals) == 1:
            return index_ops.where(math_ops.less(l1_norm, const(vals[0])), cases[0], cases[1])
        return index_ops.where(math_ops.less(l1_norm, const(vals[0])), cases[0], nest_where(vals[1:], cases[1:]))

    squarings = math_ops.maximum(math_ops.floor(math_ops.log(l1_norm / const(maxnorm)) / math_ops.log(const(2.0))),
                                 0)
    pairs = [_pade(matrix, d) for d in degrees[:-1]]
    pairs.append(_pade(matrix / math_ops.cast(math_ops.pow(const(2.0), squarings), matrix.dtype), degrees[-1]))
    u = nest_where(conds, [p[0] for p in pairs])
    v = nest_where(conds, [p[1] for p in pairs])
    is_finite = math_ops.is_finite(reduction_ops.reduce_max(l1_norm))
    nan = convert_to_tensor(np.nan, matrix.dtype)
    result = cond(is_finite, lambda: matrix_solve(-u + v, u + v),
                  lambda: array_ops.fill(array_ops.shape(matrix), nan))
    max_squarings = reduction_ops.reduce_max(squarings)

    def c(i, _):
        return cond(is_finite, lambda: math_ops.less(i, max_squarings), lambda: convert_to_tensor(False))

    def body(i, r):
        return i + 1, index_ops.where(math_ops.less(i, squarings), matmul(r, r), r)
    _, result = while_loop(c, body, [const(0.0), result])
    return array_ops.reshape(result, original_shape)
