"""Random tensors under TensorFlow's names (`tf.random.normal`, `tf.random.Generator`, ...).

Seeding follows TensorFlow's rules, not its streams: values are reproducible within varrt
(same seeds, same values) but are not the numbers TensorFlow draws.

- `set_seed(s)` makes every later op reproducible: each op without its own seed takes the
  next op seed of a sequence that `set_seed` restarts.
- An op seed alone (no global seed) pairs with TensorFlow's default global seed.
- Calling an op twice with the same seeds continues one stream (different values), as
  TensorFlow's cached eager kernels do; `set_seed` restarts all streams.
- No seed at all: non-deterministic.

The samplers are NumPy's Philox generators.
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

import threading
from typing import TYPE_CHECKING, Optional

import numpy as np

from varrt.base import dtypes
from varrt.ops.array_ops import allocating_output
from varrt.framework.tensor import convert_to_tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.ops.op_util import is_tensor_like as _is_tensor_like
from varrt.ops.op_util import (check_dtype, host_if_known, int_list, kernel_error, operand, run,
                              run_failing, tensor_operand)

if TYPE_CHECKING:
    from varrt.framework.tensor import Tensor

_DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2**31 - 1
_TRUNCATION = 2.0  # truncated normals keep values within 2 standard deviations

_lock = threading.Lock()
_global_seed: Optional[int] = None
_op_seeds: Optional[np.random.Generator] = None  # hands out op seeds while a global seed is set
_streams: dict[tuple[Optional[int], Optional[int]], np.random.Generator] = {}  # by (global seed, op seed)
_entropy = np.random.default_rng()

_FLOAT_DTYPES = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)
_UNIFORM_DTYPES = _FLOAT_DTYPES + (dtypes.int32, dtypes.int64, dtypes.uint32, dtypes.uint64)


def _philox(*seeds):
    return np.random.Generator(np.random.Philox(np.random.SeedSequence([int(s) & (2**64 - 1) for s in seeds])))


def set_seed(seed) -> None:
    """Sets the global seed: ops after it draw the same values on every run of the program."""
    global _global_seed, _op_seeds
    with _lock:
        if seed is None:
            _global_seed, _op_seeds = None, None
        else:
            _global_seed = int(seed)
            _op_seeds = _philox(_global_seed, _MAXINT32)
        _streams.clear()


def get_seed(op_seed) -> tuple[Optional[int], Optional[int]]:
    """(global seed, op seed) for an op, TensorFlow's rule; (None, None) means non-deterministic."""
    with _lock:
        if _global_seed is not None and _op_seeds is not None:  # (set together)
            if op_seed is None:
                op_seed = int(_op_seeds.integers(0, _MAXINT32))
            return _global_seed, int(op_seed)
        if op_seed is not None:
            return _DEFAULT_GRAPH_SEED, int(op_seed)
        return None, None


def _stream(op_seed):
    seeds = get_seed(op_seed)
    if seeds[0] is None:
        return _entropy
    with _lock:
        rng = _streams.get(seeds)
        if rng is None:
            rng = _streams[seeds] = _philox(*seeds)
        return rng


def _fail(op, message, end=None):
    """A check TensorFlow makes inside `op`'s kernel: the op runs (and is logged), then fails."""
    run_failing(op, kernel_error(op, message, end=end))


def _shape(shape, op):
    """The dims of a shape argument, or None for a graph tensor whose value is known only when the
    graph runs (tf.shape(x) of an x with an unknown dimension)."""
    if isinstance(shape, TensorShape):
        shape = shape.as_list()
    if _is_tensor_like(shape) and host_if_known(tensor_operand(shape)[0]) is None:
        return None
    dims = [int(d) for d in np.asarray(convert_to_tensor(shape)._data.view()).reshape(-1)]
    for d in dims:
        if d < 0:
            _fail(op, f"Dimension {d} must be >= 0")
    return tuple(dims)


def _dims_now(shape, op):
    """A shape input's dims as the kernel reads them when a graph runs, checked as TensorFlow's kernel does."""
    dims = tuple(int(d) for d in np.asarray(shape).reshape(-1))
    for d in dims:
        if d < 0:
            raise kernel_error(op, f"Dimension {d} must be >= 0")
    return dims


