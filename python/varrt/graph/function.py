"""`function`: TensorFlow's `tf.function`: traces the Python body into a graph, then runs the graph.

A call looks up the trace for its input signature (dtype and shape of Tensor, NumPy and Variable
arguments, value of Python arguments, structure of lists, tuples and dicts; TensorFlow's rules
for `input_signature` and `reduce_retracing`), tracing once if there is none: the body runs
under a graph recorder (framework/func_graph.py) with symbolic arguments, so Python side
effects and `print` happen while tracing only, and the recorded graph is what every call then
runs in the core (`ConcreteFunction`). Variables may be created only on the first trace: when
it creates some, TensorFlow traces the body a second time with creation forbidden and uses
that trace (Python side effects happen twice); creating a variable on a later trace is a
ValueError. Results are converted as TensorFlow returns them: Variables, NumPy values and
Python numbers become Tensors; lists, tuples, dicts and None keep their structure. As a
method decorator each instance gets its own function. `tf.config.run_functions_eagerly(True)`
runs the body itself on every call instead. Variable arguments trace by dtype and shape, as in
TensorFlow: the graph's nodes on a variable argument take the variable each call passes.

Once an eager call with plain positional Tensor and Variable arguments has run a trace, later
calls with the same dtypes and shapes run it from C (`Function._fast`, a _C.TracedCalls: the
lookup, the binding to the graph's inputs and a single result's packing, with no Python frame
but __call__); which traces it may take stays this module's decision.
"""
import collections.abc
import functools
import inspect
import itertools
import threading
import uuid
import weakref

import numpy as np

from varrt import _C, autograph
from varrt.base import dtypes
from varrt.base import errors
from varrt.graph import atomic_function
from varrt.graph import func_graph as _func_graph
from varrt.framework import variables as _variables
from varrt.framework.indexed_slices import IndexedSlices
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework import flexible_dtypes, trace_type
from varrt.framework.weak_tensor import WeakTensor
from varrt.framework.tensor_spec import TensorSpec
from varrt.framework.tensor_shape import TensorShape
from varrt.graph import func_graph
from varrt.base import deprecation
from varrt.base import nest
from varrt.base import tf_logging
from varrt.framework.graph_execution_error import kernel_message

_SINGLETON_MESSAGE = ("tf.function only supports singleton tf.Variables created on the first call. Make sure the "
                      "tf.Variable is only created once or created outside tf.function. See "
                      "https://www.tensorflow.org/guide/function#creating_tfvariables for more information.")
_LATE_CREATION_MESSAGE = "Creating variables on a non-first call to a function decorated with tf.function."


def function(func=None, input_signature=None, autograph=True, jit_compile=None, reduce_retracing=False,
             experimental_implements=None, experimental_autograph_options=None, experimental_attributes=None,
             experimental_relax_shapes=None, experimental_compile=None, experimental_follow_type_hints=None):
    """Compiles `func` into a callable graph (TensorFlow's `tf.function`).

    Usable as `@tf.function` or `@tf.function(input_signature=...)`. The body is traced into
    a graph once per input signature (tensor dtypes and shapes, Python values, variables) and
    the graph runs in the core on each call; with `autograph` (the default) Python
    `if`/`for`/`while` on tensors become graph control flow. Variables may be created only on
    the first trace.

    Args:
        func: The Python function to compile. None: returns a decorator.
        input_signature: A sequence of `tf.TensorSpec` fixing the arguments' dtypes and
            shapes (None dimensions accept any size); one trace then serves every call.
        autograph: Whether to convert Python control flow on tensors into graph control flow.
        jit_compile: Accepted for compatibility; varrt has no XLA and ignores it.
        reduce_retracing: Whether to generalize shapes after a retrace, as TensorFlow does.
        experimental_implements: Accepted for compatibility and ignored.
        experimental_autograph_options: Accepted for compatibility and ignored.
        experimental_attributes: Accepted for compatibility and ignored.
        experimental_relax_shapes: The deprecated name of `reduce_retracing`.
        experimental_compile: Accepted for compatibility and ignored.
        experimental_follow_type_hints: Accepted for compatibility and ignored.

    Returns:
        A `Function` (call it as `func`; `get_concrete_function`,
        `experimental_get_tracing_count`), or a decorator making one when `func` is None.

    Raises:
        ValueError: When called: if the function creates variables on every trace (only the
            first may: TensorFlow's rule), or an op's static shapes do not fit while tracing
            (TensorFlow's text, after "in user code:").
        TypeError: When called: if an argument does not match `input_signature`, or an op's
            dtypes do not fit while tracing.
    """
    if experimental_relax_shapes is not None:
        reduce_retracing = bool(experimental_relax_shapes)

    def decorate(f):
        return Function(f, input_signature=input_signature, reduce_retracing=reduce_retracing, autograph=autograph)

    return decorate if func is None else decorate(func)


_shipped_functions = {}  # token -> Function: what __reduce__ made in another process, rebuilt here once


def _rebuild_function(token, python_function, input_signature, reduce_retracing, name, autograph):
    f = _shipped_functions.get(token)
    if f is None:
        if len(_shipped_functions) >= 1024:  # bounded: a process shipped ever-new functions
            _shipped_functions.clear()
        f = _shipped_functions[token] = Function(python_function, input_signature, reduce_retracing, name,
                                                 autograph)
        f._token = token
    return f


class _CreationWatcher:
    """Told by Variable.__init__ about each creation while a function body runs."""

    def __init__(self, allow):
        self.allow = allow
        self.created = []

    def before_create(self):
        if not self.allow:
            raise ValueError(_SINGLETON_MESSAGE)

    def on_created(self, variable):
        self.created.append(variable)


# --- trace keys -----------------------------------------------------------------------------

class _TensorKey(tuple):
    """("tensor" or "variable", dtype, dims or None[, name]): what a tensor argument traces as;
    a named TensorSpec's name is part of its key, as of TensorFlow's TensorSpec trace type."""

    __slots__ = ()


# What besides the arguments makes a new trace, registered by the layers above (tf.summary: whether
# a default writer is set, as TensorFlow's trace context has it): callables whose results key a trace.
_TRACE_CONTEXTS = []


# The Functions whose calls the C fast path (Function._fast) may run without asking for a key.
_FAST_FUNCTIONS = weakref.WeakSet()


def register_trace_context(fn):
    """Makes `fn()`'s result (hashable) part of every tf.function's trace key; whoever changes it
    calls trace_context_changed()."""
    _TRACE_CONTEXTS.append(fn)


def trace_context_changed():
    """A registered trace context changed: the next call of each Function takes its key again
    (the C fast path, which knows only dtypes and shapes, forgets its traces)."""
    for f in list(_FAST_FUNCTIONS):
        f._fast.clear()
    _FAST_FUNCTIONS.clear()


class _CustomKey:
    """The key of an argument that traces itself (`__tf_tracing_type__`): its TraceType, whose
    equality, subtyping and supertypes decide which trace a call uses."""

    __slots__ = ("trace_type",)

    def __init__(self, trace_type_):
        self.trace_type = trace_type_

    def __eq__(self, other):
        return isinstance(other, _CustomKey) and self.trace_type == other.trace_type

    def __hash__(self):
        return hash(self.trace_type)


def _tensor_key(kind, dtype, shape):
    return _TensorKey((kind, dtype, shape))


