"""The base of varrt's Keras 3 optimizers (keras/src/optimizers/base_optimizer.py, TensorFlow
backend): Keras 3's constructor arguments and defaults, `build`, `apply`, `apply_gradients`,
`iterations`, a settable `learning_rate` (or a schedule), gradient clipping, `variables` in
Keras's order, and checkpoint dependencies under Keras's names (`_iterations`,
`_learning_rate`, `_variables`).

Keras computes an update in several TensorFlow ops per variable; varrt runs a whole step as ONE
fused core op over every variable (a multi-tensor apply, as PyTorch's fused optimizers), eager
and in a graph alike, reproducing Keras's arithmetic bit for bit: the learning rate and the
iteration count are the op's tensor inputs, so a traced step reads their values each run, and
each variable's kernel casts them (and Keras's Python-float constants) to its dtype as Keras
does. The placement log shows that op (`KerasAdam`, `KerasSGD`, ...) once per step and device,
not Keras's sequence: a documented difference. Every gradient is checked before any variable
changes, so a failed step changes no variable, slot or `iterations` (Keras under TensorFlow
stops half way).

An IndexedSlices gradient (an Embedding's) takes Keras's sparse update step instead
(sparse_steps.py: Keras squares and divides slice by slice and scatters into the variable, which
the fused dense step on the summed gradient would not reproduce), as TensorFlow ops.

Arguments varrt does not implement are refused with NotImplementedError naming them.
"""
import warnings

import numpy as np

from varrt.framework import distribution_context
from varrt.framework import graph_building as _graph_building

from varrt.base import dtypes
from varrt.base.naming import to_snake_case
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.variables import Variable, colocate_with, resource_variable_of
from varrt.optimizers.keras import ema, schedules
from varrt.optimizers.keras.clipping import clip_by_global_norm, clip_by_norm
from varrt.trackable import data_structures
from varrt.ops import clip_ops
from varrt.ops import math_ops
from varrt.ops.gradients import grad_util

_names = {}


def _auto_name(cls_name):
    """Keras's auto_name: snake case of the class name, then _1, _2, ... for later instances."""
    snake = to_snake_case(cls_name)
    n = _names.get(snake, 0)
    _names[snake] = n + 1
    return snake if n == 0 else f"{snake}_{n}"


def _refuse(**arguments):
    for name, value in arguments.items():
        if value:
            raise NotImplementedError(f"varrt's Keras optimizers do not implement `{name}` (received {name}={value!r})")


