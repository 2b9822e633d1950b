"""`MirroredVariable`: a variable made under MirroredStrategy's scope, one component Variable
per replica device (distribute/values.py).

In a replica (inside `strategy.run`) it is that replica's component: reads, updates and ops see
it alone. In cross-replica context reads see the first (primary) component and updates write
every component, so the copies stay equal. Checkpoints save the primary's value under the
variable's own key, so a checkpoint written under the strategy restores without it and the
other way round; a restore writes every component (`framework.variables.resource_variable_of`
gives checkpoints the primary; `assign` here is what restores call through the container).

It is not a tf.Variable subclass (a tf.Variable is one core resource); like Keras's variable it
says `_should_act_as_resource_variable`, so tapes, optimizers and checkpoints use the
component of the current replica.
"""
import numpy as np

from varrt.distribute import values as values_lib
from varrt.framework import distribution_context
from varrt.framework.device_scope import device
from varrt.framework.tensor import convert_to_tensor
from varrt.ops.math_ops import add_n, cast, divide


def _replica_id(strategy):
    """The current replica's id when in a replica of `strategy`, else None (cross-replica)."""
    entry = distribution_context.current()
    if entry is None or entry[1] is None or entry[0] is not strategy:
        return None
    return entry[1]._replica_id


class MirroredVariable(values_lib.DistributedValues):
    """A variable kept equal on each replica's device."""

    _should_act_as_resource_variable = True
    _as_function_output = None  # a tf.function returns its value (read as a variable's), not its copies

    def __init__(self, strategy, components):
        super().__init__(components)
        self._strategy = strategy
        for c in components:
            c._distributed_container = self

    # --- which component --------------------------------------------------------------------

    @property
    def _current_variable(self):
        """The Variable the current context uses: its replica's, or the primary."""
        rid = _replica_id(self._strategy)
        return self._values[0 if rid is None else rid]

    def value(self):
        """The value of the copy the context uses, as a tensor (tf.Variable's `value()`)."""
        return self._as_tensor()

    @property
    def primary(self):
        """The first replica's component."""
        return self._values[0]

    @property
    def distribute_strategy(self):
        """The strategy that made it."""
        return self._strategy

    def _restored_from(self, component):
        """After a checkpoint restored `component` (or an optimizer updated it in cross-replica
        context): the other copies take its value."""
        value = component.read_value()
        for other in self._values:
            if other is not component:
                other.assign(value, read_value=False)

    # --- a variable's surface -------------------------------------------------------------

    name = property(lambda self: self._values[0].name, doc="The primary's name (\"w:0\").")
    dtype = property(lambda self: self._values[0].dtype, doc="The dtype of every copy.")
    shape = property(lambda self: self._values[0].shape, doc="The shape of every copy.")
    device = property(lambda self: self._current_variable.device, doc="The device of the copy the context uses.")
    trainable = property(lambda self: self._values[0].trainable, doc="Whether gradient tapes watch it.")
    synchronization = property(lambda self: self._values[0].synchronization, doc="Its tf.VariableSynchronization.")
    aggregation = property(lambda self: self._values[0].aggregation, doc="Its tf.VariableAggregation.")
    constraint = property(lambda self: self._values[0].constraint, doc="The optimizers' projection, or None.")
    handle = property(lambda self: self._current_variable.handle, doc="The resource handle of the copy the context uses.")

    def get_shape(self):
        """The shape of every copy."""
        return self.shape

    def numpy(self):
        """The value of the copy the context uses, as a NumPy array."""
        return self._current_variable.numpy()

    def read_value(self):
        """The value of the copy the context uses, as a tensor."""
        return self._current_variable.read_value()

    def _as_tensor(self):
        return self._current_variable._as_tensor()

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self._current_variable.numpy(), dtype=dtype)

    def _update(self, method, value, read_value):
        rid = _replica_id(self._strategy)
        if rid is not None:  # in a replica: its own copy (aggregation NONE: TensorFlow's per-replica update)
            return getattr(self._values[rid], method)(value, read_value=read_value)
        for component in self._values[1:]:
            getattr(component, method)(value, read_value=False)
        return getattr(self._values[0], method)(value, read_value=read_value)

    def assign(self, value, use_locking=False, name=None, read_value=True):
        """Sets every component (in a replica: its own) to `value`."""
        return self._update("assign", value, read_value)

    def assign_add(self, delta, use_locking=False, name=None, read_value=True):
        """Adds `delta` to every component (in a replica: its own)."""
        return self._update("assign_add", delta, read_value)

    def assign_sub(self, delta, use_locking=False, name=None, read_value=True):
        """Subtracts `delta` from every component (in a replica: its own)."""
        return self._update("assign_sub", delta, read_value)

    def __getitem__(self, idx):
        return self._current_variable[idx]

    def __int__(self):
        return int(self._current_variable.numpy())

    def __float__(self):
        return float(self._current_variable.numpy())

    def __len__(self):
        return len(self._current_variable)

    def __bool__(self):
        return bool(self._current_variable)

    __hash__ = object.__hash__


