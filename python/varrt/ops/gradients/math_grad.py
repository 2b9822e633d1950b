"""Gradients of the math ops (TensorFlow's tensorflow/python/ops/math_grad.py)."""
import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, index_ops, linalg_ops, math_ops
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient
from varrt.framework.tensor import constant


_binary = grad_util.binary_grads


@RegisterGradient("AddV2")
def _add_grad(op, grad):
    return _binary(op, lambda: grad, lambda: grad)


RegisterGradient("Add")(_add_grad)


@RegisterGradient("Sub")
def _sub_grad(op, grad):
    return _binary(op, lambda: grad, lambda: math_ops.negative(grad))


# Complex inputs take the conjugates (TensorFlow's convention: the gradient of a real loss).
@RegisterGradient("Mul")
def _mul_grad(op, grad):
    x, y = (grad_util.conj(t) for t in op.inputs)
    return _binary(op, lambda: math_ops.multiply(grad, y), lambda: math_ops.multiply(x, grad))


@RegisterGradient("RealDiv")
def _real_div_grad(op, grad):
    x, y = (grad_util.conj(t) for t in op.inputs)
    return _binary(op, lambda: math_ops.realdiv(grad, y),
                   lambda: math_ops.multiply(grad, math_ops.realdiv(math_ops.realdiv(math_ops.negative(x), y), y)))


@RegisterGradient("Neg")
def _neg_grad(op, grad):
    return math_ops.negative(grad)


@RegisterGradient("Square")
def _square_grad(op, grad):
    x = grad_util.conj(op.inputs[0])
    return math_ops.multiply(grad, math_ops.multiply(x, 2.0))


@RegisterGradient("MatMul")
def _matmul_grad(op, grad):
    a, b = (grad_util.conj(t) for t in op.inputs)
    t_a = bool(op.get_attr("transpose_a"))
    t_b = bool(op.get_attr("transpose_b"))
    skip = op.skip_input_indices  # e.g. a layer's input data: its gradient is the costliest product
    mm = linalg_ops.matmul
    if not t_a and not t_b:
        ga, gb = (lambda: mm(grad, b, transpose_b=True)), (lambda: mm(a, grad, transpose_a=True))
    elif not t_a and t_b:
        ga, gb = (lambda: mm(grad, b)), (lambda: mm(grad, a, transpose_a=True))
    elif t_a and not t_b:
        ga, gb = (lambda: mm(b, grad, transpose_b=True)), (lambda: mm(a, grad))
    else:
        ga = lambda: mm(b, grad, transpose_a=True, transpose_b=True)  # noqa: E731
        gb = lambda: mm(grad, a, transpose_a=True, transpose_b=True)  # noqa: E731
    return (None if 0 in skip else ga()), (None if 1 in skip else gb())


def _sum_like(op, grad, scale=None):
    """The gradient of Sum (divided by the reduced count with `scale`, Mean's): the output's
    gradient broadcast back over the reduced axes."""
    if None in grad_util.static_shape(op.inputs[0]):
        return _sum_like_dynamic(op, grad, scale)
    shape = list(op.inputs[0]._shape_tuple)
    axes = grad_util.reduction_axes(op, len(shape))
    if scale is not None:
        count = 1
        for a in axes:
            count *= shape[a]
        grad = math_ops.realdiv(grad, float(max(count, 1)))  # the element count in the gradient's dtype
    if len(axes) < len(shape) and not grad_util.keep_dims(op):
        grad = array_ops.reshape(grad, grad_util.reduced_shape(shape, axes))
    return array_ops.broadcast_known(grad, shape)


def _sum_like_dynamic(op, grad, scale):
    """_sum_like inside a graph whose input has dimensions known only when it runs: the shape
    and the count come from ops on the input (Shape, Size), as TensorFlow's graph gradients do."""
    x = op.inputs[0]
    rank = len(x._shape_tuple)
    axes = grad_util.reduction_axes(op, rank)
    in_shape = array_ops.shape(x)
    if scale is not None:
        count = math_ops.realdiv(math_ops.cast(array_ops.size(x), grad.dtype),
                                 math_ops.cast(array_ops.size(op.outputs[0]), grad.dtype))
        grad = math_ops.realdiv(grad, count)
    if len(axes) < rank and not grad_util.keep_dims(op):
        mask = constant([i in axes for i in range(rank)])
        kept = index_ops.where(mask, array_ops.ones_like(in_shape), in_shape)
        grad = array_ops.reshape(grad, kept)
    return array_ops.broadcast_to(grad, in_shape)


@RegisterGradient("Sum")
def _sum_grad(op, grad):
    return _sum_like(op, grad)


@RegisterGradient("Mean")
def _mean_grad(op, grad):
    return _sum_like(op, grad, scale=True)


@RegisterGradient("Cast")
def _cast_grad(op, grad):
    src = op.inputs[0].dtype
    if (src.is_floating or src.is_complex) and (grad.dtype.is_floating or grad.dtype.is_complex):
        return math_ops.cast(grad, src)
    return None