def _sample(op, draw, shape, dims, bounds, dtype, out_shape=None):
    """Runs the sampling op `op`: `draw(dims, *bounds, **out)` with the dims of `shape` (read
    now, or by the kernel each time a graph runs when it holds sizes known only then, as the
    op's `shape` input), the bounds as inputs. `out_shape`: the core allocates the output."""
    if dims is None:
        return run(op, lambda s, *b: draw(_dims_now(s, op), *b), (tensor_operand(shape)[0],) + tuple(bounds), dtype)
    with allocating_output(op, dims, dtype):
        return run(op, lambda *b, **out: draw(dims, *b, **out), tuple(bounds), dtype,
                   dims if out_shape else None, attrs={"shape": tuple(dims)})


def _rng_of(rng):
    """The generator a kernel draws from: a stateful stream continues on every run; a stateless
    op's factory (a callable) starts its stream anew, so each run draws the same values."""
    return rng() if callable(rng) else rng


def _float_dtype(dtype, value):
    dtype = dtypes.as_dtype(dtype)
    if dtype not in _FLOAT_DTYPES:
        # TensorFlow fails converting `mean` to the requested dtype, with this message.
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
    return dtype


def _param(value, dtype):
    return convert_to_tensor(value, dtype)


def _standard_normal(rng, shape, dtype):
    if dtype == dtypes.float32:
        return rng.standard_normal(shape, dtype=np.float32)
    return rng.standard_normal(shape)


def _truncated_standard_normal(rng, shape, dtype):
    """Standard normal values, redrawing those beyond 2 (TensorFlow's TruncatedNormal)."""
    out = _standard_normal(rng, shape, dtype)
    flat = out.reshape(-1)
    bad = np.flatnonzero(np.abs(flat) > _TRUNCATION)
    while bad.size:
        flat[bad] = _standard_normal(rng, bad.size, dtype)
        bad = bad[np.abs(flat[bad]) > _TRUNCATION]
    return out


def _affine(sample, scale, offset, dtype):
    """`sample * scale + offset` as TensorFlow's Python layer composes it: Mul, then AddV2."""
    product = run("Mul", np.multiply, (sample, scale), dtype, "broadcast")
    return run("AddV2", np.add, (product, offset), dtype, "broadcast")


def _normal(rng, op, shape, mean, stddev, dtype, truncated):
    dtype = _float_dtype(dtype, mean)
    dims = _shape(shape, op)
    draw = _truncated_standard_normal if truncated else _standard_normal
    stddev, mean = _param(stddev, dtype), _param(mean, dtype)
    sample = _sample(op, lambda d: draw(_rng_of(rng), d, dtype), shape, dims, (), dtype)
    return _affine(sample, stddev, mean, dtype)


def _uniform(rng, ops, shape, minval, maxval, dtype):
    """`ops`: TensorFlow's op names for (float, int) sampling."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in _UNIFORM_DTYPES:
        raise ValueError(f"Argument `dtype` got invalid value {dtype!r}. Accepted dtypes are "
                         f"{tuple(repr(d) for d in _UNIFORM_DTYPES)}.")
    dims = _shape(shape, ops[0])
    if dtype.is_integer:
        def integers(size, lo, hi):
            for label, bound in (("minval", lo), ("maxval", hi)):
                if bound.ndim:
                    raise kernel_error(ops[1], f"{label} must be 0-D, got shape {list(bound.shape)}")
            if not lo < hi:
                raise kernel_error(ops[1], f"Need minval < maxval, got {lo} >= {hi}")
            return _rng_of(rng).integers(lo, hi, size=size, dtype=dtype.as_numpy_dtype)
        bounds = (_param(minval, dtype), _param(maxval, dtype))
        return _sample(ops[1], integers, shape, dims, bounds, dtype)
    # TensorFlow's Python layer skips the arithmetic for the Python-int range [0, 1).
    unit_range = isinstance(minval, int) and minval == 0 and (maxval is None or isinstance(maxval, int) and maxval == 1)
    lo, hi = _param(minval, dtype), _param(1 if maxval is None else maxval, dtype)
    values = _sample(ops[0], lambda size, **out: _unit_uniform(_rng_of(rng), size, dtype, **out), shape, dims, (),
                     dtype, dtype in _NATIVE_UNIFORM)
    if unit_range:
        return values
    return _affine(values, run("Sub", np.subtract, (hi, lo), dtype, "broadcast"), lo, dtype)


_NATIVE_UNIFORM = (dtypes.float32, dtypes.float64)  # NumPy draws these straight into the output


def _unit_uniform(rng, shape, dtype, out=None):
    """[0, 1) values: float32 drawn as float32, the others as float64 (rounded to `dtype`)."""
    if dtype == dtypes.float32:
        return rng.random(shape, dtype=np.float32, out=out)
    return rng.random(shape, out=out)


def normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Values from a normal distribution (float32 by default)."""
    return _normal(_stream(seed), "RandomStandardNormal", shape, mean, stddev, dtype, truncated=False)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Normal values within two standard deviations of the mean (others are redrawn)."""
    return _normal(_stream(seed), "TruncatedNormal", shape, mean, stddev, dtype, truncated=True)


def uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Uniform values in [minval, maxval) (maxval defaults to 1 for floats; required for integers)."""
    dtype = dtypes.as_dtype(dtype)
    if dtype.is_integer and maxval is None:
        raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
    return _uniform(_stream(seed), ("RandomUniform", "RandomUniformInt"), shape, minval, maxval, dtype)


