"""tf.compat.v1.train.GradientDescentOptimizer (tensorflow/python/training/gradient_descent.py)."""
import numpy as np

from varrt import _C
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import convert_to_tensor
from varrt.optimizers.v1.optimizer import Optimizer, hyper_value, sparse_input_is_bad


class GradientDescentOptimizer(Optimizer):
    """TensorFlow 1's gradient descent (`tf.compat.v1.train.GradientDescentOptimizer`).

    Each variable's step is the fused `ResourceApplyGradientDescent`, bit for bit TensorFlow's
    CPU kernel; a step whose gradient does not fit changes no variable.

    Args:
        learning_rate: A float or a scalar tensor.
        use_locking: Accepted (updates always take the variable's lock).
        name: The name of the optimizer's ops and slots.
    """

    def __init__(self, learning_rate, use_locking=False, name="GradientDescent"):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate

    def _prepare(self):
        self._lr = hyper_value(self._learning_rate)

    def _apply_dense(self, grad, var):
        _C.training_op("ResourceApplyGradientDescent", (var,), (self._cast(self._lr, var), grad))

    def _checked_sparse_update(self, grad, var):
        """TensorFlow's GradientDescent keeps duplicate indices: resource_scatter_add of
        -grad * lr, rows in order."""
        values = np.asarray(convert_to_tensor(grad.values).numpy())
        indices = np.asarray(convert_to_tensor(grad.indices).numpy()).reshape(-1)
        delta = IndexedSlices(-values * self._cast(self._lr, var), indices)
        if sparse_input_is_bad(values, indices, var):
            var.scatter_add(delta)  # fails before writing, with TensorFlow's message
        return lambda: var.scatter_add(delta)