@RegisterGradient("AddN")
def _add_n_grad(op, grad):
    return [grad] * len(op.inputs)


# --- unary ---------------------------------------------------------------------------------
# TensorFlow's *Grad kernels (SqrtGrad, RsqrtGrad, ReciprocalGrad) are composed of ops here,
# so a tape recording the gradient computation can differentiate it again.

@RegisterGradient("Abs")
def _abs_grad(op, grad):
    return math_ops.multiply(grad, math_ops.sign(op.inputs[0]))  # 0 at 0, as TensorFlow's sign(0)


@RegisterGradient("ComplexAbs")
def _complex_abs_grad(op, grad):
    x, y = op.inputs[0], op.outputs[0]
    return math_ops.divide_no_nan(math_ops.multiply(math_ops.cast(grad, x.dtype), x), math_ops.cast(y, x.dtype))


@RegisterGradient("Sqrt")
def _sqrt_grad(op, grad):
    return math_ops.realdiv(math_ops.multiply(grad, 0.5), grad_util.conj(op.outputs[0]))  # inf at 0


@RegisterGradient("Rsqrt")
def _rsqrt_grad(op, grad):
    y = grad_util.conj(op.outputs[0])
    return math_ops.multiply(math_ops.multiply(grad, -0.5), math_ops.multiply(math_ops.square(y), y))


@RegisterGradient("Reciprocal")
def _reciprocal_grad(op, grad):
    y = grad_util.conj(op.outputs[0])
    return math_ops.multiply(math_ops.negative(grad), math_ops.square(y))


@RegisterGradient("Exp")
def _exp_grad(op, grad):
    return math_ops.multiply(grad, grad_util.conj(op.outputs[0]))


@RegisterGradient("Expm1")
def _expm1_grad(op, grad):
    return math_ops.multiply(grad, math_ops.exp(grad_util.conj(op.inputs[0])))


@RegisterGradient("Log")
def _log_grad(op, grad):
    return math_ops.multiply(grad, math_ops.reciprocal(grad_util.conj(op.inputs[0])))


@RegisterGradient("Log1p")
def _log1p_grad(op, grad):
    x = grad_util.conj(op.inputs[0])
    return math_ops.multiply(grad, math_ops.reciprocal(math_ops.add(x, 1)))


@RegisterGradient("Sin")
def _sin_grad(op, grad):
    return math_ops.multiply(grad, math_ops.cos(grad_util.conj(op.inputs[0])))


@RegisterGradient("Cos")
def _cos_grad(op, grad):
    return math_ops.multiply(math_ops.negative(grad), math_ops.sin(grad_util.conj(op.inputs[0])))


@RegisterGradient("Tan")
def _tan_grad(op, grad):
    sec = math_ops.reciprocal(math_ops.cos(grad_util.conj(op.inputs[0])))
    return math_ops.multiply(math_ops.square(sec), grad)


@RegisterGradient("Atan")
def _atan_grad(op, grad):
    x = grad_util.conj(op.inputs[0])
    return math_ops.multiply(grad, math_ops.reciprocal(math_ops.add(_one(grad), math_ops.square(x))))


@RegisterGradient("Erf")
def _erf_grad(op, grad):
    x = op.inputs[0]
    two_over_root_pi = convert_to_tensor(2 / np.sqrt(np.pi), dtype=grad.dtype)
    return math_ops.multiply(math_ops.multiply(grad, two_over_root_pi),
                             math_ops.exp(math_ops.negative(math_ops.square(x))))


def _one(like):
    return convert_to_tensor(1, dtype=like.dtype)


@RegisterGradient("Sign")
def _sign_grad(op, grad):
    return array_ops.zeros_like(op.inputs[0])


# Piecewise constant: TensorFlow registers functions returning None (not NotDifferentiable).
for _op in ("Floor", "Ceil", "Round", "FloorDiv"):
    RegisterGradient(_op)(lambda op, grad: (None,) * len(op.inputs))


@RegisterGradient("Conj")
def _conj_grad(op, grad):
    return grad_util.conj(grad)


@RegisterGradient("Complex")
def _complex_grad(op, grad):
    # The real and imaginary parts of the gradient, each reduced to its input's shape.
    return _binary(op, lambda: math_ops.real(grad), lambda: math_ops.complex_imag(grad))


@RegisterGradient("Imag")
def _imag_grad(op, grad):
    return math_ops.complex_from_parts(array_ops.zeros_like(grad), grad)  # 0 as the real part, grad as the imaginary


@RegisterGradient("Angle")
def _angle_grad(op, grad):
    x = op.inputs[0]
    z = math_ops.reciprocal(math_ops.complex_from_parts(math_ops.complex_imag(x), math_ops.real(x)))
    return math_ops.negative(math_ops.complex_from_parts(grad, array_ops.zeros_like(grad))) * z


