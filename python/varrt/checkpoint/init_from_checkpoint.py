"""TensorFlow 1's `tf.compat.v1.train.init_from_checkpoint` (training/checkpoint_utils.py): variables
made by `get_variable` take their initial values from a checkpoint, by name or by scope. In a graph
their initializers are replaced (the values are read from the checkpoint now, TensorFlow reads them
when the initializer runs); eagerly they are assigned at once."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from collections import abc

from varrt.checkpoint.checkpoint_utils import load_checkpoint
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.variables import Variable
from varrt.graph import graph as _graph
from varrt.graph.variable_scope import variable_store


def _set_initializer(variable, reader, tensor_name):
    value = reader.get_tensor(tensor_name)
    graph = _graph.current_graph()
    if graph is None:
        variable.assign(value)
    else:
        graph.replace_initializer(variable, value)


def init_from_checkpoint(ckpt_dir_or_file, assignment_map):
    """Initializes variables from the checkpoint's tensors: `assignment_map` maps a checkpoint name to a
    variable (or its name), or a checkpoint scope ("scope/") to a scope of variables ("other/").

    Raises:
        ValueError: With TensorFlow's texts, for a name the checkpoint lacks, a shape that differs, or
            a scope mapped to a name.
    """
    reader = load_checkpoint(ckpt_dir_or_file)
    variable_map = reader.get_variable_to_shape_map()
    if isinstance(assignment_map, abc.Mapping):
        assignment_map = assignment_map.items()
    store_vars = variable_store()
    for tensor_name_in_ckpt, current_var_or_name in sorted(assignment_map, key=lambda pair: pair[0]):
        if isinstance(current_var_or_name, (list, tuple)):
            raise NotImplementedError("varrt does not partition variables (init_from_checkpoint of a list)")
        var = current_var_or_name if isinstance(current_var_or_name, Variable) else \
            store_vars.get(current_var_or_name, None)
        if var is not None:
            if tensor_name_in_ckpt not in variable_map:
                raise ValueError(f"Tensor {tensor_name_in_ckpt} is not found in {ckpt_dir_or_file} checkpoint "
                                 f"{variable_map}")
            if not var.shape.is_compatible_with(TensorShape(variable_map[tensor_name_in_ckpt])):
                raise ValueError(f"Shape of variable {var.name} ({var.shape}) doesn't match with shape of tensor "
                                 f"{tensor_name_in_ckpt} ({variable_map[tensor_name_in_ckpt]}) from checkpoint "
                                 "reader.")
            _set_initializer(var, reader, tensor_name_in_ckpt)
            continue
        scopes = current_var_or_name[:current_var_or_name.rindex("/")] if "/" in current_var_or_name else ""
        if not tensor_name_in_ckpt.endswith("/"):
            raise ValueError(f"Assignment map with scope only name {scopes} should map to scope only "
                             f"{tensor_name_in_ckpt}. Should be 'scope/': 'other_scope/'.")
        scope_variables = sorted(name for name in store_vars if not scopes or name.startswith(scopes + "/"))
        for var_name in scope_variables:
            full_tensor_name = var_name[len(scopes):]
            if current_var_or_name != "/":
                full_tensor_name = full_tensor_name[1:]
            if tensor_name_in_ckpt != "/":
                full_tensor_name = tensor_name_in_ckpt + full_tensor_name
            if full_tensor_name.endswith("/"):
                full_tensor_name = full_tensor_name[:-1]
            if full_tensor_name not in variable_map:
                raise ValueError(f"Tensor {full_tensor_name} ({var_name[len(scopes) + 1:]} in {tensor_name_in_ckpt}) "
                                 f"is not found in {ckpt_dir_or_file} checkpoint")
            _set_initializer(store_vars[var_name], reader, full_tensor_name)
