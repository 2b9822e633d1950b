"""`tf.compat.v1.train`: varrt.train's names and TensorFlow 1's optimizers."""
from varrt.train import *  # noqa: F401,F403
from varrt.train import __all__ as _train_all
from varrt.training import (AdagradOptimizer, AdamOptimizer, GradientDescentOptimizer, MomentumOptimizer,
                            Optimizer, RMSPropOptimizer)
from varrt.training.device_setter import replica_device_setter

__all__ = list(_train_all) + ["AdagradOptimizer", "AdamOptimizer", "GradientDescentOptimizer", "MomentumOptimizer",
                              "Optimizer", "RMSPropOptimizer", "replica_device_setter"]


_GLOBAL_STEP = "global_step"
_eager_global_step = []


def get_global_step(graph=None):
    """The global step variable (TensorFlow's collection "global_step"), or None."""
    from varrt.framework import ops
    g = graph or ops.current_graph()
    if g is None:
        return _eager_global_step[0] if _eager_global_step else None
    steps = g.get_collection(_GLOBAL_STEP)
    return steps[0] if steps else None


def get_or_create_global_step(graph=None):
    """The global step variable, created (int64, 0, not trainable) when missing."""
    from varrt import dtypes
    from varrt.framework import ops
    from varrt.framework.variables import Variable
    step = get_global_step(graph)
    if step is not None:
        return step
    step = Variable(0, dtype=dtypes.int64, trainable=False, name="global_step")
    g = graph or ops.current_graph()
    if g is None:
        _eager_global_step.append(step)
    else:
        g.add_to_collection(_GLOBAL_STEP, step)
    return step


__all__ += ["get_global_step", "get_or_create_global_step"]