class Algorithm:
    """TensorFlow's RNG algorithm ids (varrt always samples with NumPy's Philox)."""
    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


class Generator:
    """A random number generator with its own state (TensorFlow's `tf.random.Generator`).

    Two generators made `from_seed` with the same seed draw the same values. Unlike
    TensorFlow's, the state is not a Variable (so it is not checkpointed).
    """

    def __init__(self, copy_from=None, state=None, alg=None):
        if copy_from is not None:
            self._seed = copy_from._seed
            self._rng = np.random.Generator(np.random.Philox())
            self._rng.bit_generator.state = copy_from._rng.bit_generator.state
        else:
            self._reset(state)
        self._alg = Algorithm.PHILOX if alg is None else alg

    def _reset(self, seed):
        self._seed = seed
        self._rng = _philox(seed) if seed is not None else np.random.Generator(np.random.Philox())

    @classmethod
    def from_seed(cls, seed, alg=None):
        """A Generator whose state is derived from `seed`."""
        return cls(state=int(seed), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        """A Generator seeded from non-deterministic state (the OS)."""
        return cls(alg=alg)

    def reset_from_seed(self, seed):
        """Resets the state as from_seed(seed) would make it."""
        self._reset(int(seed))

    @property
    def algorithm(self):
        """The RNG algorithm (TensorFlow's Philox enum value)."""
        return self._alg

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        """Normally distributed values of `shape` (mean, stddev), advancing the state."""
        return _normal(self._rng, "StatefulStandardNormalV2", shape, mean, stddev, dtype, truncated=False)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        """Normal values of `shape` redrawn when more than 2 stddev from the mean, advancing the state."""
        return _normal(self._rng, "StatefulTruncatedNormal", shape, mean, stddev, dtype, truncated=True)

    def uniform(self, shape, minval=0, maxval=None, dtype=dtypes.float32, name=None):
        """Uniformly distributed values of `shape` in [minval, maxval), advancing the state."""
        dtype = dtypes.as_dtype(dtype)
        if dtype.is_integer:
            if (minval is None) != (maxval is None):
                raise ValueError(f"For integer dtype {dtype}, minval and maxval must be both `None` or both "
                                 f"non-`None`; got minval={minval} and maxval={maxval}")
            if minval is None:
                return self.uniform_full_int(shape, dtype)
        return _uniform(self._rng, ("StatefulUniform", "StatefulUniformInt"), shape, minval, maxval, dtype)

    def uniform_full_int(self, shape, dtype=dtypes.uint64, name=None):
        """Integers over the whole range of `dtype`."""
        return self._full_int(self._rng, "StatefulUniformFullInt", shape, dtype)

    @staticmethod
    def _full_int(rng, op, shape, dtype):
        dtype = dtypes.as_dtype(dtype)
        info = np.iinfo(dtype.as_numpy_dtype)
        return _sample(op, lambda size: _rng_of(rng).integers(info.min, info.max, size=size, dtype=dtype.as_numpy_dtype,
                                                              endpoint=True),
                       shape, _shape(shape, op), (), dtype)

    def make_seeds(self, count=1):
        """A [2, count] int64 tensor of seeds drawn from this generator."""
        return self.uniform_full_int([2, count], dtype=dtypes.int64)

    def split(self, count=1):
        """`count` new generators, independent of this one and of each other, drawn from it."""
        return [Generator(state=int(s), alg=self._alg) for s in self._rng.integers(0, 2**63 - 1, size=count)]


_global_generator = None


def get_global_generator() -> Generator:
    """The process-wide tf.random.Generator (made from non-deterministic state on first use)."""
    global _global_generator
    if _global_generator is None:
        _global_generator = Generator.from_non_deterministic_state()
    return _global_generator


def set_global_generator(generator) -> None:
    """Replaces the process-wide tf.random.Generator (tf.random.set_global_generator)."""
    global _global_generator
    _global_generator = generator


def _stateless_rng(seed):
    """A factory of the stream a stateless op draws from: a new generator from the seed on each
    draw, so a graph's node draws the same values on every run (and eager calls too)."""
    key = np.asarray(convert_to_tensor(seed)._data.view())
    if key.shape != (2,):
        _fail("StatelessRandomGetKeyCounter", f"seed must have shape [2], not {list(key.shape)}", end="")
    a, b = int(key[0]), int(key[1])
    return lambda: _philox(a, b)


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None, alg="auto_select") -> Tensor:
    """Normal values that depend only on `shape`, `dtype` and the two-integer `seed`."""
    return _normal(_stateless_rng(seed), "StatelessRandomNormalV2", shape, mean,
                   stddev, dtype, truncated=False)


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None,
                               alg="auto_select") -> Tensor:
    """Truncated normal values that depend only on `seed` (a pair of ints) and the arguments (tf.random.stateless_truncated_normal)."""
    return _normal(_stateless_rng(seed), "StatelessTruncatedNormalV2", shape, mean,
                   stddev, dtype, truncated=True)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=dtypes.float32, name=None, alg="auto_select") -> Tensor:
    """Uniform values that depend only on `seed` (a pair of ints) and the arguments (tf.random.stateless_uniform)."""
    dtype = dtypes.as_dtype(dtype)
    if dtype.is_integer and (minval is None) != (maxval is None):
        raise ValueError(f"For integer `dtype` argument {dtype}, argument `minval` and `maxval` must be both None "
                         f"or not None. Got `minval`={minval} and `maxval`={maxval}.")
    rng = _stateless_rng(seed)
    if dtype.is_integer and minval is None:
        return Generator._full_int(rng, "StatelessRandomUniformFullIntV2", shape, dtype)
    return _uniform(rng, ("StatelessRandomUniformV2", "StatelessRandomUniformIntV2"), shape, minval, maxval, dtype)


