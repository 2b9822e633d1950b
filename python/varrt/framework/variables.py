"""`Variable`: named, typed, shape-checked mutable state — TensorFlow's resource variable.

A Variable *is* a core variable handle (`_C.VarHandle`, which it subclasses), so its hottest
methods (`numpy()`, the update kernels) dispatch straight into C++ without a Python frame.
Updates write in place when nobody holds the variable's buffer, and copy first when a read
tensor or NumPy view does (copy-on-write), so every value read stays unchanged.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import functools
import inspect
import sys
import threading
from typing import TYPE_CHECKING, Any, Callable, Optional

import numpy as np

from varrt import _C
from varrt.base import dtypes
from varrt.framework import tensor_equality
from varrt.framework import default_session
from varrt.framework import distribution_context as _distribution_context
from varrt.framework.device_scope import device
from varrt.framework import graph_building as _graph_building
from varrt.framework import name_scopes
from varrt.framework import variable_enums
from varrt.framework import dlpack_protocol as _dlpack
from varrt.framework.tensor import Reference, Tensor, TensorOperators, _numpy_text, _scalar, convert_to_tensor
from varrt.framework.tensor_shape import TensorShape

if TYPE_CHECKING:
    from varrt.framework.indexed_slices import IndexedSlices

# The indexed updates and reads (scatter_*, sparse_read, gather_nd) are ops: ops/variable_indexing.py,
# a layer above, sets this to itself when imported (importing varrt imports every op module).
_indexing: Any = None

_INPLACE_MESSAGES = {
    "+=": "`variable += value` with `tf.Variable`s is not supported. Use `variable.assign_add(value)` to modify the "
          "variable, or `out = variable + value` if you need to get a new output Tensor.",
    "-=": "`variable -= value` with `tf.Variable`s is not supported. Use `variable.assign_sub(value)` to modify the "
          "variable, or `out = variable * value` if you need to get a new output Tensor.",
}


def _inplace_message(op):
    if op in _INPLACE_MESSAGES:
        return _INPLACE_MESSAGES[op]
    return (f"`var {op} value` with `tf.Variable`s is not supported. Use `var.assign(var {op[:-1]} value)` to modify "
            f"the variable, or `out = var {op[:-1]} value` if you need to get a new output Tensor.")


def _refuse_inplace(op, name):
    def method(self, other):
        raise RuntimeError(_inplace_message(op))
    method.__name__ = name
    return method


_init_variable = _C._init_variable
_wrap = Tensor._wrap


class Variable(_C.VarHandle, TensorOperators):
    """A mutable tensor with a fixed dtype and a (possibly partially known) shape (`tf.Variable`).

    Reads share the variable's buffer; an update writes in place when nobody holds it and
    copies first when someone does (copy-on-write), so a value read earlier never changes.

    varrt adds `shared_name=` (and `container=`): the variable is then registered under that
    name for this process, so C, C++ and other Python code reach it with
    `Variable.from_shared_name`. This Variable owns it: when it is collected, the variable is
    destroyed for everyone. Without a shared_name (TensorFlow's default) a variable is
    anonymous.

    Args:
        initial_value: The initial value: a Tensor, another Variable (its value is copied), a
            NumPy array, a nested list, a scalar, or a callable returning one.
        trainable: Whether gradient tapes watch it and `Module.trainable_variables` lists it
            (default True; False for `synchronization=ON_READ`).
        validate_shape: Accepted as TensorFlow does; the shape is always the initial value's
            unless `shape` is given.
        caching_device: Accepted for compatibility and ignored.
        name: The variable's name (default `"Variable"`); names label, they do not identify.
        variable_def: Accepted for compatibility and ignored.
        dtype: The dtype; None infers it from `initial_value` (TensorFlow's conversion rules).
        import_scope: Accepted for compatibility and ignored.
        constraint: A function applied to the value by optimizers after each update.
        synchronization: A `tf.VariableSynchronization` (stored; one copy per variable here).
        aggregation: A `tf.VariableAggregation` (stored; one copy per variable here).
        shape: The declared shape; `[None]` or `tf.TensorShape(None)` allow assigning values of
            other shapes later.
        experimental_enable_variable_lifting: Accepted for compatibility and ignored.
        shared_name: varrt's: register the variable under this name in this process.
        container: varrt's: the container of `shared_name`.
        **unused_kwargs: Other keyword arguments are ignored, as TensorFlow's eager Variable
            ignores them.

    Raises:
        ValueError: If `initial_value` is None or a ragged list, if it does not fit `shape`,
            if `constraint` is not callable, if `aggregation` or `synchronization` is not a
            valid mode, or if a `tf.function` creates it on a trace other than its first.
        TypeError: If `initial_value` cannot be represented in `dtype`.
        AlreadyExistsError: If `shared_name` is already taken in this process.
    """

    def __init__(self, initial_value: Any = None, trainable: Optional[bool] = None, validate_shape: bool = True,
                 caching_device: Any = None, name: Optional[str] = None, variable_def: Any = None, dtype: Any = None,
                 import_scope: Optional[str] = None, constraint: Optional[Callable[[Tensor], Any]] = None,
                 synchronization: Any = None, aggregation: Any = None, shape: Any = None,
                 experimental_enable_variable_lifting: bool = True, shared_name: Optional[str] = None,
                 container: Optional[str] = None, **unused_kwargs: Any) -> None:
        # Unknown keyword arguments are ignored, as TensorFlow's eager Variable does.
        # `shared_name`/`container` are varrt's: see from_shared_name.
        if initial_value is None:
            raise ValueError("The `initial_value` arg to `tf.Variable` must be specified except when you are not "
                             "providing a `variable_def`. You provided neither.")
        watchers = _creation_watchers.stack if _watching[0] else ()
        for watcher in watchers:
            watcher.before_create()  # tf.function may forbid creation here (ValueError)
        if constraint is not None and not callable(constraint):
            raise ValueError(f"The `constraint` argument must be a callable. Received: {constraint}")
        if synchronization is not None or aggregation is not None:
            synchronization, aggregation, trainable = variable_enums.validate(synchronization, aggregation,
                                                                              trainable, name)
        # Inside a trace the variable is made now, eagerly (TensorFlow lifts its creation out of
        # the function graph: tf.init_scope); only its later uses are recorded. (A trace watches
        # creation, so outside one the check is the `watchers` test alone.)
        lifted = (_graph_building.init_scope() if watchers and _graph_building._state.graph is not None and
                  _graph_building._state.graph.lifts_variables else None)
        if lifted is not None:
            lifted.__enter__()
        placed = _placement_scope(watchers, name)  # a strategy's or a device function's choice
        if placed is not None:
            placed.__enter__()
        try:
            if callable(initial_value):
                initial_value = initial_value()
            initial_value = _initial_graph_value(initial_value, lifted, name)
            if dtype is not None:
                dtype = dtypes.as_dtype(dtype)
                if dtype._np is None or dtype.is_quantized:
                    dtypes.check_holds_tensors(dtype, initial_value)
            enum = 0 if dtype is None else dtype._enum
            base = name_scopes.variable_name(name)  # "scope/name"; eager TensorFlow does not uniquify
            building = _graph_building._state.graph
            if base and building is not None and not building.lifts_variables:
                base = building.unique_name(base)  # a TF1 graph's does, as its node names ("v", "v_1")
            if shape is None and shared_name is None:
                # validate_shape=False relaxes nothing in eager TensorFlow either. The shape is
                # then the initial value's, read lazily by the `shape` property.
                _init_variable(self, initial_value, enum, base)
            elif shape is None:
                _C.VarHandle.__init__(self, initial_value, enum, None, False, base, _str_arg(container, "container"),
                                      _str_arg(shared_name, "shared_name"))
                _register(self)
            else:
                declared = TensorShape(shape)
                unknown_rank = declared.rank is None
                dims = None if unknown_rank else [-1 if d is None else d for d in declared.as_list()]
                try:
                    _C.VarHandle.__init__(self, initial_value, enum, dims, unknown_rank, base,
                                          _str_arg(container, "container"), _str_arg(shared_name, "shared_name"))
                except ValueError as e:
                    if "Shape mismatch" not in str(e):
                        raise
                    value = _initial_tensor(initial_value, dtype)
                    raise ValueError(f"The initial value's shape ({value.shape}) is not compatible with the explicitly "
                                     f"supplied `shape` argument ({declared}).") from None
                _register(self)
        finally:
            if placed is not None:
                placed.__exit__(None, None, None)
            if lifted is not None:
                lifted.__exit__(None, None, None)
        # Only what differs from the class defaults is set: the first instance attribute costs
        # a dict of ~300 bytes, more than the rest of a small variable. The name, dtype and
        # shape live in the core variable.
        if trainable is not None:
            self._trainable = trainable
        if constraint is not None:
            self._constraint = constraint
        if synchronization is not None:  # both set by validate, or both left at the class defaults
            self._synchronization = synchronization
            self._aggregation = aggregation
        for watcher in watchers:
            watcher.on_created(self)

    @classmethod
    def from_shared_name(cls, shared_name: str, container: str = "") -> Variable:
        """The variable registered under `(container, shared_name)` in this process.

        Sharing by name works across languages: a variable created by a C++ program
        (`varrt::Variable::create` with `VariableOptions::shared_name`), by C
        (`varrt_variable_new`) or by Python (`Variable(..., shared_name=...)`) is found here,
        and the reverse. Both sides use one resource and one buffer: each sees the other's
        updates, with no copy.

        Lifetime: the creator owns the variable; this returns a *borrowing* Variable, whose
        collection never destroys it. When the owner goes (its last reference is collected,
        or it is destroyed explicitly), every operation on a borrowing Variable raises
        `FailedPreconditionError` ("Could not find variable ..."), and the name may be
        created again (a new, unrelated variable). Anonymous variables (created without a
        shared_name) are not reachable by name.

        Args:
            shared_name: The name the variable was created under.
            container: Its container (default `""`).

        Returns:
            A borrowing `Variable` over the same resource and buffer.

        Raises:
            NotFoundError: If nothing is registered under the name.
        """
        handle = _C.lookup_var_handle(_str_arg(shared_name, "shared_name"), _str_arg(container, "container"))
        v = cls.__new__(cls)
        _C.VarHandle.__init__(v, handle)
        _register(v)
        return v

    # Defaults, so that creation sets only what differs (creation speed and memory per variable
    # are product features).
    _trainable = True
    _constraint = None
    _synchronization = variable_enums.VariableSynchronization.AUTO
    _aggregation = variable_enums.VariableAggregation.NONE  # TensorFlow 1's enum, as TensorFlow reports

    # --- identity -----------------------------------------------------------------------

    # `name` ("scope/name:0"), `dtype` and `shape` are the core variable's, read by C getters (csrc/
    # bindings/variable.cc); an object made by __new__ alone raises the core's
    # FailedPreconditionError ("never created") for them, as for every op.
    if TYPE_CHECKING:  # what type checkers see of the properties bound in C below
        @property
        def name(self) -> str: ...
        @property
        def dtype(self) -> dtypes.DType: ...
        @property
        def shape(self) -> TensorShape: ...
        @property
        def device(self) -> str: ...
    else:
        name = _C.VarHandle.name
        dtype = _C.VarHandle.dtype
        # The declared shape (the initial value's unless `shape=` relaxed it), made on each access:
        # caching it on the instance would cost a dict per variable.
        shape = _C.VarHandle.shape

    def get_shape(self) -> TensorShape:
        """The variable's shape (as .shape)."""
        return self.shape

    @property
    def trainable(self) -> bool:
        """Whether gradient tapes watch this variable and optimizers update it."""
        return self._trainable

    @property
    def constraint(self):
        """The projection applied after each optimizer update, or None."""
        return self._constraint

    @property
    def handle(self):
        """The resource handle (this object: a Variable is its own handle)."""
        return self

    @property
    def initial_value(self):
        # Not kept: holding the initial tensor would pin the variable's first buffer and make
        # its first update copy. TensorFlow's eager variables refuse this property too.
        """Not kept by eager variables: raises RuntimeError, as TensorFlow's do."""
        raise RuntimeError("This property is not supported when eager execution is enabled.")

    @property
    def synchronization(self):
        """The variable's tf.VariableSynchronization."""
        return self._synchronization

    @property
    def aggregation(self):
        """The variable's tf.VariableAggregation."""
        return self._aggregation

    # --- reading --------------------------------------------------------------------------

    # read_value(): ReadVariableOp then Identity, the Tensor made in C (the most common read: no
    # Python frame, no TensorData between); its docstring is the C method's. Type checkers see
    # the signature below.
    if TYPE_CHECKING:
        def read_value(self) -> Tensor:
            """The variable's current value as a Tensor (ReadVariableOp, then Identity)."""
    else:
        read_value = _C.VarHandle.read_value

    def value(self) -> Tensor:
        """The current value as a Tensor (ReadVariableOp)."""
        return _wrap(self._read())

    _as_tensor = value

    # __array__(dtype=None, copy=None): a zero-copy read-only view (ReadVariableOp + Identity),
    # a writable copy with copy=True; a C method, as np.asarray(v) calls it on every conversion.
    __array__ = _C.VarHandle.__array__

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule over the current value (zero-copy, read-only; the variable's next
        update copies first, so the exported memory never changes under the consumer)."""
        return _dlpack._export(self._read(), stream, max_version, dl_device, copy)

    def __dlpack_device__(self):
        return _dlpack._device()

    def is_initialized(self, name: Optional[str] = None) -> Tensor:
        """Whether the variable holds a value, as a bool Tensor."""
        return Tensor._wrap(_C.op_result(np.array(self._is_initialized())))

    # --- updating -------------------------------------------------------------------------

    # The core handle's raw methods (csrc/bindings/variable.cc), named here so every method is
    # found in this file; being C functions, they run with no Python frame on the hot path.
    # assign(value, use_locking=None, name=None, read_value=True), assign_add(delta, ...) and
    # assign_sub(delta, ...) return _UnreadVariable(self), or None with read_value=False.
    if TYPE_CHECKING:
        def assign(self, value: Any, use_locking: Optional[bool] = None, name: Optional[str] = None,
                   read_value: bool = True) -> Variable:
            """Assigns a new value to the variable.

            The value is converted to the variable's dtype with TensorFlow's rules and must
            have a compatible shape; a failed assignment leaves the variable unchanged.

            Args:
                value: The new value: a Tensor, NumPy array, Python value or Variable.
                use_locking: Accepted for compatibility (updates always take the lock).
                name: A name for the operation (optional).
                read_value: If True, return the variable (read lazily); if False, None.

            Returns:
                The variable, or None with `read_value=False`.

            Raises:
                ValueError: If the shape does not fit (TensorFlow's "Shape mismatch" text) or
                    `value` is a Tensor of another dtype.
                TypeError: If a Python value cannot be represented in the dtype (a float into
                    an integer variable).
            """
        def assign_add(self, delta: Any, use_locking: Optional[bool] = None, name: Optional[str] = None,
                       read_value: bool = True) -> Variable:
            """Adds a value to the variable, in place when nobody else holds its buffer.

            Args:
                delta: The value to add, of the variable's shape (no broadcasting).
                use_locking: Accepted for compatibility (updates always take the lock).
                name: A name for the operation (optional).
                read_value: If True, return the variable (read lazily); if False, None.

            Returns:
                The variable, or None with `read_value=False`.

            Raises:
                InvalidArgumentError: If the shapes differ or the dtype is not numeric.
                TypeError: If a Python value cannot be represented in the dtype.
            """
        def assign_sub(self, delta: Any, use_locking: Optional[bool] = None, name: Optional[str] = None,
                       read_value: bool = True) -> Variable:
            """Subtracts a value from the variable, in place when nobody else holds its buffer.

            Args:
                delta: The value to subtract, of the variable's shape (no broadcasting).
                use_locking: Accepted for compatibility (updates always take the lock).
                name: A name for the operation (optional).
                read_value: If True, return the variable (read lazily); if False, None.

            Returns:
                The variable, or None with `read_value=False`.

            Raises:
                InvalidArgumentError: If the shapes differ or the dtype is not numeric.
                TypeError: If a Python value cannot be represented in the dtype.
            """
    else:
        assign = _C.VarHandle.assign
        assign_add = _C.VarHandle.assign_add
        assign_sub = _C.VarHandle.assign_sub
    _numpy_now = _C.VarHandle.numpy  # a new writable ndarray (ReadVariableOp + Identity)

    def numpy(self) -> np.ndarray:
        """Copies the current value into a new, writable NumPy array.

        Eager only, as in TensorFlow: inside a graph being built a value read into Python
        would be frozen into the graph. `np.asarray(v)` gives a zero-copy read-only view
        instead.

        Returns:
            A `numpy.ndarray` (a NumPy scalar for a 0-d variable).

        Raises:
            NotImplementedError: Inside a graph being built (`tf.function`, TensorFlow 1).
        """
        if _graph_building._state.graph is not None:
            raise NotImplementedError("numpy() is only available when eager execution is enabled.")
        return Variable._numpy_now(self)  # a TypeError for a non-variable `self`, from the C method
    # The other core methods are private: _read (ReadVariableOp),
    # _view/_value_view/_repr_view (read-only ndarrays), _is_initialized, _destroy,
    # _dtype_enum, _declared_shape, _debug_name, device.

    # Sparse updates and reads (ops/variable_indexing.py), with TensorFlow's signatures. Each
    # runs in the core under the variable's lock, copy-on-write; a failed op changes nothing.

    def scatter_sub(self, sparse_delta: IndexedSlices, use_locking: bool = False,
                    name: Optional[str] = None) -> Variable:
        """Subtracts `tf.IndexedSlices` from this variable.

        ResourceScatterSub; returns the variable."""
        return _indexing.scatter(self, "sub", sparse_delta)

    def scatter_add(self, sparse_delta: IndexedSlices, use_locking: bool = False,
                    name: Optional[str] = None) -> Variable:
        """Adds `tf.IndexedSlices` to this variable.

        ResourceScatterAdd; returns the variable."""
        return _indexing.scatter(self, "add", sparse_delta)

    def scatter_max(self, sparse_delta: IndexedSlices, use_locking: bool = False,
                    name: Optional[str] = None) -> Variable:
        """Updates this variable with the max of `tf.IndexedSlices` and itself.

        ResourceScatterMax; returns the variable."""
        return _indexing.scatter(self, "max", sparse_delta)

    def scatter_min(self, sparse_delta: IndexedSlices, use_locking: bool = False,
                    name: Optional[str] = None) -> Variable:
        """Updates this variable with the min of `tf.IndexedSlices` and itself.

        ResourceScatterMin; returns the variable."""
        return _indexing.scatter(self, "min", sparse_delta)

    def scatter_mul(self, sparse_delta: IndexedSlices, use_locking: bool = False,
                    name: Optional[str] = None) -> Variable:
        """Multiply this variable by `tf.IndexedSlices`.

        ResourceScatterMul; returns the variable."""
        return _indexing.scatter(self, "mul", sparse_delta)

    def scatter_div(self, sparse_delta: IndexedSlices, use_locking: bool = False,
                    name: Optional[str] = None) -> Variable:
        """Divide this variable by `tf.IndexedSlices`.

        ResourceScatterDiv; returns the variable."""
        return _indexing.scatter(self, "div", sparse_delta)

    def scatter_update(self, sparse_delta: IndexedSlices, use_locking: bool = False,
                       name: Optional[str] = None) -> Variable:
        """Assigns `tf.IndexedSlices` to this variable (ResourceScatterUpdate), under its lock.

        Args:
            sparse_delta: A `tf.IndexedSlices`: the rows (`indices`) and their new `values`.
            use_locking: Accepted for compatibility (updates always take the lock).
            name: A name for the operation (optional).

        Returns:
            The variable.

        Raises:
            TypeError: If `sparse_delta` is not an `IndexedSlices`.
            InvalidArgumentError: If an index is out of range or the values' shape does not
                fit; the variable is then unchanged.
        """
        return _indexing.scatter(self, "update", sparse_delta)

    def batch_scatter_update(self, sparse_delta: IndexedSlices, use_locking: bool = False,
                             name: Optional[str] = None) -> Variable:
        """Assigns `tf.IndexedSlices` to this variable batch-wise.

        `indices[b..., i]` is a row within batch `b...` (one ResourceScatterNdUpdate); returns the variable."""
        return _indexing.batch_scatter_update(self, sparse_delta)

    def scatter_nd_sub(self, indices: Any, updates: Any, name: Optional[str] = None) -> Variable:
        """Applies sparse subtraction to individual values or slices in a Variable.

        ResourceScatterNdSub; returns the variable."""
        return _indexing.scatter_nd(self, "sub", indices, updates)

    def scatter_nd_add(self, indices: Any, updates: Any, name: Optional[str] = None) -> Variable:
        """Applies sparse addition to individual values or slices in a Variable.

        ResourceScatterNdAdd; returns the variable."""
        return _indexing.scatter_nd(self, "add", indices, updates)

    def scatter_nd_update(self, indices: Any, updates: Any, name: Optional[str] = None) -> Variable:
        """Applies sparse assignment to individual values or slices in a Variable.

        ResourceScatterNdUpdate; returns the variable."""
        return _indexing.scatter_nd(self, "update", indices, updates)

    def scatter_nd_max(self, indices: Any, updates: Any, name: Optional[str] = None) -> Variable:
        """Updates this variable with the max of `tf.IndexedSlices` and itself.

        ResourceScatterNdMax at the slices `indices` addresses; returns the variable."""
        return _indexing.scatter_nd(self, "max", indices, updates)

    def scatter_nd_min(self, indices: Any, updates: Any, name: Optional[str] = None) -> Variable:
        """Updates this variable with the min of `tf.IndexedSlices` and itself.

        ResourceScatterNdMin at the slices `indices` addresses; returns the variable."""
        return _indexing.scatter_nd(self, "min", indices, updates)

    def sparse_read(self, indices: Any, name: Optional[str] = None) -> Tensor:
        """Reads the value of this variable sparsely, using `gather`.

        ResourceGather: rows `indices` of the first dimension."""
        return _indexing.sparse_read(self, indices)

    def gather_nd(self, indices: Any, name: Optional[str] = None) -> Tensor:
        """Reads the value of this variable sparsely, using `gather_nd`.

        ResourceGatherNd: the slices the last dimension of `indices` addresses."""
        return _indexing.gather_nd(self, indices)

    # --- operators --------------------------------------------------------------------------

    # The operators and `v[...]` are Tensor's functions, installed by ops/overloads.py and
    # ops/slicing.py, so a Variable behaves exactly like its value in expressions.
    __array_priority__ = 100  # NumPy defers to the reflected operators (`ndarray + v` -> v.__radd__)
    if TYPE_CHECKING:  # the operators: TensorOperators; `v[...]` gives a slice with `assign`
        def __getitem__(self, key: Any) -> Any: ...

    # `v += 1` and friends: TensorFlow refuses in-place operators on variables.
    __iadd__ = _refuse_inplace("+=", "__iadd__")
    __isub__ = _refuse_inplace("-=", "__isub__")
    __imul__ = _refuse_inplace("*=", "__imul__")
    __itruediv__ = _refuse_inplace("/=", "__itruediv__")
    __ifloordiv__ = _refuse_inplace("//=", "__ifloordiv__")
    __imod__ = _refuse_inplace("%=", "__imod__")
    __ipow__ = _refuse_inplace("**=", "__ipow__")
    __imatmul__ = _refuse_inplace("@=", "__imatmul__")

    # --- TensorFlow 1 compatibility ---------------------------------------------------------

    def initialized_value(self):
        """The value (eager variables are initialised at creation)."""
        return self.read_value()

    @property
    def initializer(self):
        """The Operation running this variable's initial assignment in a TensorFlow 1 graph; None
        eagerly (eager variables are initialised at creation, as in TensorFlow 2)."""
        graph = _graph_building.tf1_graph()
        return None if graph is None else graph.initializer_op(self)

    def eval(self, session=None):
        """The value: in a TensorFlow 1 graph, run in `session` (the default one when None)."""
        if _graph_building.tf1_graph() is None and session is None:
            return self.numpy()
        return default_session.run_in_session(self, session)

    # --- Python protocol ----------------------------------------------------------------------

    def __hash__(self):
        if not tensor_equality.element_wise():
            return id(self)
        raise TypeError(f"Variable is unhashable. Instead, use variable.ref() as the key. (Variable: {self!r})")

    def ref(self):
        """A hashable reference to this variable (for dicts and sets; deref() gives it back)."""
        return Reference(self)

    def experimental_ref(self):
        """Deprecated name of ref()."""
        return Reference(self)

    def __len__(self):
        raise TypeError("object of type 'ResourceVariable' has no len()")  # TensorFlow's behaviour

    def __iter__(self):
        return iter(self.read_value())

    def __bool__(self):
        return bool(self._value_view())

    def __int__(self):
        return int(_scalar(self._view()))

    def __float__(self):
        return float(_scalar(self._view()))

    def __complex__(self):
        return complex(_scalar(self._view()))

    def __index__(self):
        return self.read_value().__index__()

    def __format__(self, format_spec):
        return self.read_value().__format__(format_spec)

    def __repr__(self):
        # Like TensorFlow's, never raises for an unreadable (destroyed) variable: repr runs in
        # tracebacks and debuggers. Inside a graph being built TensorFlow shows no value.
        if _graph_building.building():
            ref = "_ref" if getattr(self, "_ref_variable", False) else ""  # TensorFlow 1's VariableV2
            return f"<tf.Variable '{self.name}' shape={self.shape} dtype={self.dtype.name}{ref}>"
        try:
            value_text = "numpy=" + _numpy_text(self._repr_view(), True)
        except Exception:
            value_text = "numpy=<unavailable>"
        return f"<tf.Variable '{self.name}' shape={self.shape} dtype={self.dtype.name}, {value_text}>"

    __str__ = __repr__

    # Copies follow TensorFlow 2.21: the name is re-created under the current name scope, the
    # declared shape is not kept (the copy's shape is its value's), and a shared_name is never
    # copied (two variables cannot own one name). Pickling, like TensorFlow's, also drops
    # synchronization and aggregation; a deep copy keeps them.

    def _base_name(self):
        return self._debug_name

    def __reduce__(self):
        # A variable of another task travels as a reference to it (a function shipped to a
        # worker updates the real variable); a local one by value.
        remote = sys.modules.get("varrt.distribute.remote.runtime")
        ref = remote.reference(self) if remote is not None else None
        if ref is not None:
            r = _C.resource_ref(self)
            return remote.rebuild_variable, (*ref, r.dtype, r.declared_shape, self._base_name(), self._trainable)
        return functools.partial(Variable, initial_value=self.numpy(), trainable=self._trainable,
                                 name=self._base_name(), dtype=self.dtype, constraint=self._constraint), ()

    def __copy__(self):
        return self  # TensorFlow's copy.copy returns the variable itself

    def __deepcopy__(self, memo):
        v = Variable(self.read_value(), trainable=self._trainable, name=self._base_name(), dtype=self.dtype,
                     constraint=self._constraint, synchronization=self._synchronization,
                     aggregation=self._aggregation)
        memo[id(self)] = v
        return v


def _str_arg(value, what):
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TypeError(f"`{what}` must be a str, got {type(value).__name__}")
    return value


class _UnreadVariable(Variable):
    """What `assign*` returns: the same variable, read lazily (TensorFlow's _UnreadVariable).

    Instances are made by the core's update methods (and `_C.unread_variable`), sharing the
    variable's handle, with no __init__ and no instance attributes: like TensorFlow's, one
    has the variable's dtype and shape but the class defaults for `trainable` (True),
    `constraint`, `synchronization` and `aggregation`. Pickling one (which TensorFlow fails
    to) copies the variable under its name.
    """

    name = "UnreadVariable"

    def __init__(self, *args, **kwargs):
        raise TypeError("UnreadVariables are what a variable's updates return; they are not created directly")

    # TensorFlow reads an UnreadVariable without the Identity a Variable's reads add.
    def read_value(self) -> Tensor:
        return Tensor._wrap(self._read())

    def numpy(self) -> np.ndarray:
        return self._read().numpy()

    def _repr_view(self):
        return self._view()


class _CreationWatchers(threading.local):
    """Per-thread stack of objects told about each variable creation (`function` uses it to
    enforce TensorFlow's rule that variables are created only on the first trace). A watcher
    has `before_create()`, which may raise, and `on_created(variable)`."""

    def __init__(self):
        self.stack = []


_variable_of_resource = _C.variable_of_resource


def _register(variable):
    """Links the resource to this Variable, so a gradient tape seeing a read names it (the
    common creation path links in C++, _init_variable)."""
    _C._claim_front(variable)


def trainable_variable_of(resource):
    """The trainable Variable whose resource id (a dispatch hook's `resource`, during that op)
    is `resource`, or None."""
    v = _variable_of_resource(resource)
    return v if v is not None and v._trainable else None


def resource_variable_of(x):
    """The Variable `x` stands for: a variable wrapper (Keras 3's KerasVariable, which says so
    with `_should_act_as_resource_variable`, TensorFlow's `is_resource_variable` test) stands
    for the Variable it holds (`.value`); anything else for itself. Tapes, optimizers and
    checkpoints take wrappers through this."""
    while not isinstance(x, Variable) and getattr(type(x), "_should_act_as_resource_variable", False):
        # A KerasVariable may hold a MirroredVariable, which stands for its replica's Variable.
        current = getattr(x, "_current_variable", None)
        x = x.value if current is None else current
    return x


_creation_watchers = _CreationWatchers()
# How many threads have watchers right now: creation skips the thread-local lookup at zero.
_watching = [0]
_watching_lock = threading.Lock()


def _placement_scope(watchers, name):
    """The device scope the newest watcher with a `variable_device(name)` method chooses for a new
    variable (ParameterServerStrategy.scope, a TF1 device function), or None."""
    for watcher in reversed(watchers):
        choose = getattr(watcher, "variable_device", None)
        if choose is not None:
            device_name = choose(name)
            if device_name:
                return device(device_name)
            return None
    return None


class _Colocation:
    """A creation watcher placing new variables where `device` is (an optimizer's slots)."""

    def __init__(self, device):
        self._device = device

    def variable_device(self, name):
        return self._device

    def before_create(self):
        pass

    def on_created(self, variable):
        pass


def colocate_with(variable):
    """`with colocate_with(v):` creates variables on `v`'s device (TensorFlow colocates an
    optimizer's slots with their variable, on a parameter server too). It wins over a strategy's
    placement."""
    return watching_creation(_Colocation(variable.device))


class watching_creation:
    """`with watching_creation(watcher):` tells `watcher` about variables created in the block."""

    def __init__(self, watcher):
        self._watcher = watcher

    def __enter__(self):
        with _watching_lock:
            _watching[0] += 1
        _creation_watchers.stack.append(self._watcher)

    def __exit__(self, *exc):
        _creation_watchers.stack.pop()
        with _watching_lock:
            _watching[0] -= 1
        return False


def _new_under_strategy(cls, *args, **kwargs):
    """Variable.__new__ while a strategy that makes variables is active: in its scope or replicas
    the strategy makes `tf.Variable(...)` (TensorFlow's variable creator scope). MirroredStrategy
    returns a MirroredVariable, which is not a Variable, so Python does not run __init__ on it."""
    if cls is Variable and _distribution_context._stack.entries:
        strategy = _distribution_context.variable_creator()
        if strategy is not None:
            return strategy._create_variable(Variable, args, kwargs)
    return _C.VarHandle.__new__(cls)


class strategy_variable_creation:
    """`with strategy_variable_creation():` (a strategy's scope or run) lets strategies make
    `tf.Variable(...)`: while any is active, Variable has the Python `__new__` above. Otherwise
    it has none, so `tf.Variable(value)` keeps its C path with no Python frame and its signature."""

    _active = 0
    _lock = threading.Lock()

    def __enter__(self):
        with strategy_variable_creation._lock:
            if strategy_variable_creation._active == 0:
                Variable.__new__ = _new_under_strategy
            strategy_variable_creation._active += 1
        return self

    def __exit__(self, *exc):
        with strategy_variable_creation._lock:
            strategy_variable_creation._active -= 1
            if strategy_variable_creation._active == 0:
                del Variable.__new__
        return False


def _method_doc(method):
    """`method`'s signature (as a C method's __text_signature__, without annotations) and docstring,
    for the C method that replaces it, so inspect.signature and help() still show them."""
    sig = inspect.signature(method)
    sig = sig.replace(parameters=[p.replace(annotation=inspect.Parameter.empty) for p in sig.parameters.values()],
                      return_annotation=inspect.Signature.empty)
    return f"{method.__name__}{str(sig).replace('(self', '($self', 1)}\n--\n\n{method.__doc__ or ''}"


def _initial_data(initial_value, dtype_enum):
    """What the core's Variable constructor calls for initial values off its fast path."""
    return _initial_tensor(initial_value, dtypes.from_enum(dtype_enum) if dtype_enum else None)._data


_C._set_initializer_converter(_initial_data)
_C._set_unread_type(_UnreadVariable)
_C._set_dtype_objects(dtypes._BY_ENUM)
_C._set_shape_factory(TensorShape._known)
_C._set_variable_types((Variable, _UnreadVariable))  # operands the fast ops read with ReadVariableOp alone
# `Variable(host_value)` alone, at top level with nothing watching, runs in C with no Python
# frame (csrc/bindings/variable_default_init.cc); every other call runs the __init__ above.
_C._install_variable_default_init(Variable, Variable.__init__, _watching, _graph_building._state, name_scopes._state,
                                  name_scopes.variable_name(None), _method_doc(Variable.__init__))


def _initial_tensor(initial_value, dtype):
    if isinstance(initial_value, Variable):
        if dtype is not None and dtype != initial_value.dtype:
            raise ValueError(f"Incompatible type conversion requested to type {dtype.name} for `tf.Variable of type "
                             f"{initial_value.dtype.name}. (Variable: {initial_value!r})")
        return initial_value.value()  # ReadVariableOp only, as TensorFlow logs a copy
    try:
        return convert_to_tensor(initial_value, dtype)
    except ValueError as e:
        if isinstance(initial_value, Tensor):
            raise ValueError(f"initial_value: {e}") from None
        raise


def _initial_graph_value(initial_value, lifted, name):
    """The initial value to create a variable from, when it is a graph's tensor.

    A variable made inside a trace from the trace's own tensors (its creation lifted out by
    `lifted`, an init_scope) starts from the value that tensor has while tracing: TensorFlow
    initializes it inside the function's graph, and varrt's trace runs on the call's values. A
    tensor of a function's graph no longer being built cannot be lifted: TensorFlow's ValueError.
    Any other graph tensor goes on to the dispatch, which refuses it out of its graph."""
    if not isinstance(initial_value, Tensor) or not getattr(initial_value, "_is_symbolic", False):
        return initial_value
    info = _graph_building.info_of(initial_value)
    if info is None:
        return initial_value
    graph = lifted._graph if lifted is not None else _graph_building.current()
    while graph is not None:
        if graph is info.graph:
            if lifted is not None and _C._has_no_value(initial_value):
                raise NotImplementedError(
                    f"varrt cannot create a variable inside a tf.function from {initial_value.name}, a value known only "
                    "when the function runs (TensorFlow initializes it on the first call); create it from a "
                    "constant or outside the function.")
            return _C.fresh_tensor(initial_value) if lifted is not None else initial_value
        graph = graph._outer
    if info.graph.lifts_variables:
        raise ValueError(f"Argument `initial_value` ({initial_value}) could not be lifted out of a `tf.function`. "
                         f"(Tried to create variable with name='{name}'). To avoid this error, when constructing "
                         "`tf.Variable`s inside of `tf.function` you can create the `initial_value` tensor in a "
                         "`tf.init_scope` or pass a callable `initial_value` (e.g., `tf.Variable(lambda : "
                         "tf.truncated_normal([10, 40]))`). Please file a feature request if this restriction "
                         "inconveniences you.")
    return initial_value
