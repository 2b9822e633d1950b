"""TensorFlow 1's initializers (tensorflow/python/ops/init_ops.py, `tf.compat.v1.*_initializer`): each
call runs the stateful random op with the initializer's `seed` (so the values follow the graph seed
and the op seed as TensorFlow 1's do, bit for bit), the dtype given to the constructor by default.
TensorFlow 1's defaults differ from TensorFlow 2's: `random_normal_initializer` has stddev 1.0,
`random_uniform_initializer` draws from [0, 1), and `variance_scaling_initializer` is truncated
normal over fan_in."""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import math

from varrt.base import dtypes
from varrt.ops import array_ops, decompositions, diag_ops, linalg_ops, math_ops
from varrt.ops import random_ops as _random
from varrt.ops.init_ops import _shape_tuple
from varrt.ops.init_ops import _TRUNCATED_STDDEV_CORRECTION


def _float_dtype(dtype):
    """init_ops._assert_float_dtype."""
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Argument `dtype` is expected to be floating point. Received: {dtype}.")
    return dtype


def _compute_fans(shape):
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return int(shape[0]), int(shape[0])
    if len(shape) == 2:
        return int(shape[0]), int(shape[1])
    receptive_field_size = 1
    for dim in shape[:-2]:
        receptive_field_size *= dim
    return int(shape[-2] * receptive_field_size), int(shape[-1] * receptive_field_size)


class Initializer:
    """TensorFlow 1's initializer base: `__call__(shape, dtype=None, partition_info=None)`."""
    _config = ()  # the constructor's arguments get_config returns, besides the dtype

    def get_config(self):
        """The constructor's arguments, the dtype by name."""
        return {**{name: getattr(self, name) for name in self._config}, "dtype": self.dtype.name}

    @classmethod
    def from_config(cls, config):
        """An initializer made from `get_config`'s dict (its dtype left out, as TensorFlow's)."""
        config = dict(config)
        config.pop("dtype", None)
        return cls(**config)


class RandomNormal(Initializer):
    """Normally distributed values (RandomStandardNormal, scaled and shifted)."""
    _config = ("mean", "stddev", "seed")

    def __init__(self, mean=0.0, stddev=1.0, seed=None, dtype=dtypes.float32):
        self.mean, self.stddev, self.seed = mean, stddev, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return _random.normal(_shape_tuple(shape), self.mean, self.stddev, dtype or self.dtype, seed=self.seed)



class RandomUniform(Initializer):
    """Uniformly distributed values in [minval, maxval) (maxval None: 1 for floats)."""
    _config = ("minval", "maxval", "seed")

    def __init__(self, minval=.0, maxval=None, seed=None, dtype=dtypes.float32):
        self.minval, self.maxval, self.seed = minval, maxval, seed
        self.dtype = dtypes.as_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return _random.uniform(_shape_tuple(shape), self.minval, self.maxval, dtype or self.dtype, seed=self.seed)



class TruncatedNormal(Initializer):
    """Normal values redrawn beyond two standard deviations (TruncatedNormal)."""
    _config = ("mean", "stddev", "seed")

    def __init__(self, mean=0.0, stddev=1.0, seed=None, dtype=dtypes.float32):
        self.mean, self.stddev, self.seed = mean, stddev, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return _random.truncated_normal(_shape_tuple(shape), self.mean, self.stddev, dtype or self.dtype,
                                        seed=self.seed)



class UniformUnitScaling(Initializer):
    """Uniform in +-sqrt(3 / input size) * factor, the input size being the product of all but the last
    dimension."""
    _config = ("factor", "seed")

    def __init__(self, factor=1.0, seed=None, dtype=dtypes.float32):
        self.factor, self.seed = factor, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        shape = _shape_tuple(shape)
        input_size = 1.0
        for dim in shape[:-1]:
            input_size *= float(dim)
        max_val = math.sqrt(3 / max(input_size, 1.0)) * self.factor
        return _random.uniform(shape, -max_val, max_val, dtype or self.dtype, seed=self.seed)



