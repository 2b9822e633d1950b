"""`tf.compat.v1.train`: varrt.train's names and TensorFlow 1's optimizers."""
from varrt.train import *  # noqa: F401,F403
from varrt.train import __all__ as _train_all
from varrt.optimizers.v1 import (AdagradOptimizer, AdamOptimizer, GradientDescentOptimizer, MomentumOptimizer,
                            Optimizer, RMSPropOptimizer)
from varrt.distribute.device_setter import replica_device_setter
from varrt.client.session_run_hook import (SessionRunArgs, SessionRunContext, SessionRunHook,  # noqa: F401
                                           SessionRunValues)
from varrt.optimizers.v1.training_util import (assert_global_step, create_global_step, get_global_step,  # noqa: F401
                                               get_or_create_global_step, global_step)
from varrt.checkpoint.init_from_checkpoint import init_from_checkpoint  # noqa: F401
from varrt.checkpoint.checkpoint_management import get_checkpoint_mtimes, remove_checkpoint  # noqa: F401
from varrt.optimizers.v1.learning_rate_decay import (cosine_decay, cosine_decay_restarts,  # noqa: F401
                                                     exponential_decay, inverse_time_decay, linear_cosine_decay,
                                                     natural_exp_decay, noisy_linear_cosine_decay, piecewise_constant,
                                                     polynomial_decay)

__all__ = list(_train_all) + ["AdagradOptimizer", "AdamOptimizer", "GradientDescentOptimizer", "MomentumOptimizer",
                              "Optimizer", "RMSPropOptimizer", "get_global_step", "get_or_create_global_step",
                              "replica_device_setter", "create_global_step", "global_step", "cosine_decay",
                              "cosine_decay_restarts", "exponential_decay", "inverse_time_decay",
                              "linear_cosine_decay", "natural_exp_decay", "noisy_linear_cosine_decay",
                              "piecewise_constant", "piecewise_constant_decay", "polynomial_decay",
                              "init_from_checkpoint", "assert_global_step", "SessionRunArgs", "SessionRunContext",
                              "SessionRunHook", "SessionRunValues", "get_checkpoint_mtimes", "remove_checkpoint"]
piecewise_constant_decay = piecewise_constant
