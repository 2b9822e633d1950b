"""A hypothesis state machine: random sequences of variable operations on random dtypes and
shapes must agree with a plain NumPy model, step by step.

Every value ever read (tensors and zero-copy views kept by the machine) must also keep the
value it had when read, whatever happens to the variable later (copy-on-write).

Profiles: "ci" (the default, 100 examples) and "long" (2000 examples of up to 80 steps),
chosen with VARRT_HYPOTHESIS_PROFILE=long.
"""
import gc
import os

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from hypothesis.stateful import (Bundle, RuleBasedStateMachine, consumes, initialize, invariant, precondition,
                                 rule)

import varrt as tf

# "ci" is derandomized so that a CI failure reproduces exactly; "long" explores.
settings.register_profile("ci", max_examples=100, stateful_step_count=30, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=2000, stateful_step_count=80, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PROFILE = os.environ.get("VARRT_HYPOTHESIS_PROFILE", "ci")

NUMERIC = [np.float16, ml_dtypes.bfloat16, np.float32, np.float64, np.int8, np.int16, np.int32, np.int64, np.uint8,
           np.uint16, np.uint32, np.uint64, np.complex64, np.complex128]
ALL = NUMERIC + [np.bool_, object]  # object: string variables (bytes)

shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)


def values(dtype, shape):
    """Arrays of `dtype` (NaN, inf, extremes included) of exactly `shape`."""
    if dtype is object:
        return hnp.arrays(object, shape, elements=st.binary(max_size=6))
    if dtype in (ml_dtypes.bfloat16, np.float16):
        # Drawn as float32 and rounded: hypothesis's own 16-bit floats reject draws while
        # shrinking ("unreliable assumption"). Overflow to inf is a legal value here.
        return hnp.arrays(np.float32, shape, elements=st.floats(width=32)).map(lambda a: _cast(a, dtype))
    return hnp.arrays(np.dtype(dtype), shape)


def _cast(array, dtype):
    with np.errstate(over="ignore"):
        return array.astype(dtype)


def same(a, b):
    """Exact equality, NaN equal to NaN (both arrays of one dtype)."""
    if np.asarray(b).dtype == object:  # strings: numpy() gives bytes for 0-d
        a = np.asarray(a, dtype=object)
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype == object:
        return a.tolist() == b.tolist()
    if a.dtype.kind in "fcV" or a.dtype == ml_dtypes.bfloat16:
        return np.array_equal(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64),
                              b.astype(np.complex128 if b.dtype.kind == "c" else np.float64), equal_nan=True)
    return np.array_equal(a, b)


def _denormals_flushed(a):
    """float32/float64 (and complex) values with denormals as zeros of their sign: TensorFlow's CPU
    kernels read denormal inputs as zero and flush denormal results (FTZ and DAZ)."""
    if a.dtype.kind == "c":
        return _denormals_flushed(a.real) + 1j * _denormals_flushed(a.imag)
    if a.dtype not in (np.float32, np.float64):
        return a
    tiny = np.finfo(a.dtype).tiny
    return np.where((a != 0) & (np.abs(a) < tiny), np.copysign(np.zeros_like(a), a), a).astype(a.dtype)


def model_update(current, delta, subtract):
    """TensorFlow's arithmetic as NumPy does it: wrapping integers, IEEE floats (16-bit types
    compute in float32 and round once, as NumPy's float16 and ml_dtypes' bfloat16 do), with
    TensorFlow's denormal flushing for float32 and float64."""
    with np.errstate(all="ignore"):
        result = (np.subtract if subtract else np.add)(_denormals_flushed(current), _denormals_flushed(delta),
                                                        dtype=current.dtype)
    return _denormals_flushed(result).astype(current.dtype)


class Entry:
    """A live variable and what the model says it holds."""

    def __init__(self, var, model, flexible):
        self.var, self.model, self.flexible = var, model, flexible

    def __repr__(self):
        return f"Entry({self.model.dtype}, {self.model.shape})"


