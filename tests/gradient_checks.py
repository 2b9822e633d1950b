"""Numerical gradient checks: the tape's gradient of a scalar function against central
differences, in float64 (TensorFlow's tf.test.compute_gradient idea, through the public API)."""
import numpy as np

import varrt as tf


def numeric_gradients(f, args, eps=1e-6):
    """d f(*args) / d args[i] for every float argument, by central differences."""
    grads = []
    for i, a in enumerate(args):
        a = np.asarray(a, dtype=np.float64)
        g = np.zeros_like(a)
        for j in np.ndindex(a.shape):
            plus, minus = a.copy(), a.copy()
            plus[j] += eps
            minus[j] -= eps
            fp = _value(f, args, i, plus)
            fm = _value(f, args, i, minus)
            g[j] = (fp - fm) / (2 * eps)
        grads.append(g)
    return grads


def _value(f, args, i, a):
    call = [tf.constant(x) if k != i else tf.constant(a) for k, x in enumerate(args)]
    return float(np.sum(tf.convert_to_tensor(f(*call)).numpy()))


def tape_gradients(f, args):
    xs = [tf.constant(np.asarray(a, dtype=np.float64)) for a in args]
    with tf.GradientTape() as tape:
        for x in xs:
            tape.watch(x)
        y = f(*xs)
    grads = tape.gradient(y, xs)
    return [None if g is None else tf.convert_to_tensor(g).numpy() for g in grads]


def check_gradients(f, *args, rtol=1e-5, atol=1e-6):
    """Asserts the tape's gradients of sum(f(*args)) match central differences (args in float64)."""
    args = [np.asarray(a, dtype=np.float64) for a in args]
    analytic = tape_gradients(f, args)
    numeric = numeric_gradients(f, args)
    for i, (a, n) in enumerate(zip(analytic, numeric)):
        assert a is not None, f"no gradient for argument {i}"
        np.testing.assert_allclose(a, n, rtol=rtol, atol=atol, err_msg=f"argument {i}")