@RegisterGradient("Real")
def _real_grad(op, grad):
    return math_ops.cast(grad, op.inputs[0].dtype)  # grad as the real part, 0 as the imaginary one


# --- binary --------------------------------------------------------------------------------

@RegisterGradient("Atan2")
def _atan2_grad(op, grad):
    y, x = op.inputs
    grad_inv = math_ops.realdiv(grad, math_ops.add(math_ops.square(x), math_ops.square(y)))
    return _binary(op, lambda: math_ops.multiply(grad_inv, x),
                   lambda: math_ops.multiply(math_ops.negative(grad_inv), y))


def _maximum_minimum(op, grad, selector):
    """The gradient goes to x where selector(x, y) (ties included), else to y."""
    x, y = op.inputs
    zeros = array_ops.zeros_like(grad)
    x_mask = selector(x, y)
    return _binary(op, lambda: index_ops.where(x_mask, grad, zeros), lambda: index_ops.where(x_mask, zeros, grad))


@RegisterGradient("Maximum")
def _maximum_grad(op, grad):
    return _maximum_minimum(op, grad, math_ops.greater_equal)


@RegisterGradient("Minimum")
def _minimum_grad(op, grad):
    return _maximum_minimum(op, grad, math_ops.less_equal)


@RegisterGradient("SquaredDifference")
def _squared_difference_grad(op, grad):
    x, y = op.inputs
    x_grad = math_ops.multiply(math_ops.multiply(grad, 2.0), math_ops.subtract(x, y))
    return _binary(op, lambda: x_grad, lambda: math_ops.negative(x_grad))


@RegisterGradient("Pow")
def _pow_grad(op, grad):
    x, y = op.inputs
    cx, cy = grad_util.conj(x), grad_util.conj(y)

    def gx():
        return math_ops.multiply(math_ops.multiply(grad, cy), math_ops.pow(cx, math_ops.subtract(cy, 1)))

    def gy():
        # Avoid the false singularity at x = 0: log(x) is taken only where x > 0 (x != 0 for
        # complex), and the gradient for y is 0 elsewhere, as TensorFlow chooses.
        mask = math_ops.not_equal(cx, 0) if x.dtype.is_complex else math_ops.greater(cx, 0)
        safe_x = index_ops.where(mask, cx, array_ops.ones_like(x))
        log_x = index_ops.where(mask, math_ops.log(safe_x), array_ops.zeros_like(x))
        return math_ops.multiply(math_ops.multiply(grad, grad_util.conj(op.outputs[0])), log_x)
    return _binary(op, gx, gy)


@RegisterGradient("DivNoNan")
def _div_no_nan_grad(op, grad):
    x, y = (grad_util.conj(t) for t in op.inputs)
    div = math_ops.divide_no_nan
    return _binary(op, lambda: div(grad, y), lambda: math_ops.multiply(grad, div(div(math_ops.negative(x), y), y)))


@RegisterGradient("FloorMod")
def _floor_mod_grad(op, grad):
    x, y = op.inputs
    return _binary(op, lambda: grad, lambda: math_ops.multiply(grad, math_ops.negative(math_ops.floordiv(x, y))))


@RegisterGradient("SelectV2")
def _select_v2_grad(op, grad):
    c, x, y = op.inputs
    zeros = array_ops.zeros([], grad.dtype)
    gx = index_ops.where(c, grad, zeros)
    gy = index_ops.where(c, zeros, grad)
    return None, grad_util.unbroadcast(gx, x.shape), grad_util.unbroadcast(gy, y.shape)


@RegisterGradient("BatchMatMulV2")
def _batch_matmul_grad(op, grad):
    """MatMul's four cases with adjoints; broadcast batch dimensions summed back to each input's."""
    x, y = op.inputs
    adj_x = bool(op.get_attr("adj_x"))
    adj_y = bool(op.get_attr("adj_y"))
    mm = linalg_ops.matmul
    if not adj_x and not adj_y:
        gx, gy = mm(grad, y, adjoint_b=True), mm(x, grad, adjoint_a=True)
    elif not adj_x:
        gx, gy = mm(grad, y), mm(grad, x, adjoint_a=True)
    elif not adj_y:
        gx, gy = mm(y, grad, adjoint_b=True), mm(x, grad)
    else:
        gx, gy = mm(y, grad, adjoint_a=True, adjoint_b=True), mm(grad, x, adjoint_a=True, adjoint_b=True)
    return grad_util.unbroadcast(gx, x.shape), grad_util.unbroadcast(gy, y.shape)


# Comparisons and logical ops have no gradient (TensorFlow's NotDifferentiable); nor do the
# predicates, whose bool outputs never carry one (TensorFlow leaves them unregistered).
for _op in ("Less", "LessEqual", "Greater", "GreaterEqual", "Equal", "NotEqual", "LogicalAnd", "LogicalOr",
            "LogicalNot", "IsNan", "IsInf", "IsFinite"):
    NotDifferentiable(_op)
