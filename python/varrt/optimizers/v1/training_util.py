"""TensorFlow 1's global step (tensorflow/python/training/training_util.py)."""
from varrt.base import dtypes
from varrt.framework.tensor import is_tensor
from varrt.framework.variables import Variable
from varrt.graph import graph as ops

_GLOBAL_STEP = "global_step"
_eager_global_step = []


def get_global_step(graph=None):
    """The global step variable (TensorFlow's collection "global_step"), or None."""
    g = graph or ops.current_graph()
    if g is None:
        return _eager_global_step[0] if _eager_global_step else None
    steps = g.get_collection(_GLOBAL_STEP)
    return steps[0] if steps else None


def create_global_step(graph=None):
    """A new global step variable (int64, 0, not trainable).

    Raises:
        ValueError: If the graph has one already.
    """
    if get_global_step(graph) is not None:
        raise ValueError('"global_step" already exists.')
    return get_or_create_global_step(graph)


def assert_global_step(global_step_tensor):
    """Checks that `global_step_tensor` can be a global step: a variable or tensor, integer, scalar.

    Raises:
        TypeError: Otherwise, with TensorFlow's texts.
    """
    if not (isinstance(global_step_tensor, Variable) or is_tensor(global_step_tensor)):
        raise TypeError(f'Existing "global_step" must be a Variable or Tensor: {global_step_tensor}.')
    if not global_step_tensor.dtype.is_integer:
        raise TypeError(f'Existing "global_step" does not have integer type: {global_step_tensor.dtype}')
    shape = global_step_tensor.shape
    if shape.rank != 0 and shape.is_fully_defined():
        raise TypeError(f'Existing "global_step" is not scalar: {shape}')


def global_step(sess, global_step_tensor):
    """The global step's value as a Python int (read through `sess` in a graph)."""
    if ops.current_graph() is None:
        return int(global_step_tensor.numpy())
    return int(sess.run(global_step_tensor))


def get_or_create_global_step(graph=None):
    """The global step variable, created (int64, 0, not trainable) when missing."""
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

