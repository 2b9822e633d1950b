"""tf.compat.v1.train.RMSPropOptimizer (tensorflow/python/training/rmsprop.py)."""
import numpy as np

from varrt import _C
from varrt.optimizers.v1.optimizer import Optimizer, hyper_value


class RMSPropOptimizer(Optimizer):
    def __init__(self, learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False, centered=False,
                 name="RMSProp"):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._decay = decay
        self._momentum = momentum
        self._epsilon = epsilon
        self._centered = centered

    def _create_slots(self, var_list):
        for v in var_list:
            if self.get_slot(v, "rms") is None:
                self._make_slot(v, np.ones(v.shape.as_list(), v.dtype.as_numpy_dtype), "rms", self._name)
            if self._centered:
                self._zeros_slot(v, "mg", self._name)
            self._zeros_slot(v, "momentum", self._name)

    def _prepare(self):
        self._hypers = [hyper_value(x) for x in (self._learning_rate, self._decay, self._momentum, self._epsilon)]

    def _apply_dense(self, grad, var):
        scalars = tuple(self._cast(x, var) for x in self._hypers)
        rms, mom = self.get_slot(var, "rms"), self.get_slot(var, "momentum")
        if self._centered:
            _C.training_op("ResourceApplyCenteredRMSProp", (var, self.get_slot(var, "mg"), rms, mom),
                           scalars + (grad,))
        else:
            _C.training_op("ResourceApplyRMSProp", (var, rms, mom), scalars + (grad,))

    def _apply_sparse(self, rows, var, indices):
        scalars = tuple(self._cast(x, var) for x in self._hypers)
        rms, mom = self.get_slot(var, "rms"), self.get_slot(var, "momentum")
        if self._centered:
            _C.training_op("ResourceSparseApplyCenteredRMSProp", (var, self.get_slot(var, "mg"), rms, mom),
                           scalars + (rows, indices))
        else:
            _C.training_op("ResourceSparseApplyRMSProp", (var, rms, mom), scalars + (rows, indices))
