"""tf.compat.v1.train.AdagradOptimizer (tensorflow/python/training/adagrad.py)."""
import numpy as np

from varrt import _C
from varrt.optimizers.v1.optimizer import Optimizer, hyper_value


class AdagradOptimizer(Optimizer):
    def __init__(self, learning_rate, initial_accumulator_value=0.1, use_locking=False, name="Adagrad"):
        if initial_accumulator_value <= 0.0:
            raise ValueError("initial_accumulator_value must be positive: %s" % initial_accumulator_value)
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._initial_accumulator_value = initial_accumulator_value

    def _create_slots(self, var_list):
        for v in var_list:
            if self.get_slot(v, "accumulator") is not None:
                continue
            init = np.full(v.shape.as_list(), self._initial_accumulator_value, v.dtype.as_numpy_dtype)
            self._make_slot(v, init, "accumulator", self._name)

    def _prepare(self):
        self._lr = hyper_value(self._learning_rate)

    def _apply_dense(self, grad, var):
        _C.training_op("ResourceApplyAdagrad", (var, self.get_slot(var, "accumulator")),
                       (self._cast(self._lr, var), grad), True)

    def _apply_sparse(self, rows, var, indices):
        _C.training_op("ResourceSparseApplyAdagrad", (var, self.get_slot(var, "accumulator")),
                       (self._cast(self._lr, var), rows, indices), True)