def categorical(logits, num_samples, dtype=None, seed=None, name=None) -> Tensor:
    """`num_samples` class indices per row of `logits` ([batch, classes], unnormalized log
    probabilities), drawn from the row's softmax (Multinomial; int64 unless `dtype`)."""
    out_type = dtypes.int64 if dtype is None else dtypes.as_dtype(dtype)
    a, logits_dtype = operand(logits)
    check_dtype("Multinomial", logits_dtype, name)
    check_dtype("Multinomial", out_type, name, attr="output_dtype")
    draws = int_list(num_samples, "num_samples")[0]  # an attribute of the node, as the shape function reads it
    rng = _stream(seed)

    def kernel(x):
        if x.ndim != 2:
            raise kernel_error("Multinomial", f"logits should be a matrix, got shape [{','.join(map(str, x.shape))}]")
        w = x.astype(np.float64)
        with np.errstate(all="ignore"):
            p = np.exp(w - np.max(w, axis=1, keepdims=True))
            cdf = np.cumsum(p, axis=1)
            cdf /= cdf[:, -1:]
        u = rng.random((x.shape[0], draws))
        picks = np.array([np.searchsorted(row, us, side="right") for row, us in zip(cdf, u)]).reshape(x.shape[0], draws)
        return np.minimum(picks, x.shape[1] - 1).astype(out_type.as_numpy_dtype)
    return run("Multinomial", kernel, (a,), out_type, attrs={"num_samples": draws})
