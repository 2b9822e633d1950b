"""Initializers: objects that make a tensor of a given shape and dtype, for variables.

    w = varrt.Variable(varrt.keras.initializers.GlorotUniform(seed=1)((784, 10)))

Two families, as in TensorFlow 2.21:
- Keras's (`tf.keras.initializers` / `tf.initializers`, here and in `varrt.keras.initializers`):
  `Zeros`, `Ones`, `Constant`, `RandomNormal`, `RandomUniform`, `TruncatedNormal`,
  `VarianceScaling` and its presets (`GlorotNormal`, `GlorotUniform`, `HeNormal`, `HeUniform`,
  `LecunNormal`, `LecunUniform`), `Orthogonal`, `Identity`, with lowercase aliases
  (`glorot_uniform`, ...) and `get`/`serialize`/`deserialize`. A random initializer draws the
  same values on every call: an unseeded one picks its seed when it is made (from Python's
  `random`, as Keras 3's make_default_seed; `random.seed` makes it reproducible). Seeded ones
  draw Keras 3's numbers on TensorFlow bit for bit (stateless ops seeded [seed, 0]).
- TensorFlow's own (`tf.zeros_initializer`, `tf.ones_initializer`, `tf.constant_initializer`,
  `tf.random_normal_initializer`, `tf.random_uniform_initializer`): an unseeded random one
  runs the stateful op, drawing new values on every call; `constant_initializer` takes the dtype of its value.

Fan rules (Keras's `compute_fans`): for shape (..., fan_in_units, fan_out_units) the leading
dimensions are a receptive field that multiplies both; rank 1 gives fan_in = fan_out = n and
rank 0 gives 1. Values are computed with NumPy and returned as Tensors (float32 by default).
"""
import math
import random

import numpy as np

from varrt.ops import array_ops
from varrt.base import dtypes
from varrt.framework import graph_building
from varrt.ops import decompositions as _decompositions
from varrt.ops import random_ops as _random
from varrt.framework.tensor import constant as _constant
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_shape import TensorShape

_TRUNCATED_STDDEV_CORRECTION = 0.87962566103423978  # stddev of a standard normal truncated at +-2


def _shape_tuple(shape):
    if isinstance(shape, TensorShape):
        shape = shape.as_list()
    if hasattr(shape, "_data") or hasattr(shape, "_as_tensor"):
        shape = np.asarray(convert_to_tensor(shape)._data.view()).reshape(-1).tolist()
    for d in shape:
        if d is None:
            raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                             "Tensor.")
    return tuple(int(d) for d in shape)


def _dtype(dtype):
    return dtypes.float32 if dtype is None else dtypes.as_dtype(dtype)


def _float_dtype(dtype):
    dtype = _dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Argument `dtype` is expected to be floating point. Received: {dtype}.")
    return dtype


def _keras_float_dtype(dtype, param):
    """Keras's random initializers fail converting a float parameter to a non-float dtype."""
    dtype = _dtype(dtype)
    if not dtype.is_floating:
        raise TypeError(f"Cannot convert {float(param)!r} to EagerTensor of dtype {dtype.name}")
    return dtype


def _numeric_dtype(dtype):
    dtype = _dtype(dtype)
    if not (dtype.is_numeric or dtype.is_bool):
        raise ValueError(f"Argument `dtype` expected to be numeric or boolean. Received {dtype}.")
    return dtype


def _keras_uniform(shape, seed, minval, maxval, dtype):
    """Keras 3's random.uniform on TensorFlow: stateless_uniform with the bounds passed through
    tf.cast(bound, dtype), which makes a Python float a float32 tensor first (so a float64
    initializer's bounds are float32 values)."""
    def cast(bound):
        return float(np.float32(bound)) if isinstance(bound, float) else bound
    return _random.stateless_uniform(shape, seed, cast(minval), cast(maxval), dtype)


def _check_seed(seed):
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
        raise ValueError("`seed` argument should be an instance of `keras.random.SeedGenerator()` or an integer. "
                         f"Received: seed={seed}")
    return seed


def compute_fans(shape, input_axes=None, output_axes=None):
    """(fan_in, fan_out) for a weight shape (Keras's rule)."""
    shape = tuple(shape)
    if input_axes is not None and output_axes is not None:
        return int(np.prod([shape[a] for a in input_axes])), int(np.prod([shape[a] for a in output_axes]))
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return int(shape[0]), int(shape[0])
    if len(shape) == 2:
        return int(shape[0]), int(shape[1])
    receptive_field = int(np.prod(shape[:-2]))
    return int(shape[-2]) * receptive_field, int(shape[-1]) * receptive_field


