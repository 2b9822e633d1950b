"""TensorFlow 1's `tf.compat.v1.train.ExponentialMovingAverage` (training/moving_averages.py): a shadow
variable per averaged variable (`v/ExponentialMovingAverage`, starting at the variable's value, in
MOVING_AVERAGE_VARIABLES), and `apply`'s update `shadow -= (shadow - v) * (1 - decay)`, the decay capped
by (1 + num_updates) / (10 + num_updates) when `num_updates` is given, in float32 as TensorFlow's."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt.base import dtypes
from varrt.framework import variable_scope_store
from varrt.framework.name_scopes import name_scope
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.variables import Variable, colocate_with
from varrt.graph import graph as _graph
from varrt.graph.graph import GraphKeys
from varrt.graph.tf1 import global_variables, operation_since, trainable_variables
from varrt.ops import math_ops
from varrt.ops.tf1_state_ops import assign_sub

_FLOATS = (dtypes.bfloat16, dtypes.float16, dtypes.float32, dtypes.float64)


def assign_moving_average(variable, value, decay, name=None):
    """variable -= (variable - value) * (1 - decay) (TensorFlow's, without zero debiasing)."""
    with name_scope(name or "AssignMovingAvg"):
        decay = convert_to_tensor(1.0 - decay)
        if decay.dtype != variable.dtype:
            decay = math_ops.cast(decay, variable.dtype)
        return assign_sub(variable, (variable - value) * decay)


class ExponentialMovingAverage:
    """Moving averages of variables, kept in shadow variables that `apply` updates.

    Args:
        decay: The decay (e.g. 0.999).
        num_updates: Optional count of updates, which caps the decay early in training.
        zero_debias: Must be False (varrt does not debias).
        name: The shadow variables' suffix and the update's name scope.
    """

    def __init__(self, decay, num_updates=None, zero_debias=False, name="ExponentialMovingAverage"):
        if zero_debias:
            raise NotImplementedError("varrt's ExponentialMovingAverage does not debias (zero_debias=True)")
        self._decay = decay
        self._num_updates = num_updates
        self._name = name
        self._averages = {}

    @property
    def name(self):
        """The shadow variables' suffix and the update's name scope."""
        return self._name

    def apply(self, var_list=None):
        """Creates the shadow variables of `var_list` (default: the trainable variables) and returns the
        operation updating them (run it after each training step).

        Raises:
            TypeError: If a variable is not bfloat16, half, float or double.
        """
        var_list = trainable_variables() if var_list is None else list(var_list)
        for var in var_list:
            if var.dtype not in _FLOATS:
                raise TypeError(f"The variables must be half, float, or double: {var.name}")
            if var.ref() in self._averages:
                continue  # applied again: the same shadow, updated again
            base = var.name[:-2] if var.name.endswith(":0") else var.name
            shadow_name = variable_scope_store.open_unique_scope(f"{base}/{self._name}")
            with colocate_with(var):
                self._averages[var.ref()] = Variable(var.read_value(), trainable=False, name=shadow_name + "/",
                                                     dtype=var.dtype)
            graph = _graph.current_graph()
            if graph is not None:
                graph.add_to_collection(GraphKeys.MOVING_AVERAGE_VARIABLES, var)
        graph = _graph.current_graph()
        start = len(graph._records) if graph is not None else 0
        with name_scope(self._name):
            decay = convert_to_tensor(self._decay, dtype=dtypes.float32)
            if self._num_updates is not None:
                num_updates = math_ops.cast(self._num_updates, dtypes.float32)
                decay = math_ops.minimum(decay, (1.0 + num_updates) / (10.0 + num_updates))
            for var in var_list:
                assign_moving_average(self._averages[var.ref()], var, decay)
        # eagerly the updates have run (tf.group gives None); in a graph, the Operation running them
        return None if graph is None else operation_since(graph, start, self._name)

    def average(self, var):
        """The shadow variable of `var` (None when it is not averaged)."""
        return self._averages.get(var.ref(), None)

    def average_name(self, var):
        """The name a checkpoint gives `var`'s shadow variable."""
        if var.ref() in self._averages:
            return self._averages[var.ref()].name[:-2]
        base = var.name[:-2] if var.name.endswith(":0") else var.name
        return f"{base}/{self._name}"

    def variables_to_restore(self, moving_avg_variables=None):
        """{checkpoint name: variable} restoring each averaged variable from its shadow's value (and the
        other global variables from their own)."""
        graph = _graph.current_graph()
        name_map = {}
        if moving_avg_variables is None:
            moving_avg_variables = trainable_variables() + (
                graph.get_collection(GraphKeys.MOVING_AVERAGE_VARIABLES) if graph is not None else [])
        for v in moving_avg_variables:
            name_map[self.average_name(v)] = v
        moving_names = set(v.name for v in moving_avg_variables)
        for v in global_variables():
            if v.name not in moving_names and v.name[:-2] not in name_map:
                name_map[v.name[:-2]] = v
        return name_map
