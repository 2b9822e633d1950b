"""The base of TensorFlow 1's optimizers (tensorflow/python/training/optimizer.py).

apply_gradients validates every (gradient, variable) pair before it updates any, so a failed
step changes no variable, slot or step counter (TensorFlow's own loop stops half way); in a
graph, a pair whose fit depends on run-time shapes is checked by a node run before the step's
first update. Each dense update is one fused core op; IndexedSlices gradients are summed per
index first (TensorFlow's _deduplicate_indexed_slices) and go to the sparse ops. Slots are
named by uniquely named variable scopes, as TensorFlow's slot_creator names them.
"""
import contextlib

import numpy as np

from varrt.autodiff.backprop import GradientTape
from varrt.base import errors
from varrt.framework import graph_building, variable_scope_store
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.variables import Variable, colocate_with
from varrt.graph import graph as ops
from varrt.ops import math_ops

GATE_NONE, GATE_OP, GATE_GRAPH = 0, 1, 2


def hyper_value(value):
    """A hyperparameter as TensorFlow's _prepare converts it: a callable is called; Python numbers
    become float32 (convert_to_tensor), tensors and variables keep their dtype. A NumPy 0-d array."""
    if callable(value):
        value = value()
    if isinstance(value, (Tensor, Variable)):
        return np.asarray(value.numpy())
    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        return np.asarray(value)
    return np.asarray(value, np.float32)