class Initializer:
    """Base class: `initializer(shape, dtype=None)` returns a Tensor."""

    def __call__(self, shape, dtype=None):
        raise NotImplementedError(f"Initializer {type(self).__name__} does not support __call__.")

    def get_config(self):
        """The initializer's configuration as a dict (from_config rebuilds it)."""
        return {}

    @classmethod
    def from_config(cls, config):
        """An initializer made from a get_config() dict."""
        return cls(**config)

    def clone(self):
        """A new initializer with this one's configuration."""
        return type(self).from_config(self.get_config())


# --- constants ----------------------------------------------------------------------------


class Zeros(Initializer):
    """All zeros."""

    def __call__(self, shape, dtype=None, **kwargs):
        return array_ops.zeros(_shape_tuple(shape), _numeric_dtype(dtype))


class Ones(Initializer):
    """All ones."""

    def __call__(self, shape, dtype=None, **kwargs):
        return array_ops.ones(_shape_tuple(shape), _numeric_dtype(dtype))


class Constant(Initializer):
    """Every element `value` (a scalar, or values that broadcast to the shape)."""

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        dtype = _dtype(dtype)
        value = np.asarray(convert_to_tensor(self.value)._data.view()).astype(dtype.as_numpy_dtype)
        # (np.ascontiguousarray would make a scalar shape's value 1-d.)
        return _constant(np.asarray(np.broadcast_to(value, _shape_tuple(shape)), order="C"), dtype)

    def get_config(self):
        return {"value": self.value}


class Identity(Initializer):
    """`gain` times the identity matrix (2-D shapes only; rectangular ones are allowed)."""

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        shape = _shape_tuple(shape)
        if len(shape) != 2:
            raise ValueError("Identity matrix initializer can only be used for 2D matrices. "
                             f"Received: shape={shape} of rank {len(shape)}.")
        dtype = _dtype(dtype)
        if isinstance(self.gain, float) and not (dtype.is_floating or dtype.is_complex):
            raise TypeError(f"Cannot convert {self.gain!r} to EagerTensor of dtype {dtype.name}")
        return _constant(self.gain * np.eye(*shape), dtype)


# --- random -------------------------------------------------------------------------------


class RandomInitializer(Initializer):
    """A random initializer: the same values on every call (unseeded: seed chosen when made, from
    Python's `random`, as Keras 3 does; tf.random.set_seed does not reach it)."""

    def __init__(self, seed=None):
        self._init_seed = _check_seed(seed)
        if seed is None:
            seed = random.randint(1, int(1e9))  # Keras 3's make_default_seed: Python's global random
        self.seed = int(seed)

    def _stateless_seed(self):
        return [self.seed, 0]

    def get_config(self):
        return {"seed": self._init_seed}


class RandomNormal(RandomInitializer):
    """Normal values (mean 0, stddev 0.05 by default)."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return _random.stateless_normal(_shape_tuple(shape), self._stateless_seed(), self.mean, self.stddev,
                                        _keras_float_dtype(dtype, self.mean))

    def get_config(self):
        return {**super().get_config(), "mean": self.mean, "stddev": self.stddev}


class TruncatedNormal(RandomInitializer):
    """Normal values within two standard deviations of the mean (mean 0, stddev 0.05 by default)."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return _random.stateless_truncated_normal(_shape_tuple(shape), self._stateless_seed(), self.mean,
                                                  self.stddev, _keras_float_dtype(dtype, self.mean))

    def get_config(self):
        return {**super().get_config(), "mean": self.mean, "stddev": self.stddev}


