"""Gradients of the math functions of ops/special_math_ops.py, as TensorFlow's math_grad.py
writes them (the same ops, so the same values). IgammaGradA has none, as in TensorFlow."""
import numpy as np

from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops, index_ops, math_ops, special_math_ops
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import RegisterGradient


def _const(value, like):
    return convert_to_tensor(value, dtype=like.dtype)


def _one_minus_square(x, grad):
    return math_ops.subtract(_const(1, grad), math_ops.square(x))


@RegisterGradient("Asin")
def _asin_grad(op, grad):
    x = grad_util.conj(op.inputs[0])
    return math_ops.multiply(grad, math_ops.reciprocal(math_ops.sqrt(_one_minus_square(x, grad))))


@RegisterGradient("Acos")
def _acos_grad(op, grad):
    x = grad_util.conj(op.inputs[0])
    inv = math_ops.reciprocal(math_ops.sqrt(_one_minus_square(x, grad)))
    return math_ops.multiply(math_ops.negative(grad), inv)


@RegisterGradient("Atanh")
def _atanh_grad(op, grad):
    x = grad_util.conj(op.inputs[0])
    return math_ops.multiply(grad, math_ops.reciprocal(_one_minus_square(x, grad)))


@RegisterGradient("Asinh")
def _asinh_grad(op, grad):
    return math_ops.divide(grad, special_math_ops.cosh(grad_util.conj(op.outputs[0])))


@RegisterGradient("Acosh")
def _acosh_grad(op, grad):
    return math_ops.divide(grad, special_math_ops.sinh(grad_util.conj(op.outputs[0])))


@RegisterGradient("Sinh")
def _sinh_grad(op, grad):
    return math_ops.multiply(grad, special_math_ops.cosh(grad_util.conj(op.inputs[0])))


@RegisterGradient("Cosh")
def _cosh_grad(op, grad):
    return math_ops.multiply(grad, special_math_ops.sinh(grad_util.conj(op.inputs[0])))


@RegisterGradient("Rint")
def _rint_grad(op, grad):
    return [None]


@RegisterGradient("Lgamma")
def _lgamma_grad(op, grad):
    return math_ops.multiply(grad, special_math_ops.digamma(grad_util.conj(op.inputs[0])))


@RegisterGradient("Digamma")
def _digamma_grad(op, grad):
    x = grad_util.conj(op.inputs[0])
    return math_ops.multiply(grad, special_math_ops.polygamma(_const(1, x), x))


@RegisterGradient("Polygamma")
def _polygamma_grad(op, grad):
    n, x = (grad_util.conj(t) for t in op.inputs)
    partial_x = special_math_ops.polygamma(math_ops.add(n, _const(1, n)), x)
    return None, grad_util.unbroadcast(math_ops.multiply(partial_x, grad), grad_util.static_shape(op.inputs[1]))


@RegisterGradient("Zeta")
def _zeta_grad(op, grad):
    x, q = (grad_util.conj(t) for t in op.inputs)
    partial_q = math_ops.multiply(math_ops.negative(x), special_math_ops.zeta(math_ops.add(x, _const(1, x)), q))
    return None, grad_util.unbroadcast(math_ops.multiply(partial_q, grad), grad_util.static_shape(op.inputs[1]))


def _igamma_partials(op):
    a, x = op.inputs
    partial_a = special_math_ops.igamma_grad_a(a, x)
    # In log space before summing: Gamma(a) and Gamma'(a) can grow large.
    log_term = math_ops.subtract(
        math_ops.add(math_ops.negative(x), math_ops.multiply(math_ops.subtract(a, _const(1, a)), math_ops.log(x))),
        special_math_ops.lgamma(a))
    return partial_a, math_ops.exp(log_term)


@RegisterGradient("Igamma")
def _igamma_grad(op, grad):
    partial_a, partial_x = _igamma_partials(op)
    return grad_util.binary_grads(op, lambda: math_ops.multiply(partial_a, grad),
                                  lambda: math_ops.multiply(partial_x, grad))


@RegisterGradient("Igammac")
def _igammac_grad(op, grad):
    ga, gx = _igamma_grad(op, grad)
    return (None if ga is None else math_ops.negative(ga), None if gx is None else math_ops.negative(gx))


