"""tf.compat.v1.train.MomentumOptimizer (tensorflow/python/training/momentum.py)."""
from varrt import _C
from varrt.optimizers.v1.optimizer import Optimizer, hyper_value


class MomentumOptimizer(Optimizer):
    def __init__(self, learning_rate, momentum, use_locking=False, name="Momentum", use_nesterov=False):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._momentum = momentum
        self._use_nesterov = use_nesterov

    def _create_slots(self, var_list):
        for v in var_list:
            self._zeros_slot(v, "momentum", self._name)

    def _prepare(self):
        self._lr = hyper_value(self._learning_rate)
        self._mom = hyper_value(self._momentum)

    def _apply_dense(self, grad, var):
        _C.training_op("ResourceApplyMomentum", (var, self.get_slot(var, "momentum")),
                       (self._cast(self._lr, var), grad, self._cast(self._mom, var)), self._use_nesterov)

    def _apply_sparse(self, rows, var, indices):
        _C.training_op("ResourceSparseApplyMomentum", (var, self.get_slot(var, "momentum")),
                       (self._cast(self._lr, var), rows, indices, self._cast(self._mom, var)), self._use_nesterov)
