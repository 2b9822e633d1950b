"""Gradients of the math ops (TensorFlow's tensorflow/python/ops/math_grad.py)."""
from varrt.ops import array_ops, math_ops
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import RegisterGradient


def _binary(op, gx, gy):
    """The gradients of a broadcasting binary op's inputs from `gx(grad)`/`gy(grad)`, reduced to
    the inputs' shapes; None (and not computed) for an input no requested gradient needs."""
    x, y = op.inputs
    skip = op.skip_input_indices
    return (None if 0 in skip else grad_util.unbroadcast(gx(), x._shape_tuple),
            None if 1 in skip else grad_util.unbroadcast(gy(), y._shape_tuple))


@RegisterGradient("AddV2")
def _add_grad(op, grad):
    return _binary(op, lambda: grad, lambda: grad)


RegisterGradient("Add")(_add_grad)


@RegisterGradient("Sub")
def _sub_grad(op, grad):
    return _binary(op, lambda: grad, lambda: math_ops.negative(grad))


@RegisterGradient("Mul")
def _mul_grad(op, grad):
    x, y = op.inputs
    return _binary(op, lambda: math_ops.multiply(grad, y), lambda: math_ops.multiply(x, grad))


@RegisterGradient("RealDiv")
def _real_div_grad(op, grad):
    x, y = op.inputs
    return _binary(op, lambda: math_ops.realdiv(grad, y),
                   lambda: math_ops.multiply(grad, math_ops.realdiv(math_ops.realdiv(math_ops.negative(x), y), y)))


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


def _sum_like(op, grad, scale=None):
    """The gradient of Sum (times `scale`): the output's gradient broadcast back over the
    reduced axes. Returns it and the reduced axes."""
    shape = list(op.inputs[0]._shape_tuple)
    axes = grad_util.reduction_axes(op, len(shape))
    if scale is not None:
        count = 1
        for a in axes:
            count *= shape[a]
        grad = math_ops.realdiv(grad, float(max(count, 1)))  # the element count in the gradient's dtype
    if len(axes) < len(shape) and not grad_util.keep_dims(op):
        grad = array_ops.reshape(grad, grad_util.reduced_shape(shape, axes))
    return array_ops.broadcast_to(grad, shape)


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
