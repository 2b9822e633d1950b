"""TensorFlow 1's optimizers (`tf.compat.v1.train.*Optimizer`), mirroring
tensorflow/python/training/*.py: each update is one fused core op (`ResourceApply*`),
bit-identical to TensorFlow's."""
from varrt.training.adagrad import AdagradOptimizer
from varrt.training.adam import AdamOptimizer
from varrt.training.gradient_descent import GradientDescentOptimizer
from varrt.training.momentum import MomentumOptimizer
from varrt.training.optimizer import Optimizer
from varrt.training.rmsprop import RMSPropOptimizer

__all__ = ["AdagradOptimizer", "AdamOptimizer", "GradientDescentOptimizer", "MomentumOptimizer", "Optimizer",
           "RMSPropOptimizer"]
