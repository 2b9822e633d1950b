"""Keras's static shape inference (keras/src/backend/tensorflow/core.py `compute_output_spec`):
run a function on placeholders in a scratch graph and read the shapes and dtypes of what it
returns. The placeholders are varrt's graph arguments, whose values are never computed;
variables a layer makes meanwhile are made eagerly, as in `tf.function` (init_scope)."""
from varrt.base import nest
from varrt.base.dtypes import as_dtype
from varrt.framework.tensor import Tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.graph import func_graph
from varrt.layers import naming
from varrt.layers.keras_tensor import KerasTensor


def keras_tensor_like(x):
    """A Tensor's shape and dtype as a KerasTensor (anything else is returned as it is)."""
    if isinstance(x, Tensor):
        shape = x.shape.as_list() if x.shape.rank is not None else None
        if shape is None:
            raise NotImplementedError("varrt's functional API needs outputs of known rank; a layer returned a "
                                      "tensor of unknown rank.")
        return KerasTensor(shape, x.dtype.name)
    return x


def compute_output_spec(fn, *args, **kwargs):
    """What `fn(*args, **kwargs)` returns, with each KerasTensor argument a placeholder of its
    shape and dtype, and each tensor output a KerasTensor of its static shape and dtype."""
    structure = (args, kwargs)
    symbolic = [x for x in nest.flatten(structure) if isinstance(x, KerasTensor)]
    graph = func_graph.FuncGraph(naming.auto_name("scratch_graph"), len(symbolic))
    with graph:
        placeholders = {id(kt): graph.add_argument(i, as_dtype(kt.dtype), "keras_tensor", TensorShape(kt.shape))
                        for i, kt in enumerate(symbolic)}
        call_args, call_kwargs = nest.map_structure(
            lambda x: placeholders[id(x)] if isinstance(x, KerasTensor) else x, structure)
        outputs = fn(*call_args, **call_kwargs)
        return nest.map_structure(keras_tensor_like, outputs)
