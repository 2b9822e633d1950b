"""Gradients of the reductions and scans beyond Sum and Mean (TensorFlow's math_grad.py):
Max, Min, Prod, EuclideanNorm, Cumsum, Cumprod; the arg- and boolean reductions have none.
varrt's reductions carry their axes as the `reduction_indices` attribute (TensorFlow's input),
so these return one gradient: the input's."""
from varrt.ops import array_ops, math_ops, reduction_ops
from varrt.ops.gradients import grad_util
from varrt.ops.gradients.registry import NotDifferentiable, RegisterGradient
from varrt.framework.tensor import constant
from varrt.ops import index_ops


def _kept(op, t):
    """`t` (the shape of the op's output) reshaped to the keep_dims shape, and the reduced axes."""
    shape = list(op.inputs[0].shape)
    axes = grad_util.reduction_axes(op, len(shape))
    if not grad_util.keep_dims(op):
        if None in shape:  # known when the graph runs: 1 on the reduced axes, the input's elsewhere
            in_shape = array_ops.shape(op.inputs[0])
            mask = constant([i in axes for i in range(len(shape))])
            t = array_ops.reshape(t, index_ops.where(mask, array_ops.ones_like(in_shape), in_shape))
        else:
            t = array_ops.reshape(t, grad_util.reduced_shape(shape, axes))
    return t, axes


def _min_or_max_grad(op, grad):
    """Split evenly between the elements equal to the result (TensorFlow's choice at ties)."""
    x = op.inputs[0]
    y, axes = _kept(op, op.outputs[0])
    grad, _ = _kept(op, grad)
    indicators = math_ops.cast(math_ops.equal(y, x), grad.dtype)
    num_selected = reduction_ops.reduce_sum(indicators, axes, keepdims=True)
    return math_ops.multiply(math_ops.divide(indicators, num_selected), grad)


RegisterGradient("Max")(_min_or_max_grad)
RegisterGradient("Min")(_min_or_max_grad)


@RegisterGradient("Prod")
def _prod_grad(op, grad):
    """The product of all other elements, as two exclusive cumulative products (so zeros in the
    input need no division), over the reduced axes moved to the front and flattened. Sizes a
    graph knows only when it runs come from the input's Shape (grad_util.dims)."""
    x = op.inputs[0]
    shape = grad_util.dims(x)
    grad, axes = _kept(op, grad)
    grad = array_ops.broadcast_to(grad, grad_util.shape_value(shape))
    other = [i for i in range(len(shape)) if i not in axes]
    perm = axes + other
    reduced_num = grad_util.num_elements([shape[a] for a in axes])
    other_num = grad_util.num_elements([shape[a] for a in other])
    permuted = array_ops.transpose(x, perm)
    reshaped = array_ops.reshape(permuted, grad_util.shape_value([reduced_num, other_num]))
    left = reduction_ops.cumprod(reshaped, axis=0, exclusive=True)
    right = reduction_ops.cumprod(reshaped, axis=0, exclusive=True, reverse=True)
    y = array_ops.reshape(math_ops.multiply(grad_util.conj(left), grad_util.conj(right)),
                          grad_util.shape_value([shape[p] for p in perm]))
    out = math_ops.multiply(grad, array_ops.transpose(y, grad_util.invert_permutation(perm)))
    return grad_util.set_static_shape(array_ops.reshape(out, grad_util.shape_value(shape)), x.shape)


@RegisterGradient("EuclideanNorm")
def _euclidean_norm_grad(op, grad):
    output, _ = _kept(op, op.outputs[0])
    grad, _ = _kept(op, grad)
    return math_ops.realdiv(op.inputs[0], math_ops.realdiv(output, grad))


@RegisterGradient("Cumsum")
def _cumsum_grad(op, grad):
    return reduction_ops.cumsum(grad, op.get_attr("axis"), exclusive=bool(op.get_attr("exclusive")),
                                reverse=not op.get_attr("reverse"))


@RegisterGradient("CumulativeLogsumexp")
def _cumulative_logsumexp_grad(op, grad):
    """TensorFlow's: the gradient split into its positive and negative parts, each scanned in log
    space (stable where the gradient has negative values)."""
    x, out = op.inputs[0], op.outputs[0]
    axis = op.get_attr("axis")
    exclusive = bool(op.get_attr("exclusive"))
    reverse = not op.get_attr("reverse")
    lowest = constant(grad.dtype.min, dtype=grad.dtype)
    zero = constant(0, dtype=grad.dtype)
    log_positive = index_ops.where(math_ops.greater(grad, zero), math_ops.log(grad), lowest)
    log_negative = index_ops.where(math_ops.less(grad, zero), math_ops.log(math_ops.negative(grad)), lowest)

    def scanned(log_part):
        return math_ops.exp(math_ops.add(reduction_ops.cumulative_logsumexp(
            math_ops.subtract(log_part, out), axis=axis, reverse=reverse, exclusive=exclusive), x))
    return math_ops.subtract(scanned(log_positive), scanned(log_negative))


@RegisterGradient("Cumprod")
def _cumprod_grad(op, grad):
    """TensorFlow's formula, which divides by x (div_no_nan: 0 where x is 0)."""
    x = op.inputs[0]
    axis = op.get_attr("axis")
    exclusive = bool(op.get_attr("exclusive"))
    reverse = bool(op.get_attr("reverse"))
    prod = reduction_ops.cumprod(x, axis, exclusive=exclusive, reverse=reverse)
    out = reduction_ops.cumsum(math_ops.multiply(prod, grad), axis, exclusive=exclusive, reverse=not reverse)
    return math_ops.divide_no_nan(out, x)


# TensorFlow registers ArgMax/ArgMin with a function returning None (their outputs are indices).
RegisterGradient("ArgMax")(lambda op, grad: None)
RegisterGradient("ArgMin")(lambda op, grad: None)
for _op in ("Any", "All"):  # bool in, bool out: no gradient reaches them
    NotDifferentiable(_op)