def _key_of(value):
    """The trace type of one argument (hashable)."""
    if trace_type.traces_itself(value):
        return _CustomKey(trace_type.trace_type_of(value))
    if isinstance(value, _variables.Variable):
        return _tensor_key("variable", value.dtype, tuple(value.shape.as_list()) if value.shape.rank is not None
                           else None)
    if isinstance(value, Tensor):
        return _tensor_key("tensor", value.dtype, value._data.shape)
    if isinstance(value, WeakTensor):  # a trace of its own: the body sees a weak tensor
        return ("weak", _key_of(value.tensor))
    if isinstance(value, np.ndarray):
        return _tensor_key("tensor", dtypes.as_dtype(value.dtype), value.shape)
    if isinstance(value, TensorSpec):  # get_concrete_function's stand-in: the trace a tensor of the spec would use
        shape = None if value.shape.rank is None else tuple(value.shape.as_list())
        if value.name is None:
            return _tensor_key("tensor", value.dtype, shape)
        return _TensorKey(("tensor", value.dtype, shape, value.name))
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, np.generic)):
        return ("value", value)  # equal values (1 and 1.0) share a trace, as in TensorFlow
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return (type(value), tuple(_key_of(v) for v in value))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(_key_of(v) for v in value))
    if isinstance(value, collections.abc.Mapping):
        try:
            keys = sorted(value)
        except TypeError:
            keys = list(value)
        return ("mapping", tuple((k, _key_of(value[k])) for k in keys))
    return ("object", id(value))  # other objects trace per instance


def _subsumes(general, specific):
    """Whether a call with key `specific` can use the trace made for `general`."""
    if isinstance(specific, _CustomKey) or isinstance(general, _CustomKey):
        return (isinstance(specific, _CustomKey) and isinstance(general, _CustomKey) and
                bool(specific.trace_type.is_subtype_of(general.trace_type)))
    if isinstance(general, _TensorKey) and isinstance(specific, _TensorKey):
        if general[0] != specific[0] or general[1] != specific[1]:
            return False
        # TensorFlow's TensorSpec.is_subtype_of: a named spec fits only a trace of its name; a
        # tensor (no name) fits a named trace.
        if len(specific) > 3 and (len(general) < 4 or general[3] != specific[3]):
            return False
        g, s = general[2], specific[2]
        return g is None or (s is not None and len(g) == len(s) and
                             all(a is None or a == b for a, b in zip(g, s)))
    if isinstance(general, tuple) and isinstance(specific, tuple) and not isinstance(specific, _TensorKey):
        return len(general) == len(specific) and all(_subsumes(a, b) for a, b in zip(general, specific))
    return general == specific


def _supertype(a, b):
    """The most specific key both `a` and `b` fit (shapes widened), or None."""
    if isinstance(a, _CustomKey) or isinstance(b, _CustomKey):
        if not (isinstance(a, _CustomKey) and isinstance(b, _CustomKey)):
            return None
        common = a.trace_type.most_specific_common_supertype([b.trace_type])
        return None if common is None else _CustomKey(common)
    if isinstance(a, _TensorKey) and isinstance(b, _TensorKey):
        if a[0] != b[0] or a[1] != b[1]:
            return None
        sa, sb = a[2], b[2]
        if sa is None or sb is None or len(sa) != len(sb):
            return _tensor_key(a[0], a[1], None)
        return _tensor_key(a[0], a[1], tuple(x if x == y else None for x, y in zip(sa, sb)))
    if isinstance(a, tuple) and isinstance(b, tuple) and not isinstance(b, _TensorKey):
        if len(a) != len(b):
            return None
        parts = [_supertype(x, y) for x, y in zip(a, b)]
        return None if any(p is None and (x is not None or y is not None) for p, x, y in zip(parts, a, b)) \
            else tuple(parts)
    return a if a == b else None


# --- arguments ------------------------------------------------------------------------------

def _structured_inputs(args, kwargs):
    """The arguments with tf.distribute's PerReplica values as structures of their tensors (so a
    call with new values of the same specs reuses the trace; the function body gets PerReplica
    values back, rebuilt by nest)."""
    if not any(getattr(v, "_as_function_output", None) is not None for v in nest.flatten((args, kwargs))):
        return args, kwargs

    def structured(v):
        as_output = getattr(v, "_as_function_output", None)
        return v if as_output is None else as_output(lambda x: x)
    return tuple(nest.map_structure(structured, list(args))), nest.map_structure(structured, dict(kwargs))


# --- results --------------------------------------------------------------------------------

class _SlicesParts(collections.namedtuple("_SlicesParts", ["values", "indices", "dense_shape"])):
    """An IndexedSlices a function returns, as the tensors the graph outputs (TensorFlow's
    composite tensors: the components are the outputs); rebuilt by _with_composites."""


class _WeakParts(collections.namedtuple("_WeakParts", ["tensor"])):
    """A WeakTensor a function returns (auto dtype conversion): its tensor is the graph's output;
    rebuilt weak by _with_composites, as TensorFlow returns it."""


def _with_composites(structure):
    """The output structure with each _SlicesParts rebuilt as the IndexedSlices it stands for, and
    each _WeakParts as its WeakTensor."""
    if isinstance(structure, _SlicesParts):
        return IndexedSlices(*structure)
    if isinstance(structure, _WeakParts):
        return WeakTensor.from_tensor(structure.tensor)
    if isinstance(structure, tuple) and hasattr(type(structure), "_fields"):
        return type(structure)(*(_with_composites(v) for v in structure))
    if isinstance(structure, (list, tuple)):
        return type(structure)(_with_composites(v) for v in structure)
    if isinstance(structure, dict):
        return type(structure)((k, _with_composites(v)) for k, v in structure.items())
    return structure


def _has_composites(structure):
    if isinstance(structure, (_SlicesParts, _WeakParts)):
        return True
    if isinstance(structure, (list, tuple)):
        return any(_has_composites(v) for v in structure)
    if isinstance(structure, dict):
        return any(_has_composites(v) for v in structure.values())
    return False


