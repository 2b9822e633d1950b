"""tf.compat.v1.train.AdamOptimizer (tensorflow/python/training/adam.py): slots "m" and "v", and
the non-slot variables beta1_power and beta2_power, multiplied by beta1/beta2 after each step."""
import numpy as np

from varrt import _C
from varrt.optimizers.v1.optimizer import Optimizer, hyper_value
from varrt.framework import graph_building


class AdamOptimizer(Optimizer):
    """TensorFlow 1's Adam (`tf.compat.v1.train.AdamOptimizer`).

    Each variable's step is the fused `ResourceApplyAdam`, bit for bit TensorFlow's CPU
    kernel; the slots are named as TensorFlow names them (`w/Adam`, `w/Adam_1`, `beta1_power`),
    so a `Saver` writes what TensorFlow restores.

    Args:
        learning_rate: A float or a scalar tensor.
        beta1: The exponential decay rate of the first moment estimates.
        beta2: The exponential decay rate of the second moment estimates.
        epsilon: A small constant for numerical stability.
        use_locking: Accepted (updates always take the variable's lock).
        name: The name of the optimizer's ops and slots.
    """

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False, name="Adam"):
        super().__init__(use_locking, name)
        self._lr = learning_rate
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon

    def _get_beta_accumulators(self):
        return self._get_non_slot_variable("beta1_power"), self._get_non_slot_variable("beta2_power")

    def _create_slots(self, var_list):
        # TensorFlow places the beta powers with the variable whose name sorts first.
        first_var = min(var_list, key=lambda x: x.name)
        self._create_non_slot_variable(initial_value=self._beta1, name="beta1_power", colocate_with_var=first_var)
        self._create_non_slot_variable(initial_value=self._beta2, name="beta2_power", colocate_with_var=first_var)
        for v in var_list:
            self._zeros_slot(v, "m", self._name)
            self._zeros_slot(v, "v", self._name)

    def _checkpoint_children(self):
        # The beta powers exist from the start here, so a checkpoint restores them before the
        # first step (TensorFlow creates them at the first step and defers the restore).
        self._create_non_slot_variable(initial_value=self._beta1, name="beta1_power")
        self._create_non_slot_variable(initial_value=self._beta2, name="beta2_power")
        return super()._checkpoint_children()

    def _prepare(self):
        self._hypers = [hyper_value(x) for x in (self._lr, self._beta1, self._beta2, self._epsilon)]
        b1p, b2p = self._get_beta_accumulators()
        if graph_building.building():  # in a graph: the powers are read when the graph runs
            self._powers = (b1p.value(), b2p.value())
        else:
            self._powers = (np.asarray(b1p.numpy()), np.asarray(b2p.numpy()))

    def _scalars(self, var):
        lr, beta1, beta2, epsilon = (self._cast(x, var) for x in self._hypers)
        return (self._cast(self._powers[0], var), self._cast(self._powers[1], var), lr, beta1, beta2, epsilon)

    def _apply_dense(self, grad, var):
        _C.training_op("ResourceApplyAdam", (var, self.get_slot(var, "m"), self.get_slot(var, "v")),
                       self._scalars(var) + (grad,))

    def _apply_sparse(self, rows, var, indices):
        # TensorFlow's _apply_sparse_shared, op by op in the variable's dtype.
        b1p, b2p, lr_t, beta1, beta2, eps = self._scalars(var)
        one = var.dtype.as_numpy_dtype(1)
        lr = lr_t * np.sqrt(one - b2p) / (one - b1p)
        m, v = self.get_slot(var, "m"), self.get_slot(var, "v")
        m_t = m.numpy() * beta1
        np.add.at(m_t, indices, rows * (one - beta1))
        v_t = v.numpy() * beta2
        np.add.at(v_t, indices, (rows * rows) * (one - beta2))
        m.assign(m_t)
        v.assign(v_t)
        var.assign_sub(lr * m_t / (np.sqrt(v_t) + eps))

    def _finish(self):
        b1p, b2p = self._get_beta_accumulators()
        beta1, beta2 = (np.asarray(x, b1p.dtype.as_numpy_dtype) for x in self._hypers[1:3])
        b1p.assign(self._powers[0] * beta1)
        b2p.assign(self._powers[1] * beta2)
