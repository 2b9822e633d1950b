"""The checks TensorFlow's ragged factories make with tf.debugging's assertions (validate=True),
raising InvalidArgumentError with the assertions' texts, on NumPy values (varrt's factories
check eagerly)."""
import numpy as np

from varrt.base import errors
from varrt.framework.symbolic import is_symbolic


def eager_numpy(tensor, what):
    """The NumPy value of an eager `tensor`; NotImplementedError for a symbolic one (a graph being
    built: varrt's ragged row arithmetic runs on values)."""
    if is_symbolic(tensor):
        raise NotImplementedError(f"varrt does not implement RaggedTensor in a graph being built (tf.function) yet: "
                                  f"{what} is a symbolic tensor")
    return tensor.numpy()


def assert_equal(x, y, message):
    """x == y for one-element arrays (the splits' ends): assert_equal's text."""
    if not np.array_equal(x, y):
        raise errors.InvalidArgumentError(
            None, None, f"{message}\nCondition x == y did not hold.\nFirst 1 elements of x:\n{x}\n"
                        f"First 1 elements of y:\n{y}")


def assert_non_negative(x, message):
    """x >= 0 element-wise: assert_non_negative's text (the first 3 elements, as strings)."""
    if x.size and (x < 0).any():
        shown = [str(v) for v in x[:3].tolist()] + (["..."] if x.size > 3 else [])
        raise errors.InvalidArgumentError(
            None, None, f"{message}.  \nCondition x >= 0 did not hold element-wise:\n"
                        f"x (shape={x.shape} dtype={np.dtype(x.dtype).name}) = \n{shown}")