def _to_output(value, python_function):
    if value is None or isinstance(value, Tensor):
        return value
    if isinstance(value, IndexedSlices):
        dense_shape = value.dense_shape
        return _SlicesParts(_to_output(value.values, python_function), _to_output(value.indices, python_function),
                            None if dense_shape is None else _to_output(dense_shape, python_function))
    if isinstance(value, _variables.Variable):
        return value.read_value()
    if isinstance(value, WeakTensor):
        return _WeakParts(value.tensor)
    as_output = getattr(value, "_as_function_output", None)
    if as_output is not None:  # tf.distribute's PerReplica: a tuple-like structure of its values
        return as_output(lambda v: _to_output(v, python_function))
    if getattr(type(value), "_should_act_as_resource_variable", False):
        return _variables.resource_variable_of(value).read_value()  # a MirroredVariable, a Keras variable
    if isinstance(value, (bool, int, float, complex)) and flexible_dtypes.is_auto_dtype_conversion_enabled():
        dtype, weak = flexible_dtypes.result_type(value)  # a Python number returned is weak, as tf.constant makes it
        tensor = convert_to_tensor(value, dtype)
        return _WeakParts(tensor) if weak else tensor
    if isinstance(value, (bool, int, float, complex, str, bytes, np.ndarray, np.generic)):
        return convert_to_tensor(value)
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return type(value)(*(_to_output(v, python_function) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(_to_output(v, python_function) for v in value)
    if isinstance(value, dict):
        return type(value)((k, _to_output(v, python_function)) for k, v in value.items())
    if hasattr(type(value), "_type_spec"):  # a composite tensor TensorFlow returns by its components (RaggedTensor)
        raise NotImplementedError(f"varrt does not implement returning a {type(value).__name__} from a tf.function yet")
    raise TypeError("To be compatible with tf.function, Python functions must return zero or more Tensors or "
                    f"ExtensionTypes or None values; in compilation of {python_function!r}, found return value of "
                    f"type {type(value).__name__}, which is not a Tensor or ExtensionType.")


# --- input signatures -----------------------------------------------------------------------

def _flatten_specs(structure):
    if isinstance(structure, (list, tuple)):
        for s in structure:
            yield from _flatten_specs(s)
    elif isinstance(structure, dict):
        for k in sorted(structure):
            yield from _flatten_specs(structure[k])
    else:
        yield structure


def _check_input_signature(input_signature):
    if input_signature is None:
        return None
    if not isinstance(input_signature, (list, tuple)):
        raise TypeError(f"input_signature must be either a tuple or a list, got {type(input_signature)}.")
    bad = [s for s in _flatten_specs(input_signature) if not isinstance(s, TensorSpec)]
    for spec in bad:
        if hasattr(spec, "__tf_tracing_type__"):  # a composite tensor's spec (RaggedTensorSpec) says what is missing
            spec.__tf_tracing_type__(None)
    if bad:
        raise TypeError("input_signature must be a possibly nested sequence of TensorSpec objects, got invalid args "
                        f"{bad} with types {[type(s) for s in bad]}.")
    return tuple(input_signature)


class _BindError(Exception):
    pass


def _binding_failure(reason, args, kwargs, signature_text):
    """TensorFlow's text for a call whose arguments do not bind to a function's signature."""
    return (f"Binding inputs to tf.function failed due to `{reason}`. Received args: {args!r} and kwargs: "
            f"{kwargs!r} for signature: {signature_text}.")


def _same_literal(value, traced):
    """Whether a non-tensor argument is the value a trace was made for (its Literal type)."""
    if value is traced:
        return True
    try:
        return bool(value == traced) and type(value) is type(traced) or _key_of(value) == _key_of(traced)
    except Exception:  # noqa: BLE001 - an object without a usable == is its own value only
        return False


def _conform(value, spec):
    """`value` as the tensor(s) `spec` describes, or _BindError with TensorFlow's reason."""
    if isinstance(spec, (list, tuple)):
        if not isinstance(value, (list, tuple)) or len(value) != len(spec):
            raise _BindError(f"Can not cast {value!r} to {spec!r}")
        return type(spec)(_conform(v, s) for v, s in zip(value, spec))
    if isinstance(spec, dict):
        if not isinstance(value, collections.abc.Mapping) or set(value) != set(spec):
            raise _BindError(f"Can not cast {value!r} to {spec!r}")
        return {k: _conform(value[k], spec[k]) for k in spec}
    if isinstance(value, Tensor) or isinstance(value, _variables.Variable):
        tensor = convert_to_tensor(value)
    else:
        try:
            tensor = convert_to_tensor(value, spec.dtype)
        except (TypeError, ValueError) as e:
            raise _BindError(str(e)) from None
    if not spec.is_compatible_with(tensor):
        raise _BindError(f"Can not cast {TensorSpec.from_tensor(tensor)!r} to {spec!r}")
    return tensor


class _SignatureSpec(TensorSpec):
    """A spec of an `input_signature`, whose name TensorFlow prints in a concrete function's
    signature (the specs a trace derives are printed without one)."""

    @classmethod
    def of(cls, value):
        return nest.map_structure(lambda s: cls(s.shape, s.dtype, s.name) if isinstance(s, TensorSpec) else s, value)


def _python_signature(fn):
    try:
        return inspect.signature(fn)
    except (TypeError, ValueError):
        return None


def _is_tensor_arg(value):
    return isinstance(value, (Tensor, np.ndarray, WeakTensor))


def _spec_shape(key):
    """The static shape of a tensor argument traced under `key` (a _TensorKey)."""
    return TensorShape(None if key[2] is None else list(key[2]))


_run_eagerly = [False]
_MISS = object()  # what Function._fast returns for a call it does not run
# What a Function's _C.TracedCalls checks before running a cached trace: the argument classes it
# takes (exactly), run_functions_eagerly, and this thread's graph being built (none: eager).
_C._set_traced_call_context(Tensor, _variables.Variable, _run_eagerly, _func_graph._state)


class Function:
    """A callable made by `function`: traces its Python body once per input signature and runs the traces."""

    def __init__(self, python_function, input_signature=None, reduce_retracing=False, name=None, autograph=True):
        self._python_function = python_function
        self._input_signature = _check_input_signature(input_signature)
        self._reduce_retracing = reduce_retracing
        self._autograph = autograph
        self._name = name or getattr(python_function, "__name__", type(python_function).__name__)
        self._signature = _python_signature(python_function)
        self._full_signature = self._signature  # with `self` for methods (args then include the instance)
        self._instance_ref = None  # set on the per-instance copies made by __get__
        self._traces = []  # (key, ConcreteFunction), in tracing order
        # Calls with plain Tensor/Variable positional arguments, by their dtypes and shapes, run
        # in C (csrc/bindings/traced_calls.cc); _MISS for the rest, which __call__ handles.
        self._fast = _C.TracedCalls(_MISS)
        self._lock = threading.RLock()
        self._created_variables = False  # the first trace created variables
        self._trace_count = 0
        self._descriptor_cache = weakref.WeakKeyDictionary()
        self._descriptor_cache_by_id = {}
        self._converted = None
        functools.update_wrapper(self, python_function)

    # --- public attributes -------------------------------------------------------------------

    @property
    def python_function(self):
        return self._python_function

    @property
    def input_signature(self):
        return self._input_signature

    @property
    def name(self):
        return self._name

    def _list_all_concrete_functions_for_serialization(self):
        """What tf.saved_model.save exports of a function without an input signature (TensorFlow's
        method): for each distinct input signature of the traces made so far, in tracing order, the
        concrete function get_concrete_function gives for it. As in TensorFlow, a trace made from
        tensors is looked up by its signature's named specs, which it does not fit: the function
        is traced again (its Python side effects run again), and that trace is the exported one."""
        with self._lock:
            traces = [concrete for _, concrete in self._traces]
        seen, out = [], []
        for concrete in traces:
            signature = concrete.structured_input_signature
            key = _key_of(signature)
            if key in seen:
                continue
            seen.append(key)
            if concrete._variable_leaves:  # a variable argument: the trace itself (no VariableSpec to trace by)
                out.append(concrete)
                continue
            args, kwargs = signature
            out.append(self.get_concrete_function(*args, **kwargs))
        return out

    def experimental_get_tracing_count(self):
        """How many times the body has been traced."""
        return self._trace_count

    def get_concrete_function(self, *args, **kwargs):
        """The ConcreteFunction (traced graph) for these arguments: tensors, or TensorSpecs standing for them."""
        if self._input_signature is not None and not args and not kwargs:
            args = self._input_signature
        args, kwargs = self._with_instance(args), kwargs
        key = self._call_key(args, kwargs) if self._input_signature is None else "input_signature"
        with self._lock:
            concrete = self._lookup(key)
            if concrete is None:
                concrete = self._trace(key, args, kwargs)
        return concrete

    def pretty_printed_concrete_signatures(self, verbose=True):
        return "\n\n".join(c.pretty_printed_signature(verbose) for _, c in self._traces)

    # --- methods ------------------------------------------------------------------------------

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        try:
            bound = self._descriptor_cache.get(instance)
        except TypeError:  # unhashable instance
            bound = self._descriptor_cache_by_id.get(id(instance))
            if bound is not None and bound._instance_ref() is not instance:  # a dead instance's id, reused
                bound = None
        if bound is None:
            bound = Function(self._python_function, self._input_signature, self._reduce_retracing, self._name,
                             self._autograph)
            bound._signature = _drop_first_parameter(self._signature)
            bound._full_signature = self._signature
            try:
                bound._instance_ref = weakref.ref(instance)
            except TypeError:
                bound._instance_ref = lambda: instance
            try:
                self._descriptor_cache[instance] = bound
            except TypeError:
                self._descriptor_cache_by_id[id(instance)] = bound
                try:  # an unhashable instance's traces (and the variables they hold) go with it
                    weakref.finalize(instance, self._descriptor_cache_by_id.pop, id(instance), None)
                except TypeError:
                    pass  # not weak-referenceable either: bound holds it, and the entry stays
        return bound

    def __reduce__(self):
        # Shipped to another process (a function scheduled on a worker): the Python function and
        # the options travel, not the traces. A token names this Function, so the receiving
        # process keeps one Function for it, tracing once however often it is shipped.
        if self._instance_ref is not None:
            return getattr, (self._instance_ref(), self._python_function.__name__)
        with self._lock:
            if getattr(self, "_token", None) is None:
                self._token = uuid.uuid4().hex
        return _rebuild_function, (self._token, self._python_function, self._input_signature,
                                   self._reduce_retracing, self._name, self._autograph)

    def _with_instance(self, args):
        return args if self._instance_ref is None else (self._instance_ref(),) + tuple(args)

    # --- calls --------------------------------------------------------------------------------

    def __call__(self, *args, **kwargs):
        result = self._fast(*args, **kwargs)
        if result is not _MISS:
            return result
        if _run_eagerly[0]:
            return _to_output(self._python_function(*self._with_instance(args), **kwargs), self._python_function)
        args, kwargs = _structured_inputs(args, kwargs)
        if self._input_signature is not None:
            args, kwargs = self._bind_input_signature(args, kwargs)
            key = "input_signature"  # one trace, for the signature's specs
        else:
            key = self._call_key(args, kwargs)
        args = self._with_instance(args)
        # As TensorFlow, only eager calls count towards the retracing warning: a call inside a
        # trace (a nested or recursive tf.function) is part of its caller's tracing.
        eager = _func_graph.executing_eagerly()
        with self._lock:
            concrete = self._lookup(key)
            if concrete is None:
                concrete = self._trace(key, args, kwargs)
                if eager:
                    self._tracing_detector.traced(self._python_function)
            elif eager:
                self._tracing_detector.not_traced()
        result = concrete._call_structured(args, kwargs)
        if (eager and not kwargs and self._input_signature is None and self._instance_ref is None and
                concrete._positional_only and concrete._logged):
            # The same call again (same dtypes and shapes) ran this trace: later ones run it in C.
            concrete._cache_in(self._fast, args, self._tracing_detector.fast_calls)
            _FAST_FUNCTIONS.add(self)
        return result

    @property
    def _tracing_detector(self):
        d = self.__dict__.get("_detector_object")
        if d is None:
            d = self._detector_object = _detector(self)
        return d

    def _lookup(self, key):
        for traced, concrete in self._traces:
            if traced == key or (key != "input_signature" and _subsumes(traced, key)):
                return concrete
        return None

    def _trace(self, key, args, kwargs):
        if self._reduce_retracing and key != "input_signature":
            for traced, _ in self._traces:
                wider = _supertype(traced, key)
                if wider is not None:
                    key = wider
                    break
        first = self._trace_count == 0
        concrete = self._trace_once(key, args, kwargs, allow_creation=not self._created_variables)
        if first and concrete._created:
            # TensorFlow's second trace, with creation forbidden, is the one that runs.
            self._created_variables = True
            concrete = self._trace_once(key, args, kwargs, allow_creation=False)
        elif concrete._created:  # TensorFlow checks after the trace, which counts
            raise ValueError(_LATE_CREATION_MESSAGE)
        self._traces.append((key, concrete))
        return concrete

    def _initialized_once(self):
        return self._trace_count > 0

    def _body(self):
        if self._converted is None:
            fn = self._python_function
            if self._autograph:
                fn = autograph.convert(fn)
            self._converted = fn
        return self._converted

    def _trace_once(self, key, args, kwargs, allow_creation):
        watcher = _CreationWatcher(allow=allow_creation)
        values, bound = self._canonical(args, kwargs)
        names = self._parameter_names(bound, args, kwargs)
        structure = (values, {}) if bound is not None else (list(args), dict(kwargs))
        if self._instance_ref is not None:  # the trace must not keep the instance alive
            structure[0][0] = None
        flat = nest.flatten(structure)
        leaf_keys = self._leaf_keys(key, args, kwargs, flat)
        tensor_leaves = [i for i, v in enumerate(flat) if _is_tensor_arg(v) or isinstance(v, TensorSpec)]
        signature_specs = (list(_flatten_specs(self._input_signature)) if key == "input_signature" else None)
        arguments = []  # (dtype, name, static shape) of each tensor leaf, known before recording starts
        for n, i in enumerate(tensor_leaves):
            value = flat[i]
            if isinstance(value, TensorSpec):
                arguments.append((value.dtype, value.name or names[i], value.shape))
                continue
            example = convert_to_tensor(value)
            if signature_specs is not None and n < len(signature_specs):
                shape = signature_specs[n].shape
            else:
                shape = _spec_shape(leaf_keys[i]) if leaf_keys[i] is not None else example.shape
            arguments.append((example.dtype, names[i], shape))
        variable_leaves = [i for i, v in enumerate(flat) if isinstance(v, _variables.Variable)]
        graph = func_graph.FuncGraph(self._name, len(tensor_leaves))
        for k, i in enumerate(variable_leaves):  # the graph works on whichever variable a call passes
            graph.resource_args.setdefault(_C.resource_id(flat[i]), k)
        with graph:
            # An argument that traces itself is seen by the body as its TraceType's placeholder.
            symbolic = [trace_type.placeholder_of(v) if trace_type.traces_itself(v) else v for v in flat]
            for n, i in enumerate(tensor_leaves):
                symbolic[i] = graph.add_argument(n, *arguments[n])
                if isinstance(flat[i], WeakTensor):
                    symbolic[i] = WeakTensor.from_tensor(symbolic[i])
            call_args, call_kwargs = nest.pack_sequence_as(structure, symbolic)
            if self._instance_ref is not None:
                call_args[0] = args[0]
            if bound is not None:
                for name, value in zip(list(bound.arguments), call_args):
                    bound.arguments[name] = value
                call_args, call_kwargs = bound.args, bound.kwargs
            with _variables.watching_creation(watcher):
                try:
                    result = self._body()(*call_args, **call_kwargs)
                except Exception as e:  # noqa: BLE001 - re-raised as TensorFlow shows errors in traced code
                    if graph.deferred:  # what went wrong after a folded constant failed: that op's error
                        first = min(graph.deferred)
                        raise _in_user_code(graph.deferred[first], graph.nodes[first][2]) from None
                    raise _in_user_code(e) from None
            output = _to_output(result, self._python_function)
        flat_out = nest.flatten(output)
        out_tensors = [t for t in flat_out if isinstance(t, Tensor)]
        try:
            cgraph = graph.finish(out_tensors)
        except func_graph.DeferredOpError as e:
            raise _in_user_code(e.error, e.frames) from None
        specs = [TensorSpec(func_graph.shape_of(graph.inputs[n]), graph.inputs[n].dtype,
                            name=graph.inputs[n].name.rsplit(":", 1)[0])
                 for n in range(len(tensor_leaves))]
        variable_specs = {i: TensorSpec(flat[i].shape, flat[i].dtype, name=names[i]) for i in variable_leaves}
        flat = [variable_specs.get(i, v) for i, v in enumerate(flat)]  # the trace keeps no variable alive
        concrete = ConcreteFunction(self, graph, cgraph, structure, flat, tensor_leaves, specs, output, flat_out,
                                    variable_leaves=variable_leaves,
                                    positional_only=not kwargs and all(
                                        isinstance(flat[i], Tensor) for i in tensor_leaves) and
                                    len(tensor_leaves) + len(variable_leaves) == len(flat) == len(args) -
                                    (0 if self._instance_ref is None else 1))
        concrete._created = bool(watcher.created)
        self._trace_count += 1  # a trace that raises does not count, as in TensorFlow
        return concrete

    def _leaf_keys(self, key, args, kwargs, flat):
        """The trace key of each flattened argument leaf (for tensor leaves' static shapes)."""
        out = [None] * len(flat)
        if key == "input_signature":
            return out
        for i, v in enumerate(flat):
            if _is_tensor_arg(v):
                k = _key_of(v)
                out[i] = k
        # A relaxed trace (reduce_retracing) widens shapes: take them from the key when it lines up.
        widened = [k for k in _flatten_keys(key)]
        tensor_keys = [k for k in widened if isinstance(k, _TensorKey) and k[0] == "tensor"]
        tensor_positions = [i for i, v in enumerate(flat) if _is_tensor_arg(v)]
        if len(tensor_keys) == len(tensor_positions):
            for i, k in zip(tensor_positions, tensor_keys):
                out[i] = k
        return out

    def _parameter_names(self, bound, args, kwargs):
        """TensorFlow's placeholder name for each flattened argument leaf: the parameter's name
        (`args_0`, ... for the elements of *args)."""
        names = []
        if bound is not None:
            params = bound.signature.parameters
            for name, value in bound.arguments.items():
                kind = params[name].kind
                if kind == params[name].VAR_POSITIONAL:
                    for k, v in enumerate(value):
                        names.extend([f"{name}_{k}"] * len(nest.flatten(v)))
                elif kind == params[name].VAR_KEYWORD:
                    for k in sorted(value):
                        names.extend([k] * len(nest.flatten(value[k])))
                else:
                    names.extend([name] * len(nest.flatten(value)))
            return names
        for i, a in enumerate(args):
            names.extend([f"args_{i}"] * len(nest.flatten(a)))
        for k in sorted(kwargs):
            names.extend([k] * len(nest.flatten(kwargs[k])))
        return names

    def _canonical(self, args, kwargs):
        """(values, bound): the call's arguments bound to the parameters, defaults applied, in
        parameter order (what a trace is keyed, named and flattened by), or (None, None) when
        the parameters cannot be inspected or do not bind."""
        sig = self._full_signature
        if sig is None:
            return None, None
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError:
            return None, None
        bound.apply_defaults()
        return list(bound.arguments.values()), bound

    def _call_key(self, args, kwargs):
        """The trace key of a call: arguments bound to parameters, defaults applied, and the
        trace contexts registered from above."""
        context = tuple(fn() for fn in _TRACE_CONTEXTS)
        if self._signature is not None:
            try:
                bound = self._signature.bind(*args, **kwargs)
            except TypeError:
                pass  # the body's own call will raise the TypeError
            else:
                bound.apply_defaults()
                return tuple((name, _key_of(value)) for name, value in bound.arguments.items()) + context
        return (_key_of(args), _key_of(kwargs)) + context

    def _bind_input_signature(self, args, kwargs):
        sig = self._signature
        params = list(sig.parameters.values()) if sig is not None else []
        signature_text = ", ".join(f"{p.name}: {s!r}" for p, s in zip(params, self._input_signature))

        def fail(reason):
            raise TypeError(_binding_failure(reason, args, kwargs, f"({signature_text})"))

        if sig is None:
            fail("the function's parameters cannot be inspected")
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        varargs = next((p for p in params if p.kind == p.VAR_POSITIONAL), None)
        if varargs is not None and len(self._input_signature) > len(positional):
            # TensorFlow's rule: the specs past the named positional parameters are `*args`'s, one each.
            try:
                bound = inspect.Signature(positional + [varargs]).bind(*args, **kwargs)
            except TypeError as e:
                fail(str(e))
            values = [bound.arguments[p.name] for p in positional] + list(bound.arguments.get(varargs.name, ()))
            if len(values) != len(self._input_signature):
                fail(f"signature specifies {len(self._input_signature)} arguments, got: {len(values)}.")
            try:
                return tuple(_conform(v, spec) for v, spec in zip(values, self._input_signature)), {}
            except _BindError as e:
                fail(str(e))
        covered = inspect.Signature(params[:len(self._input_signature)])
        try:
            bound = covered.bind(*args, **kwargs)
        except TypeError as e:
            fail(str(e))
        bound.apply_defaults()
        new_args, new_kwargs = [], {}
        for param, spec in zip(covered.parameters.values(), self._input_signature):
            try:
                value = _conform(bound.arguments[param.name], spec)
            except _BindError as e:
                fail(str(e))
            if param.kind == param.KEYWORD_ONLY:
                new_kwargs[param.name] = value
            else:
                new_args.append(value)
        return tuple(new_args), new_kwargs


def _flatten_keys(key):
    if isinstance(key, _TensorKey):
        yield key
    elif isinstance(key, tuple):
        for k in key:
            yield from _flatten_keys(k)


def _drop_first_parameter(signature):
    if signature is None:
        return None
    params = list(signature.parameters.values())
    if params and params[0].kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD):
        params = params[1:]
    return signature.replace(parameters=params)


# --- retracing warning ------------------------------------------------------------------------

_FREQUENT_TRACING_THRESHOLD = 5
_FREQUENT_TRACING_MAX_CALL_HISTORY = 10
_FREQUENT_TRACING_MAX_WARNINGS = 2


class _TracingDetector:
    """TensorFlow's frequent-tracing detector: warns when at least 5 of a function's last (up to)
    10 calls traced, at most twice per Python function."""

    def __init__(self):
        self.calls_per_tracing = []
        self.call_count = 0
        self.warnings = 0
        # Calls that ran a cached trace in C (Function._fast), counted there and folded in here
        # before the next call Python sees, in call order.
        self.fast_calls = [0]

    def _fold_fast_calls(self):
        n = self.fast_calls[0]
        if n:
            self.fast_calls[0] = 0
            if not self.calls_per_tracing:
                self.calls_per_tracing = [0]
            self.calls_per_tracing[-1] += n
            self.call_count += n

    def traced(self, python_function):
        self._fold_fast_calls()
        self.call_count += 1
        self.calls_per_tracing.append(1)
        while self.calls_per_tracing:
            if self.call_count - self.calls_per_tracing[0] > _FREQUENT_TRACING_MAX_CALL_HISTORY:
                self.call_count -= self.calls_per_tracing.pop(0)
            else:
                break
        if self.warnings >= _FREQUENT_TRACING_MAX_WARNINGS:
            return
        if len(self.calls_per_tracing) >= _FREQUENT_TRACING_THRESHOLD:
            self.warnings += 1
            tf_logging.get_logger().warning(
                f"{len(self.calls_per_tracing)} out of the last {self.call_count} calls to {python_function!r} "
                "triggered tf.function retracing. Tracing is expensive and the excessive number of tracings could "
                "be due to (1) creating @tf.function repeatedly in a loop, (2) passing tensors with different "
                "shapes, (3) passing Python objects instead of tensors. For (1), please define your @tf.function "
                "outside of the loop. For (2), @tf.function has reduce_retracing=True option that can avoid "
                "unnecessary retracing. For (3), please refer to "
                "https://www.tensorflow.org/guide/function#controlling_retracing and "
                "https://www.tensorflow.org/api_docs/python/tf/function for  more details.")

    def not_traced(self):
        self._fold_fast_calls()
        if not self.calls_per_tracing:
            self.calls_per_tracing = [0]
        self.calls_per_tracing[-1] += 1
        self.call_count += 1


_detectors = weakref.WeakKeyDictionary()  # python function -> _TracingDetector (shared by a method's instances)


def _detector(function):
    try:
        d = _detectors.get(function._python_function)
        if d is None:
            d = _detectors[function._python_function] = _TracingDetector()
        return d
    except TypeError:  # not weak-referenceable: one per Function
        if not hasattr(function, "_own_detector"):
            function._own_detector = _TracingDetector()
        return function._own_detector


# --- errors in traced code --------------------------------------------------------------------

def _in_user_code(error, where=None):
    """`error` with TensorFlow's "in user code:" text: the user's frames (file, line, function,
    source line) of the traceback, or `where` ((file, line, function) of the op that failed),
    then the original message. Same exception type.

    An error already given this text by a function traced inside this one (a nested or recursive
    tf.function) gets it anew from its first message and all the user's frames, never nested: the
    text grows with the depth, not with its square. A RecursionError passes through as it is:
    rebuilding it at each of hundreds of levels, at the very limit of the stack, is what made
    runaway recursion take half a minute to surface. An error marked `_varrt_raised_as_is` (a
    tensor used out of its graph, which TensorFlow reports when the function runs) keeps its text."""
    import linecache
    import os
    import traceback
    if isinstance(error, RecursionError) or getattr(error, "_varrt_raised_as_is", False):
        return error
    # The first error, and the frames of inner functions' failing ops, which the traceback lacks.
    first, below = getattr(error, _FIRST_ERROR, (error, []))
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if where is not None:
        frames = [traceback.FrameSummary(f, n, fn) for f, n, fn in where]
    else:
        frames = [frame for frame in traceback.extract_tb(error.__traceback__)
                  if not os.path.abspath(frame.filename).startswith(package + os.sep) and frame.filename != __file__]
    frames += below
    if not frames:
        return error
    lines = ["in user code:", ""]
    for f in frames:
        lines.append(f'    File "{f.filename}", line {f.lineno}, in {f.name}  *')
        source = f.line or linecache.getline(f.filename, f.lineno).strip()
        if source:
            lines.append(f"        {source.strip()}")
    lines.append("")
    message = first.message if isinstance(first, errors.OpError) else str(first)
    lines.append(f"    {type(first).__name__}: {message}")
    lines.append("")
    text = "\n".join(lines)
    try:
        if isinstance(error, errors.OpError):
            new = type(error)(error.node_def, error.op, text)
        elif isinstance(error, KeyError):
            return error
        else:
            new = type(error)(text)
    except Exception:  # noqa: BLE001 - an exception type we cannot rebuild keeps its own message
        return error
    new.__traceback__ = error.__traceback__
    setattr(new, _FIRST_ERROR, (first, frames if where is not None else below))
    return new


# The attribute an "in user code:" error keeps (its first error, frames its traceback lacks) under.
_FIRST_ERROR = "_varrt_first_error"


class ConcreteFunction:
    """A traced graph of a Function for one input signature (TensorFlow's ConcreteFunction)."""

    _counter = itertools.count(1)

    def __init__(self, function, func_graph, cgraph, structure, flat_args, tensor_leaves, specs, output, flat_output,
                 positional_only, variable_leaves=()):
        self._function = function
        self.graph = func_graph
        self._cgraph = cgraph
        self._structure = structure
        self._flat_args = flat_args
        self._tensor_leaves = tensor_leaves
        self._variable_leaves = list(variable_leaves)  # where a call's variable arguments are
        self._specs = specs
        self._output = output
        self._composite_output = _has_composites(output)  # IndexedSlices returned: rebuilt after each call
        self._flat_output = [None if isinstance(t, Tensor) else t for t in flat_output]
        self._output_positions = [i for i, t in enumerate(flat_output) if isinstance(t, Tensor)]
        self._positional_only = positional_only
        self._logged = False
        self._created = False
        self._inference_name = f"__inference_{function.name}_{next(ConcreteFunction._counter)}"
        self._out_specs = [TensorSpec(func_graph_shape(t), t.dtype) for t in flat_output if isinstance(t, Tensor)]

    # --- TensorFlow's attributes ---------------------------------------------------------------

    @property
    def name(self):
        return self._inference_name

    @property
    def structured_input_signature(self):
        flat = list(self._flat_args)
        for n, i in enumerate(self._tensor_leaves):
            flat[i] = self._specs[n]
        args, kwargs = nest.pack_sequence_as(self._structure, flat)
        if self._function._instance_ref is not None:
            args = args[1:]
        return tuple(args), kwargs

    @property
    def structured_outputs(self):
        return _with_composites(self._output) if self._composite_output else self._output

    @property
    def inference_fn(self):
        """The graph called with flat tensors (TensorFlow's AtomicFunction)."""
        return atomic_function.AtomicFunction(self)

    @staticmethod
    def _flat_output_tensors(result):
        return [t for t in nest.flatten(result) if isinstance(t, Tensor)]

    @property
    def inputs(self):
        return list(self.graph.inputs)

    @property
    def outputs(self):
        return [t for t in nest.flatten(self._output) if isinstance(t, Tensor)]

    @property
    def variables(self):
        """The variables the graph captured (variable arguments are inputs, not captures)."""
        return tuple(v for rid, v in self.graph.variables_by_resource.items()
                     if v is not None and rid not in self.graph.resource_args)

    @property
    def trainable_variables(self):
        return tuple(v for v in self.variables if v.trainable)

    def _parameters_text(self):
        args, kwargs = self.structured_input_signature
        if self._function._input_signature is not None:  # printed with the names the signature gives
            args = tuple(_SignatureSpec.of(s) for s in self._function._input_signature)
        sig = self._function._signature
        params = list(sig.parameters.values()) if sig is not None else []
        parts = []
        for i, a in enumerate(args):
            name = params[i].name if i < len(params) else f"args_{i}"
            kind = "POSITIONAL_ONLY" if i < len(params) and params[i].kind == params[i].POSITIONAL_ONLY \
                else "POSITIONAL_OR_KEYWORD"
            parts.append((name, kind, a))
        if self._function._input_signature is not None:  # the arguments it leaves at their defaults
            for p in params[len(args):]:
                if p.kind == p.POSITIONAL_OR_KEYWORD and p.default is not p.empty:
                    parts.append((p.name, "POSITIONAL_OR_KEYWORD", p.default))
        for k, v in kwargs.items():
            parts.append((k, "KEYWORD_ONLY", v))
        return parts

    @staticmethod
    def _type_text(value):
        """TensorFlow's text of a parameter's trace type: TensorSpec, Literal[v], List[...],
        Tuple[...], Dict[[key, type], ...]."""
        text = ConcreteFunction._type_text
        if isinstance(value, TensorSpec):
            return repr(TensorSpec(value.shape, value.dtype, value.name if isinstance(value, _SignatureSpec) else None))
        if isinstance(value, list):
            return "List[" + ", ".join(text(v) for v in value) + "]"
        if isinstance(value, tuple) and not hasattr(type(value), "_fields"):
            return "Tuple[" + ", ".join(text(v) for v in value) + "]"
        if isinstance(value, dict):
            return "Dict[" + ", ".join(f"[{k!r}, {text(v)}]" for k, v in value.items()) + "]"
        return f"Literal[{value!r}]"

    def _output_text(self):
        specs = iter(self._out_specs)
        flat = [next(specs) if i in self._output_positions else v for i, v in enumerate(self._flat_output)]
        out = nest.pack_sequence_as(self._output, flat) if flat else self._output
        return self._type_text(out)

    def pretty_printed_signature(self, verbose=True):
        lines = ["Input Parameters:"]
        for name, kind, value in self._parameters_text():
            lines.append(f"  {name} ({kind}): {self._type_text(value)}")
        lines.append("Output Type:")
        lines.append(f"  {self._output_text()}")
        captures = [(rid, v) for rid, v in self.graph.variables_by_resource.items()]
        if captures:
            lines.append("Captures:")
            for rid, _ in captures:
                lines.append(f"  {rid}: TensorSpec(shape=(), dtype=tf.resource, name=None)")
        else:
            lines.append("Captures:")
            lines.append("  None")
        return "\n".join(lines)

    def __str__(self):
        return "ConcreteFunction " + self.pretty_printed_signature()

    @property
    def function_type(self):
        return FunctionType(self)

    @property
    def output_dtypes(self):
        specs = iter(self._out_specs)
        flat = [next(specs).dtype if i in self._output_positions else v for i, v in enumerate(self._flat_output)]
        return nest.pack_sequence_as(self._output, flat) if flat else self._output

    @property
    def output_shapes(self):
        specs = iter(self._out_specs)
        flat = [next(specs).shape if i in self._output_positions else v for i, v in enumerate(self._flat_output)]
        return nest.pack_sequence_as(self._output, flat) if flat else self._output

    def __repr__(self):
        params = ", ".join(f"{name}: {self._type_text(value)}" for name, _, value in self._parameters_text())
        return f"<ConcreteFunction ({params}) -> {self._output_text()} at 0x{id(self):X}>"

    # --- calls --------------------------------------------------------------------------------

    def __call__(self, *args, **kwargs):
        """Calls the graph with tensors matching the traced signature: the arguments bind to the
        traced parameters (non-tensor ones equal to the traced values) or, failing that, are the
        graph's tensor inputs by their names (TensorFlow's fallback to the flat signature)."""
        try:
            self._bind_structured(args, kwargs)
        except _BindError as structured:
            try:
                tensors = self._bind_flat(args, kwargs)
            except TypeError as flat:
                raise TypeError(f"{structured}\nFallback to flat signature also failed due to: {flat}") from None
            return self._call_checked(tensors, [])
        args = self._function._with_instance(args)
        flat = nest.flatten((list(args), dict(kwargs)))
        tensors = [convert_to_tensor(v) if not isinstance(v, _variables.Variable) else v for v in flat
                   if _is_tensor_arg(v) or isinstance(v, _variables.Variable)]
        tensors = [t for t in tensors if isinstance(t, Tensor)]
        if len(tensors) != len(self._tensor_leaves):
            raise TypeError(f"{self.name} takes {len(self._tensor_leaves)} tensor arguments, got {len(tensors)}")
        values, bound = self._function._canonical(args, kwargs)
        flat = nest.flatten((values, {}) if bound is not None else (list(args), dict(kwargs)))
        return self._call_checked(tensors, [flat[i] for i in self._variable_leaves])

    def _call_checked(self, tensors, variables):
        for index, (t, spec) in enumerate(zip(tensors, self._specs)):
            if t.dtype != spec.dtype:  # TensorFlow's text for the call of a concrete function
                raise errors.InvalidArgumentError(
                    None, None, f"{_C.tf.input_dtype_mismatch(self.name, index, spec.dtype._enum, t.dtype._enum)} "
                                f"[Op:{self.name}]")
            if not spec.is_compatible_with(t):
                # TensorFlow runs its graph on any shape; varrt's graph is built for the traced shapes.
                raise errors.InvalidArgumentError(
                    None, None, f"cannot compute {self.name} as input #{index}(zero-based) was expected to be a "
                                f"{spec.dtype.name} tensor of shape {spec.shape} but is a {t.dtype.name} tensor of "
                                f"shape {t.shape}")
        return self._run(tensors, variables)

    def _bind_structured(self, args, kwargs):
        """_BindError (with TensorFlow's text) unless `args` and `kwargs` bind to the traced
        parameters with each non-tensor argument the value traced."""
        sig = self._function._full_signature
        if sig is None:
            return
        full = self._function._with_instance(args)
        try:
            bound = sig.bind(*full, **kwargs)
        except TypeError as e:
            raise _BindError(_binding_failure(e, args, kwargs, str(self.function_type))) from None
        bound.apply_defaults()
        flat = nest.flatten((list(bound.arguments.values()), {}))
        if len(flat) != len(self._flat_args):
            return  # another structure: the tensor count decides, as before
        skip = set(self._tensor_leaves) | set(self._variable_leaves) | ({0} if self._function._instance_ref else set())
        for i, (value, traced) in enumerate(zip(flat, self._flat_args)):
            if i not in skip and not isinstance(traced, TensorSpec) and not _same_literal(value, traced):
                raise _BindError(_binding_failure(f"Can not cast {value!r} to {self._type_text(traced)}", args,
                                                  kwargs, str(self.function_type)))

    def _flat_signature_summary(self):
        return f"{self.graph.name}({', '.join(spec.name for spec in self._specs)})"

    def _bind_flat(self, args, kwargs):
        """The tensor inputs of a call by the graph's flat signature (its tensor inputs by name),
        or TypeError in TensorFlow's words."""
        keywords = [spec.name for spec in self._specs]
        if len(args) > len(keywords):
            raise TypeError(f"{self._flat_signature_summary()} takes {len(keywords)} positional arguments, got "
                            f"{len(args)}.")
        args, kwargs = list(args), dict(kwargs)
        for keyword in keywords[len(args):]:
            if keyword not in kwargs:
                missing = sorted(set(keywords) - set(keywords[:len(args)]) - set(kwargs))
                raise TypeError(f"{self._flat_signature_summary()} missing required arguments: {', '.join(missing)}.")
            args.append(kwargs.pop(keyword))
        if kwargs:
            for key in kwargs:
                if key in keywords[:len(args)]:
                    raise TypeError(f"{self._flat_signature_summary()} got two values for '{key}'.")
            raise TypeError(f"{self._flat_signature_summary()} got unexpected keyword arguments: "
                            f"{', '.join(sorted(kwargs))}.")
        for i, arg in enumerate(args):
            if not isinstance(arg, (Tensor, _variables.Variable)):
                raise TypeError(f"{self._flat_signature_summary()}: expected argument #{i}(zero-based) to be a Tensor; "
                                f"got {type(arg).__name__} ({arg}).")
        return [convert_to_tensor(a) for a in args]

    def _call_flat(self, tensors, release_gil=False):
        """Calls with the tensors of the traced signature, flat and unchecked: for callers that
        hold tensors of its specs already (tf.data's functions, per element), where __call__'s
        binding and checks cost several times the graph's run. `release_gil`: the graph runs
        without the GIL (a caller on a worker thread, whose runs then overlap)."""
        return self._run(tensors, release_gil=release_gil)

    def _call_structured(self, args, kwargs):
        values, bound = self._function._canonical(args, kwargs)
        flat = nest.flatten((values, {}) if bound is not None else (list(args), dict(kwargs)))
        tensors = [flat[i] if isinstance(flat[i], Tensor) else convert_to_tensor(flat[i]) for i in self._tensor_leaves]
        return self._run(tensors, [flat[i] for i in self._variable_leaves])

    def _cache_in(self, calls, args, counter):
        """Caches this trace in `calls` (a Function's _C.TracedCalls) for calls like `args`."""
        if isinstance(self._output, Tensor):
            output = "tensor"
        elif self._output is None and not self._output_positions:
            output = "none"
        else:
            output = "packed"
        calls.add(tuple(args), self._cgraph, self.graph.external_captures, self._inference_name, output,
                  self._pack_results, self._reraise_run_error, counter)

    def _pack_results(self, results):
        """The call's result: the traced output structure with the graph's results in place."""
        if not self._flat_output:
            return self._output if not self._output_positions else results[0]
        flat = list(self._flat_output)
        for pos, value in zip(self._output_positions, results):
            flat[pos] = value
        packed = nest.pack_sequence_as(self._output, flat)
        return _with_composites(packed) if self._composite_output else packed

    def _reraise_run_error(self, error):
        if isinstance(error, errors.OpError):
            raise self._graph_execution_error(error) from None
        raise error

    def _run(self, tensors, variables=(), release_gil=False):
        if not _func_graph.executing_eagerly():
            return self._call_in_graph(tensors, variables)
        if not self._logged:
            self._logged = True
            if _C.get_log_device_placement():
                self._log_nodes()
        _C.log_function_call(self._inference_name)
        try:
            # A function traced inside another reads that one's tensors (its closure) as extra inputs.
            results = self._cgraph.run(list(tensors) + self.graph.external_captures, variables, release_gil)
        except errors.OpError as e:
            raise self._graph_execution_error(e) from None
        return self._pack_results(results)

    def _call_in_graph(self, tensors, variables):
        """A call while another graph is built (a tf.function calling one): a node of that graph
        that runs this function's graph when it runs (TensorFlow's StatefulPartitionedCall), its
        outputs symbolic tensors of this function's output dtypes and static shapes."""
        outer = _func_graph.current()
        cgraph, bound = self._cgraph, tuple(variables)

        inner = self.graph

        def call(*values):
            try:
                return cgraph.run(values, bound)
            except errors.OpError as e:
                # The node that failed inside, named and placed as TensorFlow reports it: the
                # outer call's frames, then the inner node's (deepest call last).
                index = _C.Graph.failed_node()
                if 0 <= index < len(inner.nodes):
                    name, op, frames = inner.nodes[index]
                    deeper = getattr(e, "_inner_node", None) if op == "StatefulPartitionedCall" else None
                    e._inner_node = (deeper[0] if deeper else name, list(frames) + (deeper[1] if deeper else []))
                raise

        specs = self._out_specs
        # Tensors of the graphs it was traced in that it reads (closures) follow its arguments.
        inputs = list(tensors) + list(self.graph.external_captures)
        first, node_name = outer.add_call_node("StatefulPartitionedCall", call, inputs, len(specs))
        results = outer.register_outputs([s.dtype for s in specs], first, node_name, [s.shape for s in specs],
                                         "StatefulPartitionedCall")
        if not self._flat_output:
            return self._output
        flat = list(self._flat_output)
        for pos, value in zip(self._output_positions, results):
            flat[pos] = value
        packed = nest.pack_sequence_as(self._output, flat)
        return _with_composites(packed) if self._composite_output else packed

    def _graph_execution_error(self, error):
        """TensorFlow's text for an op failing while a graph runs: the node, where it was defined,
        the kernel's message, [Op:__inference_...]. The same error class."""
        index = getattr(error, "failed_node", None)  # a check failing for another node (optimizer.py)
        if index is None:
            index = _C.Graph.failed_node()
        if not 0 <= index < len(self.graph.nodes):
            return error
        name, op, frames = self.graph.nodes[index]
        inner = getattr(error, "_inner_node", None)
        if op == "StatefulPartitionedCall" and inner is not None:  # a nested function's node failed
            name, frames = inner[0], list(frames) + inner[1]
        message = kernel_message(error)
        lines = ["Graph execution error:", "", f"Detected at node {name} defined at (most recent call last):"]
        for filename, line, function in frames:
            lines += [f'  File "{filename}", line {line}, in {function}', ""]
        text = "\n".join(lines) + f"\n{message}\n\t [[{{{{node {name}}}}}]] [Op:{self._inference_name}]"
        wrapped = type(error)(error.node_def, error.op, text)
        wrapped.failed_node_text = f"{message}\n\t [[{{{{node {name}}}}}]]"  # what a dataset's iterator reports
        return wrapped

    def _log_nodes(self):
        lines = [f"{name}: ({op})" for name, op in self.graph.node_names]
        lines += [f"{name}_RetVal: (_Retval)" for name in ("identity",) * min(1, len(self._output_positions))]
        _C.log_placement_lines(lines)


class FunctionType:
    """What `ConcreteFunction.function_type` prints: its parameters and output type."""

    def __init__(self, concrete):
        self._concrete = concrete

    def __repr__(self):
        c = self._concrete
        params = ", ".join(f"{name}: {c._type_text(value)}" for name, _, value in c._parameters_text())
        return f"({params}) -> {c._output_text()}"

    __str__ = __repr__


def func_graph_shape(t):
    return func_graph.shape_of(t)


def run_functions_eagerly(run_eagerly):
    """Makes `tf.function`s run their Python body instead of their traced graphs.

    For debugging; process-wide, as in TensorFlow (`tf.config.run_functions_eagerly`).

    Args:
        run_eagerly: True to run functions eagerly, False to trace them again.

    Returns:
        None.
    """
    _run_eagerly[0] = bool(run_eagerly)


def functions_run_eagerly():
    """Whether `run_functions_eagerly(True)` is in effect."""
    return _run_eagerly[0]


_EXPERIMENTAL_HOME = "tensorflow.python.eager.polymorphic_function.eager_function_run"


@deprecation.deprecated(_EXPERIMENTAL_HOME, "Use `tf.config.run_functions_eagerly` instead of the experimental version.")
def experimental_run_functions_eagerly(run_eagerly):
    """`run_functions_eagerly`, under its old name (deprecated, as in TensorFlow)."""
    return run_functions_eagerly(run_eagerly)


@deprecation.deprecated(_EXPERIMENTAL_HOME, "Use tf.config.functions_run_eagerly instead of the experimental version.")
def experimental_functions_run_eagerly():
    """`functions_run_eagerly`, under its old name (deprecated, as in TensorFlow)."""
    return functions_run_eagerly()
