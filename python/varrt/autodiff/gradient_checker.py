"""`tf.test.compute_gradient` and `max_error` (TensorFlow's gradient_checker_v2): a function's
Jacobians with respect to each argument, from its gradients (one row per output element, the
output gradient a unit vector) and from central differences (one column per input element,
perturbed by +-delta in the argument's dtype), for comparing the two."""
import numpy as np

from varrt.autodiff.backprop import GradientTape
from varrt.base import dtypes
from varrt.framework import graph_building
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import convert_to_tensor

_FLOATS = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64, dtypes.complex64, dtypes.complex128)


def _value(t):
    return t.numpy() if hasattr(t, "numpy") else np.asarray(t)


def _theoretical(f, y, xs, param):
    """[y_size, x_size]: row k is the gradient with respect to xs[param] of f's output element k."""
    x = xs[param]
    y_size, x_size = int(np.prod(y.shape)), int(np.prod(x.shape))
    jacobian = np.zeros((y_size, x_size), dtype=x.dtype.real_dtype.as_numpy_dtype)
    dy = np.zeros(y.shape, dtype=y.dtype.as_numpy_dtype)
    flat = dy.reshape(-1)
    row_size = int(np.prod(x.shape[1:]))
    for row in range(y_size):
        flat[row] = 1
        with GradientTape() as tape:
            tape.watch(x)
            out = f(*xs)
        grad = tape.gradient(out, x, output_gradients=convert_to_tensor(dy))
        if isinstance(grad, IndexedSlices):  # scattered rows: each adds its values where its index says
            for i, v in zip(_value(grad.indices).reshape(-1), _value(grad.values).reshape(len(_value(grad.indices)), -1)):
                jacobian[row, i * row_size:(i + 1) * row_size] += v
        elif grad is not None:
            jacobian[row, :] = _value(grad).reshape(-1)
        flat[row] = 0
    return jacobian


def _numeric(f, y, xs, param, delta):
    """[y_size, x_size]: column k is (f(x + delta e_k) - f(x - delta e_k)) / (2 delta), in the dtypes' arithmetic."""
    arrays = [np.array(_value(x)) for x in xs]
    x = arrays[param]
    flat = x.reshape(-1)
    y_size = int(np.prod(y.shape))
    scale = np.asarray(2 * delta, dtype=y.dtype.as_numpy_dtype)[()]
    jacobian = np.zeros((y_size, flat.size), dtype=x.dtype)
    for col in range(flat.size):
        original = flat[col]
        flat[col] += delta
        y_pos = _value(f(*[convert_to_tensor(a) for a in arrays]))
        flat[col] = original
        flat[col] -= delta
        y_neg = _value(f(*[convert_to_tensor(a) for a in arrays]))
        flat[col] = original
        jacobian[:, col] = ((y_pos - y_neg) / scale).reshape(-1)
    return jacobian


def compute_gradient(f, x, delta=None):
    """The theoretical and the numerical Jacobians of `f` with respect to each of its arguments.

    Args:
        f: A function of the tensors `x` (eagerly run; varrt computes these eagerly only).
        x: A list or tuple of values convertible to tensors: `f`'s arguments.
        delta: The perturbation of the central differences (default 1/1024).

    Returns:
        A pair of tuples (theoretical, numerical), each with one 2-D NumPy array per argument,
        of `y_size` rows and that argument's `x_size` columns.

    Raises:
        ValueError: If `x` is not a list or tuple.
        NotImplementedError: In a graph (TensorFlow 1's session form is not supported).
    """
    if not isinstance(x, (list, tuple)):
        raise ValueError("`x` must be a list or tuple of values convertible to a Tensor (arguments to `f`), not a "
                         f"{type(x)}")
    if graph_building.building():
        raise NotImplementedError("varrt's tf.test.compute_gradient runs eagerly only (not in a graph or Session)")
    delta = 1.0 / 1024 if delta is None else delta
    xs = [convert_to_tensor(v) for v in x]
    y = f(*xs)
    for i, t in enumerate(xs):
        assert t.dtype in _FLOATS, f"Cannot compute gradient for unsupported type {t.dtype.name} of argument {i}"
    assert y.dtype in _FLOATS, f"Cannot compute gradient for unsupported type {y.dtype.name} of y"
    pairs = [(_theoretical(f, y, xs, i), _numeric(f, y, xs, i, delta)) for i in range(len(xs))]
    return tuple(zip(*pairs))


def max_error(grad1, grad2):
    """The largest elementwise gap between two lists of same-shaped arrays (Jacobians)."""
    error = 0
    for a, b in zip(grad1, grad2):
        if a.size or b.size:
            error = np.maximum(error, np.fabs(a - b).max())
    return error