class RandomUniform(RandomInitializer):
    """Uniform values in [minval, maxval) ([-0.05, 0.05) by default)."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval = minval
        self.maxval = maxval
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return _keras_uniform(_shape_tuple(shape), self._stateless_seed(), self.minval, self.maxval,
                              _keras_float_dtype(dtype, self.minval))

    def get_config(self):
        return {**super().get_config(), "minval": self.minval, "maxval": self.maxval}


class VarianceScaling(RandomInitializer):
    """Values whose variance is `scale / n`, n being fan_in, fan_out or their mean (`mode`).

    "truncated_normal" (also "normal"): stddev sqrt(scale / n) / 0.8796..., so that the
    truncated distribution has the intended stddev; "untruncated_normal": stddev
    sqrt(scale / n); "uniform": within +-sqrt(3 * scale / n).
    """

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None, input_axes=None,
                 output_axes=None):
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be positive float. Received: scale={scale}")
        modes = {"fan_in", "fan_out", "fan_avg"}
        if mode not in modes:
            raise ValueError(f"Invalid `mode` argument: {mode}. Please use one of {modes}")
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        distributions = {"uniform", "truncated_normal", "untruncated_normal"}
        if distribution not in distributions:
            raise ValueError(f"Invalid `distribution` argument: {distribution}.Please use one of {distributions}")
        self.scale = scale
        self.mode = mode
        self.distribution = distribution
        self.input_axes = input_axes
        self.output_axes = output_axes
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        shape = _shape_tuple(shape)
        dtype = _keras_float_dtype(dtype, 0.0)
        fan_in, fan_out = compute_fans(shape, self.input_axes, self.output_axes)
        n = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, n)
        seed = self._stateless_seed()
        if self.distribution == "truncated_normal":
            return _random.stateless_truncated_normal(shape, seed, 0.0, math.sqrt(scale) / _TRUNCATED_STDDEV_CORRECTION,
                                                      dtype)
        if self.distribution == "untruncated_normal":
            return _random.stateless_normal(shape, seed, 0.0, math.sqrt(scale), dtype)
        limit = math.sqrt(3.0 * scale)
        return _keras_uniform(shape, seed, -limit, limit, dtype)

    def get_config(self):
        return {**super().get_config(), "scale": self.scale, "mode": self.mode, "distribution": self.distribution,
                "input_axes": self.input_axes, "output_axes": self.output_axes}


class _VarianceScalingPreset(VarianceScaling):
    _preset = {}  # scale, mode, distribution

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        super().__init__(seed=seed, input_axes=input_axes, output_axes=output_axes, **self._preset)

    def get_config(self):
        return {"seed": self._init_seed, "input_axes": self.input_axes, "output_axes": self.output_axes}


class GlorotUniform(_VarianceScalingPreset):
    """Uniform within +-sqrt(6 / (fan_in + fan_out)) (Xavier uniform)."""
    _preset = {"scale": 1.0, "mode": "fan_avg", "distribution": "uniform"}


class GlorotNormal(_VarianceScalingPreset):
    """Truncated normal with stddev sqrt(2 / (fan_in + fan_out)) (Xavier normal)."""
    _preset = {"scale": 1.0, "mode": "fan_avg", "distribution": "truncated_normal"}


class LecunNormal(_VarianceScalingPreset):
    """Truncated normal with stddev sqrt(1 / fan_in)."""
    _preset = {"scale": 1.0, "mode": "fan_in", "distribution": "truncated_normal"}


class LecunUniform(_VarianceScalingPreset):
    """Uniform within +-sqrt(3 / fan_in)."""
    _preset = {"scale": 1.0, "mode": "fan_in", "distribution": "uniform"}


class HeNormal(_VarianceScalingPreset):
    """Truncated normal with stddev sqrt(2 / fan_in)."""
    _preset = {"scale": 2.0, "mode": "fan_in", "distribution": "truncated_normal"}


class HeUniform(_VarianceScalingPreset):
    """Uniform within +-sqrt(6 / fan_in)."""
    _preset = {"scale": 2.0, "mode": "fan_in", "distribution": "uniform"}


class Orthogonal(RandomInitializer):
    """An orthogonal matrix (rows if it is wide, columns if tall) times `gain`.

    Shapes of rank > 2 are (prod(shape[:-1]), shape[-1]) matrices reshaped; Keras's
    construction: QR of a normal matrix, columns' signs fixed by R's diagonal.
    """

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        shape = _shape_tuple(shape)
        if len(shape) < 2:
            raise ValueError("The tensor to initialize must be at least two-dimensional. "
                             f"Received: shape={shape} of rank {len(shape)}.")
        dtype = _keras_float_dtype(dtype, 0.0)
        rows, cols = int(np.prod(shape[:-1])), shape[-1]
        flat_shape = (max(rows, cols), min(rows, cols))
        # Keras's construction in the initializer's dtype: a normal draw, its QR, Q's columns signed
        # by R's diagonal. Computed now, also while a function is traced (a layer built in a
        # tf.function's first call): the matrix enters the graph as a constant.
        with graph_building.init_scope():
            a = _random.stateless_normal(flat_shape, self._stateless_seed(), dtype=dtype)
            q, r = _decompositions.qr(a)
            q = q.numpy() * np.sign(np.diag(r.numpy()))
        if rows < cols:
            q = q.T
        return _constant(self.gain * q.reshape(shape), dtype)

    def get_config(self):
        return {**super().get_config(), "gain": self.gain}


# --- TensorFlow's own initializers (tf.zeros_initializer, ...) ------------------------------


class constant_initializer(Initializer):  # noqa: N801 - TensorFlow's public name
    """`value` (a scalar, list or array) as a tensor of the requested shape; the dtype defaults
    to the value's own (an int value gives int32), and a list must match the shape's size."""

    def __init__(self, value=0):
        if not (np.isscalar(value) or isinstance(value, (list, tuple, np.ndarray))):
            raise TypeError(f"Invalid type for initial value: {type(value).__name__}. Expected Python scalar, list or "
                            f"tuple of values, or numpy.ndarray.")
        self.value = value

    def __call__(self, shape, dtype=None, **kwargs):
        return _constant(self.value, dtype=dtype, shape=_shape_tuple(shape))

    def get_config(self):
        return {"value": self.value}


class _UnseededPerCall(Initializer):
    """TensorFlow's random initializers (init_ops_v2's _RandomGenerator): seeded ones run the
    stateless op with seed [seed, 0], so they repeat their values; unseeded ones run the
    stateful op (new values on every call, reproducible under tf.random.set_seed)."""

    def _draw(self, stateless, stateful, shape, **kwargs):
        if self.seed is not None:
            return stateless(shape, seed=[self.seed, 0], **kwargs)
        return stateful(shape, seed=None, **kwargs)


class random_normal_initializer(_UnseededPerCall):  # noqa: N801 - TensorFlow's public name
    """TensorFlow's tf.random_normal_initializer: normally distributed values (mean, stddev)."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev, self.seed = mean, stddev, seed

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        return self._draw(_random.stateless_normal, _random.normal, _shape_tuple(shape), mean=self.mean,
                          stddev=self.stddev, dtype=_float_dtype(dtype))

    def get_config(self):
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}


