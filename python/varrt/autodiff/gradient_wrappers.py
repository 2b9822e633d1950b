"""tf.grad_pass_through and tf.recompute_grad: functions whose gradient is replaced (the identity;
the same gradient, recomputed from the inputs in the backward pass), over tf.custom_gradient as
TensorFlow writes them."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import functools
from typing import Callable

from varrt.autodiff.backprop import GradientTape
from varrt.autodiff.custom_gradient import custom_gradient
from varrt.base import nest
from varrt.ops import array_ops


def grad_pass_through(f) -> Callable:
    """`f` with the identity as its gradient (tf.grad_pass_through): the gradient reaches `f`'s
    inputs as if `f` were not there (a straight-through estimator)."""
    @custom_gradient
    def _grad_pass_through_op(*args, **kwargs):
        def grad(*grads):
            return grads[0] if len(grads) == 1 else grads
        return f(*args, **kwargs), grad

    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        return _grad_pass_through_op(*args, **kwargs)
    return wrapper


def recompute_grad(f) -> Callable:
    """`f`, whose intermediate values are not kept for the gradient but recomputed from the
    inputs when it is taken (tf.recompute_grad): the same values and gradients."""
    @custom_gradient
    def inner(*args):
        result = f(*args)

        def grad(*dresult, variables=None):
            with GradientTape() as tape:
                watched = [array_ops.identity(a) for a in args]
                tape.watch(watched)
                if variables:
                    tape.watch(variables)
                recomputed = f(*watched)
            sources = watched + list(variables or [])
            grads = tape.gradient(nest.flatten(recomputed), sources, output_gradients=list(dresult))
            if variables is None:
                return grads[:len(args)]
            return grads[:len(args)], grads[len(args):]
        return result, grad

    @functools.wraps(f)
    def wrapper(*args):
        return inner(*args)
    return wrapper