def deduplicate(values, indices):
    """(summed values, unique indices): TensorFlow's unique (first-appearance order) then
    unsorted_segment_sum (zeros, then each row added in order)."""
    indices = np.asarray(indices).reshape(-1)
    unique, first, inverse = np.unique(indices, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    segments = rank[inverse.reshape(-1)]
    summed = np.zeros((len(unique),) + values.shape[1:], values.dtype)
    np.add.at(summed, segments, values)
    return summed, unique[order]


def sparse_input_is_bad(rows, indices, var):
    """Whether a sparse update of `var` would be refused (dtype, row shape, index range)."""
    shape = var.shape.as_list()
    return (rows.dtype != var.dtype.as_numpy_dtype or not shape or list(rows.shape[1:]) != shape[1:]
            or len(rows) != len(indices) or (len(indices) and (indices.min() < 0 or indices.max() >= shape[0])))


def _fits_statically(grad, var):
    """Whether a gradient, in a graph being built, has its variable's dtype and shape whatever
    values the graph runs on."""
    shape = graph_building.shape_of(grad)
    return grad.dtype == var.dtype and shape.is_fully_defined() and shape == var.shape


def _first_update_recorded_by(update):
    """Runs `update` (recording it into the graph being built) and returns the index, among the
    graph's nodes, of the first stateful node it made (None if it made none)."""
    graph = graph_building.current()
    start = len(graph.nodes)
    update()
    return next((i for i in range(start, len(graph.nodes)) if graph._io[i][3]), None)


class Optimizer:
    """Base class: subclasses define _create_slots, _prepare, _apply_dense, _apply_sparse (given
    deduplicated NumPy rows and indices) and _finish."""

    def __init__(self, use_locking, name):
        if not name:
            raise ValueError("Must specify the optimizer name")
        self._use_locking = use_locking
        self._name = name
        self._slots = {}  # slot name -> {variable ref: slot variable}
        self._non_slot = {}  # name -> variable (Adam's beta powers)

    def get_name(self):
        return self._name

    # -- slots ---------------------------------------------------------------------------

    def get_slot_names(self):
        return sorted(self._slots)

    def get_slot(self, var, name):
        named = self._slots.get(name)
        if not named:
            return None
        return named.get(var.ref())

    def variables(self):
        """The optimizer's variables, non-slot and slots, sorted by name (TensorFlow's order)."""
        out = list(self._non_slot.values())
        for name in sorted(self._slots):
            out.extend(self._slots[name].values())
        return sorted(out, key=lambda v: v.name)

    def _slot_name(self, var):
        name = var.name
        return name[:-2] if name.endswith(":0") else name

    def _make_slot(self, var, value, slot_name, op_name):
        named = self._slots.setdefault(slot_name, {})
        if var.ref() not in named:
            # TensorFlow names a slot by the variable scope it opens for it ("model/w/Adam", then
            # "model/w/Adam_1" for the variable's next slot): unique, so a Saver can save them all.
            name = variable_scope_store.open_unique_scope(f"{self._slot_name(var)}/{op_name}")
            with colocate_with(var):
                named[var.ref()] = Variable(value, trainable=False, name=name, dtype=var.dtype)
        return named[var.ref()]

    def _zeros_slot(self, var, slot_name, op_name):
        existing = self.get_slot(var, slot_name)
        if existing is not None:  # every step asks; allocate zeros only once
            return existing
        return self._make_slot(var, np.zeros(var.shape.as_list(), var.dtype.as_numpy_dtype), slot_name, op_name)

    def _create_non_slot_variable(self, initial_value, name, colocate_with_var=None):
        if name not in self._non_slot:
            with colocate_with(colocate_with_var) if colocate_with_var is not None else contextlib.nullcontext():
                self._non_slot[name] = Variable(initial_value, trainable=False, name=name)
        return self._non_slot[name]

    def _get_non_slot_variable(self, name):
        return self._non_slot.get(name)

    # -- the steps -------------------------------------------------------------------------

    def compute_gradients(self, loss, var_list=None, gate_gradients=GATE_OP, aggregation_method=None,
                          colocate_gradients_with_ops=False, grad_loss=None):
        graph = ops.current_graph()
        if graph is not None and not callable(loss):
            # A TensorFlow 1 graph: differentiate the recorded loss (ops.Graph.gradients).
            if var_list is None:
                var_list = graph.get_collection(ops.GraphKeys.TRAINABLE_VARIABLES)
            var_list = list(var_list)
            grads = graph.gradients(loss, var_list, grad_loss)
            return list(zip(grads, var_list))
        if not callable(loss):
            raise RuntimeError("`loss` passed to Optimizer.compute_gradients should be a function when eager "
                               "execution is enabled.")
        with GradientTape() as tape:
            if var_list is not None:
                tape.watch(var_list)
            loss_value = loss()
        if var_list is None:
            var_list = tape.watched_variables()
        var_list = list(var_list)
        grads = tape.gradient(loss_value, var_list, grad_loss)
        return list(zip(grads, var_list))

    def minimize(self, loss, global_step=None, var_list=None, gate_gradients=GATE_OP, aggregation_method=None,
                 colocate_gradients_with_ops=False, name=None, grad_loss=None):
        """Adds (in a graph) or runs (eagerly) one step minimizing `loss`.

        Args:
            loss: The loss: a tensor in graph mode, a callable returning it when executing
                eagerly.
            global_step: An optional integer variable incremented after the update.
            var_list: The variables to update (default: the trainable variables).
            gate_gradients: Accepted for compatibility (`GATE_OP`, `GATE_NONE`, `GATE_GRAPH`).
            aggregation_method: Accepted for compatibility.
            colocate_gradients_with_ops: Accepted for compatibility.
            name: An optional name for the returned operation.
            grad_loss: Optional gradient of `loss`.

        Returns:
            In a graph, the operation applying the step (run it with a `Session`); executing
            eagerly, None.

        Raises:
            ValueError: If no variable has a gradient.
            InvalidArgumentError: If a gradient does not fit its variable; no variable, slot or
                step counter changes then.
        """
        grads_and_vars = self.compute_gradients(loss, var_list=var_list, gate_gradients=gate_gradients,
                                                aggregation_method=aggregation_method,
                                                colocate_gradients_with_ops=colocate_gradients_with_ops,
                                                grad_loss=grad_loss)
        vars_with_grad = [v for g, v in grads_and_vars if g is not None]
        if not vars_with_grad:
            raise ValueError("No gradients provided for any variable, check your graph for ops that do not support "
                             "gradients, between variables %s and loss %s." %
                             ([str(v) for _, v in grads_and_vars], loss))
        return self.apply_gradients(grads_and_vars, global_step=global_step, name=name)

    def apply_gradients(self, grads_and_vars, global_step=None, name=None, skip_gradients_aggregation=False):
        graph = ops.current_graph()
        if graph is None:
            return self._apply_gradients(grads_and_vars, global_step, name)
        # In a TensorFlow 1 graph the updates are recorded, not run: the step is the Operation
        # running them (and what they need) in Session.run.
        start = len(graph._records)
        self._apply_gradients(grads_and_vars, global_step, name)
        return graph.noop_operation(name or self._name, graph.nodes_since(start))

    def _apply_gradients(self, grads_and_vars, global_step=None, name=None):
        grads_and_vars = tuple(grads_and_vars)
        if not grads_and_vars:
            raise ValueError("No variables provided.")
        converted = []
        for g, v in grads_and_vars:
            if g is not None and not isinstance(g, IndexedSlices):
                try:
                    g = convert_to_tensor(g)
                except (TypeError, ValueError):
                    raise TypeError("Gradient must be convertible to a Tensor or IndexedSlices, or None: %s" % (g,))
            if not isinstance(v, Variable):
                raise NotImplementedError("Trying to update a Tensor ", v)
            converted.append((g, v))
        var_list = [v for g, v in converted if g is not None]
        if not var_list:
            raise ValueError("No gradients provided for any variable: %s." % ([str(v) for _, v in converted],))
        self._create_slots(var_list)
        self._prepare()
        updates, checked_when_run = [], []
        for g, v in converted:  # every check before the first update
            if g is None:
                continue
            if isinstance(g, IndexedSlices):
                updates.append(self._checked_sparse_update(g, v))
                continue
            if graph_building.building() and not _fits_statically(g, v):
                checked_when_run.append((len(updates), g, v))
            else:
                self._check(g, v)
            updates.append(lambda g=g, v=v: self._apply_dense(g, v))
        blame = self._record_check(checked_when_run) if checked_when_run else {}
        for k, update in enumerate(updates):
            if k in blame:
                blame[k].append(_first_update_recorded_by(update))
            else:
                update()
        self._finish()
        if global_step is not None:
            global_step.assign_add(1)
        return None

    def _record_check(self, pairs):
        """While a graph is built: a node, before the step's first update, checking the (index,
        gradient, variable) `pairs` whose fit is known only when the graph runs. It raises what
        the update would (the fused op itself, run eagerly only to refuse), so a failed step
        changes no variable, as eagerly. Returns {index: []}, each list to receive the graph node
        of that pair's update, which the error names (the node TensorFlow reports)."""
        blame = {k: [] for k, _, _ in pairs}
        variables = [(k, v) for k, _, v in pairs]

        def check(*grads):
            for grad, (k, var) in zip(grads, variables):
                if grad.dtype != var.dtype or grad.shape != var.shape:
                    self._prepare()  # the hyperparameters as eager values: this run of the op only fails
                    try:
                        self._apply_dense(grad, var)
                    except errors.OpError as e:
                        e.failed_node = blame[k][0] if blame[k] else None
                        raise

        graph_building.current().add_call_node("Assert", check, [g for _, g, _ in pairs], 0)
        return blame

    def _check(self, grad, var):
        """Raises the fused op's error when it would refuse (grad, var): the op runs only after
        every pair passed, so it must not fail then."""
        if grad.dtype != var.dtype or grad.shape != var.shape:
            self._apply_dense(grad, var)  # fails before writing, with TensorFlow's message

    def _checked_sparse_update(self, grad, var):
        """The update for an IndexedSlices gradient, after its checks: rows summed per index
        (TensorFlow's _resource_apply_sparse_duplicate_indices), then the sparse op."""
        values = np.asarray(convert_to_tensor(grad.values).numpy())
        rows, indices = deduplicate(values, convert_to_tensor(grad.indices).numpy())
        if sparse_input_is_bad(rows, indices, var):
            self._apply_sparse(rows, var, indices)  # fails before writing, with TensorFlow's message
        return lambda: self._apply_sparse(rows, var, indices)

    def _create_slots(self, var_list):
        pass

    def _prepare(self):
        pass

    def _finish(self):
        pass

    # Hyperparameters cast to a variable's dtype, as NumPy 0-d arrays (cached per dtype).
    def _cast(self, value, var):
        if isinstance(value, Tensor):  # a value read in a graph being built (Adam's beta powers)
            return math_ops.cast(value, var.dtype)
        return np.asarray(value, var.dtype.as_numpy_dtype)

    def _checkpoint_children(self):
        """Non-slot variables by name (TensorFlow's `optimizer/beta1_power` keys)."""
        return list(self._non_slot.items())

    def _restore_slot(self, var, slot_name):
        """The slot a checkpoint restores into, created (zeros, overwritten by the restore) when
        this optimizer has not made it yet."""
        return self.get_slot(var, slot_name) or self._zeros_slot(var, slot_name, self._name)

    def _checkpoint_slot_variables(self):
        """(original variable, slot name, slot variable) for the checkpoint's slot references."""
        return [(ref.deref(), name, slot) for name in sorted(self._slots) for ref, slot in self._slots[name].items()]
