"""TensorFlow 1's optimizers (`tf.compat.v1.train.*Optimizer`), mirroring
tensorflow/python/training/*.py: each update is one fused core op (`ResourceApply*`),
bit-identical to TensorFlow's."""
from varrt.optimizers.v1.adagrad import AdagradOptimizer
from varrt.optimizers.v1.adam import AdamOptimizer
from varrt.optimizers.v1.gradient_descent import GradientDescentOptimizer
from varrt.optimizers.v1.momentum import MomentumOptimizer
from varrt.optimizers.v1.optimizer import Optimizer
from varrt.optimizers.v1.rmsprop import RMSPropOptimizer

__all__ = ["AdagradOptimizer", "AdamOptimizer", "GradientDescentOptimizer", "MomentumOptimizer", "Optimizer",
           "RMSPropOptimizer"]