class VarianceScaling(Initializer):
    """Values whose variance is `scale` over the fan-in, fan-out or their mean: truncated normal,
    untruncated normal, or uniform."""
    _config = ("scale", "mode", "distribution", "seed")

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None, dtype=dtypes.float32):
        if scale <= 0.:
            raise ValueError(f"Argument `scale` must be a positive float. Received: {scale}")
        if mode not in {"fan_in", "fan_out", "fan_avg"}:
            raise ValueError(f"Argument `mode` should be one of ('fan_in', 'fan_out', 'fan_avg'). Received: {mode}")
        distribution = distribution.lower()
        if distribution not in {"normal", "uniform", "truncated_normal", "untruncated_normal"}:
            raise ValueError("Argument `distribution` should be one of ('normal', uniform', 'truncated_normal', "
                             f"'untruncated_normal'). Received: {distribution}")
        self.scale, self.mode, self.distribution, self.seed = scale, mode, distribution, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        shape = _shape_tuple(shape)
        dtype = dtype or self.dtype
        scale = self.scale
        fan_in, fan_out = _compute_fans(shape)
        if self.mode == "fan_in":
            scale /= max(1., fan_in)
        elif self.mode == "fan_out":
            scale /= max(1., fan_out)
        else:
            scale /= max(1., (fan_in + fan_out) / 2.)
        if self.distribution in ("normal", "truncated_normal"):
            stddev = math.sqrt(scale) / _TRUNCATED_STDDEV_CORRECTION
            return _random.truncated_normal(shape, 0.0, stddev, dtype, seed=self.seed)
        if self.distribution == "untruncated_normal":
            return _random.normal(shape, 0.0, math.sqrt(scale), dtype, seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return _random.uniform(shape, -limit, limit, dtype, seed=self.seed)



class GlorotUniform(VarianceScaling):
    """Uniform in +-sqrt(6 / (fan_in + fan_out)) (Xavier)."""
    _config = ("seed",)

    def __init__(self, seed=None, dtype=dtypes.float32):
        super().__init__(scale=1.0, mode="fan_avg", distribution="uniform", seed=seed)



class GlorotNormal(VarianceScaling):
    """Truncated normal with stddev sqrt(2 / (fan_in + fan_out)) (Xavier)."""
    _config = ("seed",)

    def __init__(self, seed=None, dtype=dtypes.float32):
        super().__init__(scale=1.0, mode="fan_avg", distribution="truncated_normal", seed=seed)



class Orthogonal(Initializer):
    """An orthogonal matrix (the Q of a normal matrix's QR, signs fixed by R's diagonal) times `gain`."""
    _config = ("gain", "seed")

    def __init__(self, gain=1.0, seed=None, dtype=dtypes.float32):
        self.gain, self.seed = gain, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        given, shape = shape, _shape_tuple(shape)
        dtype = dtype or self.dtype
        if len(shape) < 2:
            raise ValueError("The tensor to initialize, specified by argument `shape` must be at least "
                             f"two-dimensional. Received shape={given}")
        num_rows = 1
        for dim in shape[:-1]:
            num_rows *= dim
        num_cols = int(shape[-1])
        flat_shape = (num_cols, num_rows) if num_rows < num_cols else (num_rows, num_cols)
        a = _random.normal(flat_shape, dtype=dtype, seed=self.seed)
        q, r = decompositions.qr(a, full_matrices=False)
        q = math_ops.multiply(q, math_ops.sign(diag_ops.diag_part(r)))
        if num_rows < num_cols:
            q = linalg_ops.matrix_transpose(q)
        return math_ops.multiply(self.gain, array_ops.reshape(q, shape))



random_normal_initializer = RandomNormal
random_uniform_initializer = RandomUniform
truncated_normal_initializer = TruncatedNormal
uniform_unit_scaling_initializer = UniformUnitScaling
variance_scaling_initializer = VarianceScaling
glorot_uniform_initializer = GlorotUniform
glorot_normal_initializer = GlorotNormal
orthogonal_initializer = Orthogonal
