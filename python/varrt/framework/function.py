"""`function`: TensorFlow's `tf.function` rules, executed eagerly.

varrt has no graphs. A call to a `function` runs the Python body eagerly, every time; what
is kept from TensorFlow is what a program can observe:

- Traces. Each distinct input signature (dtype and shape of Tensor, NumPy and Variable
  arguments, value of Python arguments, structure of lists, tuples and dicts) counts as one
  trace in `experimental_get_tracing_count()`. `input_signature=[TensorSpec(...)]` converts
  the arguments and rejects what does not match (TypeError); `reduce_retracing=True` widens
  shapes (unknown dimensions) after a second shape is seen.
- Variable creation. Variables may be created only on the first call. If that call creates
  any, TensorFlow traces the body a second time with creation forbidden and runs that
  second trace; varrt does the same: it runs the body again after undoing the first run's
  effect on variables (existing ones get back their values, new ones their initial
  values), so the state changes exactly once, and Python side effects happen twice as they
  do while TensorFlow traces. A body that creates a variable on every call therefore fails
  on its first call with TensorFlow's ValueError; one that creates it only when missing
  (`if self.v is None: self.v = Variable(...)`) works. Creating a variable on any later
  call is a ValueError too.
- Captured variables are read when the body runs, so later assigns are seen.
- Results are converted as TensorFlow returns them: Variables, NumPy values and Python
  numbers and strings become Tensors; lists, tuples, dicts and None keep their structure.
- As a method decorator, each instance gets its own function (and its own traces).

Unlike TensorFlow, Python code in the body (prints, appends) runs on every call, not only
while tracing, and a body that raises leaves the variable updates it made before raising.
"""
import collections.abc
import functools
import inspect
import threading
import weakref

import numpy as np

from varrt import _C, dtypes
from varrt.framework import variables as _variables
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec

_SINGLETON_MESSAGE = ("tf.function only supports singleton tf.Variables created on the first call. Make sure the "
                      "tf.Variable is only created once or created outside tf.function. See "
                      "https://www.tensorflow.org/guide/function#creating_tfvariables for more information.")
_LATE_CREATION_MESSAGE = "Creating variables on a non-first call to a function decorated with tf.function."


def function(func=None, input_signature=None, autograph=True, jit_compile=None, reduce_retracing=False,
             experimental_implements=None, experimental_autograph_options=None, experimental_attributes=None,
             experimental_relax_shapes=None, experimental_compile=None, experimental_follow_type_hints=None):
    """Makes `func` a `Function` (usable as `@function` or `@function(input_signature=...)`).

    Calls run eagerly (the Python body runs on every call); see this module's docstring for
    the TensorFlow rules that are kept.
    """
    if experimental_relax_shapes is not None:
        reduce_retracing = bool(experimental_relax_shapes)

    def decorate(f):
        return Function(f, input_signature=input_signature, reduce_retracing=reduce_retracing)

    return decorate if func is None else decorate(func)


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


def _run_watched(watcher, fn, args, kwargs):
    with _variables.watching_creation(watcher):
        return fn(*args, **kwargs)


# --- trace keys -----------------------------------------------------------------------------

class _TensorKey(tuple):
    """("tensor" or "variable", dtype, dims or None): what a tensor argument traces as."""

    __slots__ = ()


def _tensor_key(kind, dtype, shape):
    return _TensorKey((kind, dtype, shape))


def _key_of(value):
    """The trace type of one argument (hashable)."""
    if isinstance(value, _variables.Variable):
        return _tensor_key("variable", value.dtype, tuple(value.shape.as_list()) if value.shape.rank is not None
                           else None)
    if isinstance(value, Tensor):
        return _tensor_key("tensor", value.dtype, value._data.shape)
    if isinstance(value, np.ndarray):
        return _tensor_key("tensor", dtypes.as_dtype(value.dtype), value.shape)
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
    if isinstance(general, _TensorKey) and isinstance(specific, _TensorKey):
        if general[0] != specific[0] or general[1] != specific[1]:
            return False
        g, s = general[2], specific[2]
        return g is None or (s is not None and len(g) == len(s) and
                             all(a is None or a == b for a, b in zip(g, s)))
    if isinstance(general, tuple) and isinstance(specific, tuple) and not isinstance(specific, _TensorKey):
        return len(general) == len(specific) and all(_subsumes(a, b) for a, b in zip(general, specific))
    return general == specific


def _supertype(a, b):
    """The most specific key both `a` and `b` fit (shapes widened), or None."""
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


# --- results --------------------------------------------------------------------------------