class Optimizer:
    """The base of Keras 3's optimizers: hyperparameters, the iteration counter, slots created beside
    their variables, gradient clipping, and apply/apply_gradients (a step: one fused op for all
    variables)."""

    def __init__(self, learning_rate, weight_decay=None, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        if kwargs.pop("decay", None) is not None:
            warnings.warn("Argument `decay` is no longer supported and will be ignored.")
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")
        _refuse(weight_decay=weight_decay, loss_scale_factor=loss_scale_factor,
                gradient_accumulation_steps=gradient_accumulation_steps)
        if use_ema:
            ema.check_arguments(ema_momentum, ema_overwrite_frequency)
        if sum(a is not None for a in (clipnorm, clipvalue, global_clipnorm)) > 1:
            raise ValueError("Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set. Received: "
                             f"clipnorm={clipnorm}, clipvalue={clipvalue}, global_clipnorm={global_clipnorm}")
        self.name = name if name is not None else _auto_name(type(self).__name__)
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.clipvalue = clipvalue
        self.global_clipnorm = global_clipnorm
        self.use_ema = use_ema
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self.built = False
        # A ListWrapper, as Keras's list under TensorFlow: checkpoint values restored before
        # `build` wait on it for their index and are assigned as each slot is appended.
        self._variables = data_structures.ListWrapper()
        self._trainable_variables = []
        self._index = {}  # id(variable) -> position in build order
        self._update_lists = None  # per trained variable: it and its slots (_update_variables)
        self._one_device = True
        with distribution_context.plain_variables():
            self._iterations = Variable(0, name="iteration", dtype=dtypes.int64, trainable=False)
        self._variables.append(self._iterations)
        if isinstance(learning_rate, schedules.LearningRateSchedule) or callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if not isinstance(learning_rate, float):
                raise ValueError(
                    "Argument `learning_rate` should be float, or an instance of LearningRateSchedule, or a callable "
                    "(that takes in the current iteration value and returns the corresponding learning rate value). "
                    f"Received instead: learning_rate={learning_rate}")
            with distribution_context.plain_variables():
                self._learning_rate = Variable(learning_rate, name="learning_rate", dtype=dtypes.float32,
                                               trainable=False)
            self._variables.append(self._learning_rate)

    # -- state -----------------------------------------------------------------------------

    @property
    def iterations(self):
        """The number of steps applied so far (a non-trainable int64 Variable)."""
        return self._iterations

    @property
    def variables(self):
        """The optimizer's own variables: the iteration counter and every slot, in creation order."""
        return self._variables[:]

    @property
    def learning_rate(self):
        """The current learning rate (a schedule's value at the current iteration)."""
        return self._get_current_learning_rate()

    @learning_rate.setter
    def learning_rate(self, learning_rate):
        previous = self._learning_rate if isinstance(self._learning_rate, Variable) else None
        if isinstance(learning_rate, schedules.LearningRateSchedule) or callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if isinstance(self._learning_rate, schedules.LearningRateSchedule):
                raise TypeError(
                    "This optimizer was created with a `LearningRateSchedule` object as its `learning_rate` "
                    "constructor argument, hence its learning rate is not settable. If you need the learning rate "
                    "to be settable, you should instantiate the optimizer with a float `learning_rate` argument.")
            self._learning_rate.assign(learning_rate)
        if previous is not None and not isinstance(self._learning_rate, Variable):
            self._variables = data_structures.ListWrapper(v for v in self._variables if v is not previous)

    def _get_current_learning_rate(self):
        if isinstance(self._learning_rate, schedules.LearningRateSchedule):
            return self._learning_rate(self._iterations)
        if isinstance(self._learning_rate, Variable):
            return self._learning_rate
        if callable(self._learning_rate):
            return self._learning_rate()
        return self._learning_rate

    def add_variable_from_reference(self, reference_variable, name=None, initializer="zeros"):
        """A zero-initialised slot Variable shaped like `reference_variable` (a Variable or a Keras
        variable), created beside it."""
        # Keras's name: a Keras variable's path ("dense/kernel" -> "dense_kernel"), else the name.
        path = getattr(reference_variable, "path", None)
        reference_variable = resource_variable_of(reference_variable)
        if path is not None:
            ref = path.replace("/", "_")
        else:
            ref = reference_variable.name.replace("/", "_").replace(":", "_")
        value = np.zeros(reference_variable.shape.as_list(), reference_variable.dtype.as_numpy_dtype)
        if initializer != "zeros":
            value[...] = initializer
        with colocate_with(reference_variable), distribution_context.plain_variables():
            v = Variable(value, name=f"{ref}_{name or 'var'}", trainable=False, dtype=reference_variable.dtype)
        self._variables.append(v)
        return v

    def add_optimizer_variables(self, trainable_variables, name, initializer="zeros"):
        """Keras's order: for each variable, one slot per name."""
        names = [name] if isinstance(name, str) else list(name)
        out = tuple([] for _ in names)
        for variable in trainable_variables:
            for i, n in enumerate(names):
                out[i].append(self.add_variable_from_reference(variable, n, initializer))
        return out[0] if isinstance(name, str) else out

    def build(self, variables):
        """Creates the optimizer's slots for `variables` (called by the first apply)."""
        if self.use_ema:  # first, as Keras: the averages come before the subclass's slots
            self._model_variables_moving_average = self.add_optimizer_variables(variables, "average")
        variables = [resource_variable_of(v) for v in variables]
        for i, variable in enumerate(variables):
            self._index[id(variable)] = i
        self._trainable_variables = list(variables)
        self._update_lists = None
        self.built = True

    def _get_variable_index(self, variable):
        return self._index[id(variable)]

    # -- steps -----------------------------------------------------------------------------

    def apply_gradients(self, grads_and_vars):
        """Applies gradients to variables: one update step for all of them.

        Args:
            grads_and_vars: An iterable of `(gradient, variable)` pairs; a None gradient
                leaves its variable out of the step.

        Returns:
            The optimizer's `iterations` variable (the step count, incremented).

        Raises:
            ValueError: If no gradient is given for any variable, or a variable is not one the
                optimizer was built for.
            InvalidArgumentError: If a gradient's shape does not match its variable's, or the
                variable's dtype is not a float; no variable, slot or counter changes then.
        """
        grads, trainable_variables = zip(*grads_and_vars)
        self.apply(grads, trainable_variables)
        return self._iterations

    def apply(self, grads, trainable_variables=None):
        """Applies `grads` to `trainable_variables` (the variables the optimizer was built with when None)."""
        if len(grads) == 0:
            return
        replica = distribution_context.current_replica_context()
        if replica is not None:
            # In a replica of a strategy (Keras's fit under MirroredStrategy): the replicas'
            # gradients are summed and applied once, in cross-replica context, to the primary
            # copies, which the other copies then follow.
            variables = None if trainable_variables is None else list(trainable_variables)
            replica.merge_call(_apply_summed, args=(self, list(grads), variables))
            return
        self._apply(grads, trainable_variables)

    def _apply(self, grads, trainable_variables):
        if trainable_variables is None:
            if not self.built:
                raise ValueError("When passing `grads` without `variables`, the optimizer must already be built on a "
                                 "list of variables. Call `optimizer.build(trainable_variables)` first. ")
            if len(grads) != len(self._index):
                raise ValueError(
                    "When passing `grads` as a list of gradient tensors, the gradients must match "
                    f"`optimizer.variables` one-to-on. Received a list of {len(grads)} gradients, but the optimizer "
                    f"is tracking {len(self._trainable_variables)} trainable variables.")
            trainable_variables = self._trainable_variables
        else:
            trainable_variables = [resource_variable_of(v) for v in trainable_variables]
            if not self.built:
                self.build(trainable_variables)
                self.built = True
            for v in trainable_variables:
                if id(v) not in self._index:
                    raise ValueError(f"Unknown variable: {v}. This optimizer can only be called for the variables it "
                                     "was originally built with. When working with a new set of variables, you should "
                                     "recreate a new optimizer instance.")
        grads, trainable_variables = self._filter_empty_gradients(grads, trainable_variables)
        updated = trainable_variables
        grads, trainable_variables, sparse = self._split_sparse(grads, trainable_variables)
        if _graph_building.building():
            grads = self._traced_gradients(grads, trainable_variables)
        else:
            grads = self._clip_gradients([self._dense_gradient(g, v) for g, v in zip(grads, trainable_variables)])
        lr, iterations = self._step_scalars()
        if grads:
            for flat, group_grads in self._device_groups(grads, trainable_variables):
                self._fused_update(flat, group_grads, lr, iterations)
        for g, v in sparse:
            self._sparse_rule(v, self._slots_of(self._index[id(v)]), g, lr, iterations)
        if self.use_ema:
            averages = self._model_variables_moving_average
            ema.update_moving_averages(self._trainable_variables, averages, self._iterations, self.ema_momentum)
            if self.ema_overwrite_frequency:
                ema.overwrite_every(self._trainable_variables, averages, self._iterations,
                                    self.ema_overwrite_frequency)
        for v in updated:
            if v.constraint is not None:
                v.assign(v.constraint(v))
        self._iterations.assign_add(1)
        for v in updated:
            container = getattr(v, "_distributed_container", None)
            if container is not None:  # a MirroredVariable's primary: its other copies take the new value
                container._restored_from(v)

    # Keras's update step for an IndexedSlices gradient (sparse_steps.py), or None to apply the
    # densified gradient with the fused op.
    _sparse_step = None

    def _sparse_rule(self, variable, slots, gradient, learning_rate, iterations):
        type(self)._sparse_step(self, variable, slots, gradient, learning_rate, iterations)

    def _split_sparse(self, grads, variables):
        """(dense gradients, their variables, [(IndexedSlices, variable)]): the IndexedSlices
        gradients take Keras's sparse step when the optimizer has one."""
        if self._sparse_step is None or not any(isinstance(g, IndexedSlices) for g in grads):
            return grads, variables, []
        if self.clipnorm or self.global_clipnorm or self.clipvalue:
            raise NotImplementedError("varrt's Keras optimizers do not clip IndexedSlices gradients (such as an "
                                      "Embedding's) yet.")
        dense = [(g, v) for g, v in zip(grads, variables) if not isinstance(g, IndexedSlices)]
        sparse = [(g, v) for g, v in zip(grads, variables) if isinstance(g, IndexedSlices)]
        return [g for g, _ in dense], [v for _, v in dense], sparse

    def finalize_variable_values(self, var_list):
        """With use_ema, the variables take their moving averages (`fit` calls it at the end)."""
        if self.use_ema:
            ema.overwrite([resource_variable_of(v) for v in var_list], self._model_variables_moving_average)

    def _traced_gradients(self, grads, trainable_variables):
        """The gradients inside a graph being built (tf.function): dense, in each variable's dtype,
        clipped with graph ops, so each run of the graph clips its own gradients."""
        dense = []
        for g, v in zip(grads, trainable_variables):
            g = grad_util.dense(g) if isinstance(g, IndexedSlices) else convert_to_tensor(g)
            dense.append(g if g.dtype == v.dtype else math_ops.cast(g, v.dtype))
        if self.clipnorm and self.clipnorm > 0:
            dense = [clip_ops.clip_by_norm(g, self.clipnorm) for g in dense]
        elif self.global_clipnorm and self.global_clipnorm > 0:
            dense, _ = clip_ops.clip_by_global_norm(dense, self.global_clipnorm)
        elif self.clipvalue and self.clipvalue > 0:
            dense = [math_ops.clip_by_value(g, -self.clipvalue, self.clipvalue) for g in dense]
        return dense

    def _step_scalars(self):
        """The step's learning rate and iteration count as tensors (values read now, or a graph's
        nodes read each run), once per step: each variable's kernel casts them to its dtype."""
        lr = convert_to_tensor(self._get_current_learning_rate())  # a callable's Python float: float32, as tf.cast
        if lr.dtype not in (dtypes.float32, dtypes.float64):
            lr = math_ops.cast(lr, dtypes.float64)  # exact for the values a rate takes
        return lr, self._iterations.value()

    @staticmethod
    def _cast_constant(value):
        """Keras's ops.cast(python_float, variable.dtype): tf.cast makes the float a float32 tensor
        first, so even a float64 variable gets the float32 value (the kernel casts it on)."""
        return float(np.float32(value))

    def _update_variables(self):
        """Each trained variable followed by its slots, in the order the fused op takes them."""
        if self._update_lists is None:
            self._update_lists = [(v,) + self._slots_of(i) for i, v in enumerate(self._trainable_variables)]
            self._one_device = len({v.device for v in self._trainable_variables}) <= 1
        return self._update_lists

    def _device_groups(self, grads, variables):
        """(variables and slots, gradients) per device: an op runs where its variables live, so
        variables on several devices (parameter servers) take one fused op per device. The
        gradients' shapes are then checked first, so a bad one stops the step before any op."""
        lists = self._update_variables()
        index = self._index
        if self._one_device:
            flat = []
            for v in variables:
                flat.extend(lists[index[id(v)]])
            return [(flat, grads)]
        groups = {}
        for g, v in zip(grads, variables):
            flat, group_grads = groups.setdefault(v.device, ([], []))
            flat.extend(lists[index[id(v)]])
            group_grads.append(g)
        if len(groups) > 1:
            for g, v in zip(grads, variables):
                if not v.shape.is_compatible_with(g.shape):
                    self._fused_update(list(lists[index[id(v)]]), [g], *self._step_scalars())  # its error
        return list(groups.values())

    def _slots_of(self, index):
        """The slots of trained variable `index`, in the order the optimizer's fused op takes them."""
        raise NotImplementedError

    def _fused_update(self, variables, grads, learning_rate, iterations):
        """One fused step: `variables` each trained variable followed by its slots, `grads` one
        per variable in its dtype; `learning_rate` and `iterations` scalar tensors."""
        raise NotImplementedError

    def _dense_gradient(self, g, variable):
        """The gradient in the variable's dtype: a Tensor as is (no copy) when it has it, else an
        ndarray (IndexedSlices summed into zeros, as TensorFlow densifies them)."""
        if isinstance(g, Tensor) and g.dtype is variable.dtype:  # the common case, first: dtypes are singletons
            return g
        want = variable.dtype.as_numpy_dtype
        if isinstance(g, IndexedSlices):
            values = np.asarray(convert_to_tensor(g.values).numpy()).astype(want, copy=False)
            dense = np.zeros(variable.shape.as_list(), want)
            np.add.at(dense, np.asarray(convert_to_tensor(g.indices).numpy()).reshape(-1), values)
            return dense
        if isinstance(g, Tensor) and g.dtype == variable.dtype:
            return g
        if isinstance(g, (Tensor, Variable)):
            g = g.numpy()
        return np.asarray(np.asarray(g).astype(want, copy=False), order="C")  # a scalar's gradient stays 0-d

    def _filter_empty_gradients(self, grads, variables):
        if not any(g is None for g in grads):
            return grads, variables
        kept = [(g, v) for g, v in zip(grads, variables) if g is not None]
        if not kept:
            raise ValueError("No gradients provided for any variable.")
        missing = [v.name for g, v in zip(grads, variables) if g is None]
        if missing:
            warnings.warn(f"Gradients do not exist for variables {missing} when minimizing the loss. If using "
                          "`model.compile()`, did you forget to provide a `loss` argument?")
        return [g for g, _ in kept], [v for _, v in kept]

    def _clip_gradients(self, grads):
        if self.clipnorm or self.global_clipnorm or self.clipvalue:
            grads = [g.numpy() if isinstance(g, Tensor) else g for g in grads]
        if self.clipnorm and self.clipnorm > 0:
            return [clip_by_norm(g, self.clipnorm) for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return clip_by_global_norm(grads, self.global_clipnorm)
        if self.clipvalue and self.clipvalue > 0:
            v = self.clipvalue
            return [np.clip(g, g.dtype.type(-v), g.dtype.type(v)) for g in grads]
        return grads

    def get_config(self):
        """The optimizer's hyperparameters as a dict (from_config rebuilds it)."""
        return {"name": self.name, "learning_rate": self._learning_rate_config(), "weight_decay": self.weight_decay,
                "clipnorm": self.clipnorm, "global_clipnorm": self.global_clipnorm, "clipvalue": self.clipvalue,
                "use_ema": self.use_ema, "ema_momentum": self.ema_momentum,
                "ema_overwrite_frequency": self.ema_overwrite_frequency,
                "loss_scale_factor": self.loss_scale_factor,
                "gradient_accumulation_steps": self.gradient_accumulation_steps}

    def _learning_rate_config(self):
        if isinstance(self._learning_rate, Variable):
            return float(self._learning_rate.numpy())
        if isinstance(self._learning_rate, schedules.LearningRateSchedule):
            return schedules.serialize(self._learning_rate)
        return self._learning_rate

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """The optimizer a get_config() dict describes (a schedule's dict made a schedule again)."""
        if isinstance(config.get("learning_rate"), dict):
            config = {**config, "learning_rate": schedules.deserialize(config["learning_rate"], custom_objects)}
        return cls(**config)

    # -- Keras files (.keras, .weights.h5) ----------------------------------------------------

    def _obj_type(self):
        return "Optimizer"

    def save_own_variables(self, store):
        """Writes `variables` (the counter, the learning rate, the slots) as "0", "1", ..."""
        for i, variable in enumerate(self.variables):
            store[str(i)] = variable.numpy()

    def load_own_variables(self, store):
        """Assigns the values in `store`; a store of another length is skipped with Keras's warning
        (an optimizer that has not been built has only its counter and learning rate)."""
        variables = self.variables
        if len(store.keys()) != len(variables):
            msg = (f"Skipping variable loading for optimizer '{self.name}', because it has {len(variables)} "
                   f"variables whereas the saved optimizer has {len(store.keys())} variables. ")
            if len(variables) == 0:
                msg += "This is likely because the optimizer has not been called/built yet."
            warnings.warn(msg, stacklevel=2)
            return
        for i, variable in enumerate(variables):
            variable.assign(store[str(i)])

    # -- checkpoints -------------------------------------------------------------------------

    def _checkpoint_children(self):
        """Keras 3's dependencies: `_iterations`, `_learning_rate` (a variable), `_variables`, and
        once built `_trainable_variables` (the trained variables: a Sequential model's weights
        reach TensorFlow's checkpoint only through its optimizer, `model/optimizer/_trainable_variables/0`)."""
        out = [("_iterations", self._iterations)]
        if isinstance(self._learning_rate, Variable):
            out.append(("_learning_rate", self._learning_rate))
        out.append(("_variables", self._variables))
        if self._trainable_variables:
            out.append(("_trainable_variables", data_structures.ListWrapper(self._trainable_variables)))
        return out


def _apply_summed(strategy, optimizer, grads, variables):
    """The merge of a step's apply across replicas: each gradient summed over the replicas
    (TensorFlow's all-reduce), then one update."""
    summed = [None if g is None else strategy.reduce("SUM", g, axis=None) for g in grads]
    optimizer._apply(summed, variables)
