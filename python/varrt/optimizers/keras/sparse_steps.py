"""Keras 3's update steps for a gradient that is IndexedSlices (an Embedding's, from a gather),
op for op as Keras runs them on TensorFlow (keras/src/optimizers/*.py `update_step`, with the
TensorFlow backend's rules for IndexedSlices in keras/src/backend/tensorflow/sparse.py).

They are not the dense step on the densified gradient: Keras squares each slice before the
duplicates of an index are summed (`ops.square(gradient)` keeps IndexedSlices), divides each
slice by the gathered rows of a dense divisor, and adds slices into a variable with
`scatter_add`/`scatter_sub`. So Adam's, RMSprop's and Adagrad's second moments take the sum of
the squares of an index's slices, not the square of their sum. These steps run as TensorFlow
ops (not the fused op), eagerly and in a graph alike.

Keras's divide keeps the rows where the dense divisor is 0 or NaN (a `tf.cond` on them); the
divisors here (a square root plus epsilon) are positive, so only its usual branch is written."""
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import index_ops, math_ops


def _const(value, dtype):
    """A Python number as Keras's ops take one: converted to the other operand's dtype."""
    return convert_to_tensor(value, dtype=dtype)


def _cast(x, dtype):
    if isinstance(x, IndexedSlices):
        return IndexedSlices(_cast(convert_to_tensor(x.values), dtype), x.indices, x.dense_shape)
    x = convert_to_tensor(x)
    return x if x.dtype == dtype else math_ops.cast(x, dtype)


def _slices(g, values):
    return IndexedSlices(values, g.indices, g.dense_shape)


def _dense(g):
    return convert_to_tensor(g)


def _divided_by_rows(g, divisor):
    """`ops.divide(slices, dense)`: each slice over its row of the divisor."""
    return _slices(g, math_ops.divide(g.values, index_ops.gather(divisor, g.indices)))


def _scaled(g, scalar):
    """`ops.multiply(slices, scalar)` (either order): the slices' values scaled."""
    return _slices(g, math_ops.multiply(scalar, g.values))


def adam(opt, variable, slots, gradient, learning_rate, iterations):
    dtype = variable.dtype
    lr = _cast(learning_rate, dtype)
    gradient = _cast(gradient, dtype)
    local_step = math_ops.cast(iterations + 1, dtype)
    beta_1_power = math_ops.pow(_const(opt._cast_constant(opt.beta_1), dtype), local_step)
    beta_2_power = math_ops.pow(_const(opt._cast_constant(opt.beta_2), dtype), local_step)
    m, v = slots[0], slots[1]
    alpha = lr * math_ops.sqrt(1 - beta_2_power) / (1 - beta_1_power)
    m.assign_add(math_ops.multiply(math_ops.subtract(_dense(gradient), m), _const(1 - opt.beta_1, dtype)))
    squared = _dense(_slices(gradient, math_ops.square(gradient.values)))
    v.assign_add(math_ops.multiply(math_ops.subtract(squared, v), _const(1 - opt.beta_2, dtype)))
    if opt.amsgrad:
        v_hat = slots[2]
        v_hat.assign(math_ops.maximum(v_hat, v))
        v = v_hat
    variable.assign_sub(math_ops.divide(math_ops.multiply(m, alpha),
                                        math_ops.add(math_ops.sqrt(v), _const(opt.epsilon, dtype))))


def adagrad(opt, variable, slots, gradient, learning_rate, iterations):
    dtype = variable.dtype
    lr = _cast(learning_rate, dtype)
    gradient = _cast(gradient, dtype)
    accumulator = slots[0]
    accumulator.scatter_add(_slices(gradient, math_ops.square(gradient.values)))
    denominator = math_ops.sqrt(math_ops.add(accumulator, _const(opt.epsilon, dtype)))
    variable.scatter_sub(_divided_by_rows(_scaled(gradient, lr), denominator))


def rmsprop(opt, variable, slots, gradient, learning_rate, iterations):
    dtype = variable.dtype
    lr = _cast(learning_rate, dtype)
    gradient = _cast(gradient, dtype)
    velocity = slots[0]
    rest = list(slots[1:])
    momentum = rest.pop(0) if opt.momentum > 0 else None
    average_grad = rest.pop(0) if opt.centered else None
    rho = opt.rho
    squared = _scaled(_slices(gradient, math_ops.square(gradient.values)), _const(1 - rho, dtype))
    velocity.assign(math_ops.add(math_ops.multiply(_const(rho, dtype), velocity), _dense(squared)))
    if opt.centered:
        average_grad.assign(math_ops.add(math_ops.multiply(_const(rho, dtype), average_grad),
                                         _dense(_scaled(gradient, _const(1 - rho, dtype)))))
        denominator = velocity - math_ops.square(average_grad) + _const(opt.epsilon, dtype)
    else:
        denominator = math_ops.add(velocity, _const(opt.epsilon, dtype))
    increment = _divided_by_rows(_scaled(gradient, lr), math_ops.sqrt(denominator))
    if opt.momentum > 0:
        momentum.assign(math_ops.add(math_ops.multiply(_const(opt.momentum, dtype), momentum), _dense(increment)))
        variable.assign_sub(momentum)
    else:
        variable.scatter_sub(increment)


def sgd(opt, variable, slots, gradient, learning_rate, iterations):
    dtype = variable.dtype
    lr = _cast(learning_rate, dtype)
    gradient = _cast(gradient, dtype)
    if opt.momentum != 0:
        m = slots[0]
        momentum = _const(opt._cast_constant(opt.momentum), dtype)
        m.assign(math_ops.subtract(math_ops.multiply(m, momentum), _dense(_scaled(gradient, lr))))
        if opt.nesterov:
            variable.assign_add(math_ops.subtract(math_ops.multiply(m, momentum), _dense(_scaled(gradient, lr))))
        else:
            variable.assign_add(m)
    else:
        variable.scatter_sub(_scaled(gradient, lr))