@RegisterGradient("Betainc")
def _betainc_grad(op, grad):
    # With respect to x only (TensorFlow's: none for a and b). In log space: the terms grow large.
    a, b, x = op.inputs
    log_beta = math_ops.subtract(math_ops.add(special_math_ops.lgamma(a), special_math_ops.lgamma(b)),
                                 special_math_ops.lgamma(math_ops.add(a, b)))
    partial_x = math_ops.exp(math_ops.subtract(
        math_ops.add(special_math_ops.xlog1py(math_ops.subtract(b, _const(1, b)), math_ops.negative(x)),
                     special_math_ops.xlogy(math_ops.subtract(a, _const(1, a)), x)), log_beta))
    return None, None, grad_util.unbroadcast(math_ops.multiply(partial_x, grad), grad_util.static_shape(x))


@RegisterGradient("Erfinv")
def _erfinv_grad(op, grad):
    root_pi_over_two = _const(np.sqrt(np.pi) / 2, grad)
    return math_ops.multiply(math_ops.multiply(grad, root_pi_over_two), math_ops.exp(math_ops.square(op.outputs[0])))


@RegisterGradient("Ndtri")
def _ndtri_grad(op, grad):
    root_two_pi = _const(np.sqrt(2 * np.pi), grad)
    half_square = math_ops.divide(math_ops.square(op.outputs[0]), _const(2.0, grad))
    return math_ops.multiply(math_ops.multiply(grad, root_two_pi), math_ops.exp(half_square))


@RegisterGradient("BesselI0")
def _bessel_i0_grad(op, grad):
    return math_ops.multiply(grad, special_math_ops.bessel_i1(op.inputs[0]))


@RegisterGradient("BesselI0e")
def _bessel_i0e_grad(op, grad):
    x, y = op.inputs[0], op.outputs[0]
    partial_x = math_ops.subtract(special_math_ops.bessel_i1e(x), math_ops.multiply(math_ops.sign(x), y))
    return math_ops.multiply(grad, partial_x)


@RegisterGradient("BesselI1")
def _bessel_i1_grad(op, grad):
    x, y = op.inputs[0], op.outputs[0]
    # I0(x) - I1(x) / x, nan at 0 by the division: TensorFlow imposes 1 there (the limit is 1/2).
    dy_dx = index_ops.where(math_ops.equal(x, _const(0.0, x)), _const(1.0, x),
                            math_ops.subtract(special_math_ops.bessel_i0(x), math_ops.divide(y, x)))
    return math_ops.multiply(grad, dy_dx)


@RegisterGradient("BesselI1e")
def _bessel_i1e_grad(op, grad):
    x, y = op.inputs[0], op.outputs[0]
    dy_dx = index_ops.where(
        math_ops.equal(x, _const(0.0, x)), _const(0.5, x),
        math_ops.subtract(special_math_ops.bessel_i0e(x),
                          math_ops.multiply(y, math_ops.add(math_ops.sign(x), math_ops.reciprocal(x)))))
    return math_ops.multiply(grad, dy_dx)


def _not_zero(x):
    return math_ops.cast(math_ops.not_equal(x, _const(0.0, x)), x.dtype)


@RegisterGradient("Xlogy")
def _xlogy_grad(op, grad):
    x, y = op.inputs
    return grad_util.binary_grads(op, lambda: math_ops.multiply(special_math_ops.xlogy(_not_zero(x), y), grad),
                                  lambda: math_ops.multiply(special_math_ops.xdivy(x, y), grad))


@RegisterGradient("Xlog1py")
def _xlog1py_grad(op, grad):
    x, y = op.inputs
    return grad_util.binary_grads(
        op, lambda: math_ops.multiply(special_math_ops.xlog1py(_not_zero(x), y), grad),
        lambda: math_ops.multiply(special_math_ops.xdivy(x, math_ops.add(y, _const(1.0, y))), grad))


@RegisterGradient("Xdivy")
def _xdivy_grad(op, grad):
    x, y = op.inputs
    return grad_util.binary_grads(
        op, lambda: math_ops.multiply(special_math_ops.xdivy(_not_zero(x), y), grad),
        lambda: math_ops.multiply(special_math_ops.xdivy(math_ops.negative(x), math_ops.pow(y, _const(2, y))), grad))


@RegisterGradient("MulNoNan")
def _mul_no_nan_grad(op, grad):
    x, y = op.inputs
    return grad_util.binary_grads(op, lambda: special_math_ops.mul_no_nan(grad, y),
                                  lambda: special_math_ops.mul_no_nan(x, grad))