class VariableMachine(RuleBasedStateMachine):
    entries = Bundle("entries")

    def __init__(self):
        super().__init__()
        self.live = []
        self.snapshots = []  # (something read earlier, the value it had then)
        self.destroyed = []

    @initialize()
    def start(self):
        self.start_bytes = tf.experimental.memory_stats()["bytes_in_use"]

    # --- creation -------------------------------------------------------------------------

    @rule(target=entries, data=st.data(), dtype=st.sampled_from(ALL), shape=shapes, flexible=st.booleans())
    def create(self, data, dtype, shape, flexible):
        value = data.draw(values(dtype, shape))
        var = tf.Variable(value, shape=tf.TensorShape(None) if flexible else None)
        entry = Entry(var, value.copy(), flexible)
        self.live.append(entry)
        return entry

    @rule(target=entries, data=st.data(), shape=shapes, kind=st.sampled_from(["float", "int"]))
    def create_from_python(self, data, shape, kind):
        dtype = np.float32 if kind == "float" else np.int32
        elements = st.floats(width=32) if kind == "float" else st.integers(-2**31, 2**31 - 1)
        value = data.draw(hnp.arrays(dtype, shape, elements=elements))
        var = tf.Variable(value.tolist())  # the C++ fast path for Python sequences
        # (0, 0) as a list is [] of shape (0,); an empty list is float32, as in TensorFlow.
        entry = Entry(var, np.array(value.tolist(), dtype if value.size else np.float32), False)
        self.live.append(entry)
        return entry

    # --- updates --------------------------------------------------------------------------

    @rule(entry=entries, data=st.data())
    def assign(self, entry, data):
        if entry not in self.live:
            return
        shape = data.draw(shapes) if entry.flexible else entry.model.shape
        value = data.draw(values(entry.model.dtype.type if entry.model.dtype != object else object, shape))
        result = entry.var.assign(value)
        entry.model = value.copy()
        assert same(result.numpy(), entry.model), (result.numpy(), entry.model)

    @rule(entry=entries, data=st.data(), subtract=st.booleans(), via=st.sampled_from(["array", "tensor", "list"]))
    def assign_add_or_sub(self, entry, data, subtract, via):
        if entry not in self.live:
            return
        dtype = entry.model.dtype
        delta = data.draw(values(dtype.type if dtype != object else object, entry.model.shape))
        update = entry.var.assign_sub if subtract else entry.var.assign_add
        if dtype == object or dtype == np.bool_:
            with pytest.raises(tf.errors.InvalidArgumentError, match="No OpKernel was registered"):
                update(delta)
            return
        if via == "tensor":
            delta_in = tf.constant(delta)
        elif via == "list" and dtype in (np.float32, np.float64) and 0 not in delta.shape[:-1]:
            delta_in = delta.tolist()  # Python floats: exact in float64, rounded once into float32
        else:
            delta_in = delta
        update(delta_in, read_value=False)
        entry.model = model_update(entry.model, delta, subtract)

    @rule(entry=entries, data=st.data())
    def bad_update_changes_nothing(self, entry, data):
        if entry not in self.live:
            return
        model = entry.model
        wrong = data.draw(shapes.filter(lambda s: s != model.shape))
        filler = b"" if model.dtype == object else 0
        kind = data.draw(st.sampled_from(["shape_add", "shape_assign", "dtype_tensor", "ragged", "none"]))
        if kind == "shape_add" and model.dtype not in (object, np.bool_):
            with pytest.raises(tf.errors.InvalidArgumentError):
                entry.var.assign_add(np.full(wrong, filler, model.dtype))
        elif kind == "shape_assign" and not entry.flexible:
            with pytest.raises(ValueError, match="Shape mismatch"):
                entry.var.assign(np.full(wrong, filler, model.dtype))
        elif kind == "dtype_tensor":
            other = tf.constant(np.zeros(model.shape, np.int8 if model.dtype != np.int8 else np.int16))
            with pytest.raises(ValueError):
                entry.var.assign(other)
        elif kind == "ragged":
            with pytest.raises(ValueError):
                entry.var.assign([[1, 2], [3]])
        elif kind == "none":
            with pytest.raises((ValueError, TypeError)):
                entry.var.assign(None)
        assert same(entry.var.numpy(), model)

    # --- reads ----------------------------------------------------------------------------

    @rule(entry=entries, how=st.sampled_from(["read_value", "value", "asarray", "numpy", "convert"]), keep=st.booleans())
    def read(self, entry, how, keep):
        if entry not in self.live:
            return
        v = entry.var
        got = {"read_value": lambda: v.read_value(), "value": lambda: v.value(), "asarray": lambda: np.asarray(v),
               "numpy": lambda: v.numpy(), "convert": lambda: tf.convert_to_tensor(v)}[how]()
        array = got.numpy() if hasattr(got, "numpy") else got
        if entry.model.ndim == 0 and how == "numpy" and entry.model.dtype != object:
            array = np.asarray(array)
        assert same(np.asarray(array), entry.model), (how, array, entry.model)
        if keep:
            self.snapshots.append((got, entry.model.copy()))
            if len(self.snapshots) > 20:
                self.snapshots.pop(0)

    # --- destruction ----------------------------------------------------------------------

    @precondition(lambda self: self.live)
    @rule(entry=consumes(entries))
    def destroy(self, entry):
        if entry not in self.live:
            return
        self.live.remove(entry)
        entry.var._destroy()
        with pytest.raises(tf.errors.FailedPreconditionError):
            entry.var.numpy()
        self.destroyed.append(entry)

    # --- invariants -----------------------------------------------------------------------

    @invariant()
    def variables_match_their_models(self):
        for entry in self.live:
            assert same(entry.var.numpy(), entry.model), (entry.var.numpy(), entry.model)
            assert entry.var.dtype.as_numpy_dtype == entry.model.dtype.type or entry.model.dtype == object

    @invariant()
    def values_read_earlier_never_change(self):
        for got, expected in self.snapshots:
            array = got.numpy() if hasattr(got, "numpy") else got
            assert same(np.asarray(array), expected)

    def teardown(self):
        for entry in self.live + self.destroyed:
            entry.var._destroy()
        self.live.clear()
        self.snapshots.clear()
        gc.collect()  # tensors held only by reference cycles (exception tracebacks) go first
        assert tf.experimental.memory_stats()["bytes_in_use"] <= self.start_bytes


VariableMachine.TestCase.settings = settings.get_profile(PROFILE)
TestVariableMachine = VariableMachine.TestCase