def _forward(op_name):
    def method(self, *args):
        return getattr(self._as_tensor(), op_name)(*args)
    method.__name__ = op_name
    return method


# A tf.Variable's operators, on the component the context reads.
for _op in ("neg", "pos", "abs", "invert", "eq", "ne", "lt", "le", "gt", "ge", "add", "radd", "sub", "rsub", "mul",
            "rmul", "truediv", "rtruediv", "floordiv", "rfloordiv", "mod", "rmod", "pow", "rpow", "matmul",
            "rmatmul", "and", "rand", "or", "ror", "xor", "rxor"):
    setattr(MirroredVariable, f"__{_op}__", _forward(f"__{_op}__"))
MirroredVariable.__hash__ = object.__hash__


class SyncOnReadVariable(MirroredVariable):
    """A variable made with `synchronization=ON_READ` under MirroredStrategy (a metric's total and
    count): each replica updates its own copy; read in cross-replica context it is the copies
    aggregated (SUM, MEAN, or the first's for ONLY_FIRST_REPLICA), and an assignment there
    gives each copy the value (divided by the replica count for SUM, so the sum is the value)."""

    def _aggregated(self):
        if _replica_id(self._strategy) is not None:
            return self._current_variable.read_value()
        reads = [c.read_value() for c in self._values]
        name = getattr(self.aggregation, "name", "NONE")
        if name in ("SUM", "MEAN"):
            total = add_n(reads) if len(reads) > 1 else reads[0]
            return divide(total, cast(len(reads), total.dtype)) if name == "MEAN" else total
        return reads[0]

    def read_value(self):
        """The copies aggregated (in a replica: its own copy's value)."""
        return self._aggregated()

    def _as_tensor(self):
        return self._aggregated()

    def numpy(self):
        """The aggregated value as a NumPy array."""
        return self._aggregated().numpy()

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self._aggregated().numpy(), dtype=dtype)

    def _update(self, method, value, read_value):
        rid = _replica_id(self._strategy)
        if rid is not None or method != "assign":
            return super()._update(method, value, read_value)
        if getattr(self.aggregation, "name", "NONE") == "SUM":
            value = divide(convert_to_tensor(value, self.dtype), cast(len(self._values), self.dtype))
        for component in self._values:
            component.assign(value, read_value=False)
        return self._values[0] if read_value else None

    def __repr__(self):
        return super().__repr__().replace("MirroredVariable:", "SyncOnReadVariable:", 1)

    __str__ = __repr__


def make_mirrored(strategy, devices, make, args, kwargs):
    """A MirroredVariable (a SyncOnReadVariable for `synchronization=ON_READ`) of one
    `make(*args, **kwargs)` Variable per device: the first named as asked, the others
    "<name>/replica_<i>", each starting with the first's value."""
    components = []
    with distribution_context.plain_variables():
        for i, d in enumerate(devices):
            with device(d):
                if i == 0:
                    components.append(make(*args, **kwargs))
                else:
                    primary = components[0]
                    extra = dict(kwargs)
                    extra.pop("initial_value", None)
                    rest = args[1:]
                    extra["name"] = f"{primary.name.rsplit(':', 1)[0]}/replica_{i}"
                    components.append(make(primary.read_value(), *rest, **extra))
    on_read = getattr(components[0].synchronization, "name", "") == "ON_READ"
    return (SyncOnReadVariable if on_read else MirroredVariable)(strategy, components)