class random_uniform_initializer(_UnseededPerCall):  # noqa: N801 - TensorFlow's public name
    """TensorFlow's tf.random_uniform_initializer: uniformly distributed values in [minval, maxval)."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval, self.maxval, self.seed = minval, maxval, seed

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        dtype = _numeric_dtype(dtype)
        return self._draw(_random.stateless_uniform, _random.uniform, _shape_tuple(shape), minval=self.minval,
                          maxval=self.maxval, dtype=dtype)

    def get_config(self):
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


zeros_initializer = Zeros
ones_initializer = Ones

# Keras's lowercase aliases are the classes themselves.
zeros = Zeros
ones = Ones
constant = Constant
identity = IdentityInitializer = Identity
random_normal = RandomNormal
random_uniform = RandomUniform
truncated_normal = TruncatedNormal
variance_scaling = VarianceScaling
glorot_normal = GlorotNormal
glorot_uniform = GlorotUniform
lecun_normal = LecunNormal
lecun_uniform = LecunUniform
he_normal = HeNormal
he_uniform = HeUniform
orthogonal = OrthogonalInitializer = Orthogonal

_KERAS_CLASSES = {c.__name__: c for c in (Zeros, Ones, Constant, Identity, RandomNormal, RandomUniform, TruncatedNormal,
                                          VarianceScaling, GlorotNormal, GlorotUniform, LecunNormal, LecunUniform,
                                          HeNormal, HeUniform, Orthogonal)}
_BY_NAME = {**_KERAS_CLASSES, **{n: globals()[n] for n in (
    "zeros", "ones", "constant", "identity", "random_normal", "random_uniform", "truncated_normal",
    "variance_scaling", "glorot_normal", "glorot_uniform", "lecun_normal", "lecun_uniform", "he_normal",
    "he_uniform", "orthogonal", "IdentityInitializer", "OrthogonalInitializer")},
    # Keras's short aliases ("uniform" is Embedding's default initializer)
    "normal": RandomNormal, "one": Ones, "uniform": RandomUniform, "zero": Zeros}


def serialize(initializer):
    """Keras's serialized form: {'module', 'class_name', 'config', 'registered_name'}."""
    return {"module": "keras.initializers", "class_name": type(initializer).__name__,
            "config": initializer.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    """The initializer described by a `serialize` dict."""
    classes = {**_BY_NAME, **(custom_objects or {})}
    name = config.get("class_name")
    if name not in classes:
        raise ValueError(f"Could not interpret initializer identifier: {config}")
    return classes[name].from_config(config.get("config", {}))


def get(identifier):
    """An initializer from None, a name ('glorot_uniform', 'GlorotUniform'), a `serialize`
    dict, an initializer class (instantiated) or any callable (returned as is)."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        cls = _BY_NAME.get(identifier)
        if cls is None:
            raise ValueError(f"Could not interpret initializer identifier: {identifier}")
        return cls()
    if isinstance(identifier, type) and issubclass(identifier, Initializer):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret initializer identifier: {identifier}")
