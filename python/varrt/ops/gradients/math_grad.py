"""Gradients of the math ops (TensorFlow's tensorflow/python/ops/math_grad.py)."""
from varrt.ops import array_ops, math_ops
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import RegisterGradient


def _binary(op, gx, gy):
    x, y = op.inputs
    return grad_util.unbroadcast(gx, x.shape), grad_util.unbroadcast(gy, y.shape)


@RegisterGradient("AddV2")
def _add_grad(op, grad):
    return _binary(op, grad, grad)


RegisterGradient("Add")(_add_grad)


@RegisterGradient("Sub")
def _sub_grad(op, grad):
    return _binary(op, grad, math_ops.negative(grad))


@RegisterGradient("Mul")
def _mul_grad(op, grad):
    x, y = op.inputs
    return _binary(op, math_ops.multiply(grad, y), math_ops.multiply(x, grad))


@RegisterGradient("RealDiv")
def _real_div_grad(op, grad):
    x, y = op.inputs
    return _binary(op, math_ops.realdiv(grad, y),
                   math_ops.multiply(grad, math_ops.realdiv(math_ops.realdiv(math_ops.negative(x), y), y)))


@RegisterGradient("Neg")
def _neg_grad(op, grad):
    return math_ops.negative(grad)


@RegisterGradient("Square")
def _square_grad(op, grad):
    x = op.inputs[0]
    return math_ops.multiply(grad, math_ops.multiply(x, 2.0))


@RegisterGradient("MatMul")
def _matmul_grad(op, grad):
    a, b = op.inputs
    t_a = bool(op.get_attr("transpose_a"))
    t_b = bool(op.get_attr("transpose_b"))
    mm = math_ops.matmul
    if not t_a and not t_b:
        return mm(grad, b, transpose_b=True), mm(a, grad, transpose_a=True)
    if not t_a and t_b:
        return mm(grad, b), mm(grad, a, transpose_a=True)
    if t_a and not t_b:
        return mm(b, grad, transpose_b=True), mm(a, grad)
    return (mm(b, grad, transpose_a=True, transpose_b=True), mm(grad, a, transpose_a=True, transpose_b=True))


def _sum_like(op, grad):
    """The gradient of Sum: the output's gradient broadcast back over the reduced axes."""
    x = op.inputs[0]
    shape = list(x.shape)
    axes = grad_util.reduction_axes(op, len(shape))
    if not grad_util.keep_dims(op):
        grad = array_ops.reshape(grad, grad_util.reduced_shape(shape, axes))
    return array_ops.broadcast_to(grad, shape), axes


@RegisterGradient("Sum")
def _sum_grad(op, grad):
    return _sum_like(op, grad)[0]


@RegisterGradient("Mean")
def _mean_grad(op, grad):
    g, axes = _sum_like(op, grad)
    shape = op.inputs[0].shape
    count = 1
    for a in axes:
        count *= shape[a]
    return math_ops.realdiv(g, math_ops.cast(max(count, 1), g.dtype))


@RegisterGradient("Cast")
def _cast_grad(op, grad):
    src = op.inputs[0].dtype
    if (src.is_floating or src.is_complex) and (grad.dtype.is_floating or grad.dtype.is_complex):
        return math_ops.cast(grad, src)
    return None


@RegisterGradient("AddN")
def _add_n_grad(op, grad):
    return [grad] * len(op.inputs)
