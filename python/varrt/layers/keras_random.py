"""Keras 3's random draws on the TensorFlow backend (keras/src/backend/tensorflow/random.py):
a seed (an int, or a `SeedGenerator`'s next state) becomes an int32 pair and the draw is a
TensorFlow stateless op, so equal seeds give Keras's numbers bit for bit."""
from varrt.base import dtypes
from varrt.framework.tensor import convert_to_tensor
from varrt.layers.seed_generator import SEED_DTYPE, SeedGenerator
from varrt.ops import array_ops, math_ops, nn_ops, random_ops

_INT32_MAX = 2 ** 31 - 1


def draw_seed(seed):
    """The seed pair of one draw: a generator's next state, or `[seed, 0]` for an int."""
    if isinstance(seed, SeedGenerator):
        return seed.next()
    if isinstance(seed, int):
        return convert_to_tensor([seed, 0], dtype=SEED_DTYPE)
    raise ValueError("Argument `seed` must be either an integer or an instance of `SeedGenerator`. "
                     f"Received: seed={seed} (of type {type(seed)})")


def _cast_seed(seed):
    """int64 seeds fold into int32 by `floormod(seed, int32.max - 1)`, as Keras does."""
    if seed.dtype == dtypes.int32:
        return seed
    return math_ops.cast(math_ops.floormod(seed, convert_to_tensor(_INT32_MAX - 1, dtype=seed.dtype)), dtypes.int32)


def dropout(inputs, rate, noise_shape=None, seed=None):
    """`inputs` with a `rate` fraction zeroed and the rest scaled by 1 / (1 - rate)."""
    if rate == 1.0:
        return array_ops.zeros_like(inputs)
    if rate == 0.0:
        return inputs
    seed = _cast_seed(draw_seed(seed))
    if noise_shape is None:
        noise_shape = array_ops.shape(inputs)
    else:
        shape = array_ops.shape(inputs)
        noise_shape = [shape[i] if d is None else d for i, d in enumerate(noise_shape)]
    return nn_ops.stateless_dropout(inputs, rate=rate, noise_shape=noise_shape, seed=seed)


def normal(shape, mean=0.0, stddev=1.0, dtype="float32", seed=None):
    """Normal values from TensorFlow's stateless normal."""
    seed = _cast_seed(draw_seed(seed))
    return random_ops.stateless_normal(shape=shape, mean=mean, stddev=stddev, dtype=dtype, seed=seed)


def uniform(shape, minval=0.0, maxval=1.0, dtype="float32", seed=None):
    """Uniform values in [minval, maxval) from TensorFlow's stateless uniform (the bounds cast
    to `dtype` first, as Keras does)."""
    seed = _cast_seed(draw_seed(seed))
    return random_ops.stateless_uniform(shape=shape, minval=math_ops.cast(minval, dtype),
                                        maxval=math_ops.cast(maxval, dtype), dtype=dtype, seed=seed)