@RegisterGradient("NextAfter")
def _next_after_grad(op, grad):
    x1, x2 = op.inputs
    return grad_util.binary_grads(op, lambda: math_ops.multiply(array_ops.ones_like(x1), grad),
                                  lambda: math_ops.multiply(array_ops.zeros_like(x2), grad))


@RegisterGradient("BesselK0")
def _bessel_k0_grad(op, grad):
    return math_ops.multiply(grad, math_ops.negative(special_math_ops.bessel_k1(op.inputs[0])))


@RegisterGradient("BesselK0e")
def _bessel_k0e_grad(op, grad):
    return math_ops.multiply(grad, math_ops.subtract(op.outputs[0], special_math_ops.bessel_k1e(op.inputs[0])))


@RegisterGradient("BesselK1")
def _bessel_k1_grad(op, grad):
    x, y = op.inputs[0], op.outputs[0]
    # K1'(x) = -K0(x) - K1(x) / x
    partial_x = math_ops.subtract(math_ops.negative(special_math_ops.bessel_k0(x)), math_ops.divide(y, x))
    return math_ops.multiply(grad, partial_x)


@RegisterGradient("BesselK1e")
def _bessel_k1e_grad(op, grad):
    x, y = op.inputs[0], op.outputs[0]
    partial_x = math_ops.subtract(math_ops.multiply(y, math_ops.subtract(_const(1.0, y), math_ops.reciprocal(x))),
                                  special_math_ops.bessel_k0e(x))
    return math_ops.multiply(grad, partial_x)


@RegisterGradient("BesselJ0")
def _bessel_j0_grad(op, grad):
    return math_ops.multiply(grad, math_ops.negative(special_math_ops.bessel_j1(op.inputs[0])))


@RegisterGradient("BesselJ1")
def _bessel_j1_grad(op, grad):
    x, y = op.inputs[0], op.outputs[0]
    # J0(x) - J1(x) / x, nan at 0 by the division: TensorFlow imposes its limit 1/2 there.
    dy_dx = index_ops.where(math_ops.equal(x, _const(0.0, x)), _const(0.5, x),
                            math_ops.subtract(special_math_ops.bessel_j0(x), math_ops.divide(y, x)))
    return math_ops.multiply(grad, dy_dx)


@RegisterGradient("BesselY0")
def _bessel_y0_grad(op, grad):
    return math_ops.multiply(grad, math_ops.negative(special_math_ops.bessel_y1(op.inputs[0])))


@RegisterGradient("BesselY1")
def _bessel_y1_grad(op, grad):
    x, y = op.inputs[0], op.outputs[0]
    return math_ops.multiply(grad, math_ops.subtract(special_math_ops.bessel_y0(x), math_ops.divide(y, x)))


@RegisterGradient("Dawsn")
def _dawsn_grad(op, grad):
    x, y = op.inputs[0], op.outputs[0]
    two_x_y = math_ops.multiply(math_ops.multiply(_const(2.0, x), x), y)
    return math_ops.multiply(grad, math_ops.subtract(_const(1.0, x), two_x_y))


@RegisterGradient("Expint")
def _expint_grad(op, grad):
    x = op.inputs[0]
    return math_ops.divide(math_ops.multiply(grad, math_ops.exp(x)), x)


@RegisterGradient("FresnelCos")
def _fresnel_cos_grad(op, grad):
    x = op.inputs[0]
    return math_ops.multiply(grad, math_ops.cos(math_ops.multiply(_const(np.pi / 2.0, x), math_ops.square(x))))


@RegisterGradient("FresnelSin")
def _fresnel_sin_grad(op, grad):
    x = op.inputs[0]
    return math_ops.multiply(grad, math_ops.sin(math_ops.multiply(_const(np.pi / 2.0, x), math_ops.square(x))))


@RegisterGradient("Spence")
def _spence_grad(op, grad):
    x = op.inputs[0]
    partial_x = math_ops.divide(math_ops.log(x), math_ops.subtract(_const(1, x), x))
    partial_x = index_ops.where(math_ops.equal(x, _const(1.0, x)), math_ops.negative(array_ops.ones_like(x)),
                                partial_x)
    return math_ops.multiply(grad, partial_x)
