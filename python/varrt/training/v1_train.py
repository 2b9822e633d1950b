"""`tf.compat.v1.train`: varrt.train's names and TensorFlow 1's optimizers."""
from varrt.train import *  # noqa: F401,F403
from varrt.train import __all__ as _train_all
from varrt.training import (AdagradOptimizer, AdamOptimizer, GradientDescentOptimizer, MomentumOptimizer,
                            Optimizer, RMSPropOptimizer)

__all__ = list(_train_all) + ["AdagradOptimizer", "AdamOptimizer", "GradientDescentOptimizer", "MomentumOptimizer",
                              "Optimizer", "RMSPropOptimizer"]