def _to_output(value, python_function):
    if value is None or isinstance(value, Tensor):
        return value
    if isinstance(value, _variables.Variable):
        return value.read_value()
    if isinstance(value, (bool, int, float, complex, str, bytes, np.ndarray, np.generic)):
        return convert_to_tensor(value)
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return type(value)(*(_to_output(v, python_function) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(_to_output(v, python_function) for v in value)
    if isinstance(value, dict):
        return type(value)((k, _to_output(v, python_function)) for k, v in value.items())
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
    if bad:
        raise TypeError("input_signature must be a possibly nested sequence of TensorSpec objects, got invalid args "
                        f"{bad} with types {[type(s) for s in bad]}.")
    return tuple(input_signature)


class _BindError(Exception):
    pass


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


def _python_signature(fn):
    try:
        return inspect.signature(fn)
    except (TypeError, ValueError):
        return None


class Function:
    """A callable made by `function`: runs its Python body eagerly under tf.function's rules."""

    def __init__(self, python_function, input_signature=None, reduce_retracing=False, name=None):
        self._python_function = python_function
        self._input_signature = _check_input_signature(input_signature)
        self._reduce_retracing = reduce_retracing
        self._name = name or getattr(python_function, "__name__", type(python_function).__name__)
        self._signature = _python_signature(python_function)
        self._instance_ref = None  # set on the per-instance copies made by __get__
        self._traces = []  # keys of the traces made so far
        self._lock = threading.RLock()
        self._initialized = False  # the first call has completed its trace(s)
        self._created_variables = False  # ... and created variables in it
        self._descriptor_cache = weakref.WeakKeyDictionary()
        self._descriptor_cache_by_id = {}
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

    def experimental_get_tracing_count(self):
        """How many traces TensorFlow would have made so far (see the module docstring)."""
        return len(self._traces) + (1 if self._created_variables else 0)

    def get_concrete_function(self, *args, **kwargs):
        """A callable bound to this function (it runs the body eagerly; nothing is traced)."""
        return ConcreteFunction(self, args, kwargs)

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
            bound = Function(self._python_function, self._input_signature, self._reduce_retracing, self._name)
            bound._signature = _drop_first_parameter(self._signature)
            try:
                bound._instance_ref = weakref.ref(instance)
            except TypeError:
                bound._instance_ref = lambda: instance
            try:
                self._descriptor_cache[instance] = bound
            except TypeError:
                self._descriptor_cache_by_id[id(instance)] = bound
        return bound

    # --- calls --------------------------------------------------------------------------------

    def __call__(self, *args, **kwargs):
        if self._input_signature is not None:
            args, kwargs = self._bind_input_signature(args, kwargs)
            key = "input_signature"  # one trace, for the signature's specs
        else:
            key = self._call_key(args, kwargs)
        if self._instance_ref is not None:
            args = (self._instance_ref(),) + args
        if not self._initialized:
            with self._lock:
                if not self._initialized:
                    return self._first_call(key, args, kwargs)
        return self._later_call(key, args, kwargs)

    def _first_call(self, key, args, kwargs):
        watcher = _CreationWatcher(allow=True)
        # The journal records each variable's value before this run's first update of it.
        with _C.UpdateJournal() as journal:
            result = _run_watched(watcher, self._python_function, args, kwargs)
        if not watcher.created:
            output = _to_output(result, self._python_function)
            self._initialized = True
            self._traces.append(key)
            return output
        # TensorFlow's second trace, with creation forbidden, is the one that runs: undo the
        # first run's effects on variables and run the body again.
        self._initialized = True
        self._created_variables = True
        journal.rollback()  # variables created by the run keep their initial values
        del journal, watcher
        result = _run_watched(_CreationWatcher(allow=False), self._python_function, args, kwargs)
        output = _to_output(result, self._python_function)
        self._traces.append(key)
        return output

    def _later_call(self, key, args, kwargs):
        watcher = _CreationWatcher(allow=not self._created_variables)
        result = _run_watched(watcher, self._python_function, args, kwargs)
        if watcher.created:  # TensorFlow checks after the trace, which counts
            with self._lock:
                self._add_trace(key)
            raise ValueError(_LATE_CREATION_MESSAGE)
        output = _to_output(result, self._python_function)  # a trace whose outputs fail does not count
        with self._lock:
            self._add_trace(key)
        return output

    def _add_trace(self, key):
        for traced in self._traces:
            if _subsumes(traced, key):
                return
        if self._reduce_retracing:
            for traced in self._traces:
                wider = _supertype(traced, key)
                if wider is not None:
                    key = wider
                    break
        self._traces.append(key)

    def _call_key(self, args, kwargs):
        """The trace key of a call: arguments bound to parameters, defaults applied."""
        if self._signature is not None:
            try:
                bound = self._signature.bind(*args, **kwargs)
            except TypeError:
                pass  # the body's own call will raise the TypeError
            else:
                bound.apply_defaults()
                return tuple((name, _key_of(value)) for name, value in bound.arguments.items())
        return (_key_of(args), _key_of(kwargs))

    def _bind_input_signature(self, args, kwargs):
        sig = self._signature
        params = list(sig.parameters.values()) if sig is not None else []
        signature_text = ", ".join(f"{p.name}: {s!r}" for p, s in zip(params, self._input_signature))

        def fail(reason):
            raise TypeError(f"Binding inputs to tf.function failed due to `{reason}`. Received args: {args!r} and "
                            f"kwargs: {kwargs!r} for signature: ({signature_text}).")

        if sig is None:
            fail("the function's parameters cannot be inspected")
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


def _drop_first_parameter(signature):
    if signature is None:
        return None
    params = list(signature.parameters.values())
    if params and params[0].kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD):
        params = params[1:]
    return signature.replace(parameters=params)


class ConcreteFunction:
    """What `Function.get_concrete_function` returns: calls go to the Function (eagerly)."""

    def __init__(self, function, args, kwargs):
        self._function = function
        if function.input_signature is not None:
            self.structured_input_signature = (function.input_signature, {})
        else:
            self.structured_input_signature = (args, kwargs)

    @property
    def name(self):
        return self._function.name

    def __call__(self, *args, **kwargs):
        return self._function(*args, **kwargs)

