"""`tf.compat.v1.train`: varrt.train's names and TensorFlow 1's optimizers."""
from varrt.train import *  # noqa: F401,F403
from varrt.train import __all__ as _train_all
from varrt.optimizers.v1 import (AdagradOptimizer, AdamOptimizer, GradientDescentOptimizer, MomentumOptimizer,
                            Optimizer, RMSPropOptimizer)
from varrt.distribute.device_setter import replica_device_setter
from varrt.optimizers.v1.training_util import get_global_step, get_or_create_global_step  # noqa: F401

__all__ = list(_train_all) + ["AdagradOptimizer", "AdamOptimizer", "GradientDescentOptimizer", "MomentumOptimizer",
                              "Optimizer", "RMSPropOptimizer", "get_global_step", "get_or_create_global_step",
                              "replica_device_setter"]
